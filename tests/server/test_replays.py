"""The replay viewer's data: a match as a spectator saw it after each of its actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabuleiro.core import get_game

from .helpers import act, auth, create, serve


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path / "matches.sqlite3") as c:
        yield c


def _step(client: TestClient, match_id: str, step: int) -> Any:
    return client.get(f"/api/matches/{match_id}/replay", params={"step": step})


def _finished(client: TestClient, game: str) -> tuple[str, dict[str, Any]]:
    created = client.post(
        "/api/matches", json={"game": game, "players": 2, "seats": ["bot:random", "bot:greedy"]}
    )
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    record = client.get(f"/api/matches/{match_id}/record").json()
    assert record["outcome"] is not None
    return match_id, record


@pytest.mark.parametrize("game_id", ["avenue", "metro", "dogs", "volta_ao_mundo"])
def test_every_step_shows_the_state_the_record_replays_to(client: TestClient, game_id: str) -> None:
    match_id, record = _finished(client, game_id)
    game = get_game(game_id)
    actions = record["actions"]
    state = game.new_state(record["players"], record["seed"], record["options"])
    steps = sorted({0, 1, len(actions) // 2, len(actions)})
    for k, (seat, text) in enumerate([*actions, (None, None)]):
        if k in steps:
            doc = _step(client, match_id, k).json()
            assert doc["step"] == k and doc["steps"] == len(actions)
            assert doc["view"] == json.loads(json.dumps(game.view(state, None)))
            assert doc["to_act"] == sorted(game.to_act(state))
            assert [e["index"] for e in doc["log"]] == list(range(k))
            assert (doc["outcome"] is not None) == (k == len(actions))
        if seat is not None:
            state = game.apply(state, seat, game.parse_action(text))
    assert _step(client, match_id, len(actions)).json()["outcome"] == record["outcome"]


def test_stepping_back_shows_what_stepping_forwards_showed(client: TestClient) -> None:
    match_id, record = _finished(client, "avenue")
    middle = len(record["actions"]) // 2
    forwards = _step(client, match_id, middle).json()
    _step(client, match_id, len(record["actions"]))
    assert _step(client, match_id, middle).json() == forwards


def test_a_step_past_the_last_action_is_refused(client: TestClient) -> None:
    match_id, record = _finished(client, "avenue")
    past = _step(client, match_id, len(record["actions"]) + 1)
    assert past.status_code == 422 and past.json()["code"] == "bad_step"
    assert _step(client, match_id, -1).status_code == 422
    assert client.get("/api/matches/nosuchmatch/replay").status_code == 404


def test_a_choice_still_sealed_stays_hidden_in_a_match_being_played(client: TestClient) -> None:
    # Avenue: every seat draws at once, each unseen by the others until all have drawn.
    match_id, tokens = create(client, "avenue", ["human", "human"])
    assert act(client, match_id, tokens[0], "a1", state_id=0).status_code == 200
    doc = _step(client, match_id, 1).json()
    assert doc["finished"] is False and doc["steps"] == 1
    assert doc["log"] == [
        {"index": 0, "seat": 0, "sealed": True, "notation": None, "text": None, "events": []}
    ]


def test_a_take_back_removes_its_action_from_the_steps_after_it(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human"], seed=5)
    assert act(client, match_id, tokens[0], "a1", state_id=0).status_code == 200
    taken = client.post(f"/api/matches/{match_id}/undo", headers=auth(tokens[0]), json={"state_id": 1})
    assert taken.status_code == 200, taken.text
    at_start = _step(client, match_id, 0).json()
    after = _step(client, match_id, 2).json()
    assert after["view"] == at_start["view"] and after["committed"] == []
    assert _step(client, match_id, 1).json()["committed"] == [0]
    assert [e.get("undone", False) for e in after["log"]] == [True, False]
