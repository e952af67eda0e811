"""DOGS bots that act on a seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from tabuleiro.core import JsonDict, RngStream
from tabuleiro.games.dogs.actions import DogsAction


class GreedyBot:
    """Placeholder: a random legal action."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)

    def act(self, view: JsonDict, legal: Sequence[DogsAction]) -> DogsAction:
        return self.rng.choice(legal)
