"""Simulate a game at every player count with every option value alone and every pair of its
yes/no options switched on, as `tabuleiro simulate` would; refused combinations are listed.

    python scripts/sim_sweep.py metro --games 100 --seed 1 > sweep.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys

from tabuleiro.core import OptionError, get_game
from tabuleiro.sim.simulate import SimConfig, simulate


def settings(game_id: str) -> list[dict[str, object]]:
    """Every non-default value alone, then every pair of yes/no options set to yes."""
    specs = get_game(game_id).options_type.specs()
    singles: list[dict[str, object]] = [
        {s.name: v} for s in specs for v in s.to_json()["choices"] if v != s.default
    ]
    flags = [s.name for s in specs if s.kind == "bool" and s.default is False]
    pairs: list[dict[str, object]] = [dict.fromkeys(pair, True) for pair in itertools.combinations(flags, 2)]
    return [{}, *singles, *pairs]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-players", type=int, default=6)
    args = parser.parse_args()
    game = get_game(args.game)
    counts = range(game.info.min_players, min(game.info.max_players, args.max_players) + 1)
    bad = 0
    for options in settings(args.game):
        for players in counts:
            row: dict[str, object] = {"players": players, "options": options}
            try:
                game.new_state(players, args.seed, options)
            except OptionError as exc:
                print(json.dumps({**row, "refused": exc.code}))
                continue
            config = SimConfig(game, players, args.games, args.seed, options, ("random",) * players)
            results = simulate(config)["results"]
            adds_up = all(
                sum(lines.values()) == score
                for r in results
                for lines, score in zip(r["breakdown"], r["scores"], strict=True)
            )
            bad += not adds_up
            print(json.dumps({**row, "games": len(results), "adds_up": adds_up}), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
