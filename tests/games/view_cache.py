"""The check that a game's views share no kept piece they should not: every view equals the view
of an equal state made of new objects (which no kept piece can match), in playing order and
then shuffled."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any


def assert_views_as_from_new_objects(
    game: Any,
    positions: Sequence[tuple[Any, int | None]],
    fresh: Callable[[Any], Any],
    shown: Callable[[Any], Any] = lambda view: view,
) -> None:
    """`shown` is what is compared of a view (the view itself, or its JSON text to check key order)."""
    expected = [shown(game.view(fresh(state), seat)) for state, seat in positions]
    assert [shown(game.view(state, seat)) for state, seat in positions] == expected
    order = list(range(len(positions)))
    random.Random(0).shuffle(order)
    for i in order:
        state, seat = positions[i]
        assert shown(game.view(state, seat)) == expected[i]
