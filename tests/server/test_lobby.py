"""The lobby's endpoints: options checked live, game previews, the device's own matches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabuleiro.play.catalogue import catalogue

from .helpers import create, play_first_legal, serve


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path / "matches.sqlite3") as c:
        yield c


def test_dependent_options_name_their_expansion_in_the_catalogue() -> None:
    metro = next(g for g in catalogue() if g["id"] == "metro")["options"]
    assert metro["numbers_per_colour"]["requires"] == "station_numbers"
    assert metro["max_swap_streak"]["requires"] == "companies"
    assert "requires" not in metro["companies"]
    for game in catalogue():
        for spec in game["options"].values():
            if "requires" in spec:
                assert game["options"][spec["requires"]]["type"] == "bool"


def test_check_accepts_the_defaults_and_blocks_incompatible_expansions(client: TestClient) -> None:
    fresh = client.post("/api/games/metro/check", json={"players": 2, "options": {}}).json()
    assert fresh["ok"] is True and fresh["refusal"] is None and fresh["blocked"] == {}
    doc = client.post("/api/games/metro/check", json={"players": 2, "options": {"companies": True}}).json()
    assert doc["ok"] is True
    reason = doc["blocked"]["station_numbers"]["true"]
    assert reason["code"] == "incompatible_options"
    assert "Compatível com" in reason["message"]["pt"] and "rulebook" in reason["message"]["en"]
    assert "central_stations" not in doc["blocked"]


def test_check_refuses_a_combination_with_the_rulebooks_reason(client: TestClient) -> None:
    both = {"central_stations": True, "central_tracks": True}
    doc = client.post("/api/games/metro/check", json={"players": 3, "options": both}).json()
    assert doc["ok"] is False and doc["refusal"]["code"] == "incompatible_options"


def test_check_blocks_values_that_do_not_fit_the_player_count(client: TestClient) -> None:
    doc = client.post(
        "/api/games/metro/check", json={"players": 4, "options": {"station_numbers": True}}
    ).json()
    assert doc["ok"] is True
    assert set(doc["blocked"]["numbers_per_colour"]) == {"3", "4"}


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("/api/games/nope/check", {"players": 2}, "unknown_game"),
        ("/api/games/metro/check", {"players": 9}, "bad_player_count"),
        ("/api/games/metro/check", {"players": 2, "options": {"nope": True}}, "unknown_option"),
        ("/api/games/metro/check", {"players": 2, "options": {"hand_size": 9}}, "bad_option"),
        ("/api/games/metro/check", {"players": "2"}, "invalid_body"),
        ("/api/games/metro/check", [1, 2], "invalid_body"),
    ],
)
def test_check_answers_4xx_on_bad_input(client: TestClient, path: str, body: Any, code: str) -> None:
    response = client.post(path, json=body)
    assert 400 <= response.status_code < 500 and response.json()["code"] == code


def test_summaries_say_names_whose_turn_and_last_move(client: TestClient) -> None:
    body = {
        "game": "metro",
        "players": 2,
        "seats": ["local", "bot:random"],
        "names": ["Ana", None],
        "seed": 4,
    }
    created = client.post("/api/matches", json=body).json()
    match_id, token = created["id"], created["seats"][0]["token"]
    other, _ = create(client, "avenue", ["human"])
    before = client.get(f"/api/matches/summaries?ids={match_id},{other},zzz").json()
    assert [d["id"] for d in before] == [match_id, other, "zzz"]
    assert before[2] == {"id": "zzz", "missing": True, "code": "match_not_found"}
    first = before[0]
    assert first["game"] == "metro" and first["to_act"] == [0] and first["last_move"] is None
    assert [s["name"] for s in first["seats"]] == ["Ana", None]
    assert first["seats"][1] == {"seat": 1, "kind": "bot", "bot": "random", "name": None}
    play_first_legal(client, match_id, token)
    after = client.get(f"/api/matches/summaries?ids={match_id}").json()[0]
    assert after["state_id"] >= 2 and after["last_move"] >= first["created"]
    listed = client.get("/api/matches?limit=5").json()
    mine = next(m for m in listed if m["id"] == match_id)
    assert mine["names"] == ["Ana", None] and mine["last_move"] == after["last_move"]


@pytest.mark.parametrize("ids", ["", ",", "a b", "x" * 33, ",".join(f"m{i}" for i in range(51)), "<b>"])
def test_summaries_answer_4xx_on_bad_ids(client: TestClient, ids: str) -> None:
    response = client.get("/api/matches/summaries", params={"ids": ids})
    assert response.status_code == 422 and response.json()["code"] == "invalid_body"


def test_summaries_need_ids(client: TestClient) -> None:
    response = client.get("/api/matches/summaries")
    assert response.status_code == 422 and response.json()["code"] == "invalid_body"
