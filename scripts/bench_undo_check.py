"""CPU cost of asking a game whether a move may be taken back (`Game.undoable`), beside the
cost of the move itself (`apply` plus the mover's `view`), in the same run.

Moves come from seeded random playouts (2 players, 3 games of at most 300 moves). A server asks
once per move, and only when someone looks at what may be taken back (`UndoWindow` is lazy).
Process time; prints one JSON object per game.

    python scripts/bench_undo_check.py [GAME ...]
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from tabuleiro.core import Game, RngStream, all_games, get_game


def _moves(game: Game[Any, Any, Any]) -> list[tuple[Any, int, Any, Any]]:
    players = max(2, game.info.min_players)
    out = []
    for seed in range(3):
        state = game.new_state(players, seed)
        rng = RngStream(seed)
        for _ in range(300):
            if game.is_terminal(state):
                break
            seat = min(game.to_act(state))
            action = rng.choice(game.legal_actions(state, seat))
            after = game.apply(state, seat, action)
            out.append((state, seat, action, after))
            state = after
    return out


def main(ids: list[str]) -> None:
    for game in [get_game(i) for i in ids] or all_games():
        moves = _moves(game)
        start = time.process_time()
        for before, seat, action, after in moves:
            game.apply(before, seat, action)
            game.view(after, seat)
        move = time.process_time() - start
        start = time.process_time()
        undoable = sum(game.undoable(before, seat, action, after) for before, seat, action, after in moves)
        check = time.process_time() - start
        print(
            json.dumps(
                {
                    "game": game.info.id,
                    "moves": len(moves),
                    "undoable": undoable,
                    "move_ms": round(1000 * move / len(moves), 3),
                    "check_ms": round(1000 * check / len(moves), 3),
                    "check_over_move": round(check / move, 2),
                }
            )
        )


if __name__ == "__main__":
    main(sys.argv[1:])
