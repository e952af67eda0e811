"""The record loader at its edges: the smallest and largest seeds round-trip; every malformed
entry, seat list, version or field is refused with `RecordError` naming it (never IndexError,
TypeError or KeyError)."""

import json
from dataclasses import FrozenInstanceError

import pytest

from tabuleiro.core import MAX_SEED, MatchRecord, RecordError, get_game, new_record, replay

GOOD = {
    "format": "tabuleiro.match/1",
    "game": "avenue",
    "rules_version": "2",
    "players": 2,
    "seed": 5,
    "options": {"map": "A"},
    "seats": ["human", "bot:greedy"],
    "actions": [[0, "a1"], [1, "peek"]],
    "outcome": None,
}


def load(**changes: object) -> MatchRecord:
    data = {**GOOD, **changes}
    return MatchRecord.loads(json.dumps(data))


def test_the_good_document_loads() -> None:
    record = load()
    assert record.seed == 5 and record.seats == ("human", "bot:greedy")
    assert record.actions == ((0, "a1"), (1, "peek"))


@pytest.mark.parametrize("seed", [0, 1, MAX_SEED - 1, MAX_SEED])
def test_the_smallest_and_largest_seeds_round_trip(seed: int) -> None:
    record = new_record(get_game("avenue"), 1, seed).with_action(0, "peek")
    assert MatchRecord.loads(record.dumps()) == record
    assert MatchRecord.from_json(record.to_json()) == record
    assert replay(MatchRecord.loads(record.dumps())).decisions == 1


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64])
def test_seeds_outside_0_to_max_are_refused(seed: int) -> None:
    with pytest.raises(RecordError, match="'seed'"):
        load(seed=seed)


@pytest.mark.parametrize(
    "entry",
    [
        [0, "a1", "extra"],
        [0, "a1", 0],
        [0],
        [],
        ["0", "a1"],
        [True, "a1"],
        [0.0, "a1"],
        [None, "a1"],
        [0, 5],
        [0, None],
        [0, ["a1"]],
        "0 a1",
        {"seat": 0, "action": "a1"},
        None,
        7,
    ],
)
def test_malformed_action_entries_are_refused_naming_the_entry(entry: object) -> None:
    with pytest.raises(RecordError, match=r"actions\[1\]: expected \[seat, action-text\]") as info:
        load(actions=[[0, "a1"], entry])
    assert info.value.code == "bad_record"


@pytest.mark.parametrize("actions", ["a1", {"0": "a1"}, None, 3], ids=["text", "object", "null", "number"])
def test_actions_must_be_a_list(actions: object) -> None:
    with pytest.raises(RecordError, match="'actions'"):
        load(actions=actions)


@pytest.mark.parametrize(
    "seats",
    [
        ["human", 3],  # one seat not a string: `all`, not `any`
        [3, "human"],
        ["human", None],
        [["human"], "bot"],
        ["human"],  # too few
        ["a", "b", "c"],  # too many
        [],
    ],
)
def test_seats_must_be_one_string_per_player(seats: object) -> None:
    with pytest.raises(RecordError, match="'seats': expected 2 strings"):
        load(seats=seats)


@pytest.mark.parametrize("seats", ["human,bot", None, {"0": "human"}])
def test_seats_must_be_a_list(seats: object) -> None:
    with pytest.raises(RecordError, match="'seats'"):
        load(seats=seats)


@pytest.mark.parametrize("version", [2, 2.0, None, ["2"], True])
def test_a_rules_version_that_is_not_text_is_refused(version: object) -> None:
    with pytest.raises(RecordError, match="'rules_version': expected str"):
        load(rules_version=version)


def test_another_format_version_is_refused() -> None:
    with pytest.raises(RecordError, match=r"format 'tabuleiro\.match/2'"):
        load(format="tabuleiro.match/2")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", "2"),
        ("players", True),
        ("players", 2.0),
        ("seed", True),
        ("seed", 5.0),
        ("game", 3),
        ("options", ["map", "A"]),
        ("outcome", [1, 2]),
        ("outcome", "won"),
    ],
)
def test_fields_of_the_wrong_type_are_named(field: str, value: object) -> None:
    with pytest.raises(RecordError, match=f"'{field}'"):
        load(**{field: value})


@pytest.mark.parametrize("value", [{"nested": 1}, [1], None, 1.5])
def test_option_values_must_be_booleans_integers_or_text(value: object) -> None:
    with pytest.raises(RecordError, match=r"'options\.map'"):
        load(options={"map": value})


@pytest.mark.parametrize("field", ["game", "rules_version", "players", "seed", "options", "seats", "actions"])
def test_a_missing_field_is_named(field: str) -> None:
    data = {k: v for k, v in GOOD.items() if k != field}
    with pytest.raises(RecordError, match=f"missing field '{field}'"):
        MatchRecord.from_json(data)


@pytest.mark.parametrize("document", [[], "record", 3, None])
def test_a_document_that_is_not_an_object_is_refused(document: object) -> None:
    with pytest.raises(RecordError, match="must be a JSON object"):
        MatchRecord.from_json(document)


# Broken text and replay's refusals ----------------------------------------------------------


def _finished_avenue() -> MatchRecord:
    game = get_game("avenue")
    record = new_record(game, 1, 3)
    state = game.new_state(1, 3, record.options)
    while game.to_act(state):
        action = game.legal_actions(state, 0)[0]
        record = record.with_action(0, game.format_action(action))
        state = game.apply(state, 0, action)
    outcome = game.outcome(state)
    assert outcome is not None
    return MatchRecord.from_json({**record.to_json(), "outcome": outcome.to_json()})


def test_text_broken_before_the_actions_names_line_and_column() -> None:
    text = load().dumps()
    with pytest.raises(RecordError, match=r"^not valid JSON at line 1 column \d+") as info:
        MatchRecord.loads(text[:40])
    assert "action entries" not in str(info.value)


def test_text_broken_after_every_action_entry_counts_them() -> None:
    text = load().dumps()
    broken = text.replace('"outcome": null', '"outcome": nul')
    with pytest.raises(RecordError, match=r"after the 2 action entries"):
        MatchRecord.loads(broken)


def test_text_cut_inside_the_first_entry_names_actions_0() -> None:
    text = load().dumps()
    cut = text[: text.index('[0, "a1"]') + 4]
    with pytest.raises(
        RecordError, match=r"actions\[0\] is cut short or corrupt .*; 0 complete entries precede it"
    ):
        MatchRecord.loads(cut)


def test_compact_text_broken_after_the_entries_counts_them_too() -> None:
    # Records written by other tools need not follow dumps()' layout: the first entry may
    # follow the bracket with no space.
    for actions, count in (([[0, "a1"]], 1), ([[0, "a1"], [1, "peek"], [0, "b2"]], 3)):
        compact = json.dumps(load(actions=actions).to_json(), separators=(",", ":"))
        assert '"actions":[[0,"a1"],' in compact or '"actions":[[0,"a1"]]' in compact
        with pytest.raises(RecordError, match=rf"after the {count} action entries"):
            MatchRecord.loads(compact.replace('"outcome":null', '"outcome":nul'))


def test_text_cut_right_after_an_entry_names_the_next_one() -> None:
    text = load().dumps()
    for end in ('[0, "a1"]', '[0, "a1"],'):
        cut = text[: text.index(end) + len(end)]
        with pytest.raises(
            RecordError, match=r"actions\[1\] is cut short or corrupt .*; 1 complete entries precede it"
        ):
            MatchRecord.loads(cut)


def test_text_broken_at_the_actions_bracket_is_plain_broken_json() -> None:
    # A missing colon before the bracket: the error is not inside the entries.
    text = load().dumps().replace('"actions": [', '"actions" [')
    with pytest.raises(RecordError, match=r"^not valid JSON at line 1 column \d+: Expecting ':' delimiter"):
        MatchRecord.loads(text)


def test_the_dumped_text_has_one_entry_per_line_and_no_trailing_comma() -> None:
    lines = load().dumps().splitlines()
    assert lines[1:3] == ['  [0, "a1"],', '  [1, "peek"]']
    assert lines[3] == '], "outcome": null}'
    empty = load(actions=[]).dumps().splitlines()
    assert len(empty) == 2 and empty[1] == '], "outcome": null}'


def test_state_id_counts_the_accepted_actions() -> None:
    record = load()
    assert record.state_id == 2 and record.with_action(0, "b2").state_id == 3
    assert record.with_action(0, "b2").actions[-1] == (0, "b2")


def test_a_stored_outcome_without_any_action_names_the_setup() -> None:
    record = MatchRecord.from_json({**load(actions=[], players=1, seats=["x"]).to_json(), "outcome": {}})
    with pytest.raises(RecordError, match="ends after its setup and the game is not over") as info:
        replay(record)
    assert info.value.code == "outcome_mismatch"


def test_a_finished_record_replays_and_a_changed_outcome_is_refused_unless_unchecked() -> None:
    record = _finished_avenue()
    assert replay(record).decisions == record.state_id
    changed = {**(record.outcome or {}), "scores": [999]}
    bad = MatchRecord.from_json({**record.to_json(), "outcome": changed})
    with pytest.raises(RecordError, match="differs from the one stored") as info:
        replay(bad)
    assert info.value.code == "outcome_mismatch"
    assert replay(bad, check_outcome=False).decisions == record.state_id


def test_records_and_replays_are_immutable() -> None:
    record = load()
    with pytest.raises(FrozenInstanceError):
        record.seed = 1  # type: ignore[misc]
    result = replay(load(actions=[], players=1, seats=["x"]))
    with pytest.raises(FrozenInstanceError):
        result.decisions = 3  # type: ignore[misc]


def test_a_document_without_a_format_is_read_as_the_current_one() -> None:
    data = {k: v for k, v in GOOD.items() if k != "format"}
    assert MatchRecord.from_json(data) == load()


def test_new_record_keeps_the_given_seats_or_marks_them_unknown() -> None:
    game = get_game("avenue")
    assert new_record(game, 2, 1, seats=("ana", "bot:greedy")).seats == ("ana", "bot:greedy")
    assert new_record(game, 2, 1).seats == ("?", "?")


def test_dumps_keeps_accents_and_sorts_the_outcome() -> None:
    record = MatchRecord.from_json(
        {**GOOD, "seats": ["João", "Inês"], "actions": [[0, "põe ação"]], "outcome": {"b": 1, "a": "ção"}}
    )
    text = record.dumps()
    assert '"seats": ["João", "Inês"]' in text
    assert '\n  [0, "põe ação"]\n' in text
    assert text.endswith('], "outcome": {"a": "ção", "b": 1}}\n')
    assert text.startswith('{"format": "tabuleiro.match/1", "game": "avenue", "options": {"map": "A"}, ')
    assert MatchRecord.loads(text) == record


def test_a_long_bad_entry_is_cut_to_60_characters_in_the_message() -> None:
    entry = [0, "x" * 100, 1]
    with pytest.raises(RecordError) as info:
        load(actions=[entry])
    shown = json.dumps(entry)[:60]
    assert str(info.value).endswith(f"got {shown}")
    assert info.value.message("pt").endswith(f"veio {shown}")


def test_replay_names_a_bad_entry_with_its_accents() -> None:
    record = load(actions=[[0, "peça"]], players=1, seats=["x"])
    with pytest.raises(RecordError, match=r'^actions\[0\] \[0, "peça"\]: '):
        replay(record)
