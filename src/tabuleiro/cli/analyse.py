"""``tabuleiro analyse``: the search's opinion of every decision of a match record."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from tabuleiro.bots import bot_spec
from tabuleiro.bots.analysis import BLUNDER, analyse
from tabuleiro.cli.app import JsonOpt, _dump, _lang, fail, out, progress_bar
from tabuleiro.core import MatchRecord, TabuleiroError, get_game


def analyse_cmd(
    path: Annotated[Path, typer.Argument(help="A match record (JSON)")],
    bot: Annotated[
        str, typer.Option(help="The search that judges: mcts, mcts:iterations=N, mcts:seconds=S")
    ] = "mcts",
    blunder: Annotated[
        float, typer.Option(help="Loss of value (0..1) from which a move is a blunder")
    ] = BLUNDER,
    lang: Annotated[str, typer.Option(help="pt or en")] = "pt",
    as_json: JsonOpt = False,
) -> None:
    """Replay a record; for every decision, the value of the move played against the best found."""
    language = _lang(lang)
    if not 0 < blunder <= 1:
        fail(f"--blunder must be a number above 0 and at most 1, not {blunder}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
    try:
        record = MatchRecord.loads(text)
        game = get_game(record.game)
    except TabuleiroError as exc:
        fail(f"{path}: {exc}")
    spec = bot_spec(game, bot)
    try:
        if as_json:
            _dump(analyse(record, spec, blunder=blunder))
            return
        with progress_bar() as bar:
            task = bar.add_task(f"{game.info.id} analysis", total=len(record.moves))
            doc = analyse(record, spec, lambda done, _total: bar.update(task, completed=done), blunder)
    except TabuleiroError as exc:
        fail(f"{path}: {exc}")
    table = Table("#", "player", "played", "value", "best", "value", "loss", "")
    for d in doc["decisions"]:
        if d["forced"]:
            continue
        played, best = d["played"], d["best"]
        table.add_row(
            str(d["index"] + 1),
            str(d["seat"] + 1),
            played["action"],
            "—" if played["value"] is None else f"{played['value']:.2f}",
            best["action"],
            f"{best['value']:.2f}",
            "—" if d["loss"] is None else f"{d['loss']:.2f}",
            "!!" if d["blunder"] else "",
        )
    out.print(table)
    for i in doc["blunders"]:
        out.print(doc["decisions"][i]["message"][language], soft_wrap=True)
    for s in doc["seats"]:
        word = "erros graves" if language == "pt" else "blunders"
        loss = "perda média" if language == "pt" else "mean loss"
        who = "jogador" if language == "pt" else "player"
        out.print(f"{who} {s['seat'] + 1}: {loss} {s['mean_loss']:.3f} · {word} {s['blunders']}")
