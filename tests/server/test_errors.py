"""Every error code the API documents, provoked once: status, body shape, stable code."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tabuleiro.server.errors import CODES
from tabuleiro.server.limits import Limits

from .helpers import act, auth, create, play_first_legal, serve, show

Case = Callable[[TestClient, Path], httpx.Response]


def _new(client: TestClient, body: dict[str, object]) -> httpx.Response:
    return client.post("/api/matches", json={"game": "avenue", "players": 1, "seats": ["local"], **body})


def _invited(client: TestClient, **extra: object) -> tuple[str, str, str]:
    """A Metro match: seat 0 the creator's, seat 1 invited; its id, seat 0's token, the code."""
    body = {"game": "metro", "players": 2, "seats": ["local", "human"], **extra}
    doc = client.post("/api/matches", json=body).json()
    return doc["id"], doc["seats"][0]["token"], doc["seats"][1]["invite"]


def _claim(client: TestClient, match_id: str, code: str, name: str | None = None) -> httpx.Response:
    return client.post(f"/api/matches/{match_id}/seats/1/claim", json={"code": code, "name": name})


def invalid_body(client: TestClient, _db: Path) -> httpx.Response:
    return client.post("/api/matches", json={"game": 3, "players": "two"})


def not_found(client: TestClient, _db: Path) -> httpx.Response:
    return client.get("/api/no-such-thing")


def method_not_allowed(client: TestClient, _db: Path) -> httpx.Response:
    return client.delete("/api/games")


def match_not_found(client: TestClient, _db: Path) -> httpx.Response:
    return client.get("/api/matches/nosuchmatch")


def seat_not_found(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "metro", ["human", "human"])
    return client.post(f"/api/matches/{match_id}/seats/5/bot", headers=auth(tokens[0]))


def token_required(client: TestClient, _db: Path) -> httpx.Response:
    match_id, _ = create(client, "avenue", ["human"])
    return act(client, match_id, None, "a1")


def bad_token(client: TestClient, _db: Path) -> httpx.Response:
    match_id, _ = create(client, "avenue", ["human"])
    return client.get(f"/api/matches/{match_id}", headers=auth("not-a-token"))


def not_your_seat(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "metro", ["human", "human"])
    assert client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(tokens[1])).status_code == 200
    return client.post(f"/api/matches/{match_id}/seats/1/human", headers=auth(tokens[0]))


def seat_connected(client: TestClient, _db: Path) -> httpx.Response:
    match_id, token, code = _invited(client)
    theirs = _claim(client, match_id, code).json()["token"]
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        ws.send_json({"type": "auth", "token": theirs})
        ws.receive_json()
        ws.receive_json()
        return client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(token))


def grace_period(client: TestClient, _db: Path) -> httpx.Response:
    match_id, token, _ = _invited(client)
    return client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(token))


def waiting_for_players(client: TestClient, _db: Path) -> httpx.Response:
    match_id, token, _ = _invited(client, mix_entropy=True)
    return act(client, match_id, token, {"type": "draw"}, state_id=0)


def bad_invite(client: TestClient, _db: Path) -> httpx.Response:
    match_id, _, code = _invited(client)
    return _claim(client, match_id, code[::-1])


def seat_claimed(client: TestClient, _db: Path) -> httpx.Response:
    match_id, _, code = _invited(client)
    assert _claim(client, match_id, code).status_code == 200
    return _claim(client, match_id, code)


def bad_name(client: TestClient, _db: Path) -> httpx.Response:
    match_id, _, code = _invited(client)
    return _claim(client, match_id, code, "x" * 40)


def seed_refused(client: TestClient, _db: Path) -> httpx.Response:
    body = {"game": "metro", "players": 3, "seats": ["local", "human", "human"], "seed": 7}
    return client.post("/api/matches", json=body)


def seat_forfeited(client: TestClient, _db: Path) -> httpx.Response:
    body = {"clock_seconds": 0.05, "on_timeout": "forfeit"}
    doc = client.post("/api/matches", json={"game": "metro", "players": 2, "seats": ["local"], **body}).json()
    match_id, token = doc["id"], doc["seats"][0]["token"]
    deadline = time.monotonic() + 600  # a safety net: the clock is enforced when the match is read
    while not show(client, match_id, token)["seats"][0]["forfeited"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert show(client, match_id, token)["seats"][0]["forfeited"], (
        "waited 600 s for seat 0's clock to run out"
    )
    return client.post(f"/api/matches/{match_id}/seats/0/human", headers=auth(token))


def rate_limited(_client: TestClient, db: Path) -> httpx.Response:
    with serve(db, Limits(create_rate="2/minute")) as limited:
        for _ in range(2):
            assert _new(limited, {}).status_code == 201
        return _new(limited, {})


def body_too_large(client: TestClient, _db: Path) -> httpx.Response:
    return client.post("/api/matches", content=b"{" + b" " * 1_000_000 + b"}")


def bots_only(client: TestClient, _db: Path) -> httpx.Response:
    return client.post("/api/matches", json={"game": "metro", "players": 6, "seats": []})


def damaged_match(client: TestClient, db: Path) -> httpx.Response:
    match_id, tokens = create(client, "metro", ["human", "bot:random"])
    for _ in range(2):
        play_first_legal(client, match_id, str(tokens[0]))
    _tamper(db, f"DELETE FROM tabuleiro_actions WHERE match_id = '{match_id}' AND idx = 1")
    with serve(db) as fresh:
        return fresh.get(f"/api/matches/{match_id}")


def seat_is_bot(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "metro", ["human", "bot:random"])
    return client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(tokens[0]))


def seat_is_human(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "metro", ["human", "human"])
    return client.post(f"/api/matches/{match_id}/seats/0/human", headers=auth(tokens[0]))


def stale_state(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "avenue", ["human"])
    assert act(client, match_id, tokens[0], "a1").status_code == 200
    return act(client, match_id, tokens[0], "b1", state_id=0)


def unknown_game(client: TestClient, _db: Path) -> httpx.Response:
    return _new(client, {"game": "chess"})


def bad_player_count(client: TestClient, _db: Path) -> httpx.Response:
    return client.post("/api/matches", json={"game": "metro", "players": 9, "seats": []})


def bad_seed(client: TestClient, _db: Path) -> httpx.Response:
    return _new(client, {"seed": -1})


def bad_seats(client: TestClient, _db: Path) -> httpx.Response:
    return _new(client, {"seats": ["human", "human"]})


def unknown_bot(client: TestClient, _db: Path) -> httpx.Response:
    return client.post(
        "/api/matches", json={"game": "avenue", "players": 2, "seats": ["human", "bot:genius"]}
    )


def bad_bot_spec(client: TestClient, _db: Path) -> httpx.Response:
    return client.post(
        "/api/matches", json={"game": "avenue", "players": 2, "seats": ["human", "bot:mcts:seconds=-1"]}
    )


def match_not_over(client: TestClient, _db: Path) -> httpx.Response:
    match_id, _ = create(client, "avenue", ["human"])
    return client.post(f"/api/matches/{match_id}/analysis")


def analysis_not_started(client: TestClient, _db: Path) -> httpx.Response:
    response = client.post("/api/matches", json={"game": "avenue", "players": 1, "seats": ["bot:random"]})
    return client.get(f"/api/matches/{response.json()['id']}/analysis")


def unknown_option(client: TestClient, _db: Path) -> httpx.Response:
    return _new(client, {"options": {"colour": "blue"}})


def bad_option(client: TestClient, _db: Path) -> httpx.Response:
    return _new(client, {"options": {"map": "Z"}})


def incompatible_options(client: TestClient, _db: Path) -> httpx.Response:
    options = {"companies": True, "station_numbers": True}
    return client.post("/api/matches", json={"game": "metro", "players": 2, "seats": [], "options": options})


def invalid_action(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "avenue", ["human"])
    return act(client, match_id, tokens[0], {"type": "fly", "to": "moon"})


def game_over(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "avenue", ["human"])
    update = show(client, match_id, tokens[0])
    while update["outcome"] is None:
        response = act(client, match_id, tokens[0], update["legal_actions"][-1]["action"], update["state_id"])
        update = response.json()
    return act(client, match_id, tokens[0], "a1", update["state_id"])


def not_your_turn(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "metro", ["human", "human"])
    return act(client, match_id, tokens[1], {"type": "draw"})


def already_committed(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "avenue", ["human", "human"])
    assert act(client, match_id, tokens[0], "a1").status_code == 200
    return act(client, match_id, tokens[0], "b1")


def undo_not_allowed(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "metro", ["human", "human"])
    update = play_first_legal(client, match_id, tokens[0])  # a placement ends the turn
    return client.post(
        f"/api/matches/{match_id}/undo", headers=auth(tokens[0]), json={"state_id": update["state_id"]}
    )


def not_legal(client: TestClient, _db: Path) -> httpx.Response:
    match_id, tokens = create(client, "avenue", ["human"])
    assert act(client, match_id, tokens[0], "a1").status_code == 200
    return act(client, match_id, tokens[0], "a1")


def _tamper(db: Path, sql: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql)


def bad_record(client: TestClient, db: Path) -> httpx.Response:
    match_id, tokens = create(client, "avenue", ["human"])
    assert act(client, match_id, tokens[0], "a1").status_code == 200
    _tamper(db, f"UPDATE tabuleiro_actions SET action = 'zz9' WHERE match_id = '{match_id}'")
    with serve(db) as fresh:
        return fresh.get(f"/api/matches/{match_id}")


def rules_version(client: TestClient, db: Path) -> httpx.Response:
    match_id, _ = create(client, "avenue", ["human"])
    _tamper(db, f"UPDATE tabuleiro_matches SET rules_version = '0' WHERE id = '{match_id}'")
    with serve(db) as fresh:
        return fresh.get(f"/api/matches/{match_id}")


CASES: dict[str, Case] = {
    name: case
    for name, case in globals().items()
    if callable(case) and name in CODES and getattr(case, "__module__", "") == __name__
}


def test_every_documented_code_has_a_case() -> None:
    assert set(CASES) == set(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_error_code(code: str, tmp_path: Path) -> None:
    db = tmp_path / "matches.sqlite3"
    with serve(db) as client:
        response = CASES[code](client, db)
    assert response.status_code == CODES[code][0], response.text
    body = response.json()
    assert set(body) == {"code", "message"}
    assert body["code"] == code
    assert body["message"].strip()


def test_messages_follow_accept_language(tmp_path: Path) -> None:
    with serve(tmp_path / "m.sqlite3") as client:
        en = client.get("/api/matches/nosuchmatch").json()["message"]
        pt = client.get("/api/matches/nosuchmatch", headers={"Accept-Language": "pt-BR,pt;q=0.9"}).json()
    assert "no match" in en
    assert "nenhuma partida" in pt["message"]


def test_a_malformed_authorization_header_is_refused(tmp_path: Path) -> None:
    with serve(tmp_path / "m.sqlite3") as client:
        match_id, _ = create(client, "avenue", ["human"])
        response = client.get(f"/api/matches/{match_id}", headers={"Authorization": "Basic abc"})
    assert (response.status_code, response.json()["code"]) == (401, "bad_token")


def test_an_illegal_action_leaves_the_match_as_it_was(tmp_path: Path) -> None:
    with serve(tmp_path / "m.sqlite3") as client:
        match_id, tokens = create(client, "avenue", ["human"])
        act(client, match_id, tokens[0], "a1")
        before = show(client, match_id, tokens[0])
        assert act(client, match_id, tokens[0], "a1").status_code == 422
        assert act(client, match_id, tokens[0], {"type": "draw", "square": "z9"}).status_code == 422
        assert show(client, match_id, tokens[0]) == before


@pytest.mark.parametrize("spec", ["mcts:seconds=-1", "mcts:foo=1", "greedy:depth=2", "mcts:iterations=1.5"])
def test_a_bad_bot_spec_is_refused_with_its_code_when_seating_and_when_handing_over(
    spec: str, tmp_path: Path
) -> None:
    with serve(tmp_path / "m.db") as client:
        response = _new(client, {"players": 2, "seats": ["human", f"bot:{spec}"]})
        assert (response.status_code, response.json()["code"]) == (422, "bad_bot_spec")
        match_id, tokens = create(client, "metro", ["human", "human"])
        response = client.post(
            f"/api/matches/{match_id}/seats/1/bot", json={"bot": spec}, headers=auth(tokens[1])
        )
        assert (response.status_code, response.json()["code"]) == (422, "bad_bot_spec")
        ok = client.post(
            f"/api/matches/{match_id}/seats/1/bot", json={"bot": "mcts:iterations=5"}, headers=auth(tokens[1])
        )
        assert ok.status_code == 200
