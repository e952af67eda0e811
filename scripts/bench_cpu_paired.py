"""Old and new engines in one process, in alternating short slices: paired CPU-time ratios.

    .venv/bin/python scripts/bench_cpu_paired.py OLD_SRC GAME [--slices 40] [--games 4] [--view]

On a loaded machine two processes timed one after the other can differ by 2× from the load
alone; slices of a few games each, old and new in turn inside one process, see the same load.
OLD_SRC is an older tree's ``src`` (``git worktree add /tmp/old main``): its ``tabuleiro``
package is copied to a temporary folder as ``tabuleiro_old`` (imports renamed) and imported
beside this tree's. Each slice plays new random 4-player games (the same seeds for both) as
`scripts/bench_cpu.py` does; ``--view`` also times one view per decision along one more game.
Prints one JSON line: the median of the per-slice ratios new/old and its quartiles.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tabuleiro.core import get_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_cpu import _play  # the same random playout as bench_cpu.py

_IMPORT = re.compile(r"\btabuleiro(?=[.\s])")


def _old_game(old_src: Path, game_id: str, folder: Path) -> Any:
    """`game_id` from the old tree, imported as ``tabuleiro_old``."""
    package = folder / "tabuleiro_old"
    shutil.copytree(old_src / "tabuleiro", package, ignore=shutil.ignore_patterns("__pycache__", "web"))
    for path in package.rglob("*.py"):
        lines = path.read_text().splitlines(keepends=True)
        renamed = [
            _IMPORT.sub("tabuleiro_old", line) if line.lstrip().startswith(("from ", "import ")) else line
            for line in lines
        ]
        path.write_text("".join(renamed))
    sys.path.insert(0, str(folder))
    import tabuleiro_old.core  # type: ignore[import-not-found]
    import tabuleiro_old.games  # type: ignore[import-not-found]

    return tabuleiro_old.core.get_game(game_id)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old_src", type=Path)
    parser.add_argument("game")
    parser.add_argument("--slices", type=int, default=40)
    parser.add_argument("--games", type=int, default=4, help="games per slice")
    parser.add_argument("--view", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        games = {"old": _old_game(args.old_src, args.game, Path(folder)), "new": get_game(args.game)}
        for game in games.values():
            _play(game, 4, 99, False)  # imports and one-time tables
        rates: dict[str, list[float]] = {"old": [], "new": []}
        views: dict[str, list[float]] = {"old": [], "new": []}
        for i in range(args.slices):
            seeds = range(100 + i * args.games, 100 + (i + 1) * args.games)
            for name in ("old", "new") if i % 2 == 0 else ("new", "old"):
                game = games[name]
                start = time.process_time()
                decisions = sum(_play(game, 4, seed, False)[0] for seed in seeds)
                rates[name].append(decisions / (time.process_time() - start))
                if args.view:
                    order = _play(game, 4, 10_000 + i, True)[1]
                    start = time.process_time()
                    for state, seat in order:
                        game.view(state, seat)
                    views[name].append((time.process_time() - start) / len(order) * rates[name][-1])
    ratios = [new / old for new, old in zip(rates["new"], rates["old"], strict=True)]
    out: dict[str, Any] = {
        "game": args.game,
        "speedup": round(statistics.median(ratios), 3),
        "quartiles": [round(q, 3) for q in statistics.quantiles(ratios, n=4)],
        "old_decisions_per_cpu_s": round(statistics.median(rates["old"])),
        "new_decisions_per_cpu_s": round(statistics.median(rates["new"])),
    }
    if args.view:
        out["view_per_decision"] = {name: round(statistics.median(v), 2) for name, v in views.items()}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
