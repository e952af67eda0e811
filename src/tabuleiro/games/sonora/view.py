"""What each seat may know of a Sonora match.

Public: the board (every disc's place, area and multiplier, to full precision so clients can
re-run the physics), the last flick with each moved disc's track at a fixed frame rate for
animation, every sheet as of the start of the current sealed step, and the pending decision.
Private to one seat during a sealed simultaneous step (Swap bonuses, then the other areas):
its own choices since the step began. Hidden from everyone: the generator (the hand noise).
"""

from __future__ import annotations

import json
from functools import lru_cache

from tabuleiro.core import JsonDict
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.actions import disc_text
from tabuleiro.games.sonora.components import AREAS, CANYON_COLS, board, cell_name, printed
from tabuleiro.games.sonora.rules import DISCS, corner, disc_ref, owner, placement, to_act
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
    out: JsonDict = {
        "disc": disc_text(disc_ref(state, d)),
        "seat": owner(state, d),
        "number": d % DISCS + 1,
        "where": WHERE_NAMES[where],
    }
    if state.solo:
        out["colour"] = "abc"[d // DISCS]
    if where == 1:
        x, y = state.pos[d]
        area, mult, zones = placement(x, y)
        out.update(
            x=x,
            y=y,
            area=AREAS[area] if area >= 0 else None,
            multiplier=board().multipliers[mult].animal if mult >= 0 else None,
            halves=[AREAS[z] for z in zones],
        )
    elif where == 2:
        out["area"] = AREAS[state.hole_area[d]] if state.hole_area[d] >= 0 else None
    return out


def flight_json(state: SonoraState, flight: Flight) -> JsonDict:
    """The last flick: what was asked, what the hand did, and the tracks to animate."""
    offset, angle, distance = flight.asked
    return {
        "seat": flight.seat,
        "disc": disc_text(disc_ref(state, flight.disc)),
        "corner": CORNERS[flight.corner],
        "asked": {"offset": offset, "angle": angle / 10, "distance": distance},
        "applied": {"angle": round(flight.angle, 3), "speed": round(flight.speed, 1)},
        "left_pad": flight.left_pad,
        "fps": board().physics.frame_rate,
        "tracks": [
            {
                "disc": disc_text(disc_ref(state, d)),
                "seat": owner(state, d),
                "from_frame": first,
                "xy": list(xy),
            }
            for d, first, xy in flight.tracks
        ],
        "fell": [
            {"disc": disc_text(disc_ref(state, d)), "seat": owner(state, d), "fate": FATES[f]}
            for d, f in flight.fates
        ],
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
        "canyon": {"rows": rows, "shapes": len(sheet.shapes) - 1, "cacti": list(ss.cactus_counts(sheet))},
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
        "swaps": [[disc_text(disc_ref(state, a)), disc_text(disc_ref(state, b))] for a, b in work.swaps],
        "zones": {disc_text(disc_ref(state, d)): AREAS[a] for d, a in work.zones},
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
        out["disc"] = disc_text(disc_ref(state, frame.disc))
    if frame.tries:
        out["repeats"] = frame.tries
    return out


def _desk(state: SonoraState, desk: Desk) -> JsonDict:
    return {"sheet": sheet_json(desk.sheet), "work": work_json(state, desk.work)}


def view(state: SonoraState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator).

    ``sheets`` is the same for everyone: during a sealed step, every sheet as the step began;
    ``mine`` is then the seat's own sheet as it stands, and the previous move of another
    seat shows who moved but not what.
    """
    sealed = state.shown
    sheets = []
    for s in range(state.players):
        entry = _desk(state, state.desks[s] if sealed is None else sealed[s])
        entry["done"] = state.desks[s].work.done
        sheets.append(entry)
    mine = _desk(state, state.desks[seat]) if sealed is not None and seat is not None else None
    last: JsonDict | None = None
    if state.last:
        hidden = sealed is not None and state.last[0] != seat
        last = {"seat": state.last[0], "action": None if hidden else state.last[1]}
    return {
        "game": "sonora",
        "seat": seat,
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
        "discs": [_disc(state, d) for d in range(len(state.where))],
        "flick": flight_json(state, state.flight) if state.flight else None,
        "sheets": sheets,
        "sealed": sealed is not None,
        "mine": mine,
        "last": last,
        "finished": state.finished,
    }
