"""How long the default ``mcts`` takes per decision: CPU and wall seconds, as JSON.

Plays one 2-player match between the game's greedy bots and, at every EVERY-th decision
with a choice, runs the default ``mcts`` for the seat to act (its move is not played).
CPU seconds are the figure that holds on a loaded machine; wall seconds are printed beside.

Usage:
    .venv/bin/python scripts/mcts_decision_time.py metro --seed 2 --every 3
"""

from __future__ import annotations

import argparse
import json
import os
import time

from tabuleiro.bots import MctsBot, decide
from tabuleiro.core import get_game
from tabuleiro.play import Session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    game = get_game(args.game)
    session = Session(game, 2, args.seed, {}, [game.default_bot()] * 2)
    cpu: list[float] = []
    wall: list[float] = []
    decisions = 0
    while not session.finished:
        seat = min(game.to_act(session.state))
        if len(game.legal_actions(session.state, seat)) > 1 and decisions % args.every == 0:
            bot = MctsBot(game, seat, 1)
            c, w = time.process_time(), time.perf_counter()
            decide(bot, game, session.state, seat, len(session.actions))
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
        decisions += 1
        session.act(seat, decide(session.bots[seat], game, session.state, seat, len(session.actions)))
    cpu.sort()
    print(
        json.dumps(
            {
                "game": args.game,
                "iterations": game.search_hints().iterations,
                "decisions": len(cpu),
                "cpu_mean_s": round(sum(cpu) / len(cpu), 3),
                "cpu_p90_s": round(cpu[int(0.9 * len(cpu))], 3),
                "cpu_max_s": round(cpu[-1], 3),
                "wall_mean_s": round(sum(wall) / len(wall), 3),
                "load_average": round(os.getloadavg()[0], 1),
            }
        )
    )


if __name__ == "__main__":
    main()
