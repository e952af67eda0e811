"""Taking back moves (`tabuleiro.core.undo`): the window, the record entry and its replay."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabuleiro.core import (
    IllegalActionError,
    InvalidActionError,
    RecordError,
    RngStream,
    all_games,
    get_game,
    new_record,
    replay,
    undo,
)
from tabuleiro.core.undo import UNDO, UndoWindow, effective_actions


def test_no_game_reads_the_undo_entry_as_one_of_its_actions() -> None:
    for game in all_games():
        with pytest.raises(InvalidActionError):
            game.parse_action(UNDO)


def test_effective_actions_drop_each_take_back_and_the_seats_latest_standing_action() -> None:
    log = [(0, "a"), (1, "b"), (0, "c"), (0, UNDO), (0, UNDO), (1, "d"), (0, "e")]
    assert effective_actions(log) == [(1, "b"), (1, "d"), (0, "e")]
    assert effective_actions([(0, UNDO)]) == []


def _avenue_two(players: int = 2) -> tuple[Any, Any]:
    game = get_game("avenue")
    return game, game.new_state(players, 5)


def test_a_sealed_choice_is_taken_back_and_the_state_is_the_one_before_it() -> None:
    game, start = _avenue_two()
    window = UndoWindow(game)
    draw = game.legal_actions(start, 0)[0]
    after = game.apply(start, 0, draw)
    window.push(0, draw, start, after)
    assert window.can_undo(0) and not window.can_undo(1)
    assert window.undo(0) == start
    assert not window.can_undo(0)


def test_a_take_back_plays_the_other_seats_later_sealed_choices_again() -> None:
    game, start = _avenue_two(players=3)
    window = UndoWindow(game)
    mine, theirs = game.legal_actions(start, 0)[0], game.legal_actions(start, 1)[1]
    one = game.apply(start, 0, mine)
    two = game.apply(one, 1, theirs)
    window.push(0, mine, start, one)
    window.push(1, theirs, one, two)
    assert window.undo(0) == game.apply(start, 1, theirs)
    assert window.can_undo(1)


def test_the_choice_that_resolves_a_step_is_a_barrier_for_everyone() -> None:
    game, start = _avenue_two()
    window = UndoWindow(game)
    state = start
    for seat in (0, 1):
        action = game.legal_actions(state, seat)[0]
        after = game.apply(state, seat, action)
        window.push(seat, action, state, after)
        state = after
    assert not window.can_undo(0) and not window.can_undo(1)
    with pytest.raises(IllegalActionError) as caught:
        window.undo(0)
    assert caught.value.code == "undo_not_allowed"


def test_the_strict_default_sees_a_peek_reveal_the_next_farm_card() -> None:
    game, start = _avenue_two()
    peek = game.parse_action("peek")
    after = game.apply(start, 0, peek)
    assert undo.reveals(game, start, 0, peek, after, 0)
    assert not undo.unseen_or_sealed(game, start, 0, peek, after)
    draw = game.legal_actions(start, 0)[0]
    assert not undo.reveals(game, start, 0, draw, game.apply(start, 0, draw), 0)


def test_a_record_with_take_backs_replays_to_the_state_without_them() -> None:
    game, start = _avenue_two()
    record = new_record(game, 2, 5)
    a, b = (game.format_action(x) for x in game.legal_actions(start, 0)[:2])
    c = game.format_action(game.legal_actions(start, 1)[2])
    with_undo = record.with_action(0, a).with_undo(0).with_action(0, b).with_action(1, c)
    plain = record.with_action(0, b).with_action(1, c)
    assert with_undo.moves == plain.actions
    assert replay(with_undo).state == replay(plain).state
    again = type(with_undo).loads(with_undo.dumps())
    assert replay(again).state == replay(plain).state


def test_a_record_with_a_take_back_the_rules_refuse_names_its_entry() -> None:
    game, start = _avenue_two()
    record = new_record(game, 2, 5)
    a = game.format_action(game.legal_actions(start, 0)[0])
    c = game.format_action(game.legal_actions(start, 1)[0])
    bad = record.with_action(0, a).with_action(1, c).with_undo(0)
    with pytest.raises(RecordError, match=r"actions\[2\]") as caught:
        replay(bad)
    assert "undo" in caught.value.en
    with pytest.raises(RecordError, match=r"actions\[0\]"):
        replay(record.with_undo(1))


@pytest.mark.parametrize("game_id", ["avenue", "dogs", "metro", "sonora", "volta_ao_mundo"])
def test_random_play_with_take_backs_replays_exactly_and_never_undoes_chance(game_id: str) -> None:
    game = get_game(game_id)
    players = max(2, game.info.min_players)
    for seed in range(2):
        state = game.new_state(players, seed)
        record = new_record(game, players, seed)
        window = UndoWindow(game)
        rng = RngStream(seed)
        undos = 0
        for _ in range(150):
            if game.is_terminal(state):
                break
            seat = min(game.to_act(state))
            takers = [s for s in range(players) if window.can_undo(s)]
            if takers and rng.below(3) == 0:
                taker = rng.choice(takers)
                state = window.undo(taker)
                record = record.with_undo(taker)
                undos += 1
                continue
            action = rng.choice(game.legal_actions(state, seat))
            after = game.apply(state, seat, action)
            window.push(seat, action, state, after)
            if game.undoable(state, seat, action, after):
                assert game.chance_state(state) == game.chance_state(after)
                assert not game.is_terminal(after)
            record = record.with_action(seat, game.format_action(action))
            state = after
        assert replay(record).state == state
        standing = replace(record, actions=record.moves)
        assert replay(standing).state == state
        if game_id != "metro":
            assert undos > 0 or seed > 0, "the playout never took anything back"


def test_a_long_window_forgets_what_lies_behind_its_latest_barrier() -> None:
    game = get_game("avenue")  # two players: every second commit resolves a step
    state = game.new_state(2, 1)
    window = UndoWindow(game)
    for _ in range(undo.LAZY_STEPS + 1):
        seat = min(game.to_act(state))
        action = game.legal_actions(state, seat)[0]
        after = game.apply(state, seat, action)
        window.push(seat, action, state, after)
        state = after
    assert len(window.steps) <= 1
