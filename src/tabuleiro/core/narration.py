"""The log in words: a move as the table saw it, and the public events that followed it.

A game narrates from two spectator views — the table just before a move and just after it —
so the log can only ever tell what every seat could see on the board: a card turned face up,
the weather drawn, a line closed and scored, a new round. What a seat holds in private never
reaches a spectator view, and so never reaches the log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from tabuleiro.core.errors import Lang

EventKind = Literal["chance", "round", "score", "end"]
"""``chance``: something drawn or revealed; ``round``: a round (or phase) begins;
``score``: points scored; ``end``: the match ends (the final summary)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One public event the log shows after the move that caused it."""

    kind: EventKind
    text: str


@dataclass(frozen=True, slots=True)
class Narration:
    """A move in words (``None``: the game's `describe_action`) and the events it caused."""

    move: str | None = None
    events: tuple[Event, ...] = ()


SILENT = Narration()


_MARK = re.compile(r"\[\[seat:(\d+)\]\]")
_PLAYER = {"pt": "Jogador {}", "en": "Player {}"}


def seat_mark(seat: int) -> str:
    """How a narration names a seat (`seat` from 0): the browser shows the player's name in
    its place, which the game does not know (names are claimed and changed at the table)."""
    return f"[[seat:{seat}]]"


def plain(text: str, lang: Lang) -> str:
    """`text` with every seat mark written as "Jogador N" / "Player N" (N from 1)."""
    return _MARK.sub(lambda m: _PLAYER[lang].format(int(m.group(1)) + 1), text)


def plain_narration(narration: Narration, lang: Lang) -> Narration:
    """`narration` with `plain` applied to its move and events."""
    move = None if narration.move is None else plain(narration.move, lang)
    return Narration(move, tuple(Event(e.kind, plain(e.text, lang)) for e in narration.events))


def ordinal_suffix(rank: int) -> str:
    """The English ordinal suffix of `rank`: 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st."""
    if rank % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
