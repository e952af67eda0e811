"""Our games against OpenSpiel's pure-Python tic-tac-toe in CPU time, rep by rep.

`scripts/bench_vs_peers.sh` times wall-clock seconds, which a shared machine stretches by
whatever else runs: this times the same cases (``bench/peers.py``'s ``os-py`` tic-tac-toe and
``src/tabuleiro/sim/peers_plugin.py``'s games, the same loops) in CPU seconds of this
process, each rep running every case back to back, and prints the paired ratios' medians.

    PYTHONPATH=src .venv-peers/bin/python scripts/bench_cpu_ratio.py [--reps 7] [--seconds 0.4] [GAME ...]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PEER = "os-py/python_tic_tac_toe"


def _cases(games: list[str]) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "bench"))
    import peers  # type: ignore[import-not-found]

    from tabuleiro.sim import peers_plugin

    cases: dict[str, Any] = {c.name: c for c in peers.builtin_cases() if c.name == PEER}
    for name, key, factory in peers_plugin.cases():
        if not games or any(name == f"tabuleiro/{g}-4p" for g in games):
            cases[name] = peers.AdapterCase(name, key, factory)
    for case in cases.values():
        case.setup()
    return cases


def _moves_per_cpu_second(case: Any, rng: random.Random, seconds: float) -> float:
    moves, start = 0, time.process_time()
    while True:
        moves += case.play(rng)[0]
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all five)")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.4, help="CPU seconds per case per rep")
    args = parser.parse_args()
    cases = _cases(args.games)
    rng = random.Random(0)
    rates: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(args.reps):
        for name, case in cases.items():
            rates[name].append(_moves_per_cpu_second(case, rng, args.seconds))
    peer = rates[PEER]
    out = {}
    for name, values in rates.items():
        ratios = [ours / theirs for ours, theirs in zip(values, peer, strict=True)]
        out[name] = {
            "moves_per_cpu_s": round(statistics.median(values)),
            "ratio": round(statistics.median(ratios), 2),
            "range": [round(min(ratios), 2), round(max(ratios), 2)],
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
