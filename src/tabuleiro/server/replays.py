"""A match stepped through move by move: the replay viewer's data.

``GET /api/matches/{id}/replay?step=K`` answers the match as a spectator saw it after its
first K accepted actions: the board (the spectator's view of that state), whose turn it was, the
log up to there, the outcome when that state ends the game, and ``steps``, the number of
actions so far. Anyone who may watch the match may step through it, finished or not: every
state shown is one a spectator saw at the time, and the log hides what it hides now (a choice
sealed in a simultaneous step that has not resolved).

States are rebuilt by replaying the accepted actions from the deal (a take-back removes the
action it takes back, as in `tabuleiro.core.undo`); the last state asked for is kept per match,
so stepping forwards costs one action. The replaying runs on a worker thread
of its own (a long Sonora match simulates hundreds of flicks), so the event loop keeps serving.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import FastAPI, Query
from fastapi.responses import Response

from tabuleiro.core import JsonDict
from tabuleiro.core.undo import UNDO, effective_actions
from tabuleiro.server.errors import ApiError
from tabuleiro.server.live import dumps

KEPT = 64
"""Matches whose last replayed state is kept."""


def add_replay_routes(app: FastAPI, hub: Any, errors: Any) -> None:
    """Register the replay endpoint on `app` (matches come from `hub`)."""
    kept: dict[str, tuple[int, Any]] = {}
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replays")

    def state_at(match: Any, step: int) -> Any:
        game = match.game
        entries = match.actions[:step]
        start, state = kept.get(match.id, (0, None))
        if state is None or start > step or any(text == UNDO for _, text in entries[start:]):
            state = game.new_state(match.players, match.seed, match.stored.options)
            todo = effective_actions(entries)
        else:
            todo = entries[start:]
        for seat, text in todo:
            state = game.apply_unchecked(state, seat, game.parse_action(text))
        kept.pop(match.id, None)
        if len(kept) >= KEPT:
            kept.pop(next(iter(kept)))
        kept[match.id] = (step, state)
        return state

    @app.get(
        "/api/matches/{match_id}/replay",
        tags=["matches"],
        responses=errors("match_not_found", "bad_step", "waiting_for_players"),
    )
    async def replay(match_id: str, step: Annotated[int, Query(ge=0)] = 0) -> Response:
        """The match as a spectator saw it after its first `step` actions: ``{"step",
        "steps", "view", "to_act", "log", "outcome", "seats", …}`` in the shape of a
        spectator's update (no legal actions)."""
        match = await hub.get(match_id)
        if match.waiting:
            raise ApiError(
                "waiting_for_players",
                "nothing is dealt until every invited player has mixed in their entropy",
                "nada é distribuído até todos os convidados misturarem a sua entropia",
            )
        steps = len(match.actions)
        if step > steps:
            raise ApiError(
                "bad_step",
                f"the match has {steps} actions so far: step is 0 to {steps}",
                f"a partida tem {steps} ações até agora: o passo vai de 0 a {steps}",
            )
        game = match.game
        state = await asyncio.get_running_loop().run_in_executor(worker, state_at, match, step)
        outcome = game.outcome(state)
        doc: JsonDict = {
            "id": match.id,
            "game": game.info.id,
            "players": match.players,
            "seat": None,
            "step": step,
            "steps": steps,
            "state_id": step,
            "finished": game.is_terminal(match.state),
            "waiting": False,
            "hints": False,
            "to_act": sorted(game.to_act(state)),
            "committed": [s for s in range(match.players) if game.has_committed(state, s)],
            "view": game.view(state, None),
            "legal_actions": [],
            "log": [entry.for_seat(None) for entry in match.log[:step]],
            "opening": match.opening,
            "outcome": outcome.to_json() if outcome is not None else None,
            "seats": match.seats_json(),
        }
        return Response(dumps(doc), media_type="application/json")
