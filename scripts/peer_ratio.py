"""Paired ratios between any two cases of a ``bench/peers.py --json`` file.

peers.py pairs cases of the same game only; our games have no twin there, so this pairs a
plugin case with any peer, rep by rep (each rep runs every case back to back). Two cases of
the MCTS table (an OpenSpiel MCTS bot, our flat Monte-Carlo rollouts) are paired on
simulations per second.

    python scripts/peer_ratio.py peers.json tabuleiro/avenue-4p os-py/python_tic_tac_toe
    python scripts/peer_ratio.py peers.json tabuleiro-flat-mc/avenue-4p os-py-mcts/connect_four
"""

from __future__ import annotations

import json
import statistics
import sys
from typing import Any


def paired(a: list[float | None], b: list[float | None]) -> dict[str, float]:
    ratios = [x / y for x, y in zip(a, b, strict=True) if x is not None and y]
    return {"median": statistics.median(ratios), "min": min(ratios), "max": max(ratios), "reps": len(ratios)}


def _median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def play_ratio(raw: dict[str, Any], case: str, peer: str) -> dict[str, Any]:
    """Random-play throughput of `case` against `peer`, per decision and per clone."""
    ours, theirs = raw[case]["raw"], raw[peer]["raw"]
    return {
        "case": case,
        "vs": peer,
        "moves_per_s": {"case": _median(ours["moves_per_s"]), "vs": _median(theirs["moves_per_s"])},
        "ratio_moves_per_s": paired(ours["moves_per_s"], theirs["moves_per_s"]),
        "ratio_us_per_move": paired(ours["us_per_move"], theirs["us_per_move"]),
        "clone_us": {"case": _median(ours["clone_us"]), "vs": _median(theirs["clone_us"])},
    }


def search_ratio(raw: dict[str, Any], case: str, peer: str) -> dict[str, Any]:
    """Simulations (rollouts) per second of two cases of the MCTS table."""
    ours, theirs = raw[case]["raw"], raw[peer]["raw"]
    return {
        "case": case,
        "vs": peer,
        "sims_per_s": {"case": _median(ours["sims_per_s"]), "vs": _median(theirs["sims_per_s"])},
        "ratio_sims_per_s": paired(ours["sims_per_s"], theirs["sims_per_s"]),
    }


def main(path: str, case: str, peer: str) -> None:
    with open(path, encoding="utf-8") as handle:
        doc = json.load(handle)
    searches = doc.get("mcts", {})
    if case in searches and peer in searches:
        print(json.dumps(search_ratio(searches, case, peer), indent=2))
    else:
        print(json.dumps(play_ratio(doc["results"], case, peer), indent=2))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
