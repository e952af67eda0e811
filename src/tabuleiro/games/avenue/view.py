"""What each seat may know of an Avenue match.

Public: the map, every sheet's roads and score column, the revealed farm and road cards,
the deck sizes, who has chosen for the current card, and every seat's previous choice.
Private to one seat: its own sealed choice and the farm card it saw by peeking.
Hidden from everyone: the order of both decks and the generator.
"""

from __future__ import annotations

from functools import lru_cache

from tabuleiro.core import JsonDict
from tabuleiro.games.avenue.actions import format_action
from tabuleiro.games.avenue.components import SIDE_BITS, components
from tabuleiro.games.avenue.rules import peeked_farm
from tabuleiro.games.avenue.scoring import breakdown
from tabuleiro.games.avenue.state import AvenueState


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


def view(state: AvenueState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator)."""
    map_id = state.options.map
    sheets = []
    for s in range(state.players):
        lines = dict(_sheet_lines(map_id, state.roads[s], tuple(row.score for row in state.rows[s])))
        sheets.append(
            {
                "roads": list(state.roads[s]),
                "rows": [
                    {"farm": state.farms[i], "grapes": row.grapes, "score": row.score}
                    for i, row in enumerate(state.rows[s])
                ],
                "lines": lines,
                "score": sum(lines.values()),
                "peeked": state.peeked[s],
                "committed": state.pending[s] is not None,
            }
        )
    out: JsonDict = {
        "game": "avenue",
        "seat": seat,
        "players": state.players,
        "map": _map_json(map_id),
        "round": state.round,
        "farms": list(state.farms),
        "farm_deck": len(state.farm_deck),
        "card": _card(state.table[-1]) if state.table else None,
        "table": [_card(c) for c in state.table],
        "yellow": state.yellow,
        "road_deck": len(state.road_deck),
        "road_discard": len(state.road_discard),
        "to_act": sorted(state.waiting),
        "sheets": sheets,
        "last": None if state.last is None else [format_action(a) if a else None for a in state.last],
        "finished": state.finished,
    }
    if seat is not None:
        mine = state.pending[seat]
        out["private"] = {
            "pending": format_action(mine) if mine is not None else None,
            "peeked_farm": peeked_farm(state, seat),
        }
    return out
