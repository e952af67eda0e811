"""The last legal-action list a game computed, so that checking the move chosen from it does
not compute it again (a random playout or a bot calls `legal_actions`, then `apply`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import Generic, TypeVar

S = TypeVar("S")
A = TypeVar("A")


class LastLegal(Generic[S, A]):
    """One (state, seat, actions) entry, replaced whole: safe to read from several threads.

    Keyed on the state's identity; holding the state keeps its identity from being reused.
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple[S | None, int, tuple[A, ...]] = (None, -1, ())

    def keep(self, state: S, seat: int, actions: Sequence[A]) -> None:
        """Remember `actions` as the legal list of `seat` in `state`."""
        self._entry = (state, seat, tuple(actions))

    def check(self, state: S, seat: int, action: A) -> bool | None:
        """Whether `action` is in the kept list for this state and seat; None if not kept."""
        kept_state, kept_seat, actions = self._entry
        if kept_state is not state or kept_seat != seat:
            return None
        # A move chosen from the list is one of its objects: identity answers without calling
        # a dataclass __eq__ (Python code) on every action listed before it. An equal action
        # built elsewhere (parsed from text) still needs the comparison.
        return any(map(is_, actions, repeat(action))) or action in actions
