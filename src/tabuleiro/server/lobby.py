"""What the lobby asks besides the catalogue and the previews (`tabuleiro.server.preview`):
options checked live, and the summaries of the matches a device holds seats in.

- ``POST /api/games/{game}/check`` — whether players and options may be created together,
  and which other option values the rulebook would refuse with them (with its reason), so
  the lobby disables them before "Create" instead of refusing after it.
- ``GET /api/matches/summaries?ids=A,B`` — for each match a device holds a seat in: who sits
  where (names from the claimed seats), whose turn it is, when it last moved. At most
  `MAX_IDS` ids; an unknown one answers ``missing``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse, Response

from tabuleiro.core import Game, JsonDict, TabuleiroError, get_game
from tabuleiro.core.options import OptionValue
from tabuleiro.server.errors import ApiError
from tabuleiro.server.live import Hub, dumps
from tabuleiro.server.models import MatchLine, OptionsCheck, OptionsChecked

MAX_IDS = 50
"""Most matches one summaries request may name (a device rarely holds more seats)."""
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _refusal(exc: TabuleiroError) -> JsonDict:
    return {"code": exc.code, "message": {"pt": exc.pt, "en": exc.en}}


def _refused(
    game: Game[Any, Any, Any], players: int, options: dict[str, OptionValue]
) -> TabuleiroError | None:
    """The engine's refusal of `options` for `players` (None when it accepts them)."""
    try:
        game.check_setup(players, game.make_options(options))
    except TabuleiroError as exc:
        return exc
    return None


def check_options(game: Game[Any, Any, Any], players: int, options: dict[str, OptionValue]) -> JsonDict:
    """Whether `game` may be set up for `players` with `options`, and every other value of
    each option that the rules would refuse together with the rest of `options`.

    Raises:
        ApiError: ``bad_player_count``, ``unknown_option`` or ``bad_option`` (values that no
            combination allows: the request itself is wrong, not the combination).
    """
    info = game.info
    if not info.min_players <= players <= info.max_players:
        raise ApiError(
            "bad_player_count",
            f"{info.id} is played by {info.min_players} to {info.max_players} players, not {players}",
            f"{info.name_pt} é jogado por {info.min_players} a {info.max_players} jogadores, não {players}",
        )
    try:
        chosen = game.make_options(options).to_json()
    except TabuleiroError as exc:
        raise ApiError.from_engine(exc) from None
    refusal = _refused(game, players, chosen)
    blocked: dict[str, dict[str, JsonDict]] = {}
    for spec in game.options_type.specs():
        values: list[OptionValue] = (
            [False, True]
            if spec.kind == "bool"
            else list(spec.choices)
            if spec.kind == "choice"
            else list(range(spec.minimum or 0, (spec.maximum or 0) + 1))
        )
        for value in values:
            if value == chosen[spec.name]:
                continue
            refused = _refused(game, players, {**chosen, spec.name: value})
            if refused is not None:
                key = str(value).lower() if isinstance(value, bool) else str(value)
                blocked.setdefault(spec.name, {})[key] = _refusal(refused)
    return {
        "ok": refusal is None,
        "refusal": None if refusal is None else _refusal(refusal),
        "blocked": blocked,
    }


def parse_ids(raw: str) -> list[str]:
    """Match ids from ``A,B,C`` (duplicates dropped, order kept).

    Raises:
        ApiError: ``invalid_body``: none, more than `MAX_IDS`, or one that is not an id.
    """
    ids = list(dict.fromkeys(part.strip() for part in raw.split(",") if part.strip()))
    if not ids or len(ids) > MAX_IDS or not all(MATCH_ID.fullmatch(i) for i in ids):
        raise ApiError(
            "invalid_body",
            f"ids: 1 to {MAX_IDS} match ids separated by commas",
            f"ids: de 1 a {MAX_IDS} ids de partida separados por vírgulas",
        )
    return ids


def add_lobby_routes(app: FastAPI, hub: Hub, errors: Any) -> None:
    """Register the lobby's endpoints on `app` (before ``/api/matches/{match_id}``, whose
    pattern would take ``summaries`` as an id)."""

    def game_of(game_id: str) -> Game[Any, Any, Any]:
        try:
            return get_game(game_id)
        except TabuleiroError as exc:
            raise ApiError.from_engine(exc) from None

    @app.post(
        "/api/games/{game_id}/check",
        response_model=OptionsChecked,
        tags=["games"],
        responses=errors("invalid_body", "unknown_game", "bad_player_count", "unknown_option", "bad_option"),
    )
    async def check(game_id: str, body: OptionsCheck) -> JSONResponse:
        """Check players and options before creating a match: ``ok``, the rulebook's
        ``refusal`` when not, and per option the values it would refuse with the rest."""
        return JSONResponse(check_options(game_of(game_id), body.players, dict(body.options)))

    @app.get(
        "/api/matches/summaries",
        response_model=list[MatchLine],
        tags=["matches"],
        responses=errors("invalid_body"),
    )
    async def summaries(ids: Annotated[str, Query(max_length=MAX_IDS * 33)]) -> Response:
        """The matches a device holds seats in: names, whose turn, last move (``missing``
        for an id that is not a match)."""
        return Response(dumps(await hub.summaries(parse_ids(ids))), media_type="application/json")
