"""Match records: JSON round trips, exact replay, and errors that name the bad entry."""

import json

import pytest

from tabuleiro.core import MatchRecord, RecordError, get_game, replay
from tabuleiro.play import Session


@pytest.fixture(scope="module")
def finished() -> MatchRecord:
    session = Session(get_game("avenue"), 2, 11, {"map": "B"}, ["greedy", "random"])
    session.run_bots()
    return session.record


def test_record_round_trips_and_replays_exactly(finished: MatchRecord) -> None:
    assert finished.outcome is not None
    assert finished.options == {"map": "B", "tiebreak_castles": True}
    assert finished.seats == ("bot:greedy", "bot:random")
    for text in (finished.dumps(), json.dumps(finished.to_json())):
        assert MatchRecord.loads(text) == finished
    result = replay(MatchRecord.loads(finished.dumps()))
    assert result.decisions == finished.state_id
    assert result.game.outcome(result.state).to_json() == finished.outcome


def test_dumps_puts_one_action_per_line(finished: MatchRecord) -> None:
    lines = finished.dumps().splitlines()
    assert len(lines) == finished.state_id + 2
    assert lines[1].strip().rstrip(",") == json.dumps(list(finished.actions[0]))


def test_truncated_record_names_the_first_incomplete_entry(finished: MatchRecord) -> None:
    text = finished.dumps()
    cut = text[: text.index(json.dumps(list(finished.actions[5]))) + 4]
    with pytest.raises(RecordError) as info:
        MatchRecord.loads(cut)
    assert "actions[5]" in str(info.value)
    assert "5 complete entries" in str(info.value)


def test_corrupt_entry_is_named(finished: MatchRecord) -> None:
    data = finished.to_json()
    data["actions"][3] = ["zero", "a1"]
    with pytest.raises(RecordError, match=r"actions\[3\]"):
        MatchRecord.from_json(data)


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("seed", "x", "'seed'"),
        ("seats", ["human"], "'seats'"),
        ("game", None, "'game'"),
        ("seed", -1, "'seed'"),
    ],
)
def test_bad_fields_are_named(finished: MatchRecord, field: str, value: object, fragment: str) -> None:
    data = finished.to_json()
    data[field] = value
    with pytest.raises(RecordError) as info:
        MatchRecord.from_json(data)
    assert fragment in str(info.value)


def test_illegal_action_in_record_names_the_entry(finished: MatchRecord) -> None:
    broken = MatchRecord(
        finished.game,
        finished.rules_version,
        finished.players,
        finished.seed,
        finished.options,
        finished.seats,
        ((0, "a1"), (1, "a1"), (0, "a1")),
        None,
    )
    with pytest.raises(RecordError) as info:
        replay(broken)
    assert str(info.value).startswith('actions[2] [0, "a1"]')
    assert "already has a road" in str(info.value)


def test_unparsable_action_and_unknown_game(finished: MatchRecord) -> None:
    bad = MatchRecord.from_json({**finished.to_json(), "actions": [[0, "z9"]], "outcome": None})
    with pytest.raises(RecordError, match=r"actions\[0\].*not an Avenue move"):
        replay(bad)
    with pytest.raises(RecordError, match="unknown game"):
        replay(MatchRecord.from_json({**finished.to_json(), "game": "chess"}))


def test_other_rules_version_and_changed_outcome_are_refused(finished: MatchRecord) -> None:
    with pytest.raises(RecordError) as info:
        replay(MatchRecord.from_json({**finished.to_json(), "rules_version": "0"}))
    assert info.value.code == "rules_version"
    outcome = dict(finished.outcome or {})
    outcome["scores"] = [s + 1 for s in outcome["scores"]]
    with pytest.raises(RecordError) as info:
        replay(MatchRecord.from_json({**finished.to_json(), "outcome": outcome}))
    assert info.value.code == "outcome_mismatch"


def test_a_record_cut_short_names_where_it_ends(finished: MatchRecord) -> None:
    doc = finished.to_json()
    cut = MatchRecord.from_json({**doc, "actions": doc["actions"][:5]})
    with pytest.raises(RecordError, match=r"ends after actions\[4\] and the game is not over"):
        replay(cut)
