from __future__ import annotations

from tabuleiro.core.last_legal import LastLegal


def test_the_kept_list_answers_only_for_the_same_state_object_and_seat() -> None:
    kept: LastLegal[list[int], str] = LastLegal()
    state, equal_state = [1], [1]
    assert kept.check(state, 0, "a") is None
    kept.keep(state, 0, ["a", "b"])
    assert kept.check(state, 0, "a") is True
    assert kept.check(state, 0, "c") is False
    assert kept.check(state, 1, "a") is None
    assert kept.check(equal_state, 0, "a") is None  # equal is not the same state


def test_an_equal_action_built_elsewhere_is_found_as_well_as_the_listed_object() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Put:
        square: int

    listed = [Put(1), Put(2), Put(3)]
    kept: LastLegal[object, Put] = LastLegal()
    state = object()
    kept.keep(state, 0, listed)
    assert kept.check(state, 0, listed[2]) is True
    assert kept.check(state, 0, Put(2)) is True
    assert kept.check(state, 0, Put(4)) is False
