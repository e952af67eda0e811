"""Playing many independent games in this process, in a local process pool, or on Ray.

A game is a `GameTask`: plain values only, so it crosses process and machine boundaries.
Its seed was fixed before it left (derived from the study's base seed and the game's
index), and results come back tagged with their index and are put back in index order, so
the list returned is the same whichever backend and however many workers played it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from tabuleiro.bots import decide
from tabuleiro.core import Game, JsonDict, get_game
from tabuleiro.play import Session

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


class BackendError(Exception):
    """The chosen backend cannot run (Ray missing or unreachable); the message is one line."""


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: everything a worker needs, as plain values."""

    index: int
    game: str
    players: int
    seed: int
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]


def turns_of(seats: Sequence[int]) -> int:
    """Turns in a sequence of deciding seats: a turn is a maximal run of one seat's decisions."""
    return sum(1 for i, seat in enumerate(seats) if i == 0 or seats[i - 1] != seat)


def _sealed_step(game: Game[Any, Any, Any], state: Any, players: int) -> bool:
    """True while a simultaneous step is open: some seat has committed or chooses in private."""
    return any(game.has_committed(state, s) or game.in_private_step(state, s) for s in range(players))


def play(task: GameTask) -> JsonDict:
    """Play `task` to the end with its bots; the per-game result the lab keeps.

    The bots move as `Session.run_bots` moves them (the lowest seat to act first), so a
    game gives the same result as in `tabuleiro simulate`. The first player is the one the
    spectator view names ``first_player`` at the first decision a seat takes alone outside a
    simultaneous step (so after a draft that comes before the first player is drawn); seat 0
    when the view names none.
    """
    game = get_game(task.game)
    session = Session(game, task.players, task.seed, dict(task.options), task.bots)
    first: int | None = None
    while seats := game.to_act(session.state):
        seat = min(seats)
        if first is None and len(seats) == 1 and not _sealed_step(game, session.state, task.players):
            named = game.view(session.state, None).get("first_player")
            first = named if isinstance(named, int) and 0 <= named < task.players else 0
        session.act(seat, decide(session.bots[seat], game, session.state, seat, len(session.actions)))
    outcome = game.outcome(session.state)
    if outcome is None:  # every seat is a bot, so the game must have ended
        raise RuntimeError(f"game {task.index} (seed {task.seed}) did not finish")
    return {
        "seed": task.seed,
        "first_player": first or 0,
        "scores": list(outcome.scores),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "ranks": list(outcome.ranks),
        "winners": list(outcome.winners),
        "decisions": len(session.actions),
        "turns": turns_of([seat for seat, _ in session.actions]),
    }


def play_chunk(chunk: Sequence[GameTask]) -> list[tuple[int, JsonDict]]:
    """Play several tasks; each result tagged with its task's index."""
    return [(task.index, play(task)) for task in chunk]


def chunks(tasks: Sequence[GameTask], workers: int) -> list[list[GameTask]]:
    """Tasks cut into chunks: at least sixteen per worker and at most eight games each, so
    the workers finish close together (games of one study can differ in length several-fold)."""
    size = max(1, min(8, len(tasks) // (workers * 16)))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def _in_order(tagged: list[tuple[int, JsonDict]], tasks: Sequence[GameTask]) -> list[JsonDict]:
    by_index = dict(tagged)
    return [by_index[task.index] for task in tasks]


def run_local(tasks: Sequence[GameTask], workers: int, progress: Progress | None = None) -> list[JsonDict]:
    """Play every task on `workers` local processes (this one when `workers` is 1)."""
    if workers == 1 or len(tasks) <= 1:
        results = []
        for task in tasks:
            results.append(play(task))
            if progress is not None:
                progress(1)
        return results
    tagged: list[tuple[int, JsonDict]] = []
    # spawn: workers start from a clean interpreter on every platform, whatever threads
    # (the progress bar's) this process runs.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: set[Future[list[tuple[int, JsonDict]]]] = {
            pool.submit(play_chunk, chunk) for chunk in chunks(tasks, workers)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                part = future.result()
                tagged.extend(part)
                if progress is not None:
                    progress(len(part))
    return _in_order(tagged, tasks)


def check_ray_address(address: str, timeout: float = 3.0) -> None:
    """Fail fast with one line when nothing listens at a Ray cluster's address.

    `ray.init` itself retries for a long time before it gives up on a wrong address.

    Raises:
        BackendError: a malformed address or nothing reachable there.
    """
    if address == "auto":
        return
    hostport = address.removeprefix("ray://")
    host, sep, port_text = hostport.rpartition(":")
    if not sep or not host or not port_text.isdigit():
        raise BackendError(f"--ray address {address!r} must be HOST:PORT (or ray://HOST:PORT, or auto)")
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise BackendError(f"no Ray cluster reachable at {address}: {reason}") from None


def run_ray(
    tasks: Sequence[GameTask], address: str | None, progress: Progress | None = None
) -> list[JsonDict]:
    """Play every task on a Ray cluster (`address`), or on a local one started for this run.

    Raises:
        BackendError: Ray is not installed or the cluster cannot be reached.
    """
    try:
        import ray
    except ImportError:
        raise BackendError("--ray needs Ray: ./play lab installs it, or pip install -e '.[sim]'") from None
    if address is not None:
        check_ray_address(address)
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
                configure_logging=True,
            )
        except Exception as exc:  # Ray raises a bare Exception when its node is slow to start.
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise BackendError(f"cannot start or join the Ray cluster: {first}") from None
    try:
        remote = ray.remote(play_chunk)
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = max(1, int(resources.get("CPU", os.cpu_count() or 1)))
        pending = [remote.remote(chunk) for chunk in chunks(tasks, cpus)]
        tagged: list[tuple[int, JsonDict]] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                part = ray.get(ref)
                tagged.extend(part)
                if progress is not None:
                    progress(len(part))
        return _in_order(tagged, tasks)
    finally:
        if started:
            ray.shutdown()
