"""Metro bots that act on a seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from tabuleiro.core import JsonDict, RngStream
from tabuleiro.games.metro.actions import MetroAction


class GreedyBot:
    """Placeholder: first legal action."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)

    def act(self, view: JsonDict, legal: Sequence[MetroAction]) -> MetroAction:
        return legal[0]
