"""Bots over the game protocol: generic ones and each game's own, found by name.

A bot is built for one seat with a seed and sees only that seat's view and legal actions;
a searching bot (``mcts``) also gets a handle that draws states consistent with that view
(`tabuleiro.bots.information`). Bots are named by a spec (`tabuleiro.bots.spec`):
``random``, the game's own (``greedy``, Sonora's ``aim``), ``mcts`` or ``mcts:seconds=5``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabuleiro.bots.information import InformationHandle, SearchingBot, decide
from tabuleiro.bots.ismcts import MctsBot
from tabuleiro.bots.spec import BotSpec, parse_bot_spec
from tabuleiro.core import Bot, BotFactory, Game, JsonDict, RngStream


class RandomBot:
    """Uniformly random over the legal actions."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)

    def act(self, view: JsonDict, legal: Sequence[Any]) -> Any:
        """Any legal action, uniformly."""
        return self.rng.choice(legal)


GameBotBuilder = Callable[[Game[Any, Any, Any], int, int, Mapping[str, Any]], Bot[Any]]


def _random(game: Game[Any, Any, Any], seat: int, seed: int, params: Mapping[str, Any]) -> Bot[Any]:  # noqa: ARG001
    return RandomBot(seat, seed)


def _mcts(game: Game[Any, Any, Any], seat: int, seed: int, params: Mapping[str, Any]) -> Bot[Any]:
    return MctsBot(game, seat, seed, **params)


GENERIC: dict[str, GameBotBuilder] = {"random": _random, "mcts": _mcts}
"""Bots that play every game, built with the game and their spec's parameters."""

STRONG_MCTS = "mcts:seconds=5"
"""The ladder's top rung: the search with five seconds a decision."""


def bot_factories(game: Game[Any, Any, Any]) -> dict[str, BotFactory]:
    """Every bot that can play `game`, by name, at its default parameters."""

    def bound(builder: GameBotBuilder) -> BotFactory:
        return lambda seat, seed: builder(game, seat, seed, {})

    own = dict(game.bots())
    return {"random": bound(_random), **own, "mcts": bound(_mcts)}


def ladder(game: Game[Any, Any, Any]) -> list[str]:
    """The bots users pick from, in ladder order: random, the game's own bots, ``mcts`` (about
    a second a decision) and ``mcts:seconds=5``. The order is the intended one; the measured
    strengths are in the README (at a second a decision the search is still weaker than the
    greedy bots)."""
    return [*bot_factories(game), STRONG_MCTS]


def bot_spec(game: Game[Any, Any, Any], text: str) -> BotSpec:
    """The spec `text` read for `game` (``bot:`` prefix allowed).

    Raises:
        SetupError: ``unknown_bot`` or ``bad_bot_spec``, in one line.
    """
    return parse_bot_spec(text, bot_factories(game))


def make_bot(game: Game[Any, Any, Any], name: str, seat: int, seed: int) -> Bot[Any]:
    """The bot written as the spec `name` for `seat` of a match of `game`.

    Raises:
        SetupError: code ``unknown_bot`` (listing the bots of this game) or ``bad_bot_spec``.
    """
    spec = bot_spec(game, name)
    builder = GENERIC.get(spec.name)
    if builder is not None:
        return builder(game, seat, seed, spec.kwargs())
    return game.bots()[spec.name](seat, seed)


__all__ = [
    "GENERIC",
    "STRONG_MCTS",
    "BotSpec",
    "InformationHandle",
    "MctsBot",
    "RandomBot",
    "SearchingBot",
    "bot_factories",
    "bot_spec",
    "decide",
    "ladder",
    "make_bot",
]
