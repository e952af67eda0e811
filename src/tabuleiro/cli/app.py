"""The ``tabuleiro`` command.

Bad input (unknown game, option, value, player count, bot, malformed file, bad flag)
prints one line on stderr and exits with code 2; it never shows a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.columns import Columns
from rich.console import Console
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tabuleiro.cli.lab import expand_bare_ray, lab
from tabuleiro.cli.verify import verify_cmd
from tabuleiro.core import (
    MAX_SEED,
    JsonDict,
    Lang,
    MatchRecord,
    TabuleiroError,
    get_game,
    replay,
)
from tabuleiro.core.options import parse_assignments

app = typer.Typer(
    name="tabuleiro",
    help="Tabuleiro: Avenue, Sonora, Metro, Around the World in 80 Days and DOGS.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

GameArg = Annotated[str, typer.Argument(help="Game id: avenue, metro, sonora, dogs, volta_ao_mundo")]
PlayersOpt = Annotated[int, typer.Option("--players", "-n", help="Number of players")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option NAME=VALUE (repeatable)")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON")]


class CliError(Exception):
    """A one-line error for the user."""


def fail(message: str) -> NoReturn:
    """Stop with a one-line error (exit code 2)."""
    raise CliError(message)


def _lang(value: str) -> Lang:
    if value not in ("pt", "en"):
        fail(f"--lang must be pt or en, not {value!r}")
    return "pt" if value == "pt" else "en"


def _seed(value: int | None) -> int:
    if value is None:
        return int.from_bytes(os.urandom(8), "big") & MAX_SEED
    if not 0 <= value <= MAX_SEED:
        fail(f"--seed must be an integer from 0 to {MAX_SEED}, not {value}")
    return value


def _options(game: Any, items: list[str] | None) -> Any:
    """The game's typed options from NAME=VALUE items (OptionError on a bad one)."""
    return game.make_options(parse_assignments(items or []))


def checked_setup(
    game_id: str, players: int, games: int, seed: int, option: list[str] | None
) -> tuple[Any, Any]:
    """The game and its typed options for a run of `games` seeded games, refused with one line
    when the count, the player count, the seed or the option combination is wrong."""
    game = get_game(game_id)
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    typed = _options(game, option)
    game.new_state(players, _seed(seed), typed)  # refuses a bad player count, seed or combination
    return game, typed


def progress_bar() -> Progress:
    """The progress bar of a long command, on stderr, gone when it ends."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )


def _dump(doc: object) -> None:
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def _shown(value: object) -> str:
    """An option value as the parser takes it (``true``/``false``, not ``True``/``False``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _option_line(name: str, spec: JsonDict) -> str:
    choices = f" ({'/'.join(map(_shown, spec['choices']))})" if "choices" in spec else ""
    return f"{name}={_shown(spec['default'])}{choices}"


@app.command()
def games(
    game_id: Annotated[str | None, typer.Argument(help="One game's details (its options and bots)")] = None,
    as_json: JsonOpt = False,
) -> None:
    """List the games with their player counts, options and bots; GAME shows one in detail."""
    from tabuleiro.play.catalogue import catalogue

    entries = catalogue()
    if game_id is not None:
        get_game(game_id)  # refuses an unknown id with the list of known ones
        entries = [e for e in entries if e["id"] == game_id]
    if as_json:
        _dump(entries[0] if game_id is not None else entries)
        return
    if game_id is not None:
        _game_details(entries[0])
        return
    for entry in entries:
        bots = ", ".join(f"{b} (default)" if b == entry["default_bot"] else b for b in entry["bots"])
        out.print(
            f"[bold]{entry['id']}[/bold] — {entry['name']['en']} · "
            f"{entry['min_players']}-{entry['max_players']} players · bots: {bots}"
        )
        opts = [Text(_option_line(name, spec), no_wrap=True) for name, spec in entry["options"].items()]
        out.print(Padding(Columns(opts, padding=(0, 3)), (0, 0, 0, 2)))
    out.print("Details of one game: ./play games GAME", soft_wrap=True)


def _game_details(entry: JsonDict) -> None:
    out.print(f"{entry['id']}: {entry['name']['en']} ({entry['name']['pt']})", soft_wrap=True)
    out.print(
        f"players {entry['min_players']}-{entry['max_players']} · rules version {entry['rules_version']}"
    )
    out.print(f"bots: {', '.join(entry['bots'])} (default {entry['default_bot']})", soft_wrap=True)
    table = Table("option", "default", "values", "description")
    for name, spec in entry["options"].items():
        values = "/".join(map(_shown, spec["choices"])) if "choices" in spec else spec["type"]
        table.add_row(name, _shown(spec["default"]), values, spec["description"]["en"])
    out.print(table)


@app.command()
def play(
    game_id: GameArg,
    players: PlayersOpt = 2,
    seat: Annotated[
        list[str] | None, typer.Option("--seat", "-s", help="human or a bot name, per seat in order")
    ] = None,
    option: OptionOpt = None,
    seed: Annotated[int | None, typer.Option(help="Match seed (random when absent)")] = None,
    lang: Annotated[str, typer.Option(help="pt or en")] = "pt",
    record: Annotated[Path | None, typer.Option(help="Write the match record here after every move")] = None,
    hints: Annotated[
        str | None,
        typer.Option(help="Show each person the search's suggestion before they move: a bot spec, e.g. mcts"),
    ] = None,
) -> None:
    """Play in the terminal: humans (hotseat) and bots in any mix."""
    from tabuleiro.bots import bot_spec
    from tabuleiro.cli.terminal import play_match
    from tabuleiro.play import Session

    language = _lang(lang)
    game = get_game(game_id)
    session = Session(game, players, _seed(seed), _options(game, option), seat or ["human"], undo=True)
    if record is not None and not record.parent.exists():
        fail(f"--record: folder {record.parent} does not exist")
    hint_spec = None if hints is None else bot_spec(game, hints)
    if hint_spec is not None and hint_spec.name != "mcts":
        fail(f"--hints needs a search bot (mcts, mcts:iterations=N), not {hint_spec.text}")
    raise typer.Exit(play_match(session, language, record, out, hint_spec))


@app.command()
def simulate(
    game_id: GameArg,
    players: PlayersOpt = 2,
    games_: Annotated[int, typer.Option("--games", "-g", help="Number of games")] = 100,
    seed: Annotated[int, typer.Option(help="Base seed; each game's seed is derived from it")] = 0,
    option: OptionOpt = None,
    bots: Annotated[
        str, typer.Option(help="One bot for every seat, or B1,B2,... one per seat (default: the game's own)")
    ] = "",
    records: Annotated[Path | None, typer.Option(help="Folder to write each game's match record")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Play bots against bots over many seeded games."""
    from tabuleiro.sim.simulate import SimConfig, seat_bots
    from tabuleiro.sim.simulate import simulate as run

    game, typed = checked_setup(game_id, players, games_, seed, option)
    config = SimConfig(
        game, players, games_, seed, typed.to_json(), seat_bots(game, players, bots.split(","))
    )
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"--records: cannot create folder {records}: {exc.strerror}")
    if as_json:
        _dump(run(config, records))
        return
    with progress_bar() as bar:
        task = bar.add_task(f"{game.info.id} ×{games_}", total=games_)
        doc = run(config, records, lambda done: bar.update(task, completed=done))
    summary = doc["summary"]
    table = Table("seat", "bot", _score_heading(game), "stdev", "win rate")
    for s in range(players):
        table.add_row(
            str(s + 1),
            config.bots[s],
            f"{summary['mean_score'][s]:.2f}",
            f"{summary['stdev_score'][s]:.2f}",
            f"{summary['win_rate'][s]:.1%}",
        )
    out.print(table)
    out.print(f"games: {summary['games']} · mean decisions per game: {summary['mean_decisions']:.1f}")


def _score_heading(game: Any) -> str:
    unit = game.info.score_unit_en
    return f"mean {unit} ({'fewer' if game.info.lower_wins else 'more'} wins)"


@app.command("replay")
def replay_cmd(
    path: Annotated[Path, typer.Argument(help="A match record (JSON)")],
    as_json: JsonOpt = False,
) -> None:
    """Replay a match record and print where it ends."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
    try:
        result = replay(MatchRecord.loads(text))
    except TabuleiroError as exc:
        fail(f"{path}: {exc}")
    game, state = result.game, result.state
    outcome = game.outcome(state)
    doc: JsonDict = {
        "game": game.info.id,
        "decisions": result.decisions,
        "finished": outcome is not None,
        "to_act": sorted(game.to_act(state)),
        "outcome": outcome.to_json() if outcome else None,
    }
    if as_json:
        _dump(doc)
        return
    if outcome is None:
        out.print(
            f"{game.info.id}: {result.decisions} actions replayed; the match is not over "
            f"(to act: {', '.join(f'seat {s + 1}' for s in doc['to_act'])})"
        )
        return
    table = Table("", *(f"seat {s + 1}" for s in range(len(outcome.scores))))
    for key in outcome.breakdown[0]:
        table.add_row(key, *(str(b[key]) for b in outcome.breakdown))
    table.add_row(game.info.score_unit_en, *(str(x) for x in outcome.scores))
    table.add_row("rank", *(str(r) for r in outcome.ranks))
    out.print(table)
    out.print(f"winners: {', '.join(f'seat {s + 1}' for s in outcome.winners)}")


app.command("verify")(verify_cmd)


@app.command()
def bench(
    game_id: GameArg,
    players: PlayersOpt = 4,
    seconds: Annotated[float, typer.Option(help="Total time budget")] = 5.0,
    reps: Annotated[int, typer.Option(help="Repetitions (figures are medians)")] = 5,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Random playouts through the protocol: decisions/s, games/s, clone and call costs."""
    from tabuleiro.sim.bench import bench as run

    game = get_game(game_id)
    if seconds <= 0 or reps < 1:
        fail("--seconds must be positive and --reps at least 1")
    typed = _options(game, option)
    game.new_state(players, 0, typed)  # refuses a bad player count or combination
    doc = run(game, players, seconds, reps, typed.to_json())
    if as_json:
        _dump(doc)
        return
    table = Table("measure", "median")
    for key in (
        "decisions_per_s",
        "games_per_s",
        "decisions_per_game",
        "clone_us",
        "legal_actions_us",
        "apply_us",
        "view_us",
        "view_per_decision",
    ):
        table.add_row(key, f"{doc[key]:,}")
    out.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="SQLite file or postgresql://… URL (default: a file in your data folder)"),
    ] = None,
    ssl_certfile: Annotated[str | None, typer.Option(help="TLS certificate (PEM) to serve https")] = None,
    ssl_keyfile: Annotated[str | None, typer.Option(help="TLS private key (PEM)")] = None,
    rate_limits: Annotated[
        bool, typer.Option(help="Per-client rate limits (turn off only for benchmarks)")
    ] = True,
) -> None:
    """Serve the web app: lobby, tables, live play and the API (open the printed address)."""
    try:
        import uvicorn

        from tabuleiro.server.app import create_app
        from tabuleiro.server.limits import UNLIMITED, Limits
        from tabuleiro.server.store import StorageError, default_db, port_is_free
    except ImportError:
        fail("the web server needs the server extra: pip install -e '.[server]' (./play installs it)")
    if not 0 < port < 65536:
        fail(f"--port must be from 1 to 65535, not {port}")
    if not port_is_free(host, port):
        fail(f"cannot listen on {host}:{port}: the port is in use or the address is not this machine's")
    if (ssl_certfile is None) != (ssl_keyfile is None):
        fail("--ssl-certfile and --ssl-keyfile go together")
    database = db or str(default_db())
    limits = Limits() if rate_limits else UNLIMITED
    try:
        application = create_app(database, limits=limits)
    except StorageError as exc:
        fail(str(exc))
    tls = ssl_certfile is not None
    if not tls and not _loopback(host):
        err.print(
            f"tabuleiro: warning: serving on {host} without TLS: seat tokens and invite codes cross "
            "the network in clear text. Serve behind a reverse proxy with https, or pass "
            "--ssl-certfile and --ssl-keyfile.",
            markup=False,
            soft_wrap=True,
        )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    scheme = "https" if tls else "http"
    out.print(
        f"Tabuleiro: open {scheme}://{shown}:{port}/ in your browser (matches kept in {database}).",
        soft_wrap=True,
    )
    out.print("Stop with Ctrl+C; matches resume when you start it again.", soft_wrap=True)
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=limits.max_frame,
        ssl_certfile=ssl_certfile,
        ssl_keyfile=ssl_keyfile,
    )


def _loopback(host: str) -> bool:
    """True for an address only this machine can reach."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


app.command()(lab)


# Commands with their own modules (they import the helpers above).
from tabuleiro.cli.analyse import analyse_cmd  # noqa: E402
from tabuleiro.cli.tournament import tournament  # noqa: E402

app.command()(tournament)
app.command("analyse")(analyse_cmd)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command; bad input becomes one line on stderr and exit code 2."""
    command = typer.main.get_command(app)
    if not (sys.argv[1:] if argv is None else argv):
        argv = ["--help"]
    try:
        args = expand_bare_ray(sys.argv[1:] if argv is None else argv)
        code = command.main(args=args, prog_name="tabuleiro", standalone_mode=False)
    except CliError as exc:
        err.print(f"tabuleiro: {exc}", markup=False, soft_wrap=True)
        sys.exit(2)
    except TabuleiroError as exc:
        err.print(f"tabuleiro: {exc}", markup=False, soft_wrap=True)
        sys.exit(2)
    except typer.TyperException as exc:
        err.print(f"tabuleiro: {exc.format_message()} (see tabuleiro --help)", markup=False, soft_wrap=True)
        sys.exit(2)
    except typer.Abort:
        err.print("tabuleiro: interrupted", markup=False)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(code if isinstance(code, int) else 0)
