"""Sonora components: the board's geometry and physics, and the scoresheet.

Loaded once from ``data/board.v1.json`` and ``data/sheet.v1.json`` and validated. Both are
**designed by Tabuleiro** (``shared/research/sonora.md`` §4): neither the board's measurements
nor the printed scoresheet are public. The design reproduces every worked example of the
rulebook; the data files, the views and the terminal say it is designed.

Areas are numbered in the score column's order (§ Fim do jogo): 0 Ruins (lizard), 1 Riverbed
(owl), 2 Canyon (fox), 3 Mud cracks (rabbit). Board corners are numbered clockwise from the
top-left: 0 Ruins, 1 Riverbed, 2 Mud cracks, 3 Canyon, each inside the zone of its name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from tabuleiro.core.data import expect, load_json

RUINS, RIVER, CANYON, MUD = range(4)
AREAS = ("ruins", "riverbed", "canyon", "mudcracks")
ANIMALS = ("lizard", "owl", "fox", "rabbit")  # the multiplier animal of each area
BONUSES = ("reflick", "swap", "fox", "owl", "rabbit", "discovery")
DISCOVERY_ANIMALS = ("fox", "owl", "rabbit")
CORNER_AREA = (RUINS, RIVER, MUD, CANYON)  # corner index -> the zone it lies in
CANYON_COLS = 10
CACTUS_TYPES = 3
# Canyon cell kinds.
INVALID, WHITE, START, AI_START = range(4)


@dataclass(frozen=True, slots=True)
class Multiplier:
    """A multiplier circle (§ Círculos multiplicadores): the area it scores in."""

    animal: str
    area: int
    x: float
    y: float
    radius: float


@dataclass(frozen=True, slots=True)
class Physics:
    """Physical constants (mm, s, g) of the simulated board."""

    g: float
    mu_board: float
    restitution_disc: float
    restitution_rail: float
    friction_disc: float
    friction_rail: float
    dt: float
    iterations: int
    rail_radius: float
    escape_speed: float
    max_time: float
    sleep_time: float
    rest_speed: float
    frame_rate: int
    max_distance: int
    noise: dict[str, tuple[float, float]]


@dataclass(frozen=True, slots=True)
class Board:
    """The board: a square recess with a raised launch pad in each corner and a central hole."""

    half: float
    pad_leg: float
    corner_signs: tuple[tuple[int, int], ...]
    hole_radius: float
    capture_speed: float
    disc_radius: float
    disc_mass: float
    multipliers: tuple[Multiplier, ...]
    physics: Physics
    designed: bool


@dataclass(frozen=True, slots=True)
class Building:
    """A ruined building: its hexes, the first finisher's reward and the later one's."""

    id: str
    hexes: int
    upper_bonus: str
    upper_points: int
    lower_points: int


@dataclass(frozen=True, slots=True)
class Printed:
    """The scoresheet's printed content (see the module docstring)."""

    buildings: tuple[Building, ...]
    ai_building: int
    river_ids: tuple[str, ...]
    river_points: tuple[int, ...]  # 0 where the space shows a bonus
    river_bonus: tuple[str, ...]  # "" where it shows a number
    river_parent: tuple[int, ...]  # -1 for the start X
    river_children: tuple[tuple[int, ...], ...]
    river_neighbours: tuple[tuple[int, ...], ...]
    river_ai_start: tuple[int, ...]
    river_pos: tuple[tuple[float, float], ...]
    canyon_rows: int
    canyon_kind: tuple[int, ...]
    canyon_cactus: tuple[int, ...]  # -1 or the cactus type 0..2
    canyon_bonus: tuple[str, ...]
    canyon_neighbours: tuple[tuple[int, ...], ...]
    canyon_start: int  # bitmask of the pre-drawn 2x2
    canyon_ai_start: int  # bitmask of the AI squares
    canyon_white: int  # bitmask of every white square
    canyon_table: tuple[int, ...]
    canyon_overflow: int
    mud_ids: tuple[str, ...]
    mud_value: tuple[int, ...]
    mud_axial: tuple[tuple[int, int], ...]
    mud_neighbours: tuple[tuple[int, ...], ...]
    mud_ai_circles: tuple[int, ...]
    face_nodes: tuple[tuple[int, int, int], ...]
    face_symbol: tuple[str, ...]  # "S", "M", "L", "-" or a bonus
    node_faces: tuple[tuple[int, ...], ...]
    cactus_points: dict[str, int]
    columns: tuple[tuple[int, str], ...]  # (boxes, bonus)
    track_size: int
    start_reflick: int
    start_swap: int
    discovery: tuple[int, int, int]  # symbols of fox, owl, rabbit
    discovery_rabbit: int
    bonus_rabbit: int
    fox_size: int
    owl_max: int
    designed: bool


def cell_name(cell: int) -> str:
    """Canyon cell as column letter and row from the top: ``e11``."""
    return f"{'abcdefghij'[cell % CANYON_COLS]}{cell // CANYON_COLS + 1}"


def _board() -> Board:
    name = "board.v1.json"
    data = load_json(__package__ or "", name, 1)
    phys: dict[str, Any] = data.get("physics") or {}
    for key in ("g", "mu_board", "dt", "escape_speed", "max_time", "restitution_disc", "restitution_rail"):
        expect(
            isinstance(phys.get(key), int | float) and phys[key] > 0, name, f"physics.{key}", "a number > 0"
        )
    noise = phys.get("noise") or {}
    expect(set(noise) == {"steady", "normal", "shaky"}, name, "physics.noise", "steady, normal and shaky")
    physics = Physics(
        g=float(phys["g"]),
        mu_board=float(phys["mu_board"]),
        restitution_disc=float(phys["restitution_disc"]),
        restitution_rail=float(phys["restitution_rail"]),
        friction_disc=float(phys["friction_disc"]),
        friction_rail=float(phys["friction_rail"]),
        dt=float(phys["dt"]),
        iterations=int(phys["iterations"]),
        rail_radius=float(phys["rail_radius"]),
        escape_speed=float(phys["escape_speed"]),
        max_time=float(phys["max_time"]),
        sleep_time=float(phys["sleep_time"]),
        rest_speed=float(phys["rest_speed"]),
        frame_rate=int(phys["frame_rate"]),
        max_distance=int(phys["max_distance"]),
        noise={k: (float(v[0]), float(v[1])) for k, v in noise.items()},
    )
    expect(data.get("corners") == ["ruins", "riverbed", "mudcracks", "canyon"], name, "corners", "clockwise")
    mults = []
    for i, m in enumerate(data.get("multipliers") or []):
        expect(m.get("area") in AREAS, name, f"multipliers[{i}].area", "an area name")
        area = AREAS.index(m["area"])
        expect(m.get("animal") == ANIMALS[area], name, f"multipliers[{i}].animal", ANIMALS[area])
        mults.append(Multiplier(m["animal"], area, float(m["centre"][0]), float(m["centre"][1]), m["radius"]))
    expect(len(mults) == 8, name, "multipliers", "8 circles (§ Círculos multiplicadores)")
    expect(
        all(sum(1 for m in mults if m.area == a) == 2 for a in range(4)),
        name,
        "multipliers",
        "2 circles per area",
    )
    return Board(
        half=float(data["play_half"]),
        pad_leg=float(data["pad_leg"]),
        corner_signs=tuple((int(s[0]), int(s[1])) for s in data["corner_signs"]),
        hole_radius=float(data["hole"]["radius"]),
        capture_speed=float(data["hole"]["capture_speed"]),
        disc_radius=float(data["disc"]["radius"]),
        disc_mass=float(data["disc"]["mass_g"]),
        multipliers=tuple(mults),
        physics=physics,
        designed=bool(data.get("designed")),
    )


def _river(data: list[dict[str, Any]], name: str) -> dict[str, Any]:
    ids = [s["id"] for s in data]
    expect(ids[0] == "X" and len(set(ids)) == len(ids), name, "riverbed", "unique ids, X first")
    index = {s: i for i, s in enumerate(ids)}
    parent = []
    for s in data:
        expect(s["parent"] is None or s["parent"] in index, name, f"riverbed.{s['id']}.parent", "a space id")
        parent.append(-1 if s["parent"] is None else index[s["parent"]])
    children = [tuple(i for i, p in enumerate(parent) if p == j) for j in range(len(ids))]
    points = [s["content"] if isinstance(s["content"], int) else 0 for s in data]
    bonus = [s["content"] if isinstance(s["content"], str) and s["content"] in BONUSES else "" for s in data]
    for i, s in enumerate(data[1:], 1):
        expect(points[i] > 0 or bonus[i] != "", name, f"riverbed.{s['id']}.content", "points or a bonus")
    return {
        "river_ids": tuple(ids),
        "river_points": tuple(points),
        "river_bonus": tuple(bonus),
        "river_parent": tuple(parent),
        "river_children": tuple(children),
        "river_neighbours": tuple(
            tuple(sorted(({parent[i]} - {-1}) | set(children[i]))) for i in range(len(ids))
        ),
        "river_ai_start": tuple(i for i, s in enumerate(data) if s["ai_start"]),
        "river_pos": tuple((float(s["pos"][0]), float(s["pos"][1])) for s in data),
    }


_CANYON_BONUS = {"W": "swap", "R": "reflick", "F": "fox", "O": "owl", "H": "rabbit", "D": "discovery"}


def _canyon(data: dict[str, Any], name: str) -> dict[str, Any]:
    rows: list[str] = data["rows"]
    expect(all(len(r) == CANYON_COLS for r in rows), name, "canyon.rows", f"{CANYON_COLS} columns each")
    kind, cactus, bonus = [], [], []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            expect(ch in "#.abcSI" or ch in _CANYON_BONUS, name, f"canyon.rows[{r}][{c}]", "a legend symbol")
            kind.append(INVALID if ch == "#" else START if ch == "S" else AI_START if ch == "I" else WHITE)
            cactus.append("abc".index(ch) if ch in "abc" else -1)
            bonus.append(_CANYON_BONUS.get(ch, ""))
    size = len(kind)
    neighbours = []
    for cell in range(size):
        r, c = divmod(cell, CANYON_COLS)
        around = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
        neighbours.append(
            tuple(
                rr * CANYON_COLS + cc
                for rr, cc in around
                if 0 <= rr < len(rows) and 0 <= cc < CANYON_COLS and kind[rr * CANYON_COLS + cc] != INVALID
            )
        )
    start = sum(1 << i for i in range(size) if kind[i] == START)
    expect(bin(start).count("1") == 4, name, "canyon", "a pre-drawn 2x2 start (§ Desfiladeiro)")
    ai = sum(1 << i for i in range(size) if kind[i] == AI_START)
    expect(bin(ai).count("1") == 3, name, "canyon", "3 AI squares (§ Modo solitário)")
    return {
        "canyon_rows": len(rows),
        "canyon_kind": tuple(kind),
        "canyon_cactus": tuple(cactus),
        "canyon_bonus": tuple(bonus),
        "canyon_neighbours": tuple(neighbours),
        "canyon_start": start,
        "canyon_ai_start": ai,
        "canyon_white": sum(1 << i for i in range(size) if kind[i] != INVALID),
        "canyon_table": tuple(int(x) for x in data["table"]),
        "canyon_overflow": int(data["overflow"]),
    }


_AXIAL_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _mud(data: dict[str, Any], name: str) -> dict[str, Any]:
    nodes = data["nodes"]
    ids = [n["id"] for n in nodes]
    expect(ids[0] == "X", name, "mudcracks.nodes", "X (the pre-drawn centre) first")
    axial = [(int(n["axial"][0]), int(n["axial"][1])) for n in nodes]
    where = {a: i for i, a in enumerate(axial)}
    neighbours = [
        tuple(sorted(where[(q + dq, r + dr)] for dq, dr in _AXIAL_STEPS if (q + dq, r + dr) in where))
        for q, r in axial
    ]
    index = {s: i for i, s in enumerate(ids)}
    faces, symbols = [], []
    for f in data["faces"]:
        a, b, c = (index[n] for n in f["nodes"])
        expect(
            b in neighbours[a] and c in neighbours[a] and c in neighbours[b],
            name,
            f"mudcracks.faces.{f['id']}",
            "three mutually adjacent nodes",
        )
        faces.append(tuple(sorted((a, b, c))))
        symbols.append(f["symbol"])
    points = {k: int(v) for k, v in data["cactus_points"].items()}
    for i, s in enumerate(symbols):
        expect(s in points or s in BONUSES or s == "-", name, f"mudcracks.faces[{i}].symbol", "a symbol")
    return {
        "mud_ids": tuple(ids),
        "mud_value": tuple(int(n["value"]) for n in nodes),
        "mud_axial": tuple(axial),
        "mud_neighbours": tuple(neighbours),
        "mud_ai_circles": tuple(int(n["ai_circles"]) for n in nodes),
        "face_nodes": tuple(faces),
        "face_symbol": tuple(symbols),
        "node_faces": tuple(tuple(f for f, ns in enumerate(faces) if n in ns) for n in range(len(ids))),
        "cactus_points": points,
        "columns": tuple((int(c["boxes"]), str(c["bonus"])) for c in data["columns"]),
    }


def _printed() -> Printed:
    name = "sheet.v1.json"
    data = load_json(__package__ or "", name, 1)
    buildings = []
    for i, b in enumerate(data["ruins"]["buildings"]):
        expect(b["upper"]["bonus"] in BONUSES, name, f"ruins.buildings[{i}].upper.bonus", "a bonus")
        buildings.append(Building(b["id"], b["hexes"], b["upper"]["bonus"], b["upper"]["points"], b["lower"]))
    expect(len(buildings) == 8, name, "ruins.buildings", "8 buildings A-H (§ Ruínas dos pueblos)")
    disc = data["discovery"]
    track = data["bonus_track"]
    expect(track["reflick"] == track["swap"], name, "bonus_track", "as many Re-flick as Swap symbols")
    return Printed(
        buildings=tuple(buildings),
        ai_building=int(data["ruins"]["ai_building"]),
        **_river(data["riverbed"], name),
        **_canyon(data["canyon"], name),
        **_mud(data["mudcracks"], name),
        track_size=int(track["reflick"]),
        start_reflick=int(track["start"]["reflick"]),
        start_swap=int(track["start"]["swap"]),
        discovery=(int(disc["fox"]), int(disc["owl"]), int(disc["rabbit"])),
        discovery_rabbit=int(disc["rabbit_value"]),
        bonus_rabbit=int(disc["bonus_rabbit_value"]),
        fox_size=int(disc["fox_size"]),
        owl_max=int(disc["owl_max"]),
        designed=bool(data.get("designed")),
    )


@cache
def board() -> Board:
    """The board, loaded once."""
    return _board()


@cache
def printed() -> Printed:
    """The scoresheet, loaded once."""
    return _printed()


def corner_frame(corner: int) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """A corner's point, its unit vector towards the centre and the thrower's right hand."""
    b = board()
    sx, sy = b.corner_signs[corner]
    point = (sx * b.half, sy * b.half)
    u = (-sx / math.sqrt(2.0), -sy / math.sqrt(2.0))
    right = (u[1], -u[0])
    return point, u, right
