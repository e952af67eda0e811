"""Load benchmark of the web server: N concurrent Avenue matches played over WebSocket.

Starts `tabuleiro serve` on loopback over a fresh SQLite file (or uses --url), creates N
Avenue matches whose seats are all people, connects one WebSocket per seat and lets every
seat play random legal actions as soon as it may (``--rate`` caps the total offered load).
A finished match is replaced by a new one, so N matches stay in play. Prints JSON:
accepted actions per second and the latency from sending an action to receiving the update
that holds it (p50/p90/p99/max), over the measured window after a warm-up.

    .venv/bin/python scripts/bench_server.py --matches 100 --seconds 30
    .venv/bin/python scripts/bench_server.py --matches 100 --seconds 30 --rate 300
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
    ws_url = url.replace("http", "ws", 1) + f"/ws/matches/{match_id}?token={token}"
    async with websockets.connect(ws_url, max_size=None) as ws:
        latest: dict[str, Any] | None = None
        pending: tuple[int, float] | None = None
        async for raw in ws:
            message = json.loads(raw)
            now = time.perf_counter()
            if message["type"] == "error":
                if stats.measuring(now):
                    stats.errors[message["code"]] += 1
                pending = None
            elif message["type"] == "update":
                latest = message
                if pending is not None and any(
                    e["seat"] == seat and e["index"] >= pending[0] for e in message["log"][pending[0] :]
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


async def run_slot(
    url: str, players: int, rng: random.Random, stats: Stats, bucket: Bucket, client: httpx.AsyncClient
) -> None:
    """Keep one match in play until the window closes, starting a new one when it ends."""
    while time.perf_counter() < stats.end:
        body = {
            "game": "avenue",
            "players": players,
            "seats": ["human"] * players,
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
        [sys.executable, "-m", "tabuleiro", "serve", "--port", str(port), "--db", db],
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
    args = parser.parse_args()
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
