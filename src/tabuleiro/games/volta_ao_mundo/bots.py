"""Bots for Volta ao mundo em 80 dias (placeholder)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabuleiro.core import JsonDict, RngStream


class GreedyBot:
    """Placeholder."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)

    def act(self, view: JsonDict, legal: Sequence[Any]) -> Any:
        """Any legal action."""
        return self.rng.choice(legal)
