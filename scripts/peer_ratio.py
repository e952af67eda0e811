"""Paired ratios between any two cases of a ``shared/bench/peers.py --json`` file.

peers.py pairs cases of the same game only; our games have no twin there, so this pairs a
plugin case with any peer, rep by rep (each rep runs every case back to back).

    python scripts/peer_ratio.py peers.json tabuleiro/avenue-4p os-py/python_tic_tac_toe
"""

from __future__ import annotations

import json
import statistics
import sys


def paired(a: list[float | None], b: list[float | None]) -> dict[str, float]:
    ratios = [x / y for x, y in zip(a, b, strict=True) if x is not None and y]
    return {"median": statistics.median(ratios), "min": min(ratios), "max": max(ratios), "reps": len(ratios)}


def main(path: str, case: str, peer: str) -> None:
    with open(path, encoding="utf-8") as handle:
        raw = json.load(handle)["results"]
    ours, theirs = raw[case]["raw"], raw[peer]["raw"]
    doc = {
        "case": case,
        "vs": peer,
        "moves_per_s": {
            "case": statistics.median(ours["moves_per_s"]),
            "vs": statistics.median(theirs["moves_per_s"]),
        },
        "ratio_moves_per_s": paired(ours["moves_per_s"], theirs["moves_per_s"]),
        "ratio_us_per_move": paired(ours["us_per_move"], theirs["us_per_move"]),
        "clone_us": {
            "case": statistics.median(ours["clone_us"]),
            "vs": statistics.median(theirs["clone_us"]),
        },
    }
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
