"""Search speed: ISMCTS iterations per second from each game's first position where the
search weighs a choice, in the same run as OpenSpiel's pure-Python MCTS on connect four (when
open_spiel is importable).

The position is the opening, or, where a game's search hints leave one candidate there (DOGS
searches only its phase-2 placements and answers every other decision at once), the first
position of a seeded random game at which they leave several: an opening without a choice
would time no search at all.

Each repetition runs every case back to back for `--seconds` (order rotated), so each gives
one paired sample; figures are medians over repetitions, and the ratio is the median of the
per-repetition ratios to OpenSpiel's simulations/s. Our iteration = one determinization
(`sample_consistent`), a walk down the tree and a playout (or the game's evaluation);
OpenSpiel's simulation = a walk down its tree and one random rollout (uct_c=2, solve=True).

Usage (OpenSpiel in another venv; our sources on the path):
    PYTHONPATH=src /tmp/peers-venv/bin/python scripts/bench_search.py --reps 5 --seconds 2
    .venv/bin/python scripts/bench_search.py --players 2 --no-openspiel
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable
from random import Random
from typing import Any

from tabuleiro.bots.information import InformationHandle
from tabuleiro.bots.ismcts import Budget, Searcher
from tabuleiro.core import Game, all_games

GAMES = ["avenue", "metro", "dogs", "volta_ao_mundo", "sonora"]


def searched_position(game: Game[Any, Any, Any], players: int, hints: bool) -> tuple[Any, int, int]:
    """The first state and seat, along a random game of seed 1, where the search has a choice,
    and how many decisions led there."""
    candidates = game.search_hints().candidates if hints else None
    rnd = Random(1)
    state = game.new_state(players, 1)
    played = 0
    while seats := game.to_act(state):
        seat = min(seats)
        legal = game.legal_actions(state, seat)
        choice = legal if candidates is None else candidates(state, seat, legal)
        if len(choice) > 1:
            return state, seat, played
        state = game.apply(state, seat, legal[rnd.randrange(len(legal))])
        played += 1
    raise RuntimeError(f"{game.info.id}: no position with a choice to search")


def our_case(game_id: str, players: int, hints: bool) -> tuple[Callable[[float], float], int]:
    """Iterations/s of one search from `searched_position` (a fresh tree each search), and how
    many random decisions led to that position (0: the opening)."""
    game = next(g for g in all_games() if g.info.id == game_id)
    state, seat, played = searched_position(game, players, hints)
    legal = game.legal_actions(state, seat)
    view = game.view(state, seat)

    def run(seconds: float) -> float:
        searcher = Searcher(game, seat, 7)
        if not hints:
            searcher.hints = type(searcher.hints)()
        result = searcher.search(view, legal, InformationHandle(game, state, seat, 0), Budget(10**9, seconds))
        return result.iterations / result.seconds

    return run, played


def openspiel_case() -> Callable[[float], float] | None:
    """Simulations/s of OpenSpiel's Python MCTSBot on connect four (as in peers.py)."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("connect_four")
    sims = 200
    bot = mcts.MCTSBot(
        game,
        2.0,
        sims,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        solve=True,
        random_state=np.random.RandomState(2),
    )

    def run(seconds: float) -> float:
        state = game.new_initial_state()
        searches, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            bot.step(state)
            searches += 1
        return searches * sims / (time.perf_counter() - start)

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=2.0, help="time per case per repetition")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--no-openspiel", action="store_true")
    ap.add_argument("--random-playouts", action="store_true", help="ignore the games' search hints")
    args = ap.parse_args()
    ours = {
        f"tabuleiro/{g}-{args.players}p": our_case(g, args.players, not args.random_playouts) for g in GAMES
    }
    cases: dict[str, Callable[[float], float]] = {name: run for name, (run, _) in ours.items()}
    peer = None if args.no_openspiel else openspiel_case()
    if peer is not None:
        cases["os-py-mcts/connect_four"] = peer
    names = list(cases)
    samples: dict[str, list[float]] = {n: [] for n in names}
    for rep in range(args.reps):
        order = names[rep % len(names) :] + names[: rep % len(names)]
        for name in order:
            samples[name].append(cases[name](args.seconds))
    out: dict[str, Any] = {
        "decisions_before_position": {name: played for name, (_, played) in ours.items()},
        "iterations_per_s": {n: round(statistics.median(v), 1) for n, v in samples.items()},
        "per_rep": {n: [round(x, 1) for x in v] for n, v in samples.items()},
        "seconds": args.seconds,
        "reps": args.reps,
        "players": args.players,
        "search_hints": not args.random_playouts,
        "python": platform.python_version(),
    }
    if peer is not None:
        base = samples["os-py-mcts/connect_four"]
        out["ratio_to_os_py_mcts_connect_four"] = {
            n: round(statistics.median(x / b for x, b in zip(v, base, strict=True)), 3)
            for n, v in samples.items()
            if n != "os-py-mcts/connect_four"
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
