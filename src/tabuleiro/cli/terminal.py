"""Playing a match in the terminal: humans type moves, bots move on their own.

With several humans at one screen (hotseat) the screen is cleared and the device passed
before each human's turn, so nobody sees another seat's private information.
"""

from __future__ import annotations

import os
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tabuleiro.bots import BotSpec
from tabuleiro.bots.analysis import hint
from tabuleiro.core import Lang, TabuleiroError, derive_seed
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.play import HUMAN, Session

TEXT: Catalogue = {
    "intro": {
        "pt": "{game} · {players} · semente {seed} · assentos: {seats}",
        "en": "{game} · {players} · seed {seed} · seats: {seats}",
    },
    "players_one": {"pt": "1 jogador", "en": "1 player"},
    "players_many": {"pt": "{n} jogadores", "en": "{n} players"},
    "pass": {
        "pt": "Passe o dispositivo para o Jogador {n} e pressione Enter…",
        "en": "Pass the device to Player {n} and press Enter…",
    },
    "moves": {"pt": "Jogadas possíveis", "en": "Legal moves"},
    "examples": {"pt": "Exemplos", "en": "Examples"},
    "prompt": {
        "pt": "Jogador {n}, sua jogada (número ou texto; 'ajuda', 'sair'): ",
        "en": "Player {n}, your move (number or text; 'help', 'quit'): ",
    },
    "bad_index": {"pt": "Escolha um número de 1 a {n}.", "en": "Choose a number from 1 to {n}."},
    "hint": {
        "pt": "Dica da busca: {move} ({action}), valor estimado {value:.2f} (0 a 1)",
        "en": "Search hint: {move} ({action}), estimated value {value:.2f} (0 to 1)",
    },
    "quit": {"pt": "Partida interrompida.", "en": "Match stopped."},
    "undone": {"pt": "Jogada desfeita.", "en": "Move taken back."},
    "saved": {
        "pt": "Registro salvo em {path} ({command} replay {path}).",
        "en": "Record saved to {path} ({command} replay {path}).",
    },
    "eof": {"pt": "A entrada acabou; partida interrompida.", "en": "Input ended; match stopped."},
    "final": {"pt": "Resultado final", "en": "Final result"},
    "seat": {"pt": "Jogador", "en": "Player"},
    "score": {"pt": "Pontos", "en": "Score"},
    "rank": {"pt": "Posição", "en": "Rank"},
    "winners": {"pt": "Vencedor(es): {names}", "en": "Winner(s): {names}"},
    "human": {"pt": "humano", "en": "human"},
}
_FEW_MOVES = 12
_HELP = {"help", "ajuda", "?"}
_QUIT = {"quit", "sair", "exit"}
_UNDO = {"undo", "desfazer"}


def _t(key: str, lang: Lang, **values: object) -> str:
    return text(TEXT, key, lang, **values)


def _command() -> str:
    """How the person started this command: ``./play`` sets TABULEIRO_COMMAND, so the replay
    hint is one they can type as is (``tabuleiro`` is on the PATH only in an activated venv)."""
    return os.environ.get("TABULEIRO_COMMAND", "tabuleiro")


def _save(session: Session, path: Path | None) -> None:
    if path is None:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(session.record.dumps(), encoding="utf-8")
    os.replace(tmp, path)


def _show_moves(session: Session, seat: int, lang: Lang, console: Console, examples: bool = False) -> None:
    """The numbered legal moves: with their descriptions when few, else grouped by kind in columns.

    A kind is the notation's first word (`move`, `flick`, `place`); the numbers are the legal
    list's, so a move is typed by its number whatever the grouping. `examples` adds one described
    move of each kind (the help screen).
    """
    game = session.game
    legal = game.legal_actions(session.state, seat)
    if len(legal) <= _FEW_MOVES:
        lines = [
            f"  {i + 1:>2}. {game.format_action(a)} — {game.describe_action(a, lang)}"
            for i, a in enumerate(legal)
        ]
        console.print(_t("moves", lang) + ":\n" + "\n".join(lines), markup=False)
        return
    groups: dict[str, list[tuple[int, str]]] = {}
    for i, action in enumerate(legal):
        notation = game.format_action(action)
        groups.setdefault(notation.split(" ", 1)[0], []).append((i + 1, notation))
    width = len(str(len(legal)))
    console.print(f"{_t('moves', lang)} ({len(legal)}):", markup=False)
    for kind, entries in groups.items():
        console.print(Text(f"{kind} ({len(entries)})", style="bold"))
        cells = [Text(f"{n:>{width}}. {notation}", no_wrap=True) for n, notation in entries]
        console.print(Columns(cells, padding=(0, 3), column_first=True))
    if examples:
        console.print(_t("examples", lang) + ":", markup=False)
        for entries in groups.values():
            number, notation = entries[0]
            console.print(f"  {notation} — {game.describe_action(legal[number - 1], lang)}", markup=False)


def _hint(session: Session, seat: int, lang: Lang, console: Console, spec: BotSpec) -> None:
    """The search's suggestion for the seat about to move (after its own screen is shown)."""
    seed = derive_seed(session.record.seed, (1 << 22) + len(session.actions))
    found = hint(session.game, session.state, seat, len(session.actions), spec, seed)
    console.print(
        _t("hint", lang, move=found["text"][lang], action=found["action"], value=found["value"]),
        markup=False,
        soft_wrap=True,
    )


def _human_turn(
    session: Session, seat: int, lang: Lang, console: Console, hints: BotSpec | None = None
) -> str:
    """Read moves until one is accepted: ``moved``, or ``quit``, or ``eof`` when input ends."""
    game = session.game
    console.print(game.render(session.state, seat, lang), markup=False, soft_wrap=True)
    _show_moves(session, seat, lang, console)
    if hints is not None and len(game.legal_actions(session.state, seat)) > 1:
        _hint(session, seat, lang, console, hints)
    while True:
        try:
            line = console.input(_t("prompt", lang, n=seat + 1)).strip()
        except EOFError:
            console.print(_t("eof", lang))
            return "eof"
        if not line:
            continue
        if line.lower() in _HELP:
            _show_moves(session, seat, lang, console, examples=True)
            continue
        if line.lower() in _QUIT:
            console.print(_t("quit", lang))
            return "quit"
        if line.lower() in _UNDO:
            try:
                session.undo(seat)
            except TabuleiroError as exc:
                console.print(exc.message(lang), markup=False)
                continue
            console.print(_t("undone", lang))
            return "moved"
        legal = game.legal_actions(session.state, seat)
        try:
            if line.isdigit():
                index = int(line) - 1
                if not 0 <= index < len(legal):
                    console.print(_t("bad_index", lang, n=len(legal)))
                    continue
                action = legal[index]
            else:
                action = game.parse_action(line)
            session.act(seat, action)
        except TabuleiroError as exc:
            console.print(exc.message(lang), markup=False)
            continue
        return "moved"


def _final(session: Session, lang: Lang, console: Console) -> None:
    game = session.game
    console.print(game.render(session.state, None, lang), markup=False, soft_wrap=True)
    outcome = game.outcome(session.state)
    if outcome is None:
        return
    table = Table(
        "", *(f"{_t('seat', lang)} {s + 1}" for s in range(len(outcome.scores))), title=_t("final", lang)
    )
    for key in outcome.breakdown[0]:
        table.add_row(key, *(str(b[key]) for b in outcome.breakdown))
    table.add_row(_t("score", lang), *(str(x) for x in outcome.scores))
    table.add_row(_t("rank", lang), *(str(r) for r in outcome.ranks))
    console.print(table)
    names = ", ".join(f"{_t('seat', lang)} {s + 1}" for s in outcome.winners)
    console.print(_t("winners", lang, names=names))


def play_match(
    session: Session, lang: Lang, record: Path | None, console: Console, hints: BotSpec | None = None
) -> int:
    """Play `session` to the end; the exit code (0 finished or quit, 1 input ended).

    With `hints` (a search bot spec), each person sees the search's suggestion on their own
    screen before moving (after the pass screen in hotseat play)."""
    game = session.game
    humans = [s for s, kind in enumerate(session.seats) if kind == HUMAN]
    hotseat = len(humans) > 1
    seats = ", ".join(_t("human", lang) if k == HUMAN else k for k in session.seats)
    name = game.info.name_pt if lang == "pt" else game.info.name_en
    count = len(session.seats)
    players = _t("players_one", lang) if count == 1 else _t("players_many", lang, n=count)
    console.print(_t("intro", lang, game=name, players=players, seed=session.record.seed, seats=seats))
    while True:
        session.run_bots()
        _save(session, record)
        if session.finished:
            break
        seat = session.waiting_humans()[0]
        if hotseat:
            console.clear()
            try:
                answer = console.input(_t("pass", lang, n=seat + 1))
            except EOFError:
                console.print(_t("eof", lang))
                return 1
            if answer.strip().lower() in _QUIT:
                console.print(_t("quit", lang))
                if record is not None:
                    console.print(_t("saved", lang, path=record, command=_command()))
                return 0
        status = _human_turn(session, seat, lang, console, hints)
        _save(session, record)
        if status != "moved":
            if record is not None:
                console.print(_t("saved", lang, path=record, command=_command()))
            return 1 if status == "eof" else 0
        if hotseat:
            console.clear()
    _final(session, lang, console)
    if record is not None:
        console.print(_t("saved", lang, path=record, command=_command()))
    return 0
