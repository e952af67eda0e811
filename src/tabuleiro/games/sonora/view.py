"""What each seat may know of a Sonora match.

Public: the board (every disc's place, area and multiplier, to full precision so clients can
re-run the physics), the last flick with each moved disc's track at a fixed frame rate for
animation, every sheet as of the start of the current sealed step, and the pending decision.
``layout`` holds the printed components a client draws (board geometry with each corner's
launch frame, the bounds of a flick, the scoresheet's buildings, riverbed, canyon, lattice and
columns, and the polyominoes a canyon shape may take); it is the same in every view.
Private to one seat during a sealed simultaneous step (Swap bonuses, then the other areas):
its own choices since the step began. Hidden from everyone: the generator (the hand noise).
"""

from __future__ import annotations

import json
from functools import cache, lru_cache

from tabuleiro.core import JsonDict
from tabuleiro.games.sonora import physics
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.actions import ANGLE_LIMIT, Disc, disc_text, format_action
from tabuleiro.games.sonora.components import (
    AREAS,
    CANYON_COLS,
    CORNER_AREA,
    INVALID,
    board,
    cell_name,
    corner_frame,
    printed,
)
from tabuleiro.games.sonora.rules import (
    DISCS,
    DISTANCE_RANGE,
    _hand,
    corner,
    flight_tracks,
    owner,
    placement,
    to_act,
)
from tabuleiro.games.sonora.scoring import breakdown
from tabuleiro.games.sonora.state import (
    PHASE_NAMES,
    WHERE_NAMES,
    Desk,
    Flight,
    Frame,
    Sheet,
    SonoraState,
    Work,
)

FATES = ("board", "hole", "off")
CORNERS = ("ruins", "riverbed", "mudcracks", "canyon")  # clockwise from the top-left


def _disc(state: SonoraState, d: int) -> JsonDict:
    where = state.where[d]
    head = _disc_head(d, state.solo, where)
    if where == 1:
        x, y = state.pos[d]
        return {**head, "x": x, "y": y, **_resting_place(x, y)}
    if where == 2:
        area = state.hole_area[d]
        return {**head, "area": AREAS[area] if area >= 0 else None}
    return head


@lru_cache(maxsize=256)
def _disc_head(d: int, solo: bool, where: int) -> JsonDict:
    """What a view shows of a disc before its position, shared between views."""
    out: JsonDict = {
        "disc": _name(d, solo),
        "seat": 0 if solo else d // DISCS,
        "number": d % DISCS + 1,
        "where": WHERE_NAMES[where],
    }
    if solo:
        out["colour"] = "abc"[d // DISCS]
    return out


@lru_cache(maxsize=4096)
def _resting_place(x: float, y: float) -> JsonDict:
    # Where a disc at rest on the board scores: a flick moves a few discs and the others rest
    # at the very same coordinates, so most discs find their place here.
    area, mult, zones = placement(x, y)
    return {
        "area": AREAS[area] if area >= 0 else None,
        "multiplier": board().multipliers[mult].animal if mult >= 0 else None,
        "halves": [AREAS[z] for z in zones],
    }


@cache
def _name(d: int, solo: bool) -> str:
    """A disc's notation (`disc_ref`, which depends on the state only through `solo`)."""
    return disc_text(Disc(d % DISCS + 1, d // DISCS if solo else -1))


def flight_json(state: SonoraState, flight: Flight) -> JsonDict:
    """The last flick: what was asked, what the hand did, and the tracks to animate."""
    offset, angle, distance = flight.asked
    return {
        "seat": flight.seat,
        "disc": _name(flight.disc, state.solo),
        "corner": CORNERS[flight.corner],
        "asked": {"offset": offset, "angle": angle / 10, "distance": distance},
        "applied": {"angle": round(flight.angle, 3), "speed": round(flight.speed, 1)},
        "left_pad": flight.left_pad,
        "fps": board().physics.frame_rate,
        "tracks": [
            {
                "disc": _name(d, state.solo),
                "seat": owner(state, d),
                "from_frame": first,
                "xy": list(xy),
            }
            for d, first, xy in flight_tracks(flight.throw)
        ],
        "fell": [
            {"disc": _name(d, state.solo), "seat": owner(state, d), "fate": FATES[f]} for d, f in flight.fates
        ],
        "set_down": [{"disc": _name(d, state.solo), "seat": owner(state, d)} for d in flight.set_down],
    }


def sheet_json(sheet: Sheet) -> JsonDict:
    """A sheet's marks and its current scores (a fresh object: callers may change it)."""
    return json.loads(_sheet_text(sheet))  # type: ignore[no-any-return]


@lru_cache(maxsize=2048)
def _sheet_text(sheet: Sheet) -> str:
    return json.dumps(_sheet(sheet))


def _sheet(sheet: Sheet) -> JsonDict:
    p = printed()
    rows = []
    filled_ai = 0
    for shape in sheet.ai_shapes:
        filled_ai |= shape
    mine = ss.region(sheet)
    for r in range(p.canyon_rows):
        row = ""
        for c in range(CANYON_COLS):
            cell = r * CANYON_COLS + c
            row += "X" if mine >> cell & 1 else "#" if filled_ai >> cell & 1 else "."
        rows.append(row)
    return {
        "ruins": {b.id: n for b, n in zip(p.buildings, sheet.ruins, strict=True)},
        "ruins_rewards": {
            b.id: ("upper", "lower")[r - 1] for b, r in zip(p.buildings, sheet.rewards, strict=True) if r
        },
        "ai_building": {"circled": sheet.ai_circled, "crossed": sheet.ai_crossed},
        "riverbed": {
            "crossed": [p.river_ids[s] for s in ss.bits(sheet.visited & ~sheet.circled) if s],
            "circled": [p.river_ids[s] for s in ss.bits(sheet.circled)],
            "ai": [p.river_ids[s] for s in ss.bits(sheet.river_ai)],
        },
        "canyon": {
            "rows": rows,
            "shapes": len(sheet.shapes) - 1,
            "drawn": [[cell_name(c) for c in ss.bits(shape)] for shape in sheet.shapes[1:]],
            "ai_drawn": [[cell_name(c) for c in ss.bits(shape)] for shape in sheet.ai_shapes],
            "cacti": list(ss.cactus_counts(sheet)),
        },
        "mudcracks": {
            "marked": [p.mud_ids[n] for n in ss.bits(sheet.mud)],
            "ai_circles": {p.mud_ids[n]: k for n, k in enumerate(sheet.mud_ai) if k},
            "columns": list(sheet.columns),
        },
        "bonuses": {
            "reflick": {"circled": sheet.reflick[0], "crossed": sheet.reflick[1]},
            "swap": {"circled": sheet.swap[0], "crossed": sheet.swap[1]},
            "discovery": {
                a: {"circled": f, "crossed": s}
                for a, f, s in zip(("fox", "owl", "rabbit"), sheet.found, sheet.spent, strict=True)
            },
        },
        "scores": breakdown(sheet),
    }


def work_json(state: SonoraState, work: Work) -> JsonDict:
    """What a seat still has to score in this write phase."""
    return {
        "swaps": [[_name(a, state.solo), _name(b, state.solo)] for a, b in work.swaps],
        "zones": {_name(d, state.solo): AREAS[a] for d, a in work.zones},
        "ruins": work.ruins,
        "canyon": list(work.canyon),
        "riverbed": list(work.river),
        "owls": work.owls,
        "mudcracks": work.mud,
        "discover": work.discover,
        "shape": [cell_name(c) for c in ss.bits(work.shape)],
        "ai": {
            "canyon": list(work.ai_canyon),
            "riverbed": list(work.ai_river),
            "mudcracks": work.ai_mud,
            "shape_size": work.goal,
        },
        "done": work.done,
    }


def _frame(state: SonoraState, frame: Frame) -> JsonDict:
    out: JsonDict = {"kind": frame.kind, "seat": frame.seat}
    if frame.disc >= 0:
        out["disc"] = _name(frame.disc, state.solo)
    if frame.kind in ("turn", "flick"):
        discs = _hand(state, frame.seat) if frame.kind == "turn" else (frame.disc,)
        out["discs"] = [_name(d, state.solo) for d in discs]
    if frame.tries:
        out["repeats"] = frame.tries
    return out


def previews(desk: Desk) -> JsonDict:
    """The spaces each pending riverbed path would mark: per legal end, the spaces from the
    first new one to the end; in solo, each legal AI path as [start, end, spaces]."""
    p = printed()
    paths = {}
    for end in ss.path_ends(desk):
        spaces = [end]
        for _ in range(ss.path_length(desk.sheet, end) - 1):
            spaces.append(p.river_parent[spaces[-1]])
        paths[p.river_ids[end]] = [p.river_ids[s] for s in reversed(spaces)]
    ai = [
        [p.river_ids[a], p.river_ids[b], [p.river_ids[s] for s in ss.tree_path(a, b)]]
        for a, b in (ss.ai_paths(desk.sheet, desk.work.ai_river) if desk.work.ai_river else ())
    ]
    return {"paths": paths, "ai_paths": ai}


def _desk(state: SonoraState, desk: Desk) -> JsonDict:
    sheet = _shared_sheet(desk.sheet)
    return {"sheet": sheet, "work": work_json(state, desk.work), "previews": previews(desk)}


_shared_sheet = lru_cache(maxsize=2048)(_sheet)
"""`sheet_json` without the copy: one object for the views that show the same sheet."""


# Views are read, never changed, by their receivers, and consecutive states share most of their
# parts (an action copies the state and keeps the fields it does not change as the same
# objects): the pieces below are kept for the objects they were made from and handed out again
# while the same objects come back. Disc names depend on the state only through `solo`.

_DESKS: dict[int, tuple[Desk, bool, JsonDict]] = {}
_DESKS_KEPT = 64


def _desk_view(state: SonoraState, desk: Desk) -> JsonDict:
    """`_desk`, kept per desk object (a desk changes only when its seat writes)."""
    entry = _DESKS.get(id(desk))
    if entry is not None and entry[0] is desk and entry[1] == state.solo:
        return entry[2]
    out = _desk(state, desk)
    if len(_DESKS) >= _DESKS_KEPT:
        _DESKS.clear()
    _DESKS[id(desk)] = (desk, state.solo, out)  # holding the desk keeps its id from being reused
    return out


_LAST_FLIGHT: tuple[Flight | None, bool, JsonDict] = (None, False, {})


def _flight_view(state: SonoraState, flight: Flight) -> JsonDict:
    """`flight_json`, kept for the last flight: its tracks replay the flick's physics, and
    every state until the next flick shows the same flight."""
    global _LAST_FLIGHT
    kept, solo, out = _LAST_FLIGHT
    if kept is flight and solo == state.solo:
        return out
    out = flight_json(state, flight)
    _LAST_FLIGHT = (flight, state.solo, out)
    return out


_LAST_DISCS: tuple[SonoraState | None, list[JsonDict]] = (None, [])


def _discs(state: SonoraState) -> list[JsonDict]:
    """Every disc, kept while the discs' places, positions and hole areas are the same objects
    (they change with a flick or a swap, not with the write phase's marks)."""
    global _LAST_DISCS
    last, out = _LAST_DISCS
    if (
        last is not None
        and last.where is state.where
        and last.pos is state.pos
        and last.hole_area is state.hole_area
        and last.players == state.players
    ):
        return out
    out = [_disc(state, d) for d in range(len(state.where))]
    _LAST_DISCS = (state, out)
    return out


_LAST_PUBLIC: tuple[SonoraState | None, JsonDict] = (None, {})


def _public(state: SonoraState) -> JsonDict:
    """What every seat sees of `state`, made once for all seats (the last state asked for).
    The keys are in the views' order, with None for the seat's own ``seat`` and ``mine``."""
    global _LAST_PUBLIC
    kept, public = _LAST_PUBLIC
    if kept is state:
        return public
    sealed = state.shown
    sheets = []
    for s in range(state.players):
        entry = _desk_view(state, state.desks[s] if sealed is None else sealed[s])
        sheets.append({**entry, "done": state.desks[s].work.done})
    public = {
        "game": "sonora",
        "seat": None,
        "layout": layout(),
        "players": state.players,
        "options": state.options.to_json(),
        "designed": board().designed,
        "round": state.round + 1,
        "rounds": state.options.rounds,
        "first_player": state.first,
        "phase": PHASE_NAMES[state.phase],
        "corners": [CORNERS[corner(state, s)] for s in range(state.players)],
        "colours": {"mine": "abc"[state.colours[0]], "ai": "abc"[state.colours[1]]}
        if state.colours[0] >= 0
        else None,
        "to_act": sorted(to_act(state)),
        "decision": _frame(state, state.stack[-1]) if state.stack else None,
        "ruins_queue": list(state.queue),
        "upper_taken": [b.id for b, t in zip(printed().buildings, state.claimed, strict=True) if t],
        "discs": _discs(state),
        "flick": _flight_view(state, state.flight) if state.flight else None,
        "sheets": sheets,
        "sealed": sealed is not None,
        "mine": None,
        "last": None,
        "finished": state.finished,
    }
    _LAST_PUBLIC = (state, public)
    return public


def view(state: SonoraState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator).

    ``sheets`` is the same for everyone: during a sealed step, every sheet as the step began;
    ``mine`` is then the seat's own sheet as it stands, and the previous move of another
    seat shows who moved but not what.
    """
    out = _public(state).copy()
    out["seat"] = seat
    sealed = state.shown is not None
    if sealed and seat is not None:
        out["mine"] = _desk_view(state, state.desks[seat])
    if state.last:
        hidden = sealed and state.last[0] != seat
        out["last"] = {"seat": state.last[0], "action": None if hidden else format_action(state.last[1])}
    return out


# -- the printed components, for clients that draw them --------------------------------------


@cache
def layout() -> JsonDict:
    """The board and scoresheet as printed; one shared object, like Metro's component facts
    (readers must not change it)."""
    return {"board": _board_layout(), "flick": _flick_bounds(), "sheet": _sheet_layout()}


def _xy(point: tuple[float, float]) -> list[float]:
    return [round(point[0], 3), round(point[1], 3)]


def _board_layout() -> JsonDict:
    """Millimetres, origin at the centre, +y up; corners clockwise from the top-left."""
    b = board()
    limit = physics.launch_limit()
    corners = []
    for c, (sx, sy) in enumerate(b.corner_signs):
        point, towards, right = corner_frame(c)
        corners.append(
            {
                "name": CORNERS[c],
                "zone": AREAS[CORNER_AREA[c]],
                "point": _xy(point),
                "towards": _xy(towards),
                "right": _xy(right),
                "pad": [
                    _xy(point),
                    [point[0] - sx * b.pad_leg, point[1]],
                    [point[0], point[1] - sy * b.pad_leg],
                ],
                "launch": _xy(physics.launch_point(c, 0)),
                "launch_line": [_xy(physics.launch_point(c, -limit)), _xy(physics.launch_point(c, limit))],
            }
        )
    return {
        "half": b.half,
        "pad_leg": b.pad_leg,
        "hole": b.hole_radius,
        "disc": b.disc_radius,
        "corners": corners,
        "zones": [{"area": AREAS[CORNER_AREA[c]], "signs": list(s)} for c, s in enumerate(b.corner_signs)],
        "multipliers": [
            {"animal": m.animal, "area": AREAS[m.area], "x": m.x, "y": m.y, "radius": m.radius}
            for m in b.multipliers
        ],
    }


def _flick_bounds() -> JsonDict:
    """What a flick may ask (any value within is legal: rules.illegal_reason); the JSON form
    of a flick is ``{"text": "flick DISC OFFSET ANGLE STRENGTH"}`` (actions.py)."""
    limit = physics.launch_limit()
    return {
        "offset": [-limit, limit],
        "angle": [-ANGLE_LIMIT / 10, ANGLE_LIMIT / 10],
        "angle_step": 0.1,
        "strength": list(DISTANCE_RANGE),
        "notation": "flick {disc} {offset} {angle} {strength}",
    }


def _sheet_layout() -> JsonDict:
    p = printed()
    return {
        "buildings": [
            {
                "id": b.id,
                "hexes": b.hexes,
                "upper": {"bonus": b.upper_bonus, "points": b.upper_points},
                "lower": b.lower_points,
            }
            for b in p.buildings
        ],
        "ai_building": p.ai_building,
        "riverbed": [
            {
                "id": sid,
                "points": p.river_points[i],
                "bonus": p.river_bonus[i],
                "parent": p.river_ids[p.river_parent[i]] if p.river_parent[i] >= 0 else None,
                "pos": list(p.river_pos[i]),
                "ai_start": i in p.river_ai_start,
            }
            for i, sid in enumerate(p.river_ids)
        ],
        "canyon": {
            "cols": CANYON_COLS,
            "rows": p.canyon_rows,
            "printed": _canyon_rows(),
            "legend": {
                "#": "none",
                ".": "white",
                "a": "cactus 0",
                "b": "cactus 1",
                "c": "cactus 2",
                "S": "start",
                "I": "ai_start",
                **_CANYON_SYMBOLS,
            },
            "table": list(p.canyon_table),
            "overflow": p.canyon_overflow,
            "polyominoes": [[list(rc) for rc in shape] for shape in polyominoes(DISCS)],
        },
        "mudcracks": {
            "nodes": [
                {
                    "id": nid,
                    "axial": list(p.mud_axial[i]),
                    "value": p.mud_value[i],
                    "ai_circles": p.mud_ai_circles[i],
                }
                for i, nid in enumerate(p.mud_ids)
            ],
            "faces": [
                {"nodes": [p.mud_ids[n] for n in ns], "symbol": p.face_symbol[f]}
                for f, ns in enumerate(p.face_nodes)
            ],
            "cactus_points": p.cactus_points,
            "columns": [{"boxes": n, "bonus": bonus} for n, bonus in p.columns],
        },
        "track": p.track_size,
        "discovery": dict(zip(("fox", "owl", "rabbit"), p.discovery, strict=True)),
        "discovery_rabbit": p.discovery_rabbit,
        "bonus_rabbit": p.bonus_rabbit,
        "fox_size": p.fox_size,
        "owl_max": p.owl_max,
    }


_CANYON_SYMBOLS = {"W": "swap", "R": "reflick", "F": "fox", "O": "owl", "H": "rabbit", "D": "discovery"}


def _canyon_rows() -> list[str]:
    """The canyon as printed, one string per row (the legend is in the layout)."""
    p = printed()
    letter = {v: k for k, v in _CANYON_SYMBOLS.items()}
    rows = []
    for r in range(p.canyon_rows):
        row = ""
        for c in range(CANYON_COLS):
            i = r * CANYON_COLS + c
            if p.canyon_kind[i] == INVALID:
                row += "#"
            elif p.canyon_start >> i & 1:
                row += "S"
            elif p.canyon_ai_start >> i & 1:
                row += "I"
            elif p.canyon_cactus[i] >= 0:
                row += "abc"[p.canyon_cactus[i]]
            else:
                row += letter.get(p.canyon_bonus[i], ".")
        rows.append(row)
    return rows


def _normal_form(cells: frozenset[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _orientations(cells: frozenset[tuple[int, int]]) -> set[tuple[tuple[int, int], ...]]:
    out = set()
    shape = cells
    for _ in range(4):
        shape = frozenset((c, -r) for r, c in shape)
        out.add(_normal_form(shape))
        out.add(_normal_form(frozenset((r, -c) for r, c in shape)))
    return out


@lru_cache(maxsize=1)
def polyominoes(largest: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every free polyomino of 1 to `largest` squares, one orientation each (interpretation
    13: a canyon shape is any of them, turned or flipped at will), smallest first."""
    found: list[tuple[tuple[int, int], ...]] = [((0, 0),)]
    layer: set[tuple[tuple[int, int], ...]] = {((0, 0),)}
    for _ in range(largest - 1):
        grown: set[tuple[tuple[int, int], ...]] = set()
        for shape in sorted(layer):
            for r, c in shape:
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if (nr, nc) in shape:
                        continue
                    bigger = frozenset((*shape, (nr, nc)))
                    forms = _orientations(bigger)
                    if not forms & grown:
                        grown.add(min(forms))
        layer = grown
        found.extend(sorted(grown))
    return tuple(found)
