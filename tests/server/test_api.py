"""The HTTP API and the WebSocket: catalogue, matches, views per seat, bots, seats, records."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabuleiro.core import MatchRecord, get_game, replay
from tabuleiro.play.catalogue import catalogue
from tabuleiro.server import analysis, live
from tabuleiro.server.live import LiveMatch

from .helpers import act, auth, create, play_first_legal, serve, show


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path / "matches.sqlite3") as c:
        yield c


def _strip(update: dict[str, Any]) -> dict[str, Any]:
    """An update without what differs between two matches by construction (id, presence,
    the seed commitment, whose salt is fresh for every match)."""
    return {k: v for k, v in update.items() if k not in ("id", "type", "seats", "seed_commitment")}


def test_games_is_the_cli_catalogue(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    from tabuleiro.cli.app import main

    with pytest.raises(SystemExit):
        main(["games", "--json"])
    assert client.get("/api/games").json() == json.loads(capsys.readouterr().out) == catalogue()
    ids = {g["id"] for g in catalogue()}
    assert {"avenue", "metro"} <= ids
    assert all({"bots", "default_bot", "options"} <= set(g) for g in catalogue())


def test_create_answers_a_token_per_local_seat_only(client: TestClient) -> None:
    response = client.post(
        "/api/matches", json={"game": "avenue", "players": 3, "seats": ["local", "bot:greedy"], "seed": 3}
    )
    assert response.status_code == 201
    seats = response.json()["seats"]
    assert [s["kind"] for s in seats] == ["local", "bot:greedy", "bot:greedy"]
    assert isinstance(seats[0]["token"], str) and len(seats[0]["token"]) >= 20
    assert "token" not in seats[1] and "token" not in seats[2]


def test_the_update_has_the_documented_fields(client: TestClient) -> None:
    match_id, tokens = create(client, "metro", ["human", "human"])
    update = show(client, match_id, tokens[0])
    assert {"state_id", "to_act", "view", "legal_actions", "log", "outcome"} <= set(update)
    assert update["seat"] == 0 and update["to_act"] == [0] and update["outcome"] is None
    entry = update["legal_actions"][0]
    assert set(entry) == {"action", "notation", "text"} and set(entry["text"]) == {"pt", "en"}
    game = get_game("metro")
    assert game.format_action(game.action_from_json(entry["action"])) == entry["notation"]


def test_views_differ_by_seat_and_match_the_engine(client: TestClient) -> None:
    match_id, tokens = create(client, "metro", ["human", "human", "human"], options={"companies": True})
    for token in tokens:
        play_first_legal(client, match_id, token)
    record = MatchRecord.from_json(client.get(f"/api/matches/{match_id}/record").json() | {"seed": 7})
    state = replay(record).state
    game = get_game("metro")
    for seat, token in enumerate(tokens):
        update = show(client, match_id, token)
        assert update["view"] == json.loads(json.dumps(game.view(state, seat)))
        assert update["view"]["private"]["hand"] == game.view(state, seat)["private"]["hand"]
        text = json.dumps(update)
        for other in (s for s in range(3) if s != seat):
            assert json.dumps(game.view(state, other)["private"]["shares"]) not in text
    spectator = show(client, match_id)
    assert "private" not in spectator["view"] and spectator["legal_actions"] == []
    assert not show(client, match_id, tokens[1])["legal_actions"]  # not seat 1's turn


def test_a_sealed_choice_reaches_no_other_seat(client: TestClient, tmp_path: Path) -> None:
    """Two matches alike but for seat 0's sealed choice: every other reader sees the same."""
    updates: list[list[Any]] = []
    for choice in ("a1", "peek"):
        match_id, tokens = create(client, "avenue", ["human", "human", "human"], seed=11)
        with client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[1]}") as ws:
            ws.receive_json()
            assert act(client, match_id, tokens[0], choice).status_code == 200
            pushed = ws.receive_json()
        record = client.get(f"/api/matches/{match_id}/record", headers=auth(tokens[2])).json()
        record = _strip(record)
        updates.append(
            [
                _strip(show(client, match_id, tokens[1])),
                _strip(show(client, match_id)),
                _strip(pushed),
                record,
            ]
        )
        own = show(client, match_id, tokens[0])
        assert own["view"]["private"]["pending"] == choice
        assert own["log"][0]["notation"] == choice and own["committed"] == [0]
    assert updates[0] == updates[1]
    seat1 = updates[0][0]
    assert seat1["log"] == [
        {"index": 0, "seat": 0, "sealed": True, "notation": None, "text": None, "events": []}
    ]
    assert seat1["committed"] == [0]
    assert updates[0][3]["seed"] is None and updates[0][3]["actions"] == [[0, None]]


def test_a_choice_shows_once_the_step_resolves(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human"])
    act(client, match_id, tokens[0], "a1")
    act(client, match_id, tokens[1], "b2")
    log = show(client, match_id, tokens[1])["log"]
    assert [(e["seat"], e["notation"], e["sealed"]) for e in log] == [(0, "a1", False), (1, "b2", False)]
    assert log[0]["text"] == {
        "pt": "desenha o trecho 1 ┘ (curva cima–esquerda) em a1, sobre uma uva roxa e 3 uvas verdes",
        "en": "draws segment 1 ┘ (up–left curve) on a1, over one purple grape and 3 green grapes",
    }
    assert log[0]["events"] == []  # the next card shows under the choice that turned it
    assert [e["kind"] for e in log[1]["events"]] == ["chance"]
    assert log[1]["events"][0]["text"]["en"].startswith("Road card revealed: segment ")


def test_a_peeked_farm_stays_with_its_seat(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human"], seed=5)
    act(client, match_id, tokens[0], "peek")
    act(client, match_id, tokens[1], "c3")
    mine = show(client, match_id, tokens[0])["view"]["private"]["peeked_farm"]
    assert mine in "ABCDEF" and mine
    assert show(client, match_id, tokens[1])["view"]["private"]["peeked_farm"] is None
    assert "peeked_farm" not in json.dumps(show(client, match_id)["view"])


def test_bots_act_with_their_seat_view_only(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "bot:greedy", "bot:random"])
    first = show(client, match_id, tokens[0])
    assert first["committed"] == [1, 2] and first["to_act"] == [0]
    after = play_first_legal(client, match_id, tokens[0])
    assert after["state_id"] == 5 and after["committed"] == [1, 2]


def test_a_bot_receives_its_seats_view_and_legal_actions_only(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, Any, list[Any]]] = []

    class Spy:
        def __init__(self, bot: Any, seat: int) -> None:
            self.bot, self.seat = bot, seat

        def act(self, view: Any, legal: Any) -> Any:
            seen.append((self.seat, view, list(legal)))
            return self.bot.act(view, legal)

    built = LiveMatch.bot
    monkeypatch.setattr(LiveMatch, "bot", lambda match, seat: Spy(built(match, seat), seat))
    match_id, tokens = create(client, "metro", ["human", "bot:greedy", "bot:random"])
    for _ in range(4):
        play_first_legal(client, match_id, tokens[0])
    record = client.get(f"/api/matches/{match_id}/record").json()
    game = get_game("metro")
    state = game.new_state(3, 7, record["options"])
    expected = []
    for seat, text in record["actions"]:
        if seat != 0:
            expected.append((seat, game.view(state, seat), game.legal_actions(state, seat)))
        state = game.apply(state, seat, game.parse_action(text))
    assert len(seen) >= 8 and seen == expected
    assert all(view["private"]["hand"] != game.view(state, 0)["private"]["hand"] for _, view, _ in seen[-2:])


def test_slow_bots_go_on_in_the_background(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "BOT_SECONDS", 0.0)
    match_id, tokens = create(client, "metro", ["human", "bot:random", "bot:random"])
    after = play_first_legal(client, match_id, tokens[0])
    assert after["state_id"] >= 2, "at least one bot decision inside the request"
    deadline = time.monotonic() + 600  # a safety net: the loop ends as soon as the bot has moved
    update = show(client, match_id, tokens[0])
    while update["to_act"] != [0] and time.monotonic() < deadline:
        time.sleep(0.01)
        update = show(client, match_id, tokens[0])
    assert update["to_act"] == [0], "waited 600 s for the background bot to hand the turn back to seat 0"
    assert update["state_id"] == 3


def test_a_whole_game_against_bots_ends_with_the_score_sheet(client: TestClient) -> None:
    match_id, tokens = create(client, "metro", ["human", "bot:greedy"])
    update = show(client, match_id, tokens[0])
    while update["outcome"] is None:
        update = play_first_legal(client, match_id, tokens[0])
    outcome = update["outcome"]
    assert set(outcome) >= {"scores", "breakdown", "ranks", "winners"}
    record = client.get(f"/api/matches/{match_id}/record").json()
    assert record["seed"] == 7 and record["outcome"] == outcome
    assert replay(MatchRecord.from_json(record)).decisions == update["state_id"]


def test_a_leaver_is_replaced_by_a_bot_and_takes_the_seat_back(client: TestClient) -> None:
    match_id, tokens = create(client, "metro", ["human", "human"])
    replaced = client.post(
        f"/api/matches/{match_id}/seats/1/bot", headers=auth(tokens[0]), json={"bot": "random"}
    )
    assert replaced.status_code == 200
    assert replaced.json()["seats"][1] == {
        "seat": 1,
        "kind": "bot",
        "bot": "random",
        "stand_in": True,
        "connected": False,
        "name": None,
        "invited": False,
        "claimed": True,
        "forfeited": False,
        "on_timeout": "bot",
    }
    play_first_legal(client, match_id, tokens[0])
    update = show(client, match_id, tokens[1])
    assert update["to_act"] == [0]  # the bot played seat 1's turn
    assert update["legal_actions"] == []
    assert act(client, match_id, tokens[1], {"type": "draw"}).json()["code"] == "seat_is_bot"
    back = client.post(f"/api/matches/{match_id}/seats/1/human", headers=auth(tokens[1]))
    assert back.status_code == 200 and back.json()["seats"][1]["kind"] == "human"
    play_first_legal(client, match_id, tokens[0])
    assert show(client, match_id, tokens[1])["to_act"] == [1]
    assert play_first_legal(client, match_id, tokens[1])["to_act"] == [0]


def test_a_player_hands_their_own_seat_to_a_bot(client: TestClient) -> None:
    match_id, tokens = create(client, "metro", ["human", "human"])
    response = client.post(f"/api/matches/{match_id}/seats/0/bot", headers=auth(tokens[0]))
    assert response.status_code == 200
    update = response.json()
    assert update["seats"][0]["bot"] == get_game("metro").default_bot()
    assert update["to_act"] == [1] and update["state_id"] >= 1


def test_the_websocket_pushes_each_seat_its_update(client: TestClient) -> None:
    match_id, tokens = create(client, "metro", ["human", "human"])
    with (
        client.websocket_connect(f"/ws/matches/{match_id}") as ws0,
        client.websocket_connect(f"/ws/matches/{match_id}") as ws1,
        client.websocket_connect(f"/ws/matches/{match_id}") as spectator,
    ):
        for ws in (ws0, ws1, spectator):
            assert ws.receive_json()["seat"] is None  # everyone is a spectator until authenticated
        ws0.send_json({"type": "auth", "token": tokens[0]})
        first = _next(ws0, "update")
        assert first["seat"] == 0 and first["legal_actions"]
        ws1.send_json({"type": "auth", "token": tokens[1]})
        assert _next(ws1, "update")["seat"] == 1
        presence = _next(spectator, "presence")
        while not presence["seats"][1]["connected"]:
            presence = _next(spectator, "presence")
        assert set(presence) == {"type", "state_id", "seats"}  # presence only: no view, no log
        ws0.send_json({"type": "action", "state_id": first["state_id"], "action": {"type": "draw"}})
        for ws, seat in ((ws0, 0), (ws1, 1), (spectator, None)):
            delta = _next(ws, "delta")
            assert delta["seat"] == seat and delta["state_id"] == first["state_id"] + 1
            assert delta["from"] == first["state_id"] and delta["log_from"] == 0 and len(delta["log"]) == 1
            assert ("private" in delta["view"]) == (seat is not None)
            if seat == 0:
                assert delta["view"]["private"]["drawn"] is not None
            else:
                assert delta["view"].get("private", {}).get("drawn") is None
        ws1.send_json({"type": "action", "state_id": 1, "action": {"type": "draw"}})
        error = _next(ws1, "error")
        assert error["code"] == "not_your_turn"
        spectator.send_json({"type": "action", "state_id": 1, "action": "draw"})
        assert _next(spectator, "error")["code"] == "token_required"
        for junk in ("not json", "[" * 20_000 + "]" * 20_000):
            spectator.send_text(junk)
            assert _next(spectator, "error")["code"] == "invalid_body"
        spectator.send_bytes(b"\x00")
        assert _next(spectator, "error")["code"] == "invalid_body"
        spectator.send_json({"type": "ping"})
        assert _next(spectator, "pong") == {"type": "pong"}
        spectator.send_json({"type": "sync", "state_id": 0})
        assert _next(spectator, "update")["state_id"] == 1
        spectator.send_json({"type": "sync", "state_id": 1})
        assert _next(spectator, "synced") == {"type": "synced", "state_id": 1}
    with client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[0]}") as again:
        resumed = again.receive_json()
        assert resumed["state_id"] == 1 and resumed["view"]["private"]["drawn"] is not None


def _next(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type `kind` (presence messages in between are skipped)."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] == kind:
            return message
        assert message["type"] == "presence", message


def test_the_websocket_refuses_a_bad_token_or_match(client: TestClient) -> None:
    match_id, _ = create(client, "avenue", ["human"])
    for path, code in (
        (f"/ws/matches/{match_id}?token=nope", "bad_token"),
        ("/ws/matches/zz", "match_not_found"),
    ):
        with client.websocket_connect(path) as ws:
            assert ws.receive_json()["code"] == code


def test_recent_matches(client: TestClient) -> None:
    first, _ = create(client, "avenue", ["human"])
    second, tokens = create(client, "metro", ["human", "bot:random"])
    play_first_legal(client, second, tokens[0])
    listed = client.get("/api/matches?limit=5").json()
    assert [m["id"] for m in listed[:2]] == [second, first]
    assert listed[0]["state_id"] >= 2 and listed[0]["seats"] == ["human", "bot:random"]


def test_the_page_and_its_modules_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'src="/app.js"' in page.text
    for path in (
        "/app.js",
        "/table.js",
        "/lobby.js",
        "/games/avenue.js",
        "/games/metro.js",
        "/games/generic.js",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "javascript" in response.headers["content-type"]
    assert client.get("/games/none.js").json()["code"] == "not_found"


def test_simultaneous_commits_made_on_the_same_state_are_not_stale(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human", "human"])
    assert act(client, match_id, tokens[0], "a1", state_id=0).status_code == 200
    assert act(client, match_id, tokens[1], "b1", state_id=0).status_code == 200
    resolved = act(client, match_id, tokens[2], "c1", state_id=1)
    assert resolved.status_code == 200  # the step resolves: the next card is revealed
    late = act(client, match_id, tokens[0], "d1", state_id=2)
    assert late.status_code == 409 and late.json()["code"] == "stale_state"
    assert act(client, match_id, tokens[0], "d1", state_id=9).json()["code"] == "stale_state"


def test_a_finished_match_is_analysed_in_the_background(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis, "ITERATIONS_SHARE", 10**6)  # the smallest budget: CI speed
    with serve(tmp_path / "a.db") as client:
        created = client.post(
            "/api/matches", json={"game": "avenue", "players": 2, "seats": ["bot:random", "bot:greedy"]}
        )
        match_id = created.json()["id"]
        started = client.post(f"/api/matches/{match_id}/analysis")
        assert started.status_code == 202 and started.json()["status"] in ("running", "done")
        total = started.json()["total"]
        deadline = time.monotonic() + 600  # a safety net: the loop ends as soon as the analysis does
        doc = client.get(f"/api/matches/{match_id}/analysis").json()
        while doc["status"] == "running" and time.monotonic() < deadline:
            time.sleep(0.05)
            doc = client.get(f"/api/matches/{match_id}/analysis").json()
        assert doc["status"] == "done", f"the analysis was still {doc['status']!r} after 600 s"
        assert doc["done"] == total
        decisions = doc["analysis"]["decisions"]
        assert len(decisions) == total
        assert {"seat", "played", "best", "loss"} <= set(decisions[0])
        again = client.post(f"/api/matches/{match_id}/analysis").json()
        assert again["status"] == "done"


def test_a_delta_resends_the_choices_a_resolved_step_unseals(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human", "human"])
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        _next(ws, "update")
        assert act(client, match_id, tokens[0], "a1", state_id=0).status_code == 200
        first = _next(ws, "delta")
        assert first["log_from"] == 0 and first["log"] == [
            {"index": 0, "seat": 0, "sealed": True, "notation": None, "text": None, "events": []}
        ]
        assert act(client, match_id, tokens[1], "b1", state_id=1).status_code == 200
        second = _next(ws, "delta")
        assert second["log_from"] == 1 and [e["sealed"] for e in second["log"]] == [True]
        assert act(client, match_id, tokens[2], "c1", state_id=2).status_code == 200
        resolved = _next(ws, "delta")
    # the step resolved: every choice of it is shown again, now unsealed
    assert resolved["from"] == 2 and resolved["log_from"] == 0
    assert [(e["index"], e["notation"]) for e in resolved["log"]] == [(0, "a1"), (1, "b1"), (2, "c1")]
