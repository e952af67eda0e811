"""Avenue's actions and their notation.

For each revealed road card a player either draws its segment on a square (text: the
square, ``b3``) or peeks at the next farm card (text: ``peek``; ``olhar`` is read too).
JSON: ``{"type": "draw", "square": "b3"}`` or ``{"type": "peek"}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabuleiro.core import InvalidActionError, JsonDict, Lang
from tabuleiro.games.avenue.components import SQUARES, parse_square, square_name


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the revealed card's segment on `square` (§ Desenhando a estrada)."""

    square: int


@dataclass(frozen=True, slots=True)
class Peek:
    """Look at the top farm card instead of drawing (§ Olhando a próxima carta de fazenda)."""


AvenueAction = Draw | Peek

DRAWS: tuple[Draw, ...] = tuple(Draw(i) for i in range(SQUARES))
PEEK = Peek()
_PEEK_WORDS = frozenset({"peek", "olhar", "p"})


def format_action(action: AvenueAction) -> str:
    """The notation: ``b3`` or ``peek``."""
    return "peek" if isinstance(action, Peek) else square_name(action.square)


def parse_action(text: str) -> AvenueAction:
    """The action written as `text`.

    Raises:
        InvalidActionError: neither a square a1..f7 nor ``peek``.
    """
    if not isinstance(text, str):
        raise InvalidActionError("an Avenue action must be text", "uma ação de Avenue deve ser texto")
    word = text.strip().lower()
    if word in _PEEK_WORDS:
        return PEEK
    square = parse_square(word)
    if square is None:
        raise InvalidActionError(
            f"{text!r} is not an Avenue move: write a square a1..f7 (column a-f, row 1-7) or 'peek'",
            f"{text!r} não é uma jogada de Avenue: escreva uma casa a1..f7 "
            "(coluna a-f, linha 1-7) ou 'olhar'",
        )
    return DRAWS[square]


def action_to_json(action: AvenueAction) -> JsonDict:
    """The JSON form."""
    if isinstance(action, Peek):
        return {"type": "peek"}
    return {"type": "draw", "square": square_name(action.square)}


def action_from_json(data: object) -> AvenueAction:
    """The action in JSON form.

    Raises:
        InvalidActionError: not ``{"type": "peek"}`` nor ``{"type": "draw", "square": ...}``.
    """
    if isinstance(data, dict):
        if data.get("type") == "peek" and len(data) == 1:
            return PEEK
        square = data.get("square")
        if data.get("type") == "draw" and len(data) == 2 and isinstance(square, str):
            index = parse_square(square)
            if index is not None:
                return DRAWS[index]
    raise InvalidActionError(
        'an Avenue action is {"type": "draw", "square": "b3"} or {"type": "peek"}',
        'uma ação de Avenue é {"type": "draw", "square": "b3"} ou {"type": "peek"}',
    )


def describe_action(action: AvenueAction, lang: Lang) -> str:
    """The action in plain words."""
    if isinstance(action, Peek):
        return "olha a próxima fazenda" if lang == "pt" else "peeks at the next farm"
    where = square_name(action.square)
    return f"desenha em {where}" if lang == "pt" else f"draws on {where}"
