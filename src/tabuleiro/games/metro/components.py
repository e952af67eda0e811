"""Metro's components: the board and its stations, the track tiles and the wagon tables.

Loaded once from ``data/*.v1.json`` and validated; tables derived from them (tile pairings
per rotation, board crossings) are built here, once, for the rules to use.

Squares are numbered ``row * 8 + col``, row 0 at the top. A tile has 8 exits numbered
clockwise from the top-left; a track always joins an even exit to an odd one::

         0   1
       +-------+
     7 |       | 2
     6 |       | 3
       +-------+
         5   4

Lines enter a tile by an even exit and leave by an odd one, so a line that starts at a
station's departure (even) always ends at an arrival (odd).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from tabuleiro.core.data import expect, load_json

SIZE = 8
SQUARES = SIZE * SIZE
CENTRE = frozenset({27, 28, 35, 36})
LETTER_OFFSET = {"a": 5, "b": 3, "c": 7, "d": 1}
# Crossing a side: the exit leaving one square and the exit entering its neighbour.
FACING = (5, 4, 7, 6, 1, 0, 3, 2)
STEP = ((-1, 0), (-1, 0), (0, 1), (0, 1), (1, 0), (1, 0), (0, -1), (0, -1))
COLUMNS = "abcdefgh"


@dataclass(frozen=True, slots=True)
class Station:
    """An edge station (1..32) or a central-station face (F1..F8)."""

    name: str
    square: int
    departure: int
    arrival: int


@dataclass(frozen=True, slots=True)
class Components:
    """Every Metro component and the tables derived from them."""

    faces: tuple[str, ...]
    face_counts: tuple[int, ...]
    central_faces: tuple[int, ...]
    central_designed: bool
    stations: tuple[Station, ...]
    central: tuple[Station, ...]
    colours: tuple[dict[str, str], ...]
    tables: dict[int, dict[str, tuple[int, ...]]]
    table_sources: dict[int, str]
    companies: dict[str, tuple[int, ...]]
    percentages: tuple[int, ...]
    number_groups: dict[str, tuple[int, ...]]
    numbers_designed: bool


def pairing(code: str, rotation: int = 0) -> tuple[int, ...]:
    """The exit each exit joins, for a face code turned `rotation` quarter turns clockwise."""
    partner = [0] * 8
    for i, letter in enumerate(code):
        even = 2 * i
        odd = (even + LETTER_OFFSET[letter]) % 8
        a, b = (even + 2 * rotation) % 8, (odd + 2 * rotation) % 8
        partner[a], partner[b] = b, a
    return tuple(partner)


def square_name(square: int) -> str:
    """``0`` → ``a1``: column letter, then row number from the top."""
    return f"{COLUMNS[square % SIZE]}{square // SIZE + 1}"


def parse_square(text: str) -> int | None:
    """``a1`` → ``0``; None when `text` names no square."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or not "1" <= text[1] <= "8":
        return None
    return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])


def crossing(square: int, exit_: int) -> int | None:
    """The neighbour square across `exit_`, or None off the board."""
    dr, dc = STEP[exit_]
    r, c = square // SIZE + dr, square % SIZE + dc
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else None


def _square(raw: Any, filename: str, path: str) -> int:
    ok = isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, int) and 0 <= x < SIZE for x in raw)
    expect(ok, filename, path, "[row, col] on the 8x8 board")
    return int(raw[0]) * SIZE + int(raw[1])


def _stations(data: dict[str, Any], filename: str) -> tuple[tuple[Station, ...], tuple[Station, ...]]:
    stations = []
    for i, raw in enumerate(data.get("stations") or []):
        where = f"stations[{i}]"
        expect(
            isinstance(raw, dict) and raw.get("number") == i + 1, filename, where, f"station number {i + 1}"
        )
        square = _square(raw.get("square"), filename, f"{where}.square")
        dep, arr = raw.get("departure_exit"), raw.get("arrival_exit")
        ok = dep in range(0, 8, 2) and arr in range(1, 8, 2) and crossing(square, arr) is None
        expect(ok, filename, where, "an even departure and an odd arrival exit on the board's border")
        stations.append(Station(str(i + 1), square, dep, arr))
    expect(len(stations) == 32, filename, "stations", "32 edge stations")
    arrivals = {(s.square, s.arrival) for s in stations}
    expect(len(arrivals) == 32, filename, "stations", "a different arrival for every station")
    central = []
    for i, raw in enumerate(data.get("central_faces") or []):
        where = f"central_faces[{i}]"
        square = _square(raw.get("square"), filename, f"{where}.square")
        dep, arr = raw.get("departure_exit"), raw.get("arrival_exit")
        ok = raw.get("id") == f"F{i + 1}" and dep in range(0, 8, 2) and arr in range(1, 8, 2)
        ok = ok and crossing(square, arr) in CENTRE and crossing(square, dep) in CENTRE
        expect(ok, filename, where, f"face F{i + 1} with departure and arrival exits facing the centre")
        central.append(Station(f"F{i + 1}", square, dep, arr))
    expect(len(central) == 8, filename, "central_faces", "8 faces")
    return tuple(stations), tuple(central)


def _faces(data: dict[str, Any], filename: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    codes, counts = [], []
    for i, raw in enumerate(data.get("track_tiles") or []):
        code, count = raw.get("code"), raw.get("count")
        ok = isinstance(code, str) and len(code) == 4 and set(code) <= set(LETTER_OFFSET)
        ok = ok and isinstance(count, int) and count > 0
        expect(ok, filename, f"track_tiles[{i}]", "a 4-letter code of a/b/c/d and a positive count")
        expect(sorted(pairing(code)) == list(range(8)), filename, f"track_tiles[{i}]", "4 tracks on 8 exits")
        codes.append(code)
        counts.append(count)
    expect(len(set(codes)) == len(codes), filename, "track_tiles", "different codes")
    return tuple(codes), tuple(counts)


def _tables(data: dict[str, Any], filename: str, colours: list[str]) -> tuple[dict[int, Any], dict[int, str]]:
    tables: dict[int, dict[str, tuple[int, ...]]] = {}
    sources: dict[int, str] = {}
    for key, raw in (data.get("tables") or {}).items():
        where = f"tables.{key}"
        players = int(key) if key.isdigit() else 0
        expect(2 <= players <= 6 and isinstance(raw, dict), filename, where, "a table for 2..6 players")
        by_colour = raw.get("stations") or {}
        expect(list(by_colour) == colours[:players], filename, where, f"the first {players} colours")
        seen = [n for numbers in by_colour.values() for n in numbers]
        expect(
            len(seen) == len(set(seen)) and all(1 <= n <= 32 for n in seen),
            filename,
            where,
            "each station at most once",
        )
        tables[players] = {c: tuple(v) for c, v in by_colour.items()}
        sources[players] = str(raw.get("source"))
    expect(sorted(tables) == [2, 3, 4, 5, 6], filename, "tables", "tables for 2, 3, 4, 5 and 6 players")
    return tables, sources


@cache
def components() -> Components:
    """Every component, loaded and validated once."""
    board = load_json(__package__ or "", "board.v1.json", 1)
    expect(board.get("size") == SIZE, "board.v1.json", "size", str(SIZE))
    centre = {_square(sq, "board.v1.json", "centre") for sq in board.get("centre") or []}
    expect(centre == CENTRE, "board.v1.json", "centre", "the 2x2 block d4, e4, d5, e5")
    stations, central = _stations(board, "board.v1.json")
    tiles = load_json(__package__ or "", "tiles.v1.json", 1)
    faces, counts = _faces(tiles, "tiles.v1.json")
    central_tiles = tiles.get("central_track_tiles") or {}
    central_codes = central_tiles.get("codes") or []
    expect(
        len(central_codes) == 8 and set(central_codes) <= set(faces),
        "tiles.v1.json",
        "central_track_tiles.codes",
        "8 codes of the track tiles",
    )
    wagons = load_json(__package__ or "", "wagons.v1.json", 1)
    colours = tuple(wagons.get("colours") or [])
    expect(len(colours) == 8 and all("id" in c for c in colours), "wagons.v1.json", "colours", "8 colours")
    colour_ids = [c["id"] for c in colours]
    tables, sources = _tables(wagons, "wagons.v1.json", colour_ids)
    companies = (wagons.get("companies") or {}).get("stations") or {}
    numbers = sorted(n for v in companies.values() for n in v)
    expect(
        list(companies) == colour_ids and numbers == list(range(1, 33)),
        "wagons.v1.json",
        "companies.stations",
        "4 stations for each of the 8 colours, every station once",
    )
    percentages = tuple(wagons.get("share_percentages") or [])
    expect(percentages == (10, 20, 30, 40), "wagons.v1.json", "share_percentages", "[10, 20, 30, 40]")
    groups_raw = wagons.get("station_number_colours") or {}
    groups = {k: tuple(v) for k, v in (groups_raw.get("groups") or {}).items()}
    expect(
        sorted(n for v in groups.values() for n in v) == list(range(1, 33)),
        "wagons.v1.json",
        "station_number_colours.groups",
        "every station number once",
    )
    return Components(
        faces=faces,
        face_counts=counts,
        central_faces=tuple(faces.index(c) for c in central_codes),
        central_designed=bool(central_tiles.get("designed")),
        stations=stations,
        central=central,
        colours=colours,
        tables=tables,
        table_sources=sources,
        companies={k: tuple(v) for k, v in companies.items()},
        percentages=percentages,
        number_groups=groups,
        numbers_designed=bool(groups_raw.get("designed")),
    )
