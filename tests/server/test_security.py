"""Online play that strangers can trust: each test is named after the attack it stops.

Everything goes through the HTTP API and the WebSocket, as an attacker would. Durations
(grace periods, turn clocks) are set per match to fractions of a second.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabuleiro.cli.app import main
from tabuleiro.server import clocks
from tabuleiro.server.limits import Limits

from .helpers import auth, serve, show


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with serve(tmp_path / "m.sqlite3") as c:
        yield c


class FakeClock:
    """The server's monotonic clock, moved by hand: grace periods and turn clocks are tested
    in minutes of match time without waiting, and without depending on the machine's speed."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(clocks, "now", fake)
    return fake


def _create(client: TestClient, seats: list[str], game: str = "metro", **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, **extra}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _claim(client: TestClient, match_id: str, seat: int, code: str, **extra: Any) -> Any:
    return client.post(f"/api/matches/{match_id}/seats/{seat}/claim", json={"code": code, **extra})


def _invited_match(client: TestClient, **extra: Any) -> tuple[str, str, str]:
    """Metro for two: seat 0 the creator's, seat 1 claimed by an invited player. Returns the
    id, the creator's token and the invited player's token."""
    created = _create(client, ["local", "human"], **extra)
    claimed = _claim(client, created["id"], 1, created["seats"][1]["invite"], name="Bia")
    assert claimed.status_code == 200, claimed.text
    return created["id"], created["seats"][0]["token"], claimed.json()["token"]


def _play(client: TestClient, match_id: str, token: str) -> Any:
    update = show(client, match_id, token)
    body = {"state_id": update["state_id"], "action": update["legal_actions"][0]["action"]}
    return client.post(f"/api/matches/{match_id}/actions", headers=auth(token), json=body)


def _tamper(db: Path, sql: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql)


# -- 1. seats belong to the people who take them ------------------------------------------------


def test_the_creator_gets_no_token_for_an_invited_seat(client: TestClient) -> None:
    created = _create(client, ["local", "human", "human"])
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["local", "human", "human"]
    assert isinstance(seats[0]["token"], str)
    assert all("token" not in s and len(s["invite"]) >= 20 for s in seats[1:])
    # the invite code is no token: it reads nothing and moves nothing
    code = seats[1]["invite"]
    response = client.get(f"/api/matches/{created['id']}", headers=auth(code))
    assert (response.status_code, response.json()["code"]) == (401, "bad_token")


def test_a_claimed_seat_is_its_claimers_and_the_invite_cannot_be_reused(client: TestClient) -> None:
    created = _create(client, ["local", "human"])
    match_id, code = created["id"], created["seats"][1]["invite"]
    first = _claim(client, match_id, 1, code, name="Bia")
    assert first.status_code == 200 and first.json()["name"] == "Bia"
    token = first.json()["token"]
    assert token not in json.dumps(created)
    mine = show(client, match_id, token)
    assert mine["seat"] == 1 and "private" in mine["view"]
    assert mine["seats"][1]["name"] == "Bia" and mine["seats"][1]["claimed"]
    assert _play(client, match_id, created["seats"][0]["token"]).status_code == 200
    assert _play(client, match_id, token).status_code == 200  # the claimed token acts for seat 1
    again = _claim(client, match_id, 1, code, name="Mallory")
    assert (again.status_code, again.json()["code"]) == (409, "seat_claimed")
    assert show(client, match_id, token)["seats"][1]["name"] == "Bia"


def test_guessing_an_invite_code_is_refused(client: TestClient) -> None:
    created = _create(client, ["local", "human"])
    wrong = _claim(client, created["id"], 1, "0" * 22)
    assert (wrong.status_code, wrong.json()["code"]) == (403, "bad_invite")
    other_seat = _claim(client, created["id"], 0, created["seats"][1]["invite"])
    assert other_seat.json()["code"] == "bad_invite"  # a code opens only its own seat
    assert _claim(client, created["id"], 1, created["seats"][1]["invite"]).status_code == 200


def test_a_display_name_cannot_smuggle_control_characters_or_length(client: TestClient) -> None:
    created = _create(client, ["local", "human"])
    code = created["seats"][1]["invite"]
    for bad in ("a" * 25, "Bia\u202e", "x\x07y"):
        response = _claim(client, created["id"], 1, code, name=bad)
        assert (response.status_code, response.json()["code"]) == (422, "bad_name")
    markup = "<img src=x onerror=alert(1)>"[:24]
    assert _claim(client, created["id"], 1, code, name=markup).json()["name"] == markup  # kept as text


def test_a_player_cannot_rename_another_seat(client: TestClient) -> None:
    match_id, token, theirs = _invited_match(client)
    refused = client.post(
        f"/api/matches/{match_id}/seats/0/name", headers=auth(theirs), json={"name": "Loser"}
    )
    assert (refused.status_code, refused.json()["code"]) == (403, "not_your_seat")
    own = client.post(f"/api/matches/{match_id}/seats/0/name", headers=auth(token), json={"name": "Ana"})
    assert own.status_code == 200 and own.json()["seats"][0]["name"] == "Ana"
    assert show(client, match_id, theirs)["seats"][0]["name"] == "Ana"


# -- 2. a shuffle nobody can rig, and everyone can check ------------------------------------------


def test_the_creator_cannot_choose_the_seed_against_remote_players(client: TestClient) -> None:
    body = {"game": "metro", "players": 3, "seats": ["local", "human", "human"], "seed": 7}
    response = client.post("/api/matches", json=body)
    assert (response.status_code, response.json()["code"]) == (403, "seed_refused")
    practice = client.post("/api/matches", json={**body, "seats": ["local", "local", "bot:random"]})
    assert practice.status_code == 201


def test_the_seed_stays_hidden_until_the_end_but_is_committed_from_the_start(client: TestClient) -> None:
    match_id, token, theirs = _invited_match(client)
    commitment = show(client, match_id, token)["seed_commitment"]
    assert len(commitment) == 64
    assert show(client, match_id)["seed_commitment"] == show(client, match_id, theirs)["seed_commitment"]
    listed = {m["id"]: m for m in client.get("/api/matches").json()}
    assert listed[match_id]["seed_commitment"] == commitment
    record = client.get(f"/api/matches/{match_id}/record", headers=auth(token)).json()
    assert record["seed"] is None and record["seed_salt"] is None
    assert record["seed_commitment"] == commitment


def _finished_record(client: TestClient) -> dict[str, Any]:
    """A solo Avenue match on a server-drawn seed, played to its end; its record."""
    created = _create(client, ["local"], game="avenue")
    match_id, token = created["id"], created["seats"][0]["token"]
    update = show(client, match_id, token)
    while update["outcome"] is None:
        body = {"state_id": update["state_id"], "action": update["legal_actions"][-1]["action"]}
        update = client.post(f"/api/matches/{match_id}/actions", headers=auth(token), json=body).json()
    record = dict(client.get(f"/api/matches/{match_id}/record").json())
    assert record["seed_commitment"] == created["seed_commitment"]
    return record


def _verify(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(["verify", str(path)])
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_a_swapped_seed_or_action_fails_verification(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _finished_record(client)
    seed, salt = record["seed"], record["seed_salt"]
    encoded = f"tabuleiro.seed/1:{seed}:{salt}".encode("ascii")
    assert hashlib.sha256(encoded).hexdigest() == record["seed_commitment"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = _verify(capsys, path)
    assert code == 0 and out.startswith("verified: avenue") and "recorded outcome" in out
    assert f"fingerprint {record['record_digest'][:16]}" in out

    path.write_text(json.dumps({**record, "seed": (seed + 1) % 1000}), encoding="utf-8")
    code, _, err = _verify(capsys, path)
    assert code == 2 and "do not match seed_commitment" in err and len(err.strip().splitlines()) == 1

    seat, first = record["actions"][0]
    illegal = {**record, "actions": [[seat, "zz9"], *record["actions"][1:]]}
    path.write_text(json.dumps(illegal), encoding="utf-8")
    code, _, err = _verify(capsys, path)
    assert code == 2 and "actions[0]" in err
    # another legal history with the same outcome: only the fingerprint tells them apart
    swapped = {**record, "actions": [[seat, "peek" if first != "peek" else "a1"], *record["actions"][1:]]}
    path.write_text(json.dumps(swapped), encoding="utf-8")
    code, _, err = _verify(capsys, path)
    assert code == 2 and "fingerprint" in err

    unfinished = {**record, "seed": None, "seed_salt": None}
    path.write_text(json.dumps(unfinished), encoding="utf-8")
    code, _, err = _verify(capsys, path)
    assert code == 2 and "not over" in err


def _play_out(client: TestClient, match_id: str, tokens: list[str]) -> None:
    """Every seat plays its last legal action until the match is over."""
    update = show(client, match_id)
    while update["outcome"] is None:
        for seat in update["to_act"]:
            mine = show(client, match_id, tokens[seat])
            if mine["legal_actions"]:
                body = {"state_id": mine["state_id"], "action": mine["legal_actions"][-1]["action"]}
                client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[seat]), json=body)
        update = show(client, match_id)


def test_with_mixed_entropy_the_server_alone_cannot_choose_the_deal(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    created = _create(client, ["local", "human"], game="avenue", mix_entropy=True)
    match_id, token = created["id"], created["seats"][0]["token"]
    waiting = show(client, match_id, token)
    assert waiting["waiting"] and waiting["view"] == {} and waiting["legal_actions"] == []
    refused = client.post(
        f"/api/matches/{match_id}/actions", headers=auth(token), json={"state_id": 0, "action": "a1"}
    )
    assert (refused.status_code, refused.json()["code"]) == (409, "waiting_for_players")
    no_entropy = _claim(client, match_id, 1, created["seats"][1]["invite"])
    assert no_entropy.json()["code"] == "invalid_body"
    mine = secrets.token_hex(32)
    theirs = _claim(client, match_id, 1, created["seats"][1]["invite"], entropy=mine).json()["token"]
    started = show(client, match_id, token)
    assert not started["waiting"] and started["legal_actions"] and started["mixed"]
    assert started["seed_commitment"] == created["seed_commitment"]
    _play_out(client, match_id, [token, theirs])
    record = client.get(f"/api/matches/{match_id}/record").json()
    assert record["contributions"] == [mine]  # the invitee finds their own contribution
    server_seed, salt = record["server_seed"], record["seed_salt"]
    committed = hashlib.sha256(f"tabuleiro.seed/1:{server_seed}:{salt}".encode("ascii")).hexdigest()
    assert committed == created["seed_commitment"]
    mixed = hashlib.sha256(f"tabuleiro.seed/1:{server_seed}:{salt}|{mine}".encode("ascii")).digest()
    assert record["seed"] == int.from_bytes(mixed[:8], "big") & (2**53 - 1) != server_seed
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert _verify(capsys, path)[0] == 0
    path.write_text(json.dumps({**record, "contributions": [secrets.token_hex(32)]}), encoding="utf-8")
    code, _, err = _verify(capsys, path)
    assert code == 2 and "contributions" in err


# -- 3. absent players ----------------------------------------------------------------------------


def test_an_opponent_cannot_hand_a_briefly_absent_seat_to_a_bot(
    client: TestClient, fake_clock: FakeClock
) -> None:
    match_id, token, _ = _invited_match(client, grace_seconds=60)
    fake_clock.advance(600)  # seat 1 absent for ten minutes, but without the turn
    assert _play(client, match_id, token).status_code == 200  # now seat 1 has the turn
    fake_clock.advance(59)
    early = client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(token))
    assert (early.status_code, early.json()["code"]) == (409, "grace_period")
    fake_clock.advance(1)
    late = client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(token))
    assert late.status_code == 200 and late.json()["seats"][1]["stand_in"]


def test_a_player_who_only_polls_the_rest_api_counts_as_present(
    client: TestClient, fake_clock: FakeClock
) -> None:
    match_id, token, theirs = _invited_match(client, grace_seconds=60)
    assert _play(client, match_id, token).status_code == 200
    for _ in range(5):
        fake_clock.advance(40)
        show(client, match_id, theirs)  # polling
        refused = client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(token))
        assert refused.json()["code"] == "grace_period"
    fake_clock.advance(60)  # polling stopped a minute ago
    assert client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(token)).status_code == 200


def test_a_seat_can_always_hand_itself_to_a_bot_and_take_it_back(client: TestClient) -> None:
    match_id, _, theirs = _invited_match(client)
    assert client.post(f"/api/matches/{match_id}/seats/1/bot", headers=auth(theirs)).status_code == 200
    back = client.post(f"/api/matches/{match_id}/seats/1/human", headers=auth(theirs))
    assert back.status_code == 200 and back.json()["seats"][1]["kind"] == "human"


def test_a_stalling_player_meets_the_clock_and_a_bot_takes_over_as_chosen(
    client: TestClient, fake_clock: FakeClock
) -> None:
    created = _create(client, ["local", "human"], clock_seconds=120)
    match_id, token = created["id"], created["seats"][0]["token"]
    theirs = _claim(client, match_id, 1, created["seats"][1]["invite"], on_timeout="bot").json()["token"]
    assert _play(client, match_id, token).status_code == 200
    fake_clock.advance(119)
    assert show(client, match_id, theirs)["seats"][1]["kind"] == "human"
    fake_clock.advance(1)
    after = show(client, match_id, theirs)
    assert after["seats"][1]["kind"] == "bot" and after["seats"][1]["stand_in"]
    assert not after["seats"][1]["forfeited"] and after["to_act"] == [0]  # the bot moved
    back = client.post(f"/api/matches/{match_id}/seats/1/human", headers=auth(theirs))
    assert back.status_code == 200


def test_an_opponent_cannot_choose_what_happens_when_my_clock_runs_out(client: TestClient) -> None:
    match_id, token, theirs = _invited_match(client, clock_seconds=600)
    url = f"/api/matches/{match_id}/seats/1/timeout"
    refused = client.post(url, headers=auth(token), json={"on_timeout": "forfeit"})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_your_seat")
    own = client.post(url, headers=auth(theirs), json={"on_timeout": "forfeit"})
    assert own.status_code == 200 and own.json()["seats"][1]["on_timeout"] == "forfeit"


def test_a_stalling_player_meets_the_clock_and_forfeits_as_chosen(
    client: TestClient, fake_clock: FakeClock
) -> None:
    created = _create(client, ["local", "human"], clock_seconds=3 * 86400)  # correspondence play
    match_id, token = created["id"], created["seats"][0]["token"]
    theirs = _claim(client, match_id, 1, created["seats"][1]["invite"], on_timeout="forfeit").json()["token"]
    assert _play(client, match_id, token).status_code == 200
    fake_clock.advance(2 * 86400)
    assert not show(client, match_id, token)["seats"][1]["forfeited"]
    fake_clock.advance(86400)
    after = show(client, match_id, token)
    assert after["seats"][1]["forfeited"] and after["seats"][1]["kind"] == "bot"
    refused = client.post(f"/api/matches/{match_id}/seats/1/human", headers=auth(theirs))
    assert (refused.status_code, refused.json()["code"]) == (409, "seat_forfeited")


# -- 4. limits --------------------------------------------------------------------------------------


def test_a_megabyte_body_gets_413_before_parsing(client: TestClient) -> None:
    big = b'{"game": "' + b"a" * 1_000_000 + b'"}'
    response = client.post("/api/matches", content=big, headers={"content-type": "application/json"})
    assert (response.status_code, response.json()["code"]) == (413, "body_too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it arrives
        for _ in range(20):
            yield b" " * 100_000

    streamed = client.post("/api/matches", content=chunks(), headers={"content-type": "application/json"})
    assert (streamed.status_code, streamed.json()["code"]) == (413, "body_too_large")


def test_a_huge_field_is_not_echoed_back(client: TestClient) -> None:
    created = _create(client, ["local"], game="avenue")
    junk = "z" * 60_000
    body = {"state_id": 0, "action": junk}
    response = client.post(
        f"/api/matches/{created['id']}/actions", headers=auth(created["seats"][0]["token"]), json=body
    )
    assert response.status_code == 422 and len(response.json()["message"]) <= 300
    keyed = client.post("/api/matches", json={"game": "avenue", "players": 1, "options": {"k" * 30_000: [1]}})
    assert keyed.status_code == 422 and len(keyed.json()["message"]) <= 300
    missing = client.get("/api/" + "q" * 10_000)
    assert missing.status_code == 404 and len(missing.json()["message"]) <= 300


def test_creating_matches_in_bulk_gets_429_with_retry_after(tmp_path: Path) -> None:
    with serve(tmp_path / "m.sqlite3", Limits(create_rate="3/minute")) as client:
        body = {"game": "avenue", "players": 1, "seats": ["local"]}
        assert [client.post("/api/matches", json=body).status_code for _ in range(3)] == [201] * 3
        refused = client.post("/api/matches", json=body)
    assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
    assert 1 <= int(refused.headers["Retry-After"]) <= 60


def test_flooding_actions_gets_429(tmp_path: Path) -> None:
    with serve(tmp_path / "m.sqlite3", Limits(action_rate="3/minute")) as client:
        created = _create(client, ["local"], game="avenue")
        token = created["seats"][0]["token"]
        codes = []
        for _ in range(5):
            body = {"state_id": 0, "action": "zz"}
            codes.append(client.post(f"/api/matches/{created['id']}/actions", headers=auth(token), json=body))
    assert [r.status_code for r in codes] == [422, 422, 422, 429, 429]


def test_a_hundred_bot_match_is_refused_outside_the_cli(client: TestClient) -> None:
    response = client.post("/api/matches", json={"game": "avenue", "players": 100, "seats": []})
    assert (response.status_code, response.json()["code"]) == (422, "bots_only")
    assert client.post("/api/matches", json={"game": "avenue", "players": 4, "seats": []}).status_code == 201


def test_an_oversized_websocket_message_closes_the_socket(client: TestClient) -> None:
    created = _create(client, ["local"], game="avenue")
    with client.websocket_connect(f"/ws/matches/{created['id']}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 70_000}))
        error = ws.receive_json()
        assert error["code"] == "body_too_large" and len(error["message"]) <= 300


def test_opening_many_sockets_on_one_match_is_capped(tmp_path: Path) -> None:
    with serve(tmp_path / "m.sqlite3", Limits(sockets_per_match=2)) as client:
        created = _create(client, ["local"], game="avenue")
        path = f"/ws/matches/{created['id']}"
        with client.websocket_connect(path) as one, client.websocket_connect(path) as two:
            one.receive_json()
            two.receive_json()
            with client.websocket_connect(path) as three:
                assert three.receive_json()["code"] == "rate_limited"


def test_creating_many_matches_cannot_fill_the_memory(tmp_path: Path) -> None:
    with serve(tmp_path / "m.sqlite3", Limits(max_live=2)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        first = _create(client, ["local", "local"])
        token = first["seats"][0]["token"]
        assert _play(client, first["id"], token).status_code == 200
        before = show(client, first["id"], token)
        for _ in range(3):
            _create(client, ["local", "local"])
        assert len(hub.live) <= 2 and first["id"] not in hub.live
        assert show(client, first["id"], token) == before  # reloaded from the store


# -- 5. updates cost what changed -----------------------------------------------------------------


def test_spectators_coming_and_going_do_not_resend_the_log(client: TestClient) -> None:
    created = _create(client, ["local", "local"])
    match_id, token = created["id"], created["seats"][0]["token"]
    for _ in range(6):
        seat_token = created["seats"][show(client, match_id)["to_act"][0]]["token"]
        assert _play(client, match_id, seat_token).status_code == 200
    with client.websocket_connect(f"/ws/matches/{match_id}") as watcher:
        assert len(watcher.receive_json()["log"]) == 6
        with client.websocket_connect(f"/ws/matches/{match_id}") as other:
            other.send_json({"type": "auth", "token": token})
            presence = watcher.receive_json()
            assert presence["type"] == "presence" and "log" not in presence and "view" not in presence
            assert presence["seats"][0]["connected"]
            update = other.receive_json()
            while update["type"] != "update" or update["seat"] != 0:
                update = other.receive_json()
            other.send_json({"type": "action", "state_id": update["state_id"], "action": "draw"})
            delta = watcher.receive_json()
            while delta["type"] != "delta":
                delta = watcher.receive_json()
        assert delta["log_from"] == 6 and [e["index"] for e in delta["log"]] == [6]


# -- 6. the store checks itself ---------------------------------------------------------------------


def test_a_corrupted_row_does_not_take_the_lobby_list_down(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    with serve(db) as client:
        good = _create(client, ["local"], game="avenue")["id"]
        bad = _create(client, ["local"], game="avenue")["id"]
    _tamper(db, f"UPDATE tabuleiro_matches SET control = 'null' WHERE id = '{bad}'")
    with serve(db) as client:
        listed = client.get("/api/matches")
        assert listed.status_code == 200
        assert [m["id"] for m in listed.json()] == [good]
        damaged = client.get(f"/api/matches/{bad}")
    assert (damaged.status_code, damaged.json()["code"]) == (409, "damaged_match")


def test_a_gap_in_action_indices_is_reported_not_replayed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "m.sqlite3"
    with serve(db) as client:
        created = _create(client, ["local", "local"], seed=3)
        match_id = created["id"]
        for _ in range(3):
            seat_token = created["seats"][show(client, match_id)["to_act"][0]]["token"]
            assert _play(client, match_id, seat_token).status_code == 200
    _tamper(db, f"DELETE FROM tabuleiro_actions WHERE match_id = '{match_id}' AND idx = 1")
    with caplog.at_level(logging.ERROR, logger="tabuleiro.server"), serve(db) as client:
        response = client.get(f"/api/matches/{match_id}")
        assert (response.status_code, response.json()["code"]) == (409, "damaged_match")
        assert "index 1 is missing" in response.json()["message"]
        assert client.get("/api/matches").status_code == 200
    assert any(match_id in r.getMessage() for r in caplog.records)
    with sqlite3.connect(db) as conn:  # nothing was replayed or written over the gap
        assert [i for (i,) in conn.execute("SELECT idx FROM tabuleiro_actions ORDER BY idx")] == [0, 2]


# -- 7. headers and transport ---------------------------------------------------------------------


def test_the_page_cannot_be_framed_sniffed_or_leak_its_address(client: TestClient) -> None:
    for path in ("/", "/app.js", "/api/games"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_the_websocket_token_travels_in_a_message_not_the_url(client: TestClient) -> None:
    match_id, token, _ = _invited_match(client)
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        assert ws.receive_json()["seat"] is None
        ws.send_json({"type": "auth", "token": "forged"})
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "auth", "token": token})
        message = ws.receive_json()
        while message["type"] != "update":
            message = ws.receive_json()
        assert message["seat"] == 0 and "private" in message["view"]


def test_serving_on_a_public_address_without_tls_warns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(kw))
    for host in ("0.0.0.0", "127.0.0.1"):
        with pytest.raises(SystemExit):
            main(["serve", "--host", host, "--port", "18765", "--db", str(tmp_path / "m.sqlite3")])
        err = capsys.readouterr().err
        assert ("without TLS" in err) == (host == "0.0.0.0")
    assert ran[0]["ws_max_size"] == Limits().max_frame and ran[0]["ssl_certfile"] is None
