"""CPU seconds the conformance harness spends on a few games (process time, so a loaded
machine changes the figure little). Prints one JSON object.

    .venv/bin/python scripts/bench_harness.py            # DOGS 2 seeds, Metro and Avenue 10, Volta 4
"""

from __future__ import annotations

import json
import time

from tabuleiro.core import get_game
from tabuleiro.testing import check_game

CASES = (("dogs", 3, 2), ("metro", 3, 10), ("avenue", 3, 10), ("volta_ao_mundo", 3, 4))


def main() -> None:
    out: dict[str, float] = {}
    for game_id, players, seeds in CASES:
        started = time.process_time()
        check_game(get_game(game_id), players, range(seeds))
        out[game_id] = round(time.process_time() - started, 2)
    print(json.dumps({"cpu_seconds": out, "players": 3, "seeds": {g: s for g, _, s in CASES}}))


if __name__ == "__main__":
    main()
