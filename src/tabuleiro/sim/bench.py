"""Speed of a game through the public protocol: random playouts and micro-timings.

Each repetition plays whole random games for its share of the time budget; figures are
medians over repetitions, because the machines are shared and noisy. A decision is one
checked `apply` (with the `to_act` and `legal_actions` calls that choose it).
"""

from __future__ import annotations

import copy
import platform
import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from tabuleiro.core import Game, JsonDict

_SAMPLE_GAMES = 8


def _playout(game: Game[Any, Any, Any], state: Any, rnd: random.Random) -> int:
    to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply
    decisions = 0
    while True:
        seats = to_act(state)
        if not seats:
            return decisions
        seat = min(seats)
        legal = legal_actions(state, seat)
        state = apply(state, seat, legal[rnd.randrange(len(legal))])
        decisions += 1


def _positions(
    game: Game[Any, Any, Any], players: int, options: Any, rnd: random.Random
) -> list[tuple[Any, int]]:
    """(state, seat to act) pairs drawn along a few random games."""
    out = []
    for g in range(_SAMPLE_GAMES):
        state = game.new_state(players, g, options)
        while seats := game.to_act(state):
            seat = min(seats)
            out.append((state, seat))
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, legal[rnd.randrange(len(legal))])
    return out


def _view_us(game: Game[Any, Any, Any], players: int, options: Any, seed: int, rnd: random.Random) -> float:
    """Mean cost of a view along one new random game, one view per decision in playing order:
    what a table or a learning agent asks for. Each state is seen once, so the views' own
    caches help exactly as much as they would there."""
    order = []
    state = game.new_state(players, seed, options)
    while seats := game.to_act(state):
        seat = min(seats)
        order.append((state, seat))
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rnd.randrange(len(legal))])
    view = game.view
    start = time.perf_counter()
    for position, seat in order:
        view(position, seat)
    return (time.perf_counter() - start) / len(order) * 1e6


def _per_call_us(fn: Any, samples: list[Any], budget: float) -> float:
    calls, start = 0, time.perf_counter()
    while True:
        for item in samples:
            fn(item)
        calls += len(samples)
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return elapsed / calls * 1e6


def bench(
    game: Game[Any, Any, Any],
    players: int,
    seconds: float,
    reps: int = 5,
    options: Mapping[str, object] | None = None,
) -> JsonDict:
    """Time random playouts and the protocol's calls; medians over `reps`.

    Returns:
        ``decisions_per_s``, ``games_per_s``, ``decisions_per_game``, ``clone_us``
        (a copy of a mid-game state: states are immutable, so a shallow copy is a full,
        independent clone), ``legal_actions_us``, ``apply_us``, ``view_us`` (one view
        per decision along a new game, in order), ``view_per_decision`` (a view's cost in
        decisions of a playout), plus the
        per-repetition values and the interpreter.
    """
    typed = game.make_options(options)
    rnd = random.Random(12345)
    positions = _positions(game, players, typed, rnd)
    moves = [(s, seat, game.legal_actions(s, seat)) for s, seat in positions]
    picks = [(s, seat, legal[rnd.randrange(len(legal))]) for s, seat, legal in moves]
    share = seconds / (reps * 2)
    per: dict[str, list[float]] = {
        k: []
        for k in ("decisions_per_s", "games_per_s", "clone_us", "legal_actions_us", "apply_us", "view_us")
    }
    seed = 0
    for _ in range(reps):
        games = decisions = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < share or games == 0:
            decisions += _playout(game, game.new_state(players, seed, typed), rnd)
            games += 1
            seed += 1
        per["decisions_per_s"].append(decisions / elapsed)
        per["games_per_s"].append(games / elapsed)
        micro = share / 4
        per["clone_us"].append(_per_call_us(lambda p: copy.copy(p[0]), positions, micro))
        per["legal_actions_us"].append(
            _per_call_us(lambda p: game.legal_actions(p[0], p[1]), positions, micro)
        )
        per["apply_us"].append(_per_call_us(lambda p: game.apply(p[0], p[1], p[2]), picks, micro))
        per["view_us"].append(_view_us(game, players, typed, 1_000_000 + len(per["view_us"]), rnd))
    medians = {k: round(statistics.median(v), 3) for k, v in per.items()}
    return {
        "game": game.info.id,
        "players": players,
        "options": typed.to_json(),
        "seconds": seconds,
        "reps": reps,
        **medians,
        "decisions_per_game": round(medians["decisions_per_s"] / medians["games_per_s"], 1),
        # A view against one decision of a playout (the yardstick for UI and RL cost).
        "view_per_decision": round(medians["view_us"] * medians["decisions_per_s"] / 1e6, 2),
        "per_rep": {k: [round(x, 3) for x in v] for k, v in per.items()},
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
