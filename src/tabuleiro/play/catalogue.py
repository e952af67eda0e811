"""The catalogue of games as tools show it: core's entries plus the bots that can sit in."""

from __future__ import annotations

from tabuleiro.bots import ladder
from tabuleiro.core import JsonDict, all_games
from tabuleiro.core import catalogue as core_catalogue


def catalogue() -> list[JsonDict]:
    """Every registered game with its options, bots (in ladder order, see `tabuleiro.bots.ladder`) and
    default bot (``tabuleiro games --json``)."""
    games = {game.info.id: game for game in all_games()}
    return [
        {
            **entry,
            "bots": ladder(games[entry["id"]]),
            "default_bot": games[entry["id"]].default_bot(),
        }
        for entry in core_catalogue()
    ]
