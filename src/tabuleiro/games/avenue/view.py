"""What each seat may know of an Avenue match.

Public: the map, every sheet's roads and score column, the revealed farm and road cards,
the deck sizes, who has chosen for the current card, and every seat's previous choice.
Private to one seat: its own sealed choice and the farm card it saw by peeking.
Hidden from everyone: the order of both decks and the generator.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import compress
from operator import is_not

from tabuleiro.core import JsonDict
from tabuleiro.core.memo import last_by_identity
from tabuleiro.games.avenue.actions import AvenueAction, format_action
from tabuleiro.games.avenue.components import SIDE_BITS, components
from tabuleiro.games.avenue.rules import peeked_farm
from tabuleiro.games.avenue.scoring import breakdown
from tabuleiro.games.avenue.state import AvenueState


@cache
def _card(card_id: int) -> JsonDict:
    card = components().road_cards[card_id]
    return {"id": card.id, "segment": card.segment, "yellow": card.yellow}


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


_LAST_SHEETS: tuple[AvenueState | None, list[JsonDict]] = (None, [])


def _sheets(state: AvenueState) -> list[JsonDict]:
    """Every player's sheet. A sheet changes once per road card, when the choices are carried
    out; in between only the seats that choose change (their `committed`): the sheets of the
    last view asked for serve while the roads, rows, farms and peeks are the same objects."""
    global _LAST_SHEETS
    last, sheets = _LAST_SHEETS
    if (
        last is not None
        and last.roads is state.roads
        and last.rows is state.rows
        and last.farms is state.farms
        and last.peeked is state.peeked
        and last.options is state.options
    ):
        if last.pending is state.pending:
            return sheets
        pending = state.pending
        out = list(sheets)
        for s in compress(range(len(pending)), map(is_not, pending, last.pending)):
            out[s] = {**out[s], "committed": pending[s] is not None}
    else:
        out = [_sheet(state, s) for s in range(state.players)]
    _LAST_SHEETS = (state, out)
    return out


@last_by_identity
def _table(table: tuple[int, ...]) -> list[JsonDict]:
    return [_card(c) for c in table]


@last_by_identity
def _last(last: tuple[AvenueAction | None, ...] | None) -> list[str | None] | None:
    return None if last is None else [format_action(a) if a else None for a in last]


def view(state: AvenueState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator)."""
    table, farms = state.table, state.farms
    out: JsonDict = {
        "game": "avenue",
        "seat": seat,
        "players": state.players,
        "map": _map_json(state.options.map),
        "round": len(farms),
        "farms": list(farms),
        "farm_deck": len(state.farm_deck),
        "card": _card(table[-1]) if table else None,
        "table": _table(table),
        "yellow": state.yellow,
        "road_deck": len(state.road_deck),
        "road_discard": len(state.road_discard),
        "to_act": sorted(state.waiting),
        "sheets": _sheets(state),
        "last": _last(state.last),
        "finished": not state.waiting,
    }
    if seat is not None:
        mine = state.pending[seat]
        out["private"] = {
            "pending": format_action(mine) if mine is not None else None,
            "peeked_farm": peeked_farm(state, seat),
        }
    return out
