"""Taking back moves through the server: allowed exactly when the engine says so, kept in
the match record, refused with a stable code, and never unsealing a choice taken back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabuleiro.core import MatchRecord, get_game, replay
from tabuleiro.core.undo import UNDO
from tabuleiro.server.store import Store

from .helpers import act, auth, create, play_first_legal, serve, show


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path / "matches.sqlite3") as c:
        yield c


def undo(client: TestClient, match_id: str, token: str | None, state_id: int) -> Any:
    return client.post(f"/api/matches/{match_id}/undo", headers=auth(token), json={"state_id": state_id})


def test_a_sealed_avenue_draw_is_taken_back_and_stays_sealed_for_the_others(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human"], seed=5)
    start = show(client, match_id, tokens[0])
    assert start["undo"] is False
    first = start["legal_actions"][0]
    after = play_first_legal(client, match_id, tokens[0])
    assert after["undo"] is True and after["committed"] == [0]
    assert show(client, match_id, tokens[1])["undo"] is False
    response = undo(client, match_id, tokens[0], after["state_id"])
    assert response.status_code == 200, response.text
    back = response.json()
    assert back["undo"] is False and back["committed"] == [] and back["to_act"] == [0, 1]
    assert back["view"] == start["view"] and back["state_id"] == 2
    assert back["log"][0]["undone"] is True and back["log"][0]["notation"] == first["notation"]
    assert back["log"][1] == {
        "index": 1,
        "seat": 0,
        "sealed": False,
        "notation": UNDO,
        "undo": 0,
        "text": {"pt": "desfaz a última jogada", "en": "takes back their last move"},
    }
    # both seats now commit: the step resolves, yet the choice taken back stays hidden
    play_first_legal(client, match_id, tokens[0])
    play_first_legal(client, match_id, tokens[1])
    other = show(client, match_id, tokens[1])
    assert other["log"][0]["sealed"] is True and other["log"][0]["notation"] is None
    assert all(not e["sealed"] for e in other["log"][1:])


def test_a_record_with_take_backs_replays_to_the_servers_state(client: TestClient, tmp_path: Path) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human", "human"], seed=5)
    play_first_legal(client, match_id, tokens[0])
    update = play_first_legal(client, match_id, tokens[1])
    assert update["undo"] is True
    update = undo(client, match_id, tokens[0], update["state_id"]).json()  # seat 1's draw is played again
    assert update["committed"] == [1] and update["undo"] is False
    update = undo(client, match_id, tokens[1], update["state_id"]).json()
    assert update["committed"] == []
    for seat in (1, 0, 2):
        final = play_first_legal(client, match_id, tokens[seat])
    doc = client.get(f"/api/matches/{match_id}/record", headers=auth(tokens[2])).json()
    assert [text for _, text in doc["actions"]].count(UNDO) == 2
    assert doc["actions"][0] == [0, None]  # a draw taken back is never shown to another seat
    store = Store(str(tmp_path / "matches.sqlite3"))
    stored = store.load(match_id)
    store.close()
    assert stored is not None and [list(a) for a in stored.actions][2:] == doc["actions"][2:]
    record = MatchRecord(
        stored.game, stored.rules_version, 3, 5, stored.options, ("human",) * 3, stored.actions
    )
    state = replay(record).state
    assert get_game("avenue").view(state, 2) == final["view"]
    with serve(tmp_path / "matches.sqlite3") as restarted:  # a restart replays the take-backs too
        assert show(restarted, match_id, tokens[2])["view"] == final["view"]


def test_a_take_back_the_rules_refuse_is_a_409_with_a_stable_code(client: TestClient) -> None:
    match_id, tokens = create(client, "metro", ["human", "human"])
    update = play_first_legal(client, match_id, tokens[0])  # Metro: a placement ends the turn
    assert update["undo"] is False
    response = undo(client, match_id, tokens[0], update["state_id"])
    assert response.status_code == 409 and response.json()["code"] == "undo_not_allowed"
    assert show(client, match_id)["state_id"] == update["state_id"]  # nothing stored
    stale = undo(client, match_id, tokens[0], update["state_id"] - 1)
    assert stale.status_code == 409 and stale.json()["code"] == "stale_state"
    anonymous = undo(client, match_id, None, update["state_id"])
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "token_required"
    junk = client.post(f"/api/matches/{match_id}/undo", headers=auth(tokens[0]), json={"state_id": "x"})
    assert junk.status_code == 422 and junk.json()["code"] == "invalid_body"


def test_the_websocket_takes_back_and_pushes_every_seat_the_change(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human"], seed=5)
    after = play_first_legal(client, match_id, tokens[0])
    with (
        client.websocket_connect(f"/ws/matches/{match_id}") as ws0,
        client.websocket_connect(f"/ws/matches/{match_id}") as ws1,
    ):
        ws0.receive_json()
        ws1.receive_json()
        ws0.send_json({"type": "auth", "token": tokens[0]})
        assert _next(ws0, "update")["undo"] is True
        ws1.send_json({"type": "undo", "state_id": after["state_id"]})
        assert _next(ws1, "error")["code"] == "token_required"
        ws0.send_json({"type": "undo", "state_id": after["state_id"]})
        for ws in (ws0, ws1):
            delta = _next(ws, "delta")
            assert delta["state_id"] == after["state_id"] + 1 and delta["committed"] == []
            assert delta["log_from"] == 0 and delta["log"][0]["undone"] is True
        ws0.send_json({"type": "undo", "state_id": after["state_id"] + 1})
        assert _next(ws0, "error")["code"] == "undo_not_allowed"


def _next(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message = dict(ws.receive_json())
        if message["type"] == kind:
            return message


def test_another_seats_sealed_take_back_does_not_make_a_choice_stale(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human", "human"], seed=5)
    looked = show(client, match_id, tokens[1])
    update = play_first_legal(client, match_id, tokens[0])
    assert undo(client, match_id, tokens[0], update["state_id"]).status_code == 200
    response = act(client, match_id, tokens[1], looked["legal_actions"][0]["action"], looked["state_id"])
    assert response.status_code == 200, response.text
    assert response.json()["committed"] == [1]


@pytest.mark.parametrize("game", ["dogs", "volta_ao_mundo"])
def test_a_move_within_the_turn_is_taken_back_against_a_bot(client: TestClient, game: str) -> None:
    match_id, tokens = create(client, game, ["human", "bot:random"], seed=3)
    for _ in range(300):
        update = show(client, match_id, tokens[0])
        assert not update["outcome"], "the match ended before any move could be taken back"
        before = update
        update = play_first_legal(client, match_id, tokens[0])
        if update["undo"]:
            break
    else:
        pytest.fail("no move of seat 0 could be taken back")
    back = undo(client, match_id, tokens[0], update["state_id"]).json()
    assert back["view"] == before["view"] and back["legal_actions"] == before["legal_actions"]
    assert back["log"][-1]["notation"] == UNDO and back["log"][-2]["undone"] is True
