"""Fixed-shape numeric forms of a game for learning agents (``tabuleiro.rl`` builds on them).

A game that supports learning returns an `Encoding` from `Game.encoding()`. The observation
is built from one seat's view alone, so it cannot hold anything the view does not (the leak
audit of the views covers it; the RL tests audit it again). Actions live in a fixed discrete
space: every action a seat could ever take has one index, and a seat's legal actions map to
distinct indices, which gives the action mask.

An encoding may also offer optional slices (`Encoding.features`: derived numbers some
learners want and others need not pay for, such as Metro's per-placement features). They are
off unless asked for by name (`Encoding.with_features`); they are a choice of the learner, not
of the rules, so they never enter a game's options or its records.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from tabuleiro.core.errors import OptionError
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

    features: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """The optional slices this encoding can add, by name: what each holds. All are off in
    the encoding `Game.encoding()` returns; `with_features` turns them on."""

    def with_features(self, chosen: Mapping[str, object]) -> Encoding[A]:
        """This game's encoding with exactly the optional slices that `chosen` (feature name
        to True or False) turns on; the rest off.

        Raises:
            OptionError: a name this encoding does not offer (``unknown_option``) or a value
                that is not True or False (``bad_option``).
        """
        offered = ", ".join(self.features) or "none"
        for name, value in chosen.items():
            if name not in self.features:
                raise OptionError(
                    f"unknown encoding feature {name!r}; this encoding's features are: {offered}",
                    f"recurso de codificação desconhecido {name!r}; os desta codificação são: {offered}",
                    code="unknown_option",
                )
            if not isinstance(value, bool):
                raise OptionError(
                    f"encoding feature {name!r} must be True or False, not {value!r}",
                    f"o recurso de codificação {name!r} deve ser True ou False, não {value!r}",
                )
        return self.configured(frozenset(name for name, value in chosen.items() if value))

    def configured(self, on: frozenset[str]) -> Encoding[A]:
        """The encoding with exactly the features `on` (names from `features`, already
        checked). An encoding that offers features overrides this."""
        assert not on, f"{type(self).__name__} offers no features but must turn on {sorted(on)}"
        return self

    @property
    def features_on(self) -> frozenset[str]:
        """The optional slices this encoding's observations hold."""
        return frozenset()

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
