"""The conformance harness finds the broken promises it checks cheaply: a view that changes
between two calls, a view that is not JSON-safe."""

from typing import Any

import pytest

from tabuleiro.core import get_game
from tabuleiro.testing import check_game

AVENUE = type(get_game("avenue"))


class DriftingView(AVENUE):  # type: ignore[misc,valid-type]
    """Avenue whose seats' views count their own calls: never the same twice."""

    calls = 0

    def view(self, state: Any, seat: int | None) -> Any:
        if seat is None:
            return super().view(state, seat)
        DriftingView.calls += 1
        return {**super().view(state, seat), "calls": DriftingView.calls}


class TupleView(AVENUE):  # type: ignore[misc,valid-type]
    """Avenue whose view holds a tuple, which JSON turns into a list."""

    def view(self, state: Any, seat: int | None) -> Any:
        return {**super().view(state, seat), "pair": (1, 2)}


def test_a_view_that_changes_between_calls_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"view\(0\) is not deterministic"):
        check_game(DriftingView(), 2, range(1))


def test_a_view_that_is_not_json_safe_is_caught() -> None:
    with pytest.raises(AssertionError, match="not JSON-safe"):
        check_game(TupleView(), 2, range(1))
