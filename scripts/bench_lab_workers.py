"""How much faster `tabuleiro lab` is on 2 workers than on 1, and that both give the same
report.json; prints JSON.

    .venv/bin/python scripts/bench_lab_workers.py                     # the issue's study
    .venv/bin/python scripts/bench_lab_workers.py --games 50 --workers 1,2 --ray

Each setting runs the whole command in a fresh process (`--repeat` times, the median kept);
``play_seconds`` is the time spent playing the games (from run.json), ``wall_seconds`` the
whole command with start-up and report writing, ``cpu_seconds`` the processor time of the
command and its workers together (what the pool costs beyond the games themselves; it
hardly depends on the machine's load, unlike the others). The load average before each run
is kept, because shared machines make the wall-clock figures noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_once(study: list[str], extra: list[str], folder: Path) -> dict[str, float]:
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "tabuleiro", "lab", *study, "--out", str(folder), "--json", *extra],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    run = json.loads((folder / "run.json").read_text())
    return {
        "wall_seconds": wall,
        "play_seconds": run["play_seconds"],
        "cpu_seconds": cpu,
        "load_before": load,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="volta_ao_mundo")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--compare", default="opening=none,reverse")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--ray", action="store_true", help="also time --ray (a local Ray instance)")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    study = [args.game, "--players", args.players, "--games", str(args.games), "--seed", "1"]
    if args.compare:
        study += ["--compare", args.compare]
    settings = [(f"workers={w}", ["--workers", w]) for w in args.workers.split(",")]
    if args.ray:
        settings.append(("ray", ["--ray"]))
    figures: dict[str, dict[str, float]] = {}
    reports: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, extra in settings:
            runs = [run_once(study, extra, Path(tmp) / f"{name}-{i}") for i in range(args.repeat)]
            figures[name] = {key: round(statistics.median(r[key] for r in runs), 3) for key in runs[0]}
            reports[name] = (Path(tmp) / f"{name}-0" / "report.json").read_bytes()
    first = next(iter(figures))
    doc = {
        "command": "tabuleiro lab " + " ".join(study),
        "cpus": os.cpu_count(),
        "repeat": args.repeat,
        "figures": figures,
        "speedup_play": {
            name: round(figures[first]["play_seconds"] / f["play_seconds"], 3) for name, f in figures.items()
        },
        "speedup_wall": {
            name: round(figures[first]["wall_seconds"] / f["wall_seconds"], 3) for name, f in figures.items()
        },
        "cpu_ratio": {
            name: round(f["cpu_seconds"] / figures[first]["cpu_seconds"], 3) for name, f in figures.items()
        },
        "identical_report_json": len(set(reports.values())) == 1,
    }
    print(json.dumps(doc, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
