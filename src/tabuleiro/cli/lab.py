"""``tabuleiro lab GAME``: a balance study written as a report folder.

The folder holds ``report.json`` (every figure, every game's result, the study's command,
versions and seeds), ``report.html`` and the plots as PNG files; how the study was run (the
exact command line, backend, workers, timings) goes to ``run.json``, so ``report.json`` is
byte-identical for any number of workers and on Ray.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Column, Table
from rich.text import Text

from tabuleiro.core import MAX_SEED, JsonDict, get_game
from tabuleiro.core.options import parse_assignments

OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option NAME=VALUE for every configuration")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the headline figures as JSON")]

RAY_LOCAL = "local"
"""The value a bare ``--ray`` stands for: a Ray instance started on this machine."""


def expand_bare_ray(argv: Sequence[str]) -> list[str]:
    """``lab … --ray`` with no address (last, or before another option) as ``--ray local``.

    The command-line library has no option with an optional value, so the bare form is
    completed here before parsing.
    """
    args = list(argv)
    if "lab" not in args:
        return args
    out_args: list[str] = []
    for i, arg in enumerate(args):
        out_args.append(arg)
        if arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out_args.append(RAY_LOCAL)
    return out_args


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def fail(message: str) -> NoReturn:
    """Stop with a one-line error (exit code 2), as every command does."""
    from tabuleiro.cli.app import fail as cli_fail

    cli_fail(message)


def _players(text: str, low: int, high: int, game_id: str) -> tuple[int, ...]:
    items = [p.strip() for p in text.split(",") if p.strip()]
    if not items or not all(p.isdigit() for p in items):
        fail(f"--players takes player counts separated by commas (e.g. 2,3,4), not {text!r}")
    counts = tuple(dict.fromkeys(int(p) for p in items))
    for count in counts:
        if not low <= count <= high:
            fail(f"--players: {game_id} is played by {low} to {high} players, not {count}")
    return counts


class _RateColumn(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("…" if speed is None else f"{speed:.1f} games/s")


def _run(
    tasks: Sequence[Any], workers: int, ray: str | None, progress: Callable[[int], None] | None
) -> list[JsonDict]:
    from tabuleiro.sim.parallel import BackendError, run_local, run_ray

    try:
        if ray is not None:
            return run_ray(tasks, None if ray == RAY_LOCAL else ray, progress)
        return run_local(tasks, workers, progress)
    except BackendError as exc:
        fail(str(exc))


def lab(
    game_id: Annotated[str, typer.Argument(help="Game id: avenue, metro, sonora, dogs, volta_ao_mundo")],
    players: Annotated[str, typer.Option("--players", "-n", help="Player counts, e.g. 2,3,4")] = "2",
    games_: Annotated[int, typer.Option("--games", "-g", help="Games per configuration")] = 100,
    seed: Annotated[
        int, typer.Option(help="Base seed; game i of every configuration uses the i-th seed")
    ] = 0,
    bots: Annotated[
        str, typer.Option(help="One bot for every seat, or B1,B2,... one per seat (default: the game's own)")
    ] = "",
    option: OptionOpt = None,
    compare: Annotated[
        list[str] | None,
        typer.Option("--compare", "-c", help="NAME=V1,V2: compare option values side by side (repeatable)"),
    ] = None,
    out_dir: Annotated[Path | None, typer.Option("--out", help="Report folder (default: lab-GAME)")] = None,
    workers: Annotated[
        int | None, typer.Option(help="Local processes (default: every core)", show_default=False)
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            help="Run on Ray: a cluster's ADDRESS (HOST:PORT, ray://HOST:PORT or auto), "
            "or bare --ray for a local Ray instance",
            metavar="[ADDRESS]",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """A balance study: win rates by turn order and seat with 95% intervals, tests, plots, HTML."""
    from tabuleiro.cli.app import err, out

    game = get_game(game_id)
    info = game.info
    counts = _players(players, info.min_players, info.max_players, info.id)
    if games_ < 1:
        fail(f"--games must be at least 1, not {games_}")
    if not 0 <= seed <= MAX_SEED:
        fail(f"--seed must be an integer from 0 to {MAX_SEED}, not {seed}")
    if workers is not None and workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if workers is not None and ray is not None:
        fail("--workers and --ray exclude each other: Ray places the games on its own workers")
    try:
        from tabuleiro.sim import lab as study_lib
        from tabuleiro.sim import report as report_lib
    except ImportError as exc:
        fail(
            f"tabuleiro lab needs the sim extra ({exc.name} is missing): "
            "./play lab installs it, or pip install -e '.[sim]'"
        )
    raw_options = parse_assignments(option or [])
    typed = game.make_options(raw_options).to_json()
    fixed = {name: typed[name] for name in raw_options}
    study = study_lib.Study(
        game=game,
        players=counts,
        games=games_,
        seed=seed,
        bots=tuple(b.strip() for b in bots.split(",") if b.strip()) or (game.default_bot(),),
        options=fixed,
        compare=study_lib.parse_compare(game, compare or []),
    )
    configs = study_lib.configurations(study)
    folder = out_dir if out_dir is not None else Path(f"lab-{info.id}")
    if folder.exists() and not folder.is_dir():
        fail(f"--out: {folder} exists and is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"--out: cannot create folder {folder}: {exc.strerror}")
    used_workers = workers if workers is not None else default_workers()
    tasks = study_lib.tasks(study, configs)
    started = time.perf_counter()
    if as_json:
        results = _run(tasks, used_workers, ray, None)
    else:
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            _RateColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task(f"{info.id} ×{len(tasks)}", total=len(tasks))
            results = _run(tasks, used_workers, ray, lambda done: bar.advance(task, done))
    played = time.perf_counter() - started
    doc = study_lib.report(study, configs, results)
    files = report_lib.write(doc, folder)
    total = time.perf_counter() - started
    run_doc: JsonDict = {
        "argv": ["tabuleiro", *sys.argv[1:]],
        "backend": "ray" if ray is not None else ("process" if used_workers > 1 else "in-process"),
        "ray_address": ray,
        "workers": None if ray is not None else used_workers,
        "games": len(tasks),
        "play_seconds": round(played, 3),
        "games_per_second": round(len(tasks) / played, 3) if played > 0 else None,
        "total_seconds": round(total, 3),
    }
    (folder / "run.json").write_text(json.dumps(run_doc, indent=2) + "\n", encoding="utf-8")
    if as_json:
        headline = {
            "out": str(folder),
            "files": [str(f) for f in [*files, folder / "run.json"]],
            "command": doc["command"],
            "run": run_doc,
            "configurations": [
                {k: c[k] for k in ("id", "players", "varied", "summary")} for c in doc["configurations"]
            ],
            "comparisons": doc["comparisons"],
        }
        sys.stdout.write(json.dumps(headline, indent=2, ensure_ascii=False) + "\n")
        return
    _print_summary(doc)
    out.print(f"report: {folder / 'report.html'} ({len(tasks)} games in {played:.1f} s)", soft_wrap=True)


def _print_summary(doc: JsonDict) -> None:
    from tabuleiro.cli.app import out

    unit = doc["score_unit"]["en"]
    table = Table("position", "win rate [95% CI]", f"mean {unit}", "p, no advantage")
    table.columns.insert(0, Column("configuration", no_wrap=True))
    for config in doc["configurations"]:
        position = config["summary"]["by_position"]
        p = position["no_advantage"]["p_value"]
        for i, rate in enumerate(position["win_rate"]):
            table.add_row(
                config["id"] if i == 0 else "",
                str(i + 1),
                f"{rate['rate']:.0%} [{rate['low']:.0%}, {rate['high']:.0%}]",
                f"{position['score'][i]['mean']:.1f}",
                ("—" if p is None else f"{p:.3f}") if i == 0 else "",
            )
    out.print(table)
