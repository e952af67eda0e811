"""Fixed-size numeric forms of Sonora for learning agents, with a discretised flick.

A flick is continuous (offset, angle, strength: `rules.illegal_reason` accepts offsets within
the pad's launch limit, ±19 mm, angles within ±89.9°, strengths 1..900 mm). The discrete
action space holds a grid per disc, documented here and built to contain `rules.FLICK_GRID`
(offset 0; angles -25°, 0°, 25° at 100, 200, 300 mm; and 0° at 900 mm):

    offsets   -10, 0, 10 mm                                          (3)
    angles    -75, -50, -25, 0, 25, 50, 75 degrees                   (7)
    strengths 100, 200, 300, 450, 600, 900 mm                        (6)

so 126 flicks per disc. `legal_indices` offers the whole grid for every disc the seat may
flick (`legal_actions` lists only the 10 `FLICK_GRID` points); a flick off the grid, from a
person or a bot, is indexed at its nearest grid point.

A disc slot is ``5 * g + number - 1``: g = 0 for the seat's own discs, and in solo g = 1 + the
colour (a, b, c) of the three colours the player flicks: 20 slots.

Actions (``ACTIONS`` = 5,096 indices):

    [0:2520)       flick: 126 * slot + 42 * offset + 6 * angle + strength (grid positions)
    [2520]         reflick                          [2521]        keep
    [2522:2526)    hole: the area of the disc in the hole (ruins, riverbed, canyon, mudcracks)
    [2526:2535)    colours (solo): 3 * mine + ai
    [2535:2935)    swap discs a, b: 20 * slot a + slot b
    [2935:3015)    zone: 4 * slot + area
    [3015:3271)    ruins: 32 * building + hexes
    [3271:3274)    discover fox, owl, rabbit
    [3274:3514)    canyon cell c (0..119, row * 10 + column): 2 * c + (for the solo AI)
    [3514]         end                              [3515:3553)   path to riverbed space
    [3553:4997)    solo AI path: 38 * start + end
    [4997:5013)    solo AI canyon shape of size s
    [5013:5087)    mudcracks node n: 2 * n + (the solo AI's circle)
    [5087:5092)    box of bonus column (swap, reflick, owl, fox, discovery)
    [5092:5095)    use fox, owl, rabbit            [5095]        done

Observation of one seat, built from its view only: during a sealed write step the others'
sheets are those the view shows (as the step began), and only the seat's own `mine` part is
its private sheet. Seats are counted from the observer. See `layout` for every slice; in
short: round, phase, corners and solo colours; the pending flick decision; the 20 disc slots
(where, x and y in mm, area, multiplier, halves); the last flick (asked and applied); each
seat's sheet (ruins, riverbed, canyon grid, mudcracks, bonuses, scores, pending work) and the
seat's own current sheet. ``SHEET`` = 366 numbers per sheet; ``460 + 366 * (P + 1)`` in all
(1,192, 1,558, 1,924, 2,290 for 1 to 4 players).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from tabuleiro.core import JsonDict
from tabuleiro.core.encoding import Encoding, Layout, Slice
from tabuleiro.games.sonora import physics
from tabuleiro.games.sonora.actions import (
    ANGLE_LIMIT,
    AiCanyon,
    AiPath,
    Box,
    Cell,
    Colours,
    Disc,
    Discover,
    Done,
    End,
    Flick,
    Hole,
    Keep,
    Node,
    Path,
    Reflick,
    Ruins,
    SonoraAction,
    Swap,
    Use,
    Zone,
)
from tabuleiro.games.sonora.components import AREAS, DISCOVERY_ANIMALS, printed
from tabuleiro.games.sonora.rules import DISTANCE_RANGE

OFFSETS = (-10, 0, 10)
ANGLES = (-750, -500, -250, 0, 250, 500, 750)
STRENGTHS = (100, 200, 300, 450, 600, 900)
GRID = tuple((o, a, s) for o in OFFSETS for a in ANGLES for s in STRENGTHS)
"""The flick grid per disc, in index order: (offset mm, angle in tenths of a degree, mm)."""

DISCS = 5
SLOTS = 20
MAX_SEATS = 4
PHASES = ("flick", "colours", "swap", "ai", "ruins", "areas", "over")
KINDS = ("turn", "flick", "reflick", "hole")
WHERE = ("hand", "board", "hole", "out")
CORNERS = ("ruins", "riverbed", "mudcracks", "canyon")
ANIMALS = ("lizard", "fox", "owl", "rabbit")
COLOURS = "abc"
CANYON = 120
BUILDINGS = 8
RIVER = 38
MUD = 37
COLUMNS = 5
HEXES = 32
AI_SIZES = 16
SCORE_BOUND = 1000

FLICK = 0
REFLICK = FLICK + SLOTS * len(GRID)
KEEP = REFLICK + 1
HOLE = KEEP + 1
COLOURS_AT = HOLE + len(AREAS)
SWAP = COLOURS_AT + 9
ZONE = SWAP + SLOTS * SLOTS
RUINS = ZONE + SLOTS * len(AREAS)
DISCOVER = RUINS + BUILDINGS * HEXES
CELL = DISCOVER + len(DISCOVERY_ANIMALS)
END = CELL + 2 * CANYON
PATH = END + 1
AI_PATH = PATH + RIVER
AI_CANYON = AI_PATH + RIVER * RIVER
NODE = AI_CANYON + AI_SIZES
BOX = NODE + 2 * MUD
USE = BOX + COLUMNS
DONE = USE + len(DISCOVERY_ANIMALS)
ACTIONS = DONE + 1

HEADS = SLOTS + ACTIONS - REFLICK
LIMIT = physics.launch_limit()
PARAMETERS = (
    ("offset", -LIMIT, LIMIT),
    ("angle", -ANGLE_LIMIT / 10, ANGLE_LIMIT / 10),
    ("strength", *DISTANCE_RANGE),
)
"""A flick's continuous parameters and their bounds (the continuous Gymnasium action)."""

WORK = 16
SHEET = 2 * BUILDINGS + 2 + 3 * RIVER + CANYON + 1 + 3 + 2 * MUD + COLUMNS + 10 + len(AREAS) + WORK + 1
"""Numbers per sheet: ruins crossed and rewards, AI building, riverbed crossed/circled/AI,
canyon cells, shapes, cacti, mudcracks marked and AI circles, columns, bonuses, scores,
the pending work and whether the seat is done."""


def disc_slot(disc: Disc) -> int:
    """The slot of a disc as an action names it (own discs 0..4, solo colours 5..19)."""
    return DISCS * (disc.colour + 1) + disc.number - 1


def _nearest(values: Sequence[int], x: int) -> int:
    return min(range(len(values)), key=lambda i: abs(values[i] - x))


GRID_AT = {point: i for i, point in enumerate(GRID)}


def flick_index(action: Flick) -> int:
    """The flick's index: its disc slot and nearest grid point."""
    point = GRID_AT.get((action.offset, action.angle, action.distance))
    if point is None:
        o = _nearest(OFFSETS, action.offset)
        a = _nearest(ANGLES, action.angle)
        s = _nearest(STRENGTHS, action.distance)
        point = len(ANGLES) * len(STRENGTHS) * o + len(STRENGTHS) * a + s
    return FLICK + len(GRID) * disc_slot(action.disc) + point


def action_index(action: SonoraAction) -> int:
    """The action's index (the module docstring's ranges)."""
    match action:
        case Flick():
            return flick_index(action)
        case Reflick():
            return REFLICK
        case Keep():
            return KEEP
        case Hole(area):
            return HOLE + area
        case Colours(mine, ai):
            return COLOURS_AT + 3 * mine + ai
        case Swap(a, b):
            return SWAP + SLOTS * disc_slot(a) + disc_slot(b)
        case Zone(disc, area):
            return ZONE + len(AREAS) * disc_slot(disc) + area
        case Ruins(building, hexes):
            return RUINS + HEXES * building + hexes
        case Discover(animal):
            return DISCOVER + animal
        case Cell(cell, ai):
            return CELL + 2 * cell + int(ai)
        case End():
            return END
        case Path(end):
            return PATH + end
        case AiPath(start, end):
            return AI_PATH + RIVER * start + end
        case AiCanyon(size):
            return AI_CANYON + size
        case Node(node, ai):
            return NODE + 2 * node + int(ai)
        case Box(column):
            return BOX + column
        case Use(animal):
            return USE + animal
        case Done():
            return DONE
    raise TypeError(f"not a Sonora action: {action!r}")


@cache
def _ids() -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Buildings, riverbed spaces and mudcracks nodes by id."""
    p = printed()
    return (
        {b.id: i for i, b in enumerate(p.buildings)},
        {x: i for i, x in enumerate(p.river_ids)},
        {x: i for i, x in enumerate(p.mud_ids)},
    )


def _one_hot(value: object, options: Sequence[object]) -> list[float]:
    out = [0.0] * len(options)
    if value is not None and value in options:
        out[options.index(value)] = 1.0
    return out


def _flags(names: Sequence[str] | None, index: dict[str, int], size: int) -> list[float]:
    out = [0.0] * size
    for name in names or ():
        if name in index:
            out[index[name]] = 1.0
    return out


def _view_slot(disc: JsonDict | str | None, seat: object, viewer: int, players: int, solo: bool) -> int:
    """The observation slot of a disc the view names (`disc` text, its owner `seat`)."""
    text = disc.get("disc") if isinstance(disc, dict) else disc
    if not isinstance(text, str) or not text:
        return -1
    colour = COLOURS.find(text[0]) if text[0] in COLOURS else -1
    number = int(text[-1]) if text[-1].isdigit() else 0
    if not 1 <= number <= DISCS:
        return -1
    if solo:
        return DISCS * max(colour, 0) + number - 1
    group = (seat - viewer) % players if isinstance(seat, int) else 0
    return DISCS * group + number - 1


@lru_cache(maxsize=1024)
def _canyon(cells: str) -> list[float]:
    """The canyon grid row by row: 0 empty, 1 the seat's cactus region ``X``, 2 the AI's ``#``."""
    out = [{"X": 1.0, "#": 2.0}.get(c, 0.0) for c in cells[:CANYON]]
    return out + [0.0] * (CANYON - len(out))


def _sheet(entry: JsonDict | None) -> list[float]:
    if not entry:
        return [0.0] * SHEET
    buildings, river, mud = _ids()
    sheet = entry.get("sheet") or {}
    ruins = sheet.get("ruins") or {}
    out = [float(ruins.get(b, 0)) for b in buildings]
    rewards = sheet.get("ruins_rewards") or {}
    out += [float({"upper": 1, "lower": 2}.get(rewards.get(b, ""), 0)) for b in buildings]
    ai = sheet.get("ai_building") or {}
    out += [float(ai.get("circled") or 0), float(ai.get("crossed") or 0)]
    rb = sheet.get("riverbed") or {}
    for key in ("crossed", "circled", "ai"):
        out += _flags(rb.get(key), river, RIVER)
    canyon = sheet.get("canyon") or {}
    out += _canyon("".join(canyon.get("rows") or []))
    out.append(float(canyon.get("shapes") or 0))
    cacti = list(canyon.get("cacti") or [])
    out += [float(cacti[i]) if i < len(cacti) else 0.0 for i in range(3)]
    mc = sheet.get("mudcracks") or {}
    out += _flags(mc.get("marked"), mud, MUD)
    circles = mc.get("ai_circles") or {}
    out += [float(circles.get(n, 0)) for n in mud]
    columns = list(mc.get("columns") or [])
    out += [float(columns[i]) if i < len(columns) else 0.0 for i in range(COLUMNS)]
    bonuses = sheet.get("bonuses") or {}
    for key in ("reflick", "swap"):
        b = bonuses.get(key) or {}
        out += [float(b.get("circled") or 0), float(b.get("crossed") or 0)]
    discovery = bonuses.get("discovery") or {}
    for animal in DISCOVERY_ANIMALS:
        d = discovery.get(animal) or {}
        out += [float(d.get("circled") or 0), float(d.get("crossed") or 0)]
    scores = sheet.get("scores") or {}
    out += [float(scores.get(a, 0)) for a in AREAS]
    out += _work(entry.get("work") or {})
    out.append(float(bool(entry.get("done"))))
    return out


def _work(work: JsonDict) -> list[float]:
    """What is still to score: counts and sums of each pending part (`WORK` numbers)."""
    canyon = [float(x) for x in work.get("canyon") or []]
    river = [float(x) for x in work.get("riverbed") or []]
    ai = work.get("ai") or {}
    return [
        float(len(work.get("swaps") or [])),
        float(len(work.get("zones") or {})),
        float(work.get("ruins") or 0),
        float(len(canyon)),
        sum(canyon),
        float(len(river)),
        sum(river),
        float(work.get("owls") or 0),
        float(work.get("mudcracks") or 0),
        float(work.get("discover") or 0),
        float(len(work.get("shape") or [])),
        float(len(ai.get("canyon") or [])),
        float(len(ai.get("riverbed") or [])),
        float(ai.get("mudcracks") or 0),
        float(ai.get("shape_size") or 0),
        float(bool(work.get("done"))),
    ]


class SonoraEncoding(Encoding[SonoraAction]):
    """Sonora's observation (see `layout`) and its discretised action space."""

    score_bound = SCORE_BOUND

    def layout(self, players: int, options: Any) -> Sequence[Slice]:
        out = Layout()
        out.add("round", 4, 0, 100, "round, rounds, players, first player (relative)")
        out.add("phase", len(PHASES), 0, 1, "phase one-hot")
        out.add("corners", MAX_SEATS * len(CORNERS), 0, 1, "each relative seat's corner, one-hot")
        out.add("colours", 6, 0, 1, "solo: the player's colour and the AI's, one-hot a..c")
        out.add("ruins_queue", MAX_SEATS, 0, MAX_SEATS, "each relative seat's place in the ruins queue")
        out.add("upper_taken", BUILDINGS, 0, 1, "upper rewards of each building taken")
        out.add("sealed", 1, 0, 1, "a sealed write step is under way")
        out.add("decision", len(KINDS) + 2, -1, 10, "kind one-hot, deciding seat (relative), repeats")
        out.add("decision_disc", SLOTS, 0, 1, "the disc the decision is about (slot)")
        out.add("flickable", SLOTS, 0, 1, "the discs the decider may flick (slots)")
        out.add("discs_where", SLOTS * len(WHERE), 0, 1, "each disc slot: hand, board, hole, out")
        out.add("discs_xy", SLOTS * 2, -200, 200, "each disc slot on the board: x, y in mm")
        out.add("discs_area", SLOTS * len(AREAS), 0, 1, "each disc slot's area (board or hole)")
        out.add("discs_multiplier", SLOTS * len(ANIMALS), 0, 1, "each disc slot's multiplier")
        out.add("discs_halves", SLOTS * len(AREAS), 0, 1, "areas a disc on a line touches")
        out.add(
            "last_flick", 8, -1000, 5000, "present, seat, offset, angle, strength, angle, speed, left pad"
        )
        for k in range(players):
            out.add(f"sheet_{k}", SHEET, -SCORE_BOUND, SCORE_BOUND, "relative seat k's sheet (as shown)")
        out.add("mine", SHEET, -SCORE_BOUND, SCORE_BOUND, "the seat's own sheet during a sealed step")
        return out.slices

    def observe(self, view: JsonDict, players: int, options: Any) -> list[float]:
        seat = view["seat"] if view.get("seat") is not None else 0
        solo = players == 1

        def rel(s: object) -> float:
            return float((s - seat) % players) if isinstance(s, int) else -1.0

        out = [
            float(view.get("round") or 0),
            float(view.get("rounds") or 0),
            float(players),
            rel(view.get("first_player")),
        ]
        out += _one_hot(view.get("phase"), PHASES)
        corners = list(view.get("corners") or [])
        for k in range(MAX_SEATS):
            s = (seat + k) % players
            out += _one_hot(corners[s] if k < players and s < len(corners) else None, CORNERS)
        colours = view.get("colours") or {}
        out += _one_hot(colours.get("mine"), COLOURS) + _one_hot(colours.get("ai"), COLOURS)
        queue = [0.0] * MAX_SEATS
        for i, s in enumerate(view.get("ruins_queue") or []):
            queue[int(rel(s))] = float(i + 1)
        out += queue
        buildings, _, _ = _ids()
        out += _flags(view.get("upper_taken"), buildings, BUILDINGS)
        out.append(float(bool(view.get("sealed"))))
        decision = view.get("decision") or {}
        out += _one_hot(decision.get("kind"), KINDS)
        out += [rel(decision.get("seat")), float(decision.get("repeats") or 0)]
        owner = decision.get("seat")
        slot = _view_slot(decision.get("disc"), owner, seat, players, solo)
        out += [float(slot == i) for i in range(SLOTS)]
        flickable = {_view_slot(d, owner, seat, players, solo) for d in decision.get("discs") or []}
        out += [float(i in flickable) for i in range(SLOTS)]
        where = [[0.0] * len(WHERE) for _ in range(SLOTS)]
        xy = [[0.0, 0.0] for _ in range(SLOTS)]
        area = [[0.0] * len(AREAS) for _ in range(SLOTS)]
        mult = [[0.0] * len(ANIMALS) for _ in range(SLOTS)]
        halves = [[0.0] * len(AREAS) for _ in range(SLOTS)]
        for disc in view.get("discs") or []:
            i = _view_slot(disc, disc.get("seat"), seat, players, solo)
            if not 0 <= i < SLOTS:
                continue
            where[i] = _one_hot(disc.get("where"), WHERE)
            xy[i] = [float(disc.get("x") or 0), float(disc.get("y") or 0)]
            area[i] = _one_hot(disc.get("area"), AREAS)
            mult[i] = _one_hot(disc.get("multiplier"), ANIMALS)
            halves[i] = [float(a in (disc.get("halves") or [])) for a in AREAS]
        for table in (where, xy, area, mult, halves):
            out += [x for row in table for x in row]
        flick = view.get("flick")
        if flick:
            asked, applied = flick.get("asked") or {}, flick.get("applied") or {}
            out += [1.0, rel(flick.get("seat"))]
            out += [float(asked.get(k) or 0) for k in ("offset", "angle", "distance")]
            out += [float(applied.get(k) or 0) for k in ("angle", "speed")]
            out.append(float(bool(flick.get("left_pad"))))
        else:
            out += [0.0, -1.0] + [0.0] * 6
        sheets = list(view.get("sheets") or [])
        for k in range(players):
            s = (seat + k) % players
            out += _sheet(sheets[s] if s < len(sheets) else None)
        out += _sheet(view.get("mine"))
        return out

    def action_count(self, players: int, options: Any) -> int:
        return ACTIONS

    def action_index(self, action: SonoraAction, view: JsonDict) -> int:
        return action_index(action)

    def head_count(self, players: int, options: Any) -> int:
        """Heads of the parameterised action space: one per disc slot (its flicks), then one
        per action that is not a flick (`head`)."""
        return HEADS

    def head(self, index: int) -> int:
        """The head of a discrete index: a flick's disc slot, or ``20 + index - 2520``."""
        return index // len(GRID) if index < REFLICK else SLOTS + index - REFLICK

    def parameters(self) -> Sequence[tuple[str, float, float]]:
        """A flick's continuous parameters and their bounds (`rules.illegal_reason`'s): offset
        in mm, angle in degrees, strength in mm."""
        return PARAMETERS

    def with_parameters(self, action: SonoraAction, values: Sequence[float]) -> SonoraAction:
        """A flick of the same disc with `values` (offset, angle, strength; clipped to their
        bounds, rounded to the notation's mm and tenths of a degree); other actions as they are."""
        if not isinstance(action, Flick):
            return action
        offset, angle, strength = (
            min(max(v, low), high) for v, (_, low, high) in zip(values, PARAMETERS, strict=True)
        )
        return Flick(action.disc, round(offset), round(angle * 10), round(strength))

    def legal_indices(self, view: JsonDict, legal: Sequence[SonoraAction]) -> dict[int, SonoraAction]:
        """The legal actions by index, with the whole flick grid for each disc that may be
        flicked (`legal_actions` samples only `rules.FLICK_GRID`)."""
        out: dict[int, SonoraAction] = {action_index(a): a for a in legal}
        assert len(out) == len(legal), "two legal actions share an index"
        discs = {a.disc for a in legal if isinstance(a, Flick)}
        for disc in sorted(discs, key=disc_slot):
            base = FLICK + len(GRID) * disc_slot(disc)
            for i, point in enumerate(GRID):
                out.setdefault(base + i, Flick(disc, *point))
        return out


ENCODING = SonoraEncoding()
