"""The registry of games: every tool reaches a game through it, by id."""

from __future__ import annotations

import importlib
from typing import Any

from tabuleiro.core.errors import SetupError
from tabuleiro.core.protocol import Game, JsonDict

_GAMES: dict[str, Game[Any, Any, Any]] = {}
_BUILTIN_PACKAGE = "tabuleiro.games"


def register(game: Game[Any, Any, Any]) -> None:
    """Add a game (called when its package is imported)."""
    existing = _GAMES.get(game.info.id)
    if existing is not None and existing is not game:
        raise ValueError(f"game id {game.info.id!r} is already registered")
    _GAMES[game.info.id] = game


def _load_builtin() -> None:
    # The built-in games register themselves on import; loading by name keeps core free of
    # any import of a game.
    importlib.import_module(_BUILTIN_PACKAGE)


def all_games() -> list[Game[Any, Any, Any]]:
    """Every registered game, by id."""
    _load_builtin()
    return [_GAMES[k] for k in sorted(_GAMES)]


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The game registered as `game_id`.

    Raises:
        SetupError: code ``unknown_game``, listing the known ids.
    """
    _load_builtin()
    game = _GAMES.get(game_id)
    if game is None:
        known = ", ".join(sorted(_GAMES))
        raise SetupError(
            f"unknown game {game_id!r}; known games: {known}",
            f"jogo desconhecido {game_id!r}; jogos conhecidos: {known}",
            code="unknown_game",
        )
    return game


def catalogue() -> list[JsonDict]:
    """Every game as the CLI (``tabuleiro games --json``) and the server list it."""
    return [
        {
            "id": game.info.id,
            "name": {"pt": game.info.name_pt, "en": game.info.name_en},
            "min_players": game.info.min_players,
            "max_players": game.info.max_players,
            "rules_version": game.info.rules_version,
            "score": {
                "unit": {"pt": game.info.score_unit_pt, "en": game.info.score_unit_en},
                "lower_wins": game.info.lower_wins,
            },
            "options": {spec.name: spec.to_json() for spec in game.options_type.specs()},
        }
        for game in all_games()
    ]
