"""Sonora actions and their notation.

Flick phase:  ``flick 3 0 12.5 250`` (disc, launch offset in mm to the thrower's right along
              the front of the pad, angle in degrees to the right of the corner's diagonal,
              strength as the distance in mm the disc would slide on a clear board) ·
              ``reflick`` · ``keep`` · ``hole canyon``
Write phase:  ``colours a b`` (solo: your colour, then the AI's) · ``swap 2 5`` ·
              ``zone 3 ruins`` · ``ruins B 4`` · ``discover owl`` · ``cell e11`` · ``end`` ·
              ``path L4`` · ``node B1`` · ``box swap`` · ``use fox`` · ``done``
Solo AI:      ``ai canyon 4`` · ``ai cell c2`` · ``ai path LA7 LA5`` · ``ai circle C1``

Discs are written by number (``3``); in solo, where the player flicks three colours, by
colour letter and number (``b3``). Areas: ``ruins``, ``riverbed``, ``canyon``, ``mudcracks``.
The JSON form is ``{"text": "<notation>"}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabuleiro.core import InvalidActionError, JsonDict, Lang
from tabuleiro.games.sonora.components import AREAS, DISCOVERY_ANIMALS, cell_name, printed

COLOUR_LETTERS = "abc"
ANGLE_LIMIT = 899  # tenths of a degree: the disc leaves the pad forwards


@dataclass(frozen=True, slots=True)
class Disc:
    """A disc as written: its number 1-5 and, in solo, its colour 0-2 (-1: the seat's own)."""

    number: int
    colour: int = -1


@dataclass(frozen=True, slots=True)
class Flick:
    """Flick `disc` from the seat's corner. Angle in tenths of a degree, lengths in mm."""

    disc: Disc
    offset: int
    angle: int
    distance: int


@dataclass(frozen=True, slots=True)
class Reflick:
    pass


@dataclass(frozen=True, slots=True)
class Keep:
    pass


@dataclass(frozen=True, slots=True)
class Hole:
    area: int


@dataclass(frozen=True, slots=True)
class Colours:
    mine: int
    ai: int


@dataclass(frozen=True, slots=True)
class Swap:
    a: Disc
    b: Disc


@dataclass(frozen=True, slots=True)
class Zone:
    disc: Disc
    area: int


@dataclass(frozen=True, slots=True)
class Ruins:
    building: int
    hexes: int


@dataclass(frozen=True, slots=True)
class Discover:
    animal: int  # index in DISCOVERY_ANIMALS


@dataclass(frozen=True, slots=True)
class Cell:
    cell: int
    ai: bool = False


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Path:
    end: int


@dataclass(frozen=True, slots=True)
class AiPath:
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class AiCanyon:
    size: int


@dataclass(frozen=True, slots=True)
class Node:
    node: int
    ai: bool = False


@dataclass(frozen=True, slots=True)
class Box:
    column: int


@dataclass(frozen=True, slots=True)
class Use:
    animal: int


@dataclass(frozen=True, slots=True)
class Done:
    pass


SonoraAction = (
    Flick
    | Reflick
    | Keep
    | Hole
    | Colours
    | Swap
    | Zone
    | Ruins
    | Discover
    | Cell
    | End
    | Path
    | AiPath
    | AiCanyon
    | Node
    | Box
    | Use
    | Done
)
REFLICK, KEEP, END, DONE = Reflick(), Keep(), End(), Done()


def disc_text(disc: Disc) -> str:
    """``3`` or, with a colour, ``b3``."""
    return f"{COLOUR_LETTERS[disc.colour]}{disc.number}" if disc.colour >= 0 else str(disc.number)


def _tenths(value: int) -> str:
    sign = "-" if value < 0 else ""
    whole, tenth = divmod(abs(value), 10)
    return f"{sign}{whole}.{tenth}" if tenth else f"{sign}{whole}"


def _column_names() -> tuple[str, ...]:
    return tuple(bonus for _, bonus in printed().columns)


def format_action(action: SonoraAction) -> str:
    """The action's text notation."""
    p = printed()
    match action:
        case Flick(disc, offset, angle, distance):
            return f"flick {disc_text(disc)} {offset} {_tenths(angle)} {distance}"
        case Reflick():
            return "reflick"
        case Keep():
            return "keep"
        case Hole(area):
            return f"hole {AREAS[area]}"
        case Colours(mine, ai):
            return f"colours {COLOUR_LETTERS[mine]} {COLOUR_LETTERS[ai]}"
        case Swap(a, b):
            return f"swap {disc_text(a)} {disc_text(b)}"
        case Zone(disc, area):
            return f"zone {disc_text(disc)} {AREAS[area]}"
        case Ruins(building, hexes):
            return f"ruins {p.buildings[building].id} {hexes}"
        case Discover(animal):
            return f"discover {DISCOVERY_ANIMALS[animal]}"
        case Cell(cell, ai):
            return f"{'ai ' if ai else ''}cell {cell_name(cell)}"
        case End():
            return "end"
        case Path(end):
            return f"path {p.river_ids[end]}"
        case AiPath(start, end):
            return f"ai path {p.river_ids[start]} {p.river_ids[end]}"
        case AiCanyon(size):
            return f"ai canyon {size}"
        case Node(node, ai):
            return f"ai circle {p.mud_ids[node]}" if ai else f"node {p.mud_ids[node]}"
        case Box(column):
            return f"box {_column_names()[column]}"
        case Use(animal):
            return f"use {DISCOVERY_ANIMALS[animal]}"
        case Done():
            return "done"
    raise InvalidActionError(f"not a Sonora action: {action!r}")


_AREA_ALIASES = {
    "ruins": 0,
    "ruinas": 0,
    "ruínas": 0,
    "riverbed": 1,
    "leito": 1,
    "rio": 1,
    "canyon": 2,
    "desfiladeiro": 2,
    "mudcracks": 3,
    "mud": 3,
    "rachas": 3,
    "lama": 3,
}


def _bad(text: str, why: str, pt: str) -> InvalidActionError:
    return InvalidActionError(f"{text!r}: {why}", f"{text!r}: {pt}")


def _disc(text: str, word: str) -> Disc:
    colour = -1
    if word and word[0] in COLOUR_LETTERS:
        colour, word = COLOUR_LETTERS.index(word[0]), word[1:]
    if len(word) != 1 or word not in "12345":
        raise _bad(
            text,
            "a disc is a number 1-5 (solo: a colour a/b/c and a number, b3)",
            "um disco é um número de 1 a 5 (solo: cor a/b/c e número, b3)",
        )
    return Disc(int(word), colour)


def _area(text: str, word: str) -> int:
    area = _AREA_ALIASES.get(word)
    if area is None:
        raise _bad(
            text,
            "the area is ruins, riverbed, canyon or mudcracks",
            "a área é ruins, riverbed, canyon ou mudcracks",
        )
    return area


def _int(text: str, word: str, what: str) -> int:
    body = word[1:] if word[:1] in "+-" else word
    if not body.isdigit():
        raise _bad(text, f"{what} must be a whole number", f"{what} deve ser um número inteiro")
    return int(word)


def _angle(text: str, word: str) -> int:
    sign = -1 if word.startswith("-") else 1
    body = word.lstrip("+-")
    whole, dot, tenth = body.partition(".")
    if not whole.isdigit() or (dot and (len(tenth) != 1 or not tenth.isdigit())):
        raise _bad(
            text,
            "the angle is in degrees with at most one decimal (12.5)",
            "o ângulo é em graus com no máximo uma casa decimal (12.5)",
        )
    return sign * (int(whole) * 10 + (int(tenth) if dot else 0))


def _lookup(text: str, names: tuple[str, ...], word: str, what: str, pt: str) -> int:
    for i, name in enumerate(names):
        if name.lower() == word.lower():
            return i
    raise _bad(text, f"unknown {what} {word!r}", f"{pt} desconhecido {word!r}")


def _cell(text: str, word: str) -> int:
    p = printed()
    if len(word) >= 2 and word[0] in "abcdefghij" and word[1:].isdigit():
        row = int(word[1:]) - 1
        if 0 <= row < p.canyon_rows:
            return row * 10 + "abcdefghij".index(word[0])
    raise _bad(
        text,
        "a canyon square is a column a-j and a row 1-12 (e11)",
        "uma casa do desfiladeiro é coluna a-j e linha 1-12 (e11)",
    )


def parse_action(text: str) -> SonoraAction:
    """The action written as `text`.

    Raises:
        InvalidActionError: text that is not a Sonora action.
    """
    words = text.strip().lower().split()
    p = printed()
    match words:
        case ["flick", disc, offset, angle, distance]:
            return Flick(
                _disc(text, disc),
                _int(text, offset, "the offset"),
                _angle(text, angle),
                _int(text, distance, "the strength"),
            )
        case ["reflick"]:
            return REFLICK
        case ["keep"]:
            return KEEP
        case ["hole", area]:
            return Hole(_area(text, area))
        case ["colours" | "cores", mine, ai] if mine in COLOUR_LETTERS and ai in COLOUR_LETTERS:
            return Colours(COLOUR_LETTERS.index(mine), COLOUR_LETTERS.index(ai))
        case ["swap" | "troca", a, b]:
            return Swap(_disc(text, a), _disc(text, b))
        case ["zone", disc, area]:
            return Zone(_disc(text, disc), _area(text, area))
        case ["ruins", building, hexes]:
            ids = tuple(b.id.lower() for b in p.buildings)
            return Ruins(_lookup(text, ids, building, "building", "edifício"), _int(text, hexes, "hexes"))
        case ["discover", animal]:
            return Discover(_lookup(text, DISCOVERY_ANIMALS, animal, "animal", "animal"))
        case ["cell", cell]:
            return Cell(_cell(text, cell))
        case ["ai", "cell", cell]:
            return Cell(_cell(text, cell), ai=True)
        case ["end"]:
            return END
        case ["path", end]:
            return Path(_lookup(text, p.river_ids, end, "riverbed space", "espaço do leito"))
        case ["ai", "path", start, end]:
            return AiPath(
                _lookup(text, p.river_ids, start, "riverbed space", "espaço do leito"),
                _lookup(text, p.river_ids, end, "riverbed space", "espaço do leito"),
            )
        case ["ai", "canyon", size]:
            return AiCanyon(_int(text, size, "the size"))
        case ["node", node]:
            return Node(_lookup(text, p.mud_ids, node, "mud-cracks node", "nó das rachas"))
        case ["ai", "circle", node]:
            return Node(_lookup(text, p.mud_ids, node, "mud-cracks node", "nó das rachas"), ai=True)
        case ["box", column]:
            return Box(_lookup(text, _column_names(), column, "bonus column", "coluna de bônus"))
        case ["use", animal]:
            return Use(_lookup(text, DISCOVERY_ANIMALS, animal, "animal", "animal"))
        case ["done"]:
            return DONE
    raise _bad(
        text,
        "not a Sonora move (flick, reflick, keep, hole, colours, swap, zone, ruins, discover, "
        "cell, end, path, node, box, use, done, ai ...)",
        "não é uma jogada de Sonora (flick, reflick, keep, hole, colours, swap, zone, ruins, "
        "discover, cell, end, path, node, box, use, done, ai ...)",
    )


def action_to_json(action: SonoraAction) -> JsonDict:
    """``{"text": notation}``."""
    return {"text": format_action(action)}


def action_from_json(data: object) -> SonoraAction:
    """The action from ``{"text": notation}``."""
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise InvalidActionError(
            'a Sonora action in JSON is {"text": "<notation>"}',
            'uma ação de Sonora em JSON é {"text": "<notação>"}',
        )
    return parse_action(data["text"])


_AREA_PT = ("Ruínas", "Leito do rio", "Desfiladeiro", "Rachas na lama")
_AREA_EN = ("Ruins", "Riverbed", "Canyon", "Mud cracks")


def area_name(area: int, lang: Lang) -> str:
    """An area's name in `lang`."""
    return (_AREA_PT if lang == "pt" else _AREA_EN)[area]


_ANIMALS_PT = ("raposa", "coruja", "coelho")


def describe_action(action: SonoraAction, lang: Lang = "pt") -> str:
    """The action in plain words."""
    pt = lang == "pt"
    p = printed()
    match action:
        case Flick(disc, offset, angle, distance):
            side = _tenths(angle)
            if pt:
                return (
                    f"piparote no disco {disc_text(disc)}: {offset} mm na borda, {side}°, força {distance} mm"
                )
            return f"flick disc {disc_text(disc)}: {offset} mm along the pad, {side}°, strength {distance} mm"
        case Reflick():
            return "usar Piparotar de Novo" if pt else "use a Re-flick bonus"
        case Keep():
            return "manter o disco" if pt else "keep the disc"
        case Hole(area):
            return f"na mosca: {area_name(area, lang)}" if pt else f"in the hole: {area_name(area, lang)}"
        case Colours(mine, ai):
            a, b = COLOUR_LETTERS[mine], COLOUR_LETTERS[ai]
            return (
                f"cor {a} para si, cor {b} para a IA" if pt else f"colour {a} for you, colour {b} for the AI"
            )
        case Swap(a, b):
            return (
                f"trocar os discos {disc_text(a)} e {disc_text(b)}"
                if pt
                else f"swap discs {disc_text(a)} and {disc_text(b)}"
            )
        case Zone(disc, area):
            where = area_name(area, lang)
            return f"disco {disc_text(disc)} em {where}" if pt else f"disc {disc_text(disc)} in {where}"
        case Ruins(building, hexes):
            b = p.buildings[building].id
            return (
                f"marcar {hexes} hexágonos no edifício {b}" if pt else f"cross {hexes} hexes of building {b}"
            )
        case Discover(animal):
            name = _ANIMALS_PT[animal] if pt else DISCOVERY_ANIMALS[animal]
            return f"descoberta: {name}" if pt else f"discovery: {name}"
        case Cell(cell, ai):
            who = (" da IA" if pt else " of the AI") if ai else ""
            return f"forma{who}: casa {cell_name(cell)}" if pt else f"shape{who}: square {cell_name(cell)}"
        case End():
            return "fechar a forma" if pt else "close the shape"
        case Path(end):
            return f"caminho até {p.river_ids[end]}" if pt else f"path to {p.river_ids[end]}"
        case AiPath(start, end):
            a, b = p.river_ids[start], p.river_ids[end]
            return f"caminho da IA de {a} a {b}" if pt else f"AI path from {a} to {b}"
        case AiCanyon(size):
            return f"forma da IA com o disco {size}" if pt else f"AI shape with disc {size}"
        case Node(node, ai):
            n = p.mud_ids[node]
            if ai:
                return f"círculo da IA em volta de {n}" if pt else f"AI circle around {n}"
            return f"marcar o nó {n}" if pt else f"mark node {n}"
        case Box(column):
            bonus = _column_names()[column]
            return f"caixa na coluna {bonus}" if pt else f"box in the {bonus} column"
        case Use(animal):
            name = _ANIMALS_PT[animal] if pt else DISCOVERY_ANIMALS[animal]
            return f"usar a descoberta {name}" if pt else f"use the discovered {name}"
        case Done():
            return "terminar" if pt else "finish"
    return format_action(action)
