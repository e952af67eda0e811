"""Metro's actions and their notation.

    bbad@c4        place a bbad tile on c4 (arrow up)
    bbad@c4r1      ... turned one quarter clockwise (free-orientation variant)
    draw           take a tile from the face-down pile; it must be placed next
    swap 20 up     expansion 1: return your 20% share, take the face-up 20% share
    swap 20 top    ... take the top of the 20% pile instead
    central F3     expansion 2: your central wagon on face F3
    central F3 20  expansion 2 with 1: show your 20% share, its company's wagon on F3
    pass           nothing to do (no tile left)

JSON: ``{"type": "place", "tile": "bbad", "square": "c4", "rotation": 0}``, ``{"type":
"draw"}``, ``{"type": "swap", "percent": 20, "take": "up"}``, ``{"type": "central",
"face": "F3", "percent": 20}`` (percent null without expansion 1), ``{"type": "pass"}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabuleiro.core import InvalidActionError, JsonDict, Lang
from tabuleiro.games.metro.components import SQUARES, components, parse_square, square_name

PERCENTS = (10, 20, 30, 40)


@dataclass(frozen=True, slots=True)
class Place:
    """Place a tile of `face` on `square`, turned `rotation` quarter turns clockwise."""

    face: int
    square: int
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top tile of the face-down pile, to be placed at once."""


@dataclass(frozen=True, slots=True)
class Swap:
    """Expansion 1: return the share of `percent` and take the face-up one or the pile's top."""

    percent: int
    take_face_up: bool


@dataclass(frozen=True, slots=True)
class Central:
    """Expansion 2: a central wagon on face `face` (0..7 = F1..F8); with expansion 1, the
    share of `percent` is shown and its company owns the line."""

    face: int
    percent: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn doing nothing (only without a tile to place)."""


MetroAction = Place | Draw | Swap | Central | Pass
DRAW = Draw()
PASS = Pass()
# Every placement, made once: PLACES[face][rotation][square].
PLACES: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
    tuple(tuple(Place(f, sq, r) for sq in range(SQUARES)) for r in range(4))
    for f in range(len(components().faces))
)


def format_action(action: MetroAction) -> str:
    """The action's notation."""
    if isinstance(action, Place):
        text = f"{components().faces[action.face]}@{square_name(action.square)}"
        return text + (f"r{action.rotation}" if action.rotation else "")
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Swap):
        return f"swap {action.percent} {'up' if action.take_face_up else 'top'}"
    if isinstance(action, Central):
        return f"central F{action.face + 1}" + (f" {action.percent}" if action.percent else "")
    return "pass"


def _invalid(text: str) -> InvalidActionError:
    return InvalidActionError(
        f"{text!r} is not a Metro move: write TILE@SQUARE (bbad@c4, bbad@c4r1), draw, "
        "swap PERCENT up|top, central F1..F8 [PERCENT] or pass",
        f"{text!r} não é uma jogada de Metro: escreva PEÇA@CASA (bbad@c4, bbad@c4r1), draw, "
        "swap PORCENTAGEM up|top, central F1..F8 [PORCENTAGEM] ou pass",
    )


def parse_action(text: str) -> MetroAction:
    """The action written as `text`.

    Raises:
        InvalidActionError: text that is no Metro move.
    """
    if not isinstance(text, str):
        raise _invalid(repr(text))
    words = text.strip().lower().split()
    if words == ["draw"] or words == ["comprar"]:
        return DRAW
    if words in (["pass"], ["passar"]):
        return PASS
    swap = len(words) == 3 and words[0] == "swap" and words[1].isdigit() and words[2] in ("up", "top")
    if swap and int(words[1]) in PERCENTS:
        return Swap(int(words[1]), words[2] == "up")
    if words and words[0] == "central" and len(words) in (2, 3):
        face = words[1].upper()
        if len(face) == 2 and face[0] == "F" and face[1] in "12345678":
            if len(words) == 2:
                return Central(int(face[1]) - 1)
            if words[2].isdigit() and int(words[2]) in PERCENTS:
                return Central(int(face[1]) - 1, int(words[2]))
    if len(words) == 1 and "@" in words[0]:
        return _parse_place(words[0], text)
    raise _invalid(text)


def _parse_place(word: str, text: str) -> Place:
    code, _, where = word.partition("@")
    rotation = 0
    if len(where) == 4 and where[2] == "r" and where[3] in "0123":
        rotation, where = int(where[3]), where[:2]
    faces = components().faces
    square = parse_square(where)
    if code not in faces or square is None:
        raise _invalid(text)
    return PLACES[faces.index(code)][rotation][square]


def action_to_json(action: MetroAction) -> JsonDict:
    """The JSON form."""
    if isinstance(action, Place):
        return {
            "type": "place",
            "tile": components().faces[action.face],
            "square": square_name(action.square),
            "rotation": action.rotation,
        }
    if isinstance(action, Draw):
        return {"type": "draw"}
    if isinstance(action, Swap):
        return {"type": "swap", "percent": action.percent, "take": "up" if action.take_face_up else "top"}
    if isinstance(action, Central):
        return {"type": "central", "face": f"F{action.face + 1}", "percent": action.percent}
    return {"type": "pass"}


def action_from_json(data: object) -> MetroAction:
    """The action in JSON form.

    Raises:
        InvalidActionError: data that is no Metro action.
    """
    if not isinstance(data, dict):
        raise _invalid(repr(data))
    kind = data.get("type")
    text: str | None = None
    if kind in ("draw", "pass") and len(data) == 1:
        text = str(kind)
    elif kind == "place" and set(data) == {"type", "tile", "square", "rotation"}:
        rotation = data["rotation"]
        if type(rotation) is int and 0 <= rotation <= 3:
            text = f"{data['tile']}@{data['square']}" + (f"r{rotation}" if rotation else "")
    elif kind == "swap" and set(data) == {"type", "percent", "take"} and type(data["percent"]) is int:
        text = f"swap {data['percent']} {data['take']}"
    elif kind == "central" and set(data) == {"type", "face", "percent"}:
        percent = data["percent"]
        if percent is None or type(percent) is int:
            text = f"central {data['face']}" + (f" {percent}" if percent is not None else "")
    if text is None or not all(isinstance(v, str | int | type(None)) for v in data.values()):
        raise _invalid(repr(data))
    return parse_action(text)


def describe_action(action: MetroAction, lang: Lang) -> str:
    """The action in plain words."""
    pt = lang == "pt"
    if isinstance(action, Place):
        turn = (
            (f", girada {action.rotation}x" if pt else f", turned {action.rotation}x")
            if action.rotation
            else ""
        )
        tile = components().faces[action.face]
        where = square_name(action.square)
        return f"coloca {tile} em {where}{turn}" if pt else f"places {tile} on {where}{turn}"
    if isinstance(action, Draw):
        return "compra uma peça do estoque" if pt else "draws a tile from the pile"
    if isinstance(action, Swap):
        take = (
            ("a aberta" if pt else "the face-up one")
            if action.take_face_up
            else ("a do topo" if pt else "the top one")
        )
        return (
            f"troca a ação de {action.percent}% por {take}"
            if pt
            else f"swaps the {action.percent}% share for {take}"
        )
    if isinstance(action, Central):
        share = f" ({action.percent}%)" if action.percent else ""
        return (
            f"vagão central em F{action.face + 1}{share}"
            if pt
            else f"central wagon on F{action.face + 1}{share}"
        )
    return "passa" if pt else "passes"
