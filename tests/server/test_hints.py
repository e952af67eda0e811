"""Search hints: on only for matches created with them, for the asking seat alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import auth, serve, show

SEARCH = "mcts:iterations=30"


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path / "matches.sqlite3") as c:
        yield c


def _create(client: TestClient, game: str, seats: list[str], hints: str | None) -> Any:
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "seed": 11}
    if hints is not None:
        body["hints"] = hints
    return client.post("/api/matches", json=body)


def _match(
    client: TestClient, game: str, seats: list[str], hints: str | None
) -> tuple[str, list[str | None]]:
    response = _create(client, game, seats, hints)
    assert response.status_code == 201, response.text
    doc = response.json()
    return doc["id"], [s.get("token") for s in doc["seats"]]


def _hint(client: TestClient, match_id: str, token: str | None) -> Any:
    return client.post(f"/api/matches/{match_id}/hint", headers=auth(token))


def test_a_seat_to_act_gets_one_of_its_legal_moves_with_a_value(client: TestClient) -> None:
    match_id, tokens = _match(client, "metro", ["local", "local"], SEARCH)
    update = show(client, match_id, tokens[0])
    assert update["hints"] is True
    seat = update["to_act"][0]
    legal = [entry["action"] for entry in show(client, match_id, tokens[seat])["legal_actions"]]
    response = _hint(client, match_id, tokens[seat])
    assert response.status_code == 200, response.text
    found = response.json()
    assert found["action"] in legal
    assert 0.0 <= found["value"] <= 1.0
    assert found["text"]["pt"] and found["text"]["en"] and found["state_id"] == update["state_id"]
    assert _hint(client, match_id, tokens[seat]).json() == found


def test_only_the_seat_to_act_may_ask(client: TestClient) -> None:
    match_id, tokens = _match(client, "metro", ["local", "local"], SEARCH)
    waiting = 1 - show(client, match_id, tokens[0])["to_act"][0]
    refused = _hint(client, match_id, tokens[waiting])
    assert refused.status_code == 409 and refused.json()["code"] == "not_your_turn"
    spectator = _hint(client, match_id, None)
    assert spectator.status_code == 401 and spectator.json()["code"] == "token_required"


def test_a_match_without_hints_refuses_and_says_so(client: TestClient) -> None:
    match_id, tokens = _match(client, "avenue", ["local", "bot:random"], None)
    assert show(client, match_id, tokens[0])["hints"] is False
    refused = _hint(client, match_id, tokens[0])
    assert refused.status_code == 409 and refused.json()["code"] == "hints_off"


@pytest.mark.parametrize("spec", ["greedy", "mcts:foo=1", "mcts:seconds=-1", "nobody"])
def test_hints_need_a_search_bot(client: TestClient, spec: str) -> None:
    response = _create(client, "avenue", ["local", "bot:random"], spec)
    assert response.status_code == 422
    assert response.json()["code"] in ("bad_bot_spec", "unknown_bot")


def test_hints_stay_on_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "kept.sqlite3"
    with serve(db) as client:
        match_id, tokens = _match(client, "avenue", ["local", "bot:random"], SEARCH)
    with serve(db) as client:
        assert show(client, match_id, tokens[0])["hints"] is True
        assert _hint(client, match_id, tokens[0]).status_code == 200
