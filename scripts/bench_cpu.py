"""Decisions per CPU second and a view's cost, on fixed seeds, in CPU time (process time).

    .venv/bin/python scripts/bench_cpu.py GAME [--games N] [--reps R] [--players P]

Meant for before/after comparisons on a shared machine: wall-clock figures (`tabuleiro bench`)
swing with the load, CPU time much less. Run the old tree the same way in the same session
(``PYTHONPATH=/path/to/old/src``) and compare the two medians. Each repetition plays N new
random 4-player games (seeds differ between repetitions, so no cache carries a game over);
the view figure is one view per decision along three more games, in playing order, against
the median decision. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from tabuleiro.core import get_game


def _play(game: Any, players: int, seed: int, keep: bool) -> tuple[int, list[tuple[Any, int]]]:
    rnd = random.Random(seed)
    state = game.new_state(players, seed, game.make_options(None))
    decisions, order = 0, []
    while seats := game.to_act(state):
        seat = min(seats)
        if keep:
            order.append((state, seat))
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rnd.randrange(len(legal))])
        decisions += 1
    return decisions, order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = get_game(args.game)
    _play(game, args.players, 99, False)  # imports and one-time tables
    rates = []
    for rep in range(args.reps):
        start, decisions = time.process_time(), 0
        for seed in range(100 + rep * args.games, 100 + (rep + 1) * args.games):
            decisions += _play(game, args.players, seed, False)[0]
        rates.append(decisions / (time.process_time() - start))
    spent, views = 0.0, 0
    for seed in range(1000, 1003):
        order = _play(game, args.players, seed, True)[1]
        start = time.process_time()
        for state, seat in order:
            game.view(state, seat)
        spent += time.process_time() - start
        views += len(order)
    per_s = statistics.median(rates)
    view_us = spent / views * 1e6
    print(
        json.dumps(
            {
                "game": args.game,
                "decisions_per_cpu_s": round(per_s),
                "per_rep": [round(r) for r in rates],
                "view_cpu_us": round(view_us, 1),
                "view_per_decision": round(view_us * per_s / 1e6, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
