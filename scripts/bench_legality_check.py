"""Time of the legality check `apply` runs before each transition (`Game.illegal_reason`).

Positions come from seeded random games (4 players); the check is timed on each position's
chosen legal action, with no legal list kept for that state (the slower path). Each chunk of 50
positions is timed 15 times and the fastest kept: on a shared, loaded machine the minimum is
the figure that repeats. Prints one JSON object per game.

    python scripts/bench_legality_check.py [GAME ...]
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from tabuleiro.core import Game, all_games, get_game

CHUNK, REPEATS = 50, 15


def _positions(game: Game[Any, Any, Any], games: int) -> list[tuple[Any, int, Any]]:
    rnd = random.Random(12345)
    out = []
    for seed in range(games):
        state = game.new_state(4, seed)
        while seats := game.to_act(state):
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            action = legal[rnd.randrange(len(legal))]
            out.append((state, seat, action))
            state = game.apply(state, seat, action)
    return out


def _best_seconds(game: Game[Any, Any, Any], chunk: list[tuple[Any, int, Any]]) -> float:
    check, best = game.illegal_reason, float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for state, seat, action in chunk:
            check(state, seat, action)
        best = min(best, time.perf_counter() - start)
    return best


def main(ids: list[str]) -> None:
    for game_id in ids or [g.info.id for g in all_games()]:
        game = get_game(game_id)
        positions = _positions(game, 1 if game_id == "sonora" else 4)
        chunks = [positions[i : i + CHUNK] for i in range(0, len(positions), CHUNK)]
        total = sum(_best_seconds(game, c) for c in chunks)
        per_call_us = round(total / len(positions) * 1e6, 3)
        print(json.dumps({"game": game_id, "positions": len(positions), "illegal_reason_us": per_call_us}))


if __name__ == "__main__":
    main(sys.argv[1:])
