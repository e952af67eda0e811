"""How good Metro's shaping potential is as a guide: a one-step look-ahead on it against a bot.

In seat 0 of two-player games of ``tabuleiro/Metro-v0``, play every decision by trying each
legal action and keeping the one whose resulting view gives the best shaping potential
(`EnvSpec.shaping_potential`: the running score difference with the open lines' promise). If
such a look-ahead wins, the shaped reward points the right way and what a learner lacks is the
mapping from observation to consequence. Prints JSON: games, wins against the opponent.

    .venv/bin/python scripts/metro_shaping_lookahead.py [--games 20] [--opponent random]
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import gymnasium

import tabuleiro.rl  # noqa: F401  (registers the environments)


def play(games: int, opponent: str) -> dict[str, Any]:
    """Wins of the look-ahead in seat 0 over `games` seeded games."""
    env: Any = gymnasium.make("tabuleiro/Metro-v0", players=2, opponents=opponent).unwrapped
    spec, wins = env.spec_, 0.0
    for g in range(games):
        _, info = env.reset(seed=1000 + g)
        done = False
        while not done:
            state = env.session.state
            scored = {
                index: spec.shaping_potential(spec.game.apply(state, 0, action), 0)
                for index, action in env._legal.items()
            }
            _, _, done, _, info = env.step(max(scored, key=lambda i: scored[i]))
        wins += 1.0 / len(info["winners"]) if 0 in info["winners"] else 0.0
    return {"games": games, "opponent": opponent, "wins": wins}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--opponent", default="random")
    args = parser.parse_args()
    print(json.dumps(play(args.games, args.opponent)))


if __name__ == "__main__":
    main()
