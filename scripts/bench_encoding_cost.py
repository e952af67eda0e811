"""What encoding an observation costs against the rest of a learning step, per game.

Positions come from seeded random 2-player games (solo counts as 1 for games without 2). For
each position the parts of an environment step are timed separately: the seat's view, its
encoding (`Encoding.observe`), its legal actions with their indices (`legal_indices`
where the encoding has it) and `apply` of a random legal action. Each part over all positions
is timed 5 times in CPU time (`time.process_time`) and the fastest kept (the figure that
repeats on a shared, loaded machine).
Prints one JSON object per game, microseconds per position. The default encoding is timed;
``GAME+FEATURE`` turns on an optional slice (`Encoding.features`), e.g. ``metro+placements``.

    python scripts/bench_encoding_cost.py [GAME[+FEATURE...] ...]
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from tabuleiro.core import Game, all_games, get_game

REPEATS = 5


def _positions(game: Game[Any, Any, Any], players: int, games: int) -> list[tuple[Any, int, Any, Any]]:
    rnd = random.Random(12345)
    out = []
    for seed in range(games):
        state = game.new_state(players, seed)
        while seats := game.to_act(state):
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            action = legal[rnd.randrange(len(legal))]
            out.append((state, seat, action, game.view(state, seat)))
            state = game.apply(state, seat, action)
    return out


def _best(part: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        part()
        best = min(best, time.process_time() - start)
    return best


def measure(name: str, games: int = 2) -> dict[str, object]:
    """Microseconds per position of each part of a step, and the encoding's share, for
    `name`: a game id, with ``+FEATURE`` for each optional slice to turn on."""
    game_id, *features = name.split("+")
    game = get_game(game_id)
    encoding = game.encoding()
    if encoding is None:
        return {"game": game_id, "encoding": None}
    encoding = encoding.with_features(dict.fromkeys(features, True))
    players = 2 if game.info.min_players <= 2 <= game.info.max_players else game.info.min_players
    positions = _positions(game, players, games)
    options = game.options_of(positions[0][0])
    legal_indices = getattr(encoding, "legal_indices", None)

    def views() -> None:
        for state, seat, _, _ in positions:
            game.view(state, seat)

    def observe() -> None:
        for _, _, _, view in positions:
            encoding.observe(view, players, options)

    def legal() -> None:
        for state, seat, _, view in positions:
            actions = game.legal_actions(state, seat)
            if legal_indices is not None:
                legal_indices(view, actions)
            else:
                [encoding.action_index(a, view) for a in actions]

    def apply() -> None:
        for state, seat, action, _ in positions:
            game.apply(state, seat, action)

    n = len(positions)
    parts = {
        name: _best(part) / n * 1e6
        for name, part in (("view", views), ("observe", observe), ("legal", legal), ("apply", apply))
    }
    total = sum(parts.values())
    return {
        "game": game_id,
        "features": sorted(encoding.features_on),
        "players": players,
        "positions": n,
        "observation": encoding.size(players, options),
        "actions": encoding.action_count(players, options),
        "us_per_position": {k: round(v, 1) for k, v in parts.items()},
        "observe_share": round(parts["observe"] / total, 3),
    }


def main(argv: list[str]) -> None:
    ids = argv or [g.info.id for g in all_games()]
    for game_id in ids:
        print(json.dumps(measure(game_id)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
