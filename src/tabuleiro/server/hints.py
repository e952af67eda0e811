"""Search hints for the seats of a match created with hints on.

``POST /api/matches/{id}/hint`` with a seat's token answers the search's suggestion for that
seat now (`tabuleiro.bots.analysis.hint`: the move, its text in both languages and its
estimated value), computed from the seat's view and states consistent with it only, so a hint
never leaks what the seat cannot know. Every player of such a match sees that hints are on
(``"hints"`` in each update); only the asking seat sees its hint. The search runs on a worker
thread of its own so the event loop keeps serving, and a hint is kept per state and seat, so
asking again answers at once.
"""

from __future__ import annotations

import asyncio
import hashlib
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request
from fastapi.responses import JSONResponse

from tabuleiro.bots import BotSpec, bot_spec
from tabuleiro.bots.analysis import hint
from tabuleiro.core import Game, JsonDict, TabuleiroError
from tabuleiro.server.errors import ApiError

Auth = Annotated[str | None, Header(include_in_schema=False)]

KEPT = 256
"""Hints kept (per match, state and seat) before the oldest are forgotten."""


def hint_spec(game: Game[Any, Any, Any], text: str | None) -> str | None:
    """The canonical search spec of a new match's hints (None: no hints).

    Raises:
        ApiError: ``unknown_bot``/``bad_bot_spec`` for a spec the game does not take,
            ``bad_bot_spec`` for a bot that does not search.
    """
    if text is None:
        return None
    try:
        spec = bot_spec(game, text)
    except TabuleiroError as exc:
        raise ApiError.from_engine(exc) from None
    if spec.name != "mcts":
        raise ApiError(
            "bad_bot_spec",
            f"hints need a search bot (mcts, mcts:iterations=N), not {spec.text[:64]}",
            f"as sugestões precisam de um bot de busca (mcts, mcts:iterations=N), não {spec.text[:64]}",
        )
    return spec.text


def _search_seed(match_id: str, state_id: int, seat: int) -> int:
    """The search's seed for one hint: fixed per match, state and seat (so asking twice gives
    the same move), and unrelated to the match's secret seed."""
    digest = hashlib.sha256(f"hint:{match_id}:{state_id}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def add_hint_routes(app: FastAPI, hub: Any, errors: Any, security: Any, seat: Any, throttle: Any) -> None:
    """Register the hint endpoint on `app`: matches come from `hub`, `seat(match, authorization)`
    is the token's seat (or raises ``token_required``), `throttle(request)` applies the
    action rate limit."""
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hints")
    kept: dict[tuple[str, int, int], JsonDict] = {}

    @app.post(
        "/api/matches/{match_id}/hint",
        tags=["hints"],
        dependencies=[security],
        responses=errors(
            "match_not_found",
            "token_required",
            "bad_token",
            "hints_off",
            "not_your_turn",
            "game_over",
            "rate_limited",
        ),
    )
    async def ask(match_id: str, request: Request, authorization: Auth = None) -> JSONResponse:
        """The search's suggested move for the token's seat, now: ``{"action", "notation",
        "text": {"pt", "en"}, "value", "win", "margin", "state_id"}`` (``action`` as in the
        update's legal actions, ``value`` from 0 to 1)."""
        throttle(request)
        match = await hub.get(match_id)
        asker: int = await seat(match, authorization)
        spec_text: str | None = match.stored.hints
        if spec_text is None:
            raise ApiError(
                "hints_off",
                "this match was created without hints",
                "esta partida foi criada sem sugestões",
            )
        game, state, state_id = match.game, match.state, match.state_id
        if game.is_terminal(state):
            raise ApiError("game_over", "the match is over", "a partida terminou")
        if match.waiting or asker not in game.to_act(state) or game.has_committed(state, asker):
            raise ApiError(
                "not_your_turn",
                "a hint is for a seat that has a move to make now",
                "a sugestão é para um assento que tem uma jogada a fazer agora",
            )
        key = (match_id, state_id, asker)
        found = kept.get(key)
        if found is None:
            spec: BotSpec = bot_spec(game, spec_text)
            seed = _search_seed(match_id, state_id, asker)
            loop = asyncio.get_running_loop()
            found = await loop.run_in_executor(
                worker, hint, game, state, asker, len(match.actions), spec, seed
            )
            notation = found.pop("action")
            found = {
                "action": game.action_to_json(game.parse_action(notation)),
                "notation": notation,
                **found,
            }
            if len(kept) >= KEPT:
                kept.pop(next(iter(kept)))
            kept[key] = found
        return JSONResponse({**found, "state_id": state_id})
