"""Avenue's components: the map sheets, the road segments and the two decks.

Loaded once from ``data/maps.v1.json`` and ``data/cards.v1.json`` and validated: a file
that breaks the schema raises `DataError` naming the file, the path and what was expected.

Squares are numbered ``row * 6 + col`` with row 0 at the top of the sheet::

          a   b   c   d   e   f
      1   0   1   2   3   4   5
      2   6   7   8   9  10  11
      ...
      7  36  37  38  39  40  41
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from tabuleiro.core.data import expect, load_json

ROWS = 7
COLS = 6
SQUARES = ROWS * COLS
N, E, S, W = 1, 2, 4, 8
SIDE_BITS = {"N": N, "E": E, "S": S, "W": W}
OPPOSITE = {N: S, E: W, S: N, W: E}
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
FARMS = "ABCDEF"
Colour = Literal["P", "G"]


@dataclass(frozen=True, slots=True)
class Square:
    """What is printed on one square of a map sheet."""

    token: str
    farm: str | None = None
    castle: Colour | None = None
    purple: int = 0
    green: int = 0

    @property
    def grapes(self) -> int:
        """Grape icons of either colour."""
        return self.purple + self.green


@dataclass(frozen=True, slots=True)
class AvenueMap:
    """One map sheet (A, B or C)."""

    id: str
    designed: bool
    source: str
    squares: tuple[Square, ...]
    farm_square: dict[str, int]
    castle_square: dict[str, int]


@dataclass(frozen=True, slots=True)
class RoadCard:
    """One road card: the segment it shows and whether it is a yellow (scoring) card."""

    id: int
    segment: int
    yellow: bool


@dataclass(frozen=True, slots=True)
class Components:
    """Every Avenue component."""

    maps: dict[str, AvenueMap]
    segment_sides: dict[int, int]
    road_cards: tuple[RoadCard, ...]
    farm_cards: tuple[str, ...]


def square_name(square: int) -> str:
    """``0`` → ``a1``: column letter, then row number from the top."""
    return f"{'abcdef'[square % COLS]}{square // COLS + 1}"


def parse_square(text: str) -> int | None:
    """``a1`` → ``0``; None when `text` names no square."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcdef" or text[1] not in "1234567":
        return None
    return (int(text[1]) - 1) * COLS + "abcdef".index(text[0])


def neighbour(square: int, side: int) -> int | None:
    """The square across `side` of `square`, or None at the sheet's border."""
    dr, dc = STEP[side]
    r, c = square // COLS + dr, square % COLS + dc
    return r * COLS + c if 0 <= r < ROWS and 0 <= c < COLS else None


def _parse_square(token: str, filename: str, path: str) -> Square:
    if token == ".":
        return Square(token)
    if len(token) == 1 and token in FARMS:
        return Square(token, farm=token)
    if token in ("CP", "CG"):
        return Square(token, castle="P" if token == "CP" else "G")
    expect(
        bool(token) and set(token) <= {"G", "P"} and len(token) <= 4,
        filename,
        path,
        "'.', a farm letter A-F, CP, CG or 1-4 grape letters G/P",
    )
    return Square(token, purple=token.count("P"), green=token.count("G"))


def _load_maps() -> dict[str, AvenueMap]:
    filename = "maps.v1.json"
    data = load_json(__package__ or "", filename, 1)
    expect(data.get("rows") == ROWS and data.get("cols") == COLS, filename, "rows/cols", f"{ROWS} and {COLS}")
    maps_data: Any = data.get("maps")
    expect(isinstance(maps_data, dict) and bool(maps_data), filename, "maps", "an object of maps")
    maps: dict[str, AvenueMap] = {}
    for map_id, raw in maps_data.items():
        where = f"maps.{map_id}"
        expect(isinstance(raw, dict), filename, where, "an object")
        layout = raw.get("layout")
        expect(isinstance(layout, list) and len(layout) == ROWS, filename, f"{where}.layout", f"{ROWS} rows")
        squares: list[Square] = []
        for r, line in enumerate(layout):
            tokens = line.split() if isinstance(line, str) else []
            expect(len(tokens) == COLS, filename, f"{where}.layout[{r}]", f"{COLS} tokens")
            squares.extend(_parse_square(t, filename, f"{where}.layout[{r}] {t!r}") for t in tokens)
        farm_square = {sq.farm: i for i, sq in enumerate(squares) if sq.farm}
        castle_square: dict[str, int] = {sq.castle: i for i, sq in enumerate(squares) if sq.castle}
        farms_found = sorted(sq.farm for sq in squares if sq.farm)
        castles_found = sorted(sq.castle for sq in squares if sq.castle)
        expect(farms_found == list(FARMS), filename, where, "each farm A-F exactly once")
        expect(castles_found == ["G", "P"], filename, where, "one purple (CP) and one green (CG) castle")
        designed, source = raw.get("designed"), raw.get("source")
        expect(isinstance(designed, bool), filename, f"{where}.designed", "true or false")
        expect(isinstance(source, str) and bool(source), filename, f"{where}.source", "a text")
        maps[map_id] = AvenueMap(map_id, designed, source, tuple(squares), farm_square, castle_square)
    return maps


def _load_cards() -> tuple[dict[int, int], tuple[RoadCard, ...], tuple[str, ...]]:
    filename = "cards.v1.json"
    data = load_json(__package__ or "", filename, 1)
    raw_segments: Any = data.get("segments")
    expect(isinstance(raw_segments, dict), filename, "segments", "an object")
    segments: dict[int, int] = {}
    for key, sides in raw_segments.items():
        ok = key.isdigit() and isinstance(sides, list) and len(sides) == 2
        ok = ok and all(s in SIDE_BITS for s in sides) and sides[0] != sides[1]
        expect(ok, filename, f"segments.{key}", "two different sides among N, E, S, W")
        segments[int(key)] = SIDE_BITS[sides[0]] | SIDE_BITS[sides[1]]
    cards: list[RoadCard] = []
    for i, entry in enumerate(data.get("road_cards") or []):
        where = f"road_cards[{i}]"
        ok = isinstance(entry, dict) and entry.get("segment") in segments
        ok = ok and all(isinstance(entry.get(k), int) and entry[k] >= 0 for k in ("yellow", "grey"))
        expect(ok, filename, where, "segment of the segments table, yellow and grey counts")
        for yellow in (True, False):
            for _ in range(entry["yellow" if yellow else "grey"]):
                cards.append(RoadCard(len(cards), entry["segment"], yellow))
    expect(data.get("farm_cards") == list(FARMS), filename, "farm_cards", "the six farms A-F")
    return segments, tuple(cards), tuple(FARMS)


@cache
def components() -> Components:
    """Every component, loaded and validated once."""
    segments, cards, farms = _load_cards()
    return Components(_load_maps(), segments, cards, farms)
