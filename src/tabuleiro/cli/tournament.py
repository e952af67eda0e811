"""``tabuleiro tournament``: a round-robin between bots, with ratings and 95% intervals."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from tabuleiro.cli.app import (
    GameArg,
    JsonOpt,
    OptionOpt,
    PlayersOpt,
    _dump,
    checked_setup,
    err,
    fail,
    out,
    progress_bar,
)


def tournament(
    game_id: GameArg,
    bots: Annotated[str, typer.Option(help="Bot specs, comma-separated: random,greedy,mcts:iterations=400")],
    players: PlayersOpt = 2,
    games_: Annotated[
        int, typer.Option("--games", "-g", help="Games per arrangement of bots over seats")
    ] = 10,
    seed: Annotated[int, typer.Option(help="Base seed; game g of every arrangement uses the same deal")] = 0,
    option: OptionOpt = None,
    workers: Annotated[int, typer.Option(help="Local processes playing games at once")] = 1,
    as_json: JsonOpt = False,
) -> None:
    """Round-robin between bots (each in every seat); OpenSkill ratings with 95% intervals."""
    from tabuleiro.sim.tournament import TournamentConfig, arrangements, read_bots
    from tabuleiro.sim.tournament import tournament as run

    game, typed = checked_setup(game_id, players, games_, seed, option)
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    config = TournamentConfig(
        game, players, read_bots(game, players, bots.split(",")), games_, seed, typed.to_json()
    )
    total = games_ * len(arrangements(config.bots, players))
    if not err.is_terminal:
        done = 0

        def log(finished: int) -> None:
            nonlocal done
            done += finished
            err.print(f"{game.info.id} tournament: {done}/{total} games")

        doc = run(config, log, workers)
    else:
        with progress_bar() as bar:
            task = bar.add_task(f"{game.info.id} tournament", total=total)
            doc = run(config, lambda finished: bar.advance(task, finished), workers)
    if as_json:
        _dump(doc)
        return
    table = Table("rank", "bot", "rating (mu)", "95% interval", "win rate", "mean score", "games")
    for i, row in enumerate(doc["standings"], 1):
        r = row["rating"]
        table.add_row(
            str(i),
            row["bot"],
            f"{r['mu']:.2f}",
            f"{r['low']:.2f} – {r['high']:.2f}",
            f"{row['win_rate']:.1%}",
            f"{row['mean_score']:.2f}",
            str(row["games"]),
        )
    out.print(table)
    out.print(f"{len(doc['results'])} games · ratings: {doc['rating_model']}")
