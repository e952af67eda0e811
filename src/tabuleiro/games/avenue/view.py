"""What each seat may know of an Avenue match.

Public: the map, every sheet's roads and score column, the revealed farm and road cards,
the deck sizes, who has chosen for the current card, and every seat's previous choice.
Private to one seat: its own sealed choice and the farm card it saw by peeking.
Hidden from everyone: the order of both decks and the generator.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import is_not

from tabuleiro.core import JsonDict
from tabuleiro.games.avenue.actions import AvenueAction, Draw, format_action
from tabuleiro.games.avenue.components import SIDE_BITS, SQUARES, components, square_name
from tabuleiro.games.avenue.rules import peeked_farm
from tabuleiro.games.avenue.scoring import breakdown, castle_grapes, sheet_lines
from tabuleiro.games.avenue.state import AvenueOptions, AvenueState

CARDS: tuple[JsonDict, ...] = tuple(
    {"id": card.id, "segment": card.segment, "yellow": card.yellow} for card in components().road_cards
)
"""Each road card as views show it, made once (views are read, never changed, by their receivers)."""
SQUARE_NAMES = tuple(map(square_name, range(SQUARES)))
MAPS = components().maps


def _choice(action: AvenueAction | None) -> str | None:
    """A choice's notation (`format_action`), squares' names written once."""
    if action is None:
        return None
    return SQUARE_NAMES[action.square] if isinstance(action, Draw) else format_action(action)


def map_json(map_id: str) -> JsonDict:
    """The static map: tokens of the 42 squares, whether the sheet is designed, and the sides
    each road segment joins (the reference table at the foot of the sheet)."""
    comp = components()
    board = comp.maps[map_id]
    return {
        "id": board.id,
        "designed": board.designed,
        "squares": [sq.token for sq in board.squares],
        "segments": {
            str(segment): [side for side, bit in SIDE_BITS.items() if sides & bit]
            for segment, sides in sorted(comp.segment_sides.items())
        },
    }


_map_json = lru_cache(maxsize=None)(map_json)
"""The same picture of each map, made once: every view carries it (views are read, never
changed, by their receivers)."""


@lru_cache(maxsize=4096)
def _sheet_lines(map_id: str, roads: bytes, scores: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    # A sheet's lines depend on its roads and rows alone, and a sheet changes at most once per
    # road card: the views of every seat, and of the states in between, share the sums.
    lines = breakdown(components().maps[map_id], roads, scores)
    return tuple(lines.items())


def _sheet(state: AvenueState, seat: int) -> JsonDict:
    """One player's sheet as every view shows it."""
    rows, farms = state.rows[seat], state.farms
    lines = dict(_sheet_lines(state.options.map, state.roads[seat], tuple(row.score for row in rows)))
    return {
        "roads": list(state.roads[seat]),
        "rows": [{"farm": farms[i], "grapes": row.grapes, "score": row.score} for i, row in enumerate(rows)],
        "lines": lines,
        "score": sum(lines.values()),
        "peeked": state.peeked[seat],
        "committed": state.pending[seat] is not None,
    }


def _redrawn(state: AvenueState, seat: int, before: JsonDict, drew: bool) -> JsonDict:
    """The seat's sheet after a road card's choices, from `before`, its sheet for that card:
    the rows are the same (they change when a round is scored), so only the roads and the
    castles (`drew`: a segment was drawn), the peek and the commitment are new."""
    peeked, committed = state.peeked[seat], state.pending[seat] is not None
    if not drew:
        return {**before, "peeked": peeked, "committed": committed}
    roads = state.roads[seat]
    board = MAPS[state.options.map]
    lines = before["lines"].copy()
    purple, green = lines["castle_purple"], lines["castle_green"]
    lines["castle_purple"] = castle_grapes(board, roads, "P")
    lines["castle_green"] = castle_grapes(board, roads, "G")
    score = before["score"] + lines["castle_purple"] - purple + lines["castle_green"] - green
    return {
        "roads": list(roads),
        "rows": before["rows"],
        "lines": lines,
        "score": score,
        "peeked": peeked,
        "committed": committed,
    }


def _rescored(state: AvenueState, seat: int, before: JsonDict, drew: bool) -> JsonDict:
    """The seat's sheet after a scoring, from `before`, its sheet for the last road card:
    new rows, and new castles only if the seat drew a segment (`drew`) for that card."""
    roads, rows, farms = state.roads[seat], state.rows[seat], state.farms
    if drew:
        board = components().maps[state.options.map]
        castles = castle_grapes(board, roads, "P"), castle_grapes(board, roads, "G")
    else:
        castles = before["lines"]["castle_purple"], before["lines"]["castle_green"]
    lines = sheet_lines([row.score for row in rows], *castles)
    return {
        "roads": list(roads) if drew else before["roads"],
        "rows": [{"farm": farms[i], "grapes": row.grapes, "score": row.score} for i, row in enumerate(rows)],
        "lines": lines,
        "score": sum(lines.values()),
        "peeked": state.peeked[seat],
        "committed": state.pending[seat] is not None,
    }


_LAST_SHEETS: tuple[AvenueState | None, list[JsonDict]] = (None, [])


def _sheets(state: AvenueState) -> list[JsonDict]:
    """Every player's sheet. A sheet changes once per road card, when the choices are carried
    out; in between only the seats that choose change (their `committed`): the sheets of the
    last view asked for serve while the roads, rows, farms and peeks are the same objects.
    After a road card only the castles of the seats that drew are worked out again (castles
    depend on the roads alone), after a scoring the rows too; a sheet is made from nothing
    only for the first view asked for, of a match or after one of another match."""
    global _LAST_SHEETS
    last, sheets = _LAST_SHEETS
    if last is None or last.options is not state.options or last.players != state.players:
        out = [_sheet(state, s) for s in range(state.players)]
    elif last.rows is not state.rows or last.farms is not state.farms:
        before = last.roads
        out = [
            _rescored(state, s, sheet, roads is not before[s])
            for s, (sheet, roads) in enumerate(zip(sheets, state.roads, strict=True))
        ]
    elif last.roads is not state.roads or last.peeked is not state.peeked:
        before = last.roads
        out = [
            _redrawn(state, s, sheet, roads is not before[s])
            for s, (sheet, roads) in enumerate(zip(sheets, state.roads, strict=True))
        ]
    elif last.pending is state.pending:
        return sheets
    else:
        pending = state.pending
        out = list(sheets)
        for s in compress(range(len(pending)), map(is_not, pending, last.pending)):
            out[s] = {**out[s], "committed": pending[s] is not None}
    _LAST_SHEETS = (state, out)
    return out


def _card_part(
    options: AvenueOptions,
    players: int,
    table: tuple[int, ...],
    yellow: int,
    farms: tuple[str, ...],
    farm_deck: tuple[str, ...],
    road_deck: tuple[int, ...],
    road_discard: tuple[int, ...],
    last: tuple[AvenueAction | None, ...] | None,
) -> JsonDict:
    """What every view shows of the cards, the same from one road card to the next: the choices
    only change who has chosen (`to_act`, the sheets' `committed`). The keys are in the views'
    order, with a placeholder (None) for each key `view` fills in per state."""
    return {
        "game": "avenue",
        "seat": None,
        "players": players,
        "map": _map_json(options.map),
        "round": len(farms),
        "farms": list(farms),
        "farm_deck": len(farm_deck),
        "card": CARDS[table[-1]] if table else None,
        "table": list(map(CARDS.__getitem__, table)),
        "yellow": yellow,
        "road_deck": len(road_deck),
        "road_discard": len(road_discard),
        "to_act": None,
        "sheets": None,
        "last": None if last is None else list(map(_choice, last)),
        "finished": None,
    }


@lru_cache(maxsize=1024)
def _in_order(seats: frozenset[int]) -> list[int]:
    """The seats in increasing order, one list per set (views share it, never change it)."""
    return sorted(seats)


_LAST_CARDS: tuple[AvenueState | None, JsonDict] = (None, {})


def _cards(state: AvenueState) -> JsonDict:
    """`_card_part` of `state`, kept for the last state asked for: the next one, whose card
    fields are the same objects (only its choices differ), shares it. The fields are
    compared one by one, as `last_by_identity` would compare the arguments, without its
    generic call."""
    global _LAST_CARDS
    last, part = _LAST_CARDS
    if last is not None and (
        last is state
        or (
            last.table is state.table
            and last.last is state.last
            and last.farms is state.farms
            and last.farm_deck is state.farm_deck
            and last.road_deck is state.road_deck
            and last.road_discard is state.road_discard
            and last.yellow == state.yellow
            and last.options is state.options
            and last.players == state.players
        )
    ):
        return part
    part = _card_part(
        state.options,
        state.players,
        state.table,
        state.yellow,
        state.farms,
        state.farm_deck,
        state.road_deck,
        state.road_discard,
        state.last,
    )
    _LAST_CARDS = (state, part)
    return part


def view(state: AvenueState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator).

    One copy of the cards' part per view, the per-state keys set in it: the parts that
    stay (cards, sheets) are shared with the views before.
    """
    out = _cards(state).copy()
    out["to_act"] = _in_order(state.waiting)
    out["sheets"] = _sheets(state)
    out["finished"] = not state.waiting
    if seat is not None:
        out["seat"] = seat
        mine = state.pending[seat]
        out["private"] = {
            "pending": _choice(mine),
            "peeked_farm": peeked_farm(state, seat),
        }
    return out
