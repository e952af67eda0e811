"""The last legal-action list a game computed, so that checking the move chosen from it does
not compute it again (a random playout or a bot calls `legal_actions`, then `apply`)."""

from __future__ import annotations

from collections.abc import Sequence
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
        if kept_state is state and kept_seat == seat:
            return action in actions
        return None
