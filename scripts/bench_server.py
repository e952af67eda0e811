"""Load benchmark of the web server: N concurrent Avenue matches played over WebSocket.

Starts `tabuleiro serve` on loopback over a fresh SQLite file (or uses --url), creates N
Avenue matches whose seats are all people, connects one WebSocket per seat and lets every
seat play random legal actions as soon as it may (``--rate`` caps the total offered load).
A finished match is replaced by a new one, so N matches stay in play. Prints JSON:
accepted actions per second and the latency from sending an action to receiving the update
that holds it (p50/p90/p99/max), over the measured window after a warm-up.

    .venv/bin/python scripts/bench_server.py --matches 100 --seconds 30
    .venv/bin/python scripts/bench_server.py --matches 100 --seconds 30 --rate 300

``--bytes N`` measures instead what the live updates cost: one Avenue match of 27 seats
played over REST to N actions (1,000 by default) while two seats and a spectator follow it
over WebSocket; prints the bytes pushed to each, per update, and per spectator who connects
and leaves once the log is long. (It speaks both the current protocol and the one before
deltas, so the same script measures an older server: ``--url``.)

    .venv/bin/python scripts/bench_server.py --bytes 1000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Stats:
    """What the seats measured."""

    start: float = 0.0
    end: float = 0.0
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    games: int = 0

    def measuring(self, now: float) -> bool:
        return self.start <= now < self.end


class Bucket:
    """A token bucket: at most `rate` sends per second over all seats (0: no limit)."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.next = time.perf_counter()

    async def take(self) -> None:
        if self.rate <= 0:
            return
        now = time.perf_counter()
        self.next = max(self.next, now) + 1 / self.rate
        wait = self.next - now - 1 / self.rate
        if wait > 0:
            await asyncio.sleep(wait)


async def play_seat(
    url: str, match_id: str, seat: int, token: str, rng: random.Random, stats: Stats, bucket: Bucket
) -> bool:
    """Play one seat until the match ends (True) or the window closes (False)."""
    ws_url = url.replace("http", "ws", 1) + f"/ws/matches/{match_id}"
    async with websockets.connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        latest: dict[str, Any] | None = None
        pending: tuple[int, float] | None = None
        async for raw in ws:
            message = json.loads(raw)
            now = time.perf_counter()
            if message["type"] == "error":
                if stats.measuring(now):
                    stats.errors[message["code"]] += 1
                pending = None
            elif message["type"] == "update" and message["seat"] != seat:
                continue  # the spectator's view, before the auth message is answered
            elif message["type"] in ("update", "delta"):
                latest = message if message["type"] == "update" else merge(latest, message)
                if pending is not None and any(
                    e["seat"] == seat and e["index"] >= pending[0] for e in latest["log"][pending[0] :]
                ):
                    if stats.measuring(pending[1]):
                        stats.actions += 1
                        stats.latencies.append(now - pending[1])
                    pending = None
            if latest is None or pending is not None:
                continue
            if latest["outcome"] is not None:
                return True
            if now >= stats.end:
                return False
            if latest["legal_actions"]:
                await bucket.take()
                choice = rng.choice(latest["legal_actions"])["action"]
                pending = (latest["state_id"], time.perf_counter())
                await ws.send(
                    json.dumps({"type": "action", "state_id": latest["state_id"], "action": choice})
                )
    return False


def merge(latest: dict[str, Any] | None, delta: dict[str, Any]) -> dict[str, Any]:
    """The update after a delta: its fields, and the log up to ``log_from`` then its entries."""
    log = (latest or {}).get("log", [])[: delta["log_from"]] + delta["log"]
    return {**delta, "type": "update", "log": log}


async def follow(
    url: str, match_id: str, token: str | None, counts: dict[str, int], stop: asyncio.Event
) -> None:
    """Count the bytes and messages pushed to one listener until `stop` (new protocol: the
    token in the first message; older servers: in the URL)."""
    query = f"?token={token}" if token and counts.get("legacy") else ""
    async with websockets.connect(
        url.replace("http", "ws", 1) + f"/ws/matches/{match_id}{query}", max_size=None
    ) as ws:
        if token and not counts.get("legacy"):
            await ws.send(json.dumps({"type": "auth", "token": token}))
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.2)
            except TimeoutError:
                continue
            data = raw.encode() if isinstance(raw, str) else raw
            counts["bytes"] += len(data)
            counts["messages"] += 1
            counts["state_id"] = max(counts["state_id"], json.loads(data).get("state_id", 0))


async def bytes_bench(url: str, actions: int, seed: int) -> dict[str, Any]:
    """Bytes pushed over one `actions`-action match (see the module's docstring)."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        body = {"game": "avenue", "players": 27, "seats": ["local"] * 27, "seed": 5}
        answer = await client.post("/api/matches", json=body)
        legacy = answer.status_code != 201
        if legacy:
            answer = await client.post("/api/matches", json={**body, "seats": ["human"] * 27})
        created = answer.json()
        match_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        stop = asyncio.Event()
        listeners = [{"bytes": 0, "messages": 0, "state_id": 0, "legacy": legacy} for _ in range(3)]
        tasks = [
            asyncio.create_task(follow(url, match_id, token, counts, stop))
            for token, counts in zip((tokens[0], tokens[1], None), listeners, strict=True)
        ]
        await asyncio.sleep(0.5)
        start = [dict(c) for c in listeners]
        state_id = 0
        while state_id < actions:
            spectator = (await client.get(f"/api/matches/{match_id}")).json()
            if spectator["outcome"] is not None:
                break
            seat = rng.choice(spectator["to_act"])
            update = (
                await client.get(
                    f"/api/matches/{match_id}", headers={"Authorization": f"Bearer {tokens[seat]}"}
                )
            ).json()
            choice = rng.choice(update["legal_actions"])["action"]
            answer = await client.post(
                f"/api/matches/{match_id}/actions",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                json={"state_id": update["state_id"], "action": choice},
            )
            state_id = answer.json()["state_id"]
        while any(c["state_id"] < state_id for c in listeners):
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        played = [dict(c) for c in listeners]
        for _ in range(10):  # spectators coming and going on a long log
            come = asyncio.Event()
            extra = {"bytes": 0, "messages": 0, "state_id": 0, "legacy": legacy}
            task = asyncio.create_task(follow(url, match_id, None, extra, come))
            await asyncio.sleep(0.3)
            come.set()
            await task
            await asyncio.sleep(0.3)
        stop.set()
        await asyncio.gather(*tasks)
    pushed = [p["bytes"] - s["bytes"] for p, s in zip(played, start, strict=True)]
    messages = [p["messages"] - s["messages"] for p, s in zip(played, start, strict=True)]
    churn = [c["bytes"] - p["bytes"] for c, p in zip(listeners, played, strict=True)]
    return {
        "protocol": "full updates (before)" if legacy else "deltas and presence",
        "actions": state_id,
        "listeners": ["seat 0", "seat 1", "spectator"],
        "bytes_pushed": pushed,
        "bytes_pushed_total": sum(pushed),
        "messages": messages,
        "bytes_per_message": [round(b / m) if m else None for b, m in zip(pushed, messages, strict=True)],
        "bytes_per_spectator_connect_and_leave": round(sum(churn) / 10 / len(listeners)),
    }


async def run_slot(
    url: str, players: int, rng: random.Random, stats: Stats, bucket: Bucket, client: httpx.AsyncClient
) -> None:
    """Keep one match in play until the window closes, starting a new one when it ends."""
    while time.perf_counter() < stats.end:
        body = {
            "game": "avenue",
            "players": players,
            "seats": ["local"] * players,
            "seed": rng.randrange(2**31),
        }
        created = (await client.post("/api/matches", json=body)).json()
        seats = [
            play_seat(url, created["id"], s["seat"], s["token"], random.Random(rng.random()), stats, bucket)
            for s in created["seats"]
        ]
        done = await asyncio.gather(*seats)
        if all(done) and stats.measuring(time.perf_counter()):
            stats.games += 1


async def bench(
    url: str, matches: int, players: int, seconds: float, warmup: float, rate: float, seed: int
) -> Stats:
    rng = random.Random(seed)
    stats = Stats()
    now = time.perf_counter()
    stats.start = now + warmup
    stats.end = stats.start + seconds
    bucket = Bucket(rate)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        slots = [
            run_slot(url, players, random.Random(rng.random()), stats, bucket, client) for _ in range(matches)
        ]
        await asyncio.gather(*slots)
    return stats


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "tabuleiro", "serve", "--port", str(port), "--db", db, "--no-rate-limits"],
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(f"{url}/api/games", timeout=1)
            return process, url
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("bench_server: the server did not start")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=100, help="concurrent matches")
    parser.add_argument("--players", type=int, default=2, help="seats per match")
    parser.add_argument("--seconds", type=float, default=30, help="measured window")
    parser.add_argument("--warmup", type=float, default=5, help="seconds before measuring")
    parser.add_argument("--rate", type=float, default=0, help="cap on actions sent per second (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--url", help="an already running server (default: start one on a temporary SQLite file)"
    )
    parser.add_argument("--db", help="the database of the started server (default: a temporary SQLite file)")
    parser.add_argument(
        "--bytes", type=int, default=0, metavar="N", help="measure the bytes pushed over an N-action match"
    )
    args = parser.parse_args()
    if args.bytes:
        with tempfile.TemporaryDirectory() as scratch:
            process, url = (None, args.url) if args.url else start_server(str(Path(scratch) / "b.sqlite3"))
            try:
                print(json.dumps(asyncio.run(bytes_bench(url, args.bytes, args.seed)), indent=2))
            finally:
                if process is not None:
                    process.terminate()
                    process.wait(timeout=30)
        return
    process = None
    with tempfile.TemporaryDirectory() as scratch:
        url = args.url
        db = args.db or str(Path(scratch) / "bench.sqlite3")
        if url is None:
            process, url = start_server(db)
        try:
            stats = asyncio.run(
                bench(url, args.matches, args.players, args.seconds, args.warmup, args.rate, args.seed)
            )
        finally:
            if process is not None:
                process.terminate()
                process.wait(timeout=30)
    ms = [x * 1000 for x in stats.latencies]
    doc = {
        "matches": args.matches,
        "players": args.players,
        "seconds": args.seconds,
        "rate_cap": args.rate or None,
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / args.seconds, 1),
        "latency_ms": {
            "p50": round(percentile(ms, 0.50), 1),
            "p90": round(percentile(ms, 0.90), 1),
            "p99": round(percentile(ms, 0.99), 1),
            "max": round(max(ms), 1) if ms else None,
            "mean": round(statistics.fmean(ms), 1) if ms else None,
        },
        "games_finished": stats.games,
        "errors": dict(stats.errors),
        "server": "external" if args.url else ("postgresql" if args.db and "://" in args.db else "sqlite"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
    }
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
