"""Storage: nothing accepted is lost across restarts (even kill -9); PostgreSQL when configured."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tabuleiro.server.store import StorageError, Store, engine_url

from .helpers import act, auth, create, play_first_legal, serve, show


def test_a_restarted_app_resumes_every_match(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    with serve(db) as client:
        match_id, tokens = create(
            client, "metro", ["human", "bot:greedy"], options={"central_stations": True}
        )
        for _ in range(4):
            play_first_legal(client, match_id, tokens[0])
        before = show(client, match_id, tokens[0])
    with serve(db) as client:
        after = show(client, match_id, tokens[0])
        assert after == before
        play_first_legal(client, match_id, tokens[0])


def test_a_stand_in_bot_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    with serve(db) as client:
        match_id, tokens = create(client, "metro", ["human", "human"])
        client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(tokens[0]))
    with serve(db) as client:
        update = play_first_legal(client, match_id, tokens[0])
        assert update["seats"][1]["stand_in"] and update["to_act"] == [0]


def test_database_arguments() -> None:
    assert engine_url("games.sqlite3").startswith("sqlite:///")
    assert engine_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    with pytest.raises(StorageError, match="--db must be"):
        engine_url("mysql://u@h/db")
    with pytest.raises(StorageError, match="cannot open the database"):
        Store("postgresql://nobody@127.0.0.1:1/none")


SAFETY_NET_S = 300
"""How long a request or the server's start may take before the test fails (a loaded machine)."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tabuleiro", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + SAFETY_NET_S  # the loop ends as soon as the server answers
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.TransportError:
            if process.poll() is not None:
                raise AssertionError(
                    process.stderr.read().decode() if process.stderr else "server exited"
                ) from None
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"tabuleiro serve did not answer on port {port} within {SAFETY_NET_S} s")


def test_kill_9_loses_no_accepted_action(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    port = _free_port()
    server = _start(db, port)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=SAFETY_NET_S) as client:
            created = client.post(
                "/api/matches", json={"game": "avenue", "players": 2, "seats": ["local", "local"]}
            )
            match_id = created.json()["id"]
            tokens = [s["token"] for s in created.json()["seats"]]
            accepted = 0
            for turn in range(12):
                token = tokens[turn % 2]
                update = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
                choice = update["legal_actions"][0]["action"]
                answer = client.post(
                    f"/api/matches/{match_id}/actions",
                    headers=auth(token),
                    json={"state_id": update["state_id"], "action": choice},
                )
                assert answer.status_code == 200
                accepted = answer.json()["state_id"]
            before = client.get(f"/api/matches/{match_id}", headers=auth(tokens[0])).json()
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    assert accepted == 12
    server = _start(db, port)
    try:
        with httpx.Client(base_url=base, timeout=SAFETY_NET_S) as client:
            after = client.get(f"/api/matches/{match_id}", headers=auth(tokens[0])).json()
            assert after == before
            assert [e["index"] for e in after["log"]] == list(range(12))
            update = client.post(
                f"/api/matches/{match_id}/actions",
                headers=auth(tokens[0]),
                json={"state_id": after["state_id"], "action": after["legal_actions"][0]["action"]},
            )
            assert update.status_code == 200 and update.json()["state_id"] == 13
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()


# -- PostgreSQL (the local server; TABULEIRO_TEST_PG names it, and .ci/run sets it) ------------

PG = os.environ.get("TABULEIRO_TEST_PG")


@pytest.fixture
def pg_url() -> Iterator[str]:
    if not PG:
        pytest.skip("TABULEIRO_TEST_PG is not set (.ci/run sets it to the local PostgreSQL)")
    schema = f"tabuleiro_test_{secrets.token_hex(4)}"
    admin = create_engine(engine_url(PG))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in PG else "?"
    try:
        yield f"{PG}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def _play(client: Any, match_id: str, tokens: list[str | None], turns: int) -> None:
    for turn in range(turns):
        token = tokens[turn % len(tokens)]
        assert token is not None
        play_first_legal(client, match_id, token)


def test_postgresql_storage_resumes_matches(pg_url: str) -> None:
    with serve(pg_url) as client:
        match_id, tokens = create(client, "metro", ["human", "human"])
        _play(client, match_id, tokens, 6)
        before = show(client, match_id, tokens[1])
    with serve(pg_url) as client:
        assert show(client, match_id, tokens[1]) == before
        _play(client, match_id, tokens, 2)
        listed = client.get("/api/matches").json()
        assert listed[0]["id"] == match_id and listed[0]["state_id"] == 8


def test_two_processes_sharing_postgresql_never_fork_a_match(pg_url: str) -> None:
    with serve(pg_url) as first, serve(pg_url) as second:
        match_id, tokens = create(first, "metro", ["human", "human"])
        assert tokens[0] is not None
        seen = show(second, match_id, tokens[0])  # the second process now holds the match too
        play_first_legal(first, match_id, tokens[0])
        stale = act(second, match_id, tokens[0], seen["legal_actions"][-1]["action"], seen["state_id"])
        assert stale.status_code == 409 and stale.json()["code"] == "stale_state"
        assert show(second, match_id, tokens[1])["state_id"] == 1  # it took the other's action in
        play_first_legal(second, match_id, tokens[1])
        assert show(first, match_id, tokens[0])["state_id"] == 2


def test_a_seat_claimed_through_one_process_is_known_to_another(pg_url: str) -> None:
    with serve(pg_url) as first, serve(pg_url) as second:
        body = {"game": "metro", "players": 2, "seats": ["local", "human"]}
        created = first.post("/api/matches", json=body).json()
        match_id, code = created["id"], created["seats"][1]["invite"]
        assert first.get(f"/api/matches/{match_id}").status_code == 200  # live in the first process
        claim = {"code": code, "name": "Bia"}
        claimed = second.post(f"/api/matches/{match_id}/seats/1/claim", json=claim)
        assert claimed.status_code == 200
        token = claimed.json()["token"]
        update = show(first, match_id, token)
        assert update["seat"] == 1 and update["seats"][1]["name"] == "Bia"
        again = first.post(f"/api/matches/{match_id}/seats/1/claim", json=claim)
        assert (again.status_code, again.json()["code"]) == (409, "seat_claimed")
