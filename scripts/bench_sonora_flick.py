"""CPU time of one Sonora flick simulated to rest with 15 discs on the board; prints JSON.

Each sample builds a seeded board of 15 resting discs (clear of the pads and the hole), then
flicks a 16th from a random corner with a random launch offset, angle and strength, through
the same uncached `physics.simulate` the engine calls: without frames, as `apply`, the bots
and playouts run it (`--frames` records them, as a view's replay of the last flick does).
Figures are medians of per-flick CPU time (`time.process_time`), so other load on a shared
machine matters less; pin it to one core for the figure the issue asks for:

    taskset -c 1 .venv/bin/python scripts/bench_sonora_flick.py --flicks 400

`--floor` runs each flick a second time and times Chipmunk's stepping alone (the frame-sized
`cpSpaceStep` loops, CPU time of this thread), scaled to all of the flick's steps: the part no
Python change can remove while the flick is simulated to rest with the same fixed step.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterable
from typing import Any

import pymunk

from tabuleiro.games.sonora import physics
from tabuleiro.games.sonora.components import board


def resting_board(rng: random.Random, discs: int) -> list[tuple[float, float]]:
    """`discs` non-overlapping centres on the recess, off the pads and out of the hole."""
    b = board()
    limit = b.half - b.disc_radius - 3.0
    out: list[tuple[float, float]] = []
    while len(out) < discs:
        x, y = rng.uniform(-limit, limit), rng.uniform(-limit, limit)
        clear = all(math.hypot(x - u, y - v) > 2 * b.disc_radius + 0.5 for u, v in out)
        if (
            clear
            and math.hypot(x, y) > b.hole_radius + 1
            and all(physics.pad_depth(c, x, y) > b.disc_radius + 3.5 for c in range(4))
        ):
            out.append((x, y))
    return out


def _stepping_ms(
    resting: list[tuple[float, float]],
    corner: int,
    start: tuple[float, float],
    velocity: tuple[float, float],
) -> float:
    """The flick's cpSpaceStep time: its frame-sized C loops timed, per step, times its steps."""
    spent, loops = 0, 0
    consume = physics._consume

    def timed(steps: Iterable[Any]) -> None:
        nonlocal spent, loops
        t0 = time.thread_time_ns()
        consume(steps)
        spent += time.thread_time_ns() - t0
        loops += 1

    physics._consume = timed
    try:
        result = physics.simulate(resting, corner, start, velocity, record=False)
    finally:
        physics._consume = consume
    every = round(1.0 / (board().physics.frame_rate * board().physics.dt))
    return spent / (loops * every) * result.steps / 1e6 if loops else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flicks", type=int, default=300)
    parser.add_argument("--discs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", action="store_true", help="record the frames a view animates")
    parser.add_argument("--floor", action="store_true", help="also time cpSpaceStep alone (a second run)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cpu, wall, steps, floor = [], [], [], []
    for _ in range(args.flicks):
        resting = resting_board(rng, args.discs)
        corner = rng.randrange(4)
        start = physics.launch_point(corner, rng.randint(-19, 19))
        velocity = physics.launch_velocity(corner, rng.uniform(-45, 45), rng.uniform(50, 900))
        c0, w0 = time.process_time(), time.perf_counter()
        result = physics.simulate(resting, corner, start, velocity, record=args.frames)
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
        steps.append(result.steps)
        if args.floor:
            floor.append(_stepping_ms(resting, corner, start, velocity))
    cpu.sort()
    doc = {
        "benchmark": "sonora one flick to rest",
        "resting_discs": args.discs,
        "flicks": args.flicks,
        "frames": args.frames,
        "cpu_ms_median": round(statistics.median(cpu), 3),
        "cpu_ms_p10": round(cpu[len(cpu) // 10], 3),
        "cpu_ms_p90": round(cpu[len(cpu) * 9 // 10], 3),
        "cpu_ms_max": round(cpu[-1], 3),
        "wall_ms_median": round(statistics.median(wall), 3),
        "steps_median": statistics.median(steps),
        "dt_s": board().physics.dt,
        "pymunk": pymunk.version,
        "python": platform.python_version(),
    }
    if floor:
        doc["cpspacestep_ms_median"] = round(statistics.median(floor), 3)
        doc["cpspacestep_share"] = round(statistics.median(floor) / statistics.median(cpu), 3)
    sys.stdout.write(json.dumps(doc, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
