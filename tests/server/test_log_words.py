"""The log in words through the API: each entry's move and events in both languages, the
opening's events, seats named by marks, and a sealed choice's words kept from the others."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import act, create, serve, show


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with serve(tmp_path / "matches.sqlite3") as c:
        yield c


def test_avenue_opening_and_a_resolved_card_are_told_in_both_languages(client: TestClient) -> None:
    match_id, tokens = create(client, "avenue", ["human", "human"], seed=4)
    opening = show(client, match_id)["opening"]
    assert [e["kind"] for e in opening] == ["round", "chance", "chance"]
    assert opening[1]["text"]["pt"].startswith("Carta de fazenda revelada: fazenda ")
    first = show(client, match_id, tokens[0])["legal_actions"][0]["notation"]
    assert act(client, match_id, tokens[0], first).status_code == 200
    other = show(client, match_id, tokens[1])
    assert other["log"][0]["text"] is None and other["log"][0]["events"] == []
    second = other["legal_actions"][0]["notation"]
    assert act(client, match_id, tokens[1], second).status_code == 200
    log = show(client, match_id)["log"]
    for entry in log:  # § a road drawn: the segment on the card, not the square's code alone
        assert (
            entry["text"]["pt"].startswith("desenha o trecho ") and entry["notation"] in entry["text"]["pt"]
        )
        assert entry["text"]["en"].startswith("draws segment ")
    kinds = [e["kind"] for e in log[-1]["events"]]
    assert kinds and set(kinds) <= {"chance", "round", "score"} and "chance" in kinds


def test_events_name_seats_by_marks_and_the_end_is_summarised(client: TestClient) -> None:
    match_id, _ = create(client, "dogs", ["bot:random", "bot:greedy"], seed=2)
    doc = show(client, match_id)
    assert doc["outcome"] is not None
    events = [e for entry in doc["log"] for e in entry["events"]]
    end = [e for e in events if e["kind"] == "end"]
    assert len(end) == 1 and "[[seat:0]]" in end[0]["text"]["pt"] and "[[seat:1]]" in end[0]["text"]["en"]
    assert {e["kind"] for e in doc["opening"]} == {"chance"}
