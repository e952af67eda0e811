"""Move analysis of finished matches, computed in the background.

``POST /api/matches/{id}/analysis`` starts the search over the finished match's record (once
per match; later calls answer the same job) on a worker thread of its own, so the event loop
keeps serving; ``GET`` answers its progress and, when done, the analysis
(`tabuleiro.bots.analysis`). The record of a finished match is public, seed included, so
anyone who can see the match can ask.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from tabuleiro.bots import bot_spec
from tabuleiro.bots.analysis import analyse
from tabuleiro.core import JsonDict, MatchRecord, get_game
from tabuleiro.server.errors import ApiError

log = logging.getLogger(__name__)

ITERATIONS_SHARE = 5
"""The server analyses with a fifth of the game's ``mcts`` budget per decision, so that a
whole match is judged in about a minute."""
ITERATIONS_ENV = "TABULEIRO_ANALYSIS_ITERATIONS"
"""Environment variable that fixes the server's iterations per decision instead."""


def analysis_iterations(game: Any) -> int:
    """Iterations per decision the server's analysis spends on `game`."""
    fixed = os.environ.get(ITERATIONS_ENV, "")
    if fixed.isdigit() and int(fixed) > 0:
        return int(fixed)
    return max(20, int(game.search_hints().iterations) // ITERATIONS_SHARE)


@dataclass
class Job:
    """One match's analysis: progress, then the result (or the failure)."""

    total: int
    done: int = 0
    result: JsonDict | None = None
    failed: bool = False
    task: asyncio.Future[Any] | None = field(default=None, repr=False)

    def to_json(self) -> JsonDict:
        status = "failed" if self.failed else ("done" if self.result is not None else "running")
        return {"status": status, "done": self.done, "total": self.total, "analysis": self.result}


def add_analysis_routes(app: FastAPI, hub: Any, errors: Any) -> None:
    """Register the analysis endpoints on `app` (matches come from `hub`)."""
    jobs: dict[str, Job] = {}
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")

    def run(job: Job, record: MatchRecord, spec_text: str) -> None:
        try:
            spec = bot_spec(get_game(record.game), spec_text)
            job.result = analyse(record, spec, lambda done, _total: setattr(job, "done", done))
        except Exception:
            log.exception("analysis of a %s match failed", record.game)
            job.failed = True

    async def finished_record(match_id: str) -> MatchRecord:
        match = await hub.get(match_id)
        if not match.finished:
            raise ApiError(
                "match_not_over",
                "a match is analysed once it is over",
                "a partida é analisada quando termina",
            )
        return MatchRecord.from_json(match.record_json(None))

    @app.post(
        "/api/matches/{match_id}/analysis",
        status_code=202,
        tags=["analysis"],
        responses=errors("match_not_found", "match_not_over"),
    )
    async def start_analysis(match_id: str) -> JSONResponse:
        """Start (or find) the analysis of a finished match; answers its progress."""
        record = await finished_record(match_id)
        job = jobs.get(match_id)
        if job is None or job.failed:
            job = jobs[match_id] = Job(total=len(record.moves))
            iterations = analysis_iterations(get_game(record.game))
            loop = asyncio.get_running_loop()
            job.task = loop.run_in_executor(worker, run, job, record, f"mcts:iterations={iterations}")
        return JSONResponse(job.to_json(), status_code=202)

    @app.get(
        "/api/matches/{match_id}/analysis",
        tags=["analysis"],
        responses=errors("match_not_found", "match_not_over", "analysis_not_started"),
    )
    async def show_analysis(match_id: str) -> JSONResponse:
        """The analysis's progress, and the analysis once done."""
        await finished_record(match_id)
        job = jobs.get(match_id)
        if job is None:
            raise ApiError(
                "analysis_not_started",
                "no analysis of this match yet; POST to this address to start one",
                "ainda não há análise desta partida; faça POST neste endereço para começar",
            )
        return JSONResponse(job.to_json())
