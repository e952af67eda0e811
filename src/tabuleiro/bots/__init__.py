"""Bots over the game protocol: generic ones and each game's own, found by name.

A bot is built for one seat with a seed and sees only that seat's view and legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabuleiro.core import Bot, BotFactory, Game, JsonDict, RngStream, SetupError


class RandomBot:
    """Uniformly random over the legal actions."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)

    def act(self, view: JsonDict, legal: Sequence[Any]) -> Any:
        """Any legal action, uniformly."""
        return self.rng.choice(legal)


GENERIC: dict[str, BotFactory] = {"random": RandomBot}


def bot_factories(game: Game[Any, Any, Any]) -> dict[str, BotFactory]:
    """Every bot that can play `game`, by name: the generic ones, then the game's own."""
    return {**GENERIC, **game.bots()}


def make_bot(game: Game[Any, Any, Any], name: str, seat: int, seed: int) -> Bot[Any]:
    """The bot `name` for `seat` of a match of `game`.

    Raises:
        SetupError: code ``unknown_bot``, listing the bots of this game.
    """
    factories = bot_factories(game)
    factory = factories.get(name)
    if factory is None:
        known = ", ".join(factories)
        raise SetupError(
            f"unknown bot {name!r} for {game.info.id}; bots: {known}",
            f"robô desconhecido {name!r} para {game.info.name_pt}; robôs: {known}",
            code="unknown_bot",
        )
    return factory(seat, seed)
