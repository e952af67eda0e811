"""A fresh game's board for the rules pages (and any other picture of a game at its start).

``GET /api/games/{game}/preview`` answers what a spectator sees of a new match with the
default options and a fixed seed: the browser draws it with the game's own renderer, so the
"How to play" page shows the real board instead of a picture file that could drift from it.
The answer never changes for a given rules version, so it is made once per game and count.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query
from fastapi.responses import Response
from pydantic import BaseModel

from tabuleiro.core import TabuleiroError, get_game
from tabuleiro.server.errors import ApiError
from tabuleiro.server.live import dumps

PREVIEW_SEED = 1
"""Every preview deals from this seed, so the picture is the same on every visit."""


class Preview(BaseModel):
    """A new match of a game as a spectator sees it, before anyone has moved."""

    game: str
    players: int
    seed: int
    to_act: list[int]
    view: dict[str, Any]


def default_players(low: int, high: int) -> int:
    """The lobby's default count: two when the game allows it, else the nearest it takes."""
    return max(low, min(2, high))


@lru_cache(maxsize=64)
def preview_text(game_id: str, players: int | None) -> str:
    """The preview of `game_id` for `players` (the default count when None) as JSON text.

    Raises:
        ApiError: ``unknown_game`` or ``bad_player_count``.
    """
    try:
        game = get_game(game_id)
        count = (
            players if players is not None else default_players(game.info.min_players, game.info.max_players)
        )
        state = game.new_state(count, PREVIEW_SEED)
    except TabuleiroError as exc:
        raise ApiError.from_engine(exc) from None
    return dumps(
        {
            "game": game.info.id,
            "players": count,
            "seed": PREVIEW_SEED,
            "to_act": sorted(game.to_act(state)),
            "view": game.view(state, None),
        }
    )


def add_preview_routes(app: FastAPI, errors: Any) -> None:
    """Add ``GET /api/games/{game_id}/preview`` to `app` (`errors`: the app's error documenter)."""

    @app.get(
        "/api/games/{game_id}/preview",
        response_model=Preview,
        tags=["games"],
        responses=errors("unknown_game", "bad_player_count", "invalid_body"),
    )
    async def preview(
        game_id: Annotated[str, Path(max_length=64)],
        players: Annotated[int | None, Query(ge=1, le=64)] = None,
    ) -> Response:
        """A new match of the game as a spectator sees it (default options, a fixed seed)."""
        return Response(preview_text(game_id, players), media_type="application/json")
