"""Fixed-shape numeric forms of a game for learning agents (``tabuleiro.rl`` builds on them).

A game that supports learning returns an `Encoding` from `Game.encoding()`. The observation
is built from one seat's view alone, so it cannot hold anything the view does not (the leak
audit of the views covers it; the RL tests audit it again). Actions live in a fixed discrete
space: every action a seat could ever take has one index, and a seat's legal actions map to
distinct indices, which gives the action mask.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tabuleiro.core.protocol import JsonDict

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Slice:
    """One named stretch ``[start, stop)`` of the observation, with its bounds and meaning."""

    name: str
    start: int
    stop: int
    low: float
    high: float
    doc: str


class Layout:
    """Builds the observation's slices in order; `size` is where the next one starts."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(self, name: str, length: int, low: float, high: float, doc: str) -> None:
        self.slices.append(Slice(name, self.size, self.size + length, low, high, doc))
        self.size += length


class Encoding(ABC, Generic[A]):
    """A game's observation layout and action indices for given players and options."""

    score_bound: float = 1000.0
    """A bound on the absolute value of any final score (OpenSpiel's utility bounds)."""

    @abstractmethod
    def layout(self, players: int, options: Any) -> Sequence[Slice]:
        """The observation's slices, contiguous from 0, in order."""

    @abstractmethod
    def observe(self, view: JsonDict, players: int, options: Any) -> Sequence[float]:
        """The flat observation of the view's seat (as long as the layout): a list, or a
        float32 ``array`` where most numbers are zeros (numpy takes it without converting)."""

    @abstractmethod
    def action_count(self, players: int, options: Any) -> int:
        """The size of the discrete action space."""

    @abstractmethod
    def action_index(self, action: A, view: JsonDict) -> int:
        """The index of `action`, a legal action of the view's seat."""

    def legal_indices(self, view: JsonDict, legal: Sequence[A]) -> dict[int, A]:
        """The seat's legal actions by index: each of `legal` at its own index.

        A game whose `legal_actions` list only samples a continuous space (Sonora's flicks)
        adds the rest of its discretisation here.

        Raises:
            AssertionError: two legal actions share an index (a bug in the encoding).
        """
        out = {self.action_index(a, view): a for a in legal}
        assert len(out) == len(legal), "two legal actions share an index"
        return out

    def progress_scores(self, view: JsonDict, players: int) -> Sequence[float] | None:
        """Each seat's standing as the view shows it now (seat order): its score so far plus
        the points in the making the table shows (the game says which), or None where the view
        shows no running score. Learning environments may shape rewards with it; the final
        score always comes from `Game.outcome`."""
        return None

    def size(self, players: int, options: Any) -> int:
        """The observation's length."""
        slices = self.layout(players, options)
        return slices[-1].stop if slices else 0
