"""Fixed-size numeric forms of Avenue for learning agents.

Actions: index ``0..41`` draws on that square, ``42`` peeks. The observation of one seat is
built from its view only (so it leaks nothing the view does not); for P players it is a flat
list of ``76 + 4 * 42 + (P - 1)`` numbers:

    [0:42)    segment drawn on each of the seat's squares (0 = none, 1..6)
    [42:48)   current road card's segment, one-hot          [48] current card is yellow
    [49]      yellow cards this round                        [50] round (1..5)
    [51:57)   this round's farm, one-hot A..F                [57:63) farms revealed so far
    [63]      the seat has peeked this round                 [64:70) farm seen by peeking
    [70:75)   the seat's score rows (0 until written)        [75] the seat's running score
    [76:118)  purple grapes printed on each square           [118:160) green grapes
    [160:202) castle on each square (1 purple, 2 green)      [202:244) farm on each square (1..6 = A..F)
    [244:…)   the other seats' running scores, from the next seat clockwise
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tabuleiro.core import JsonDict
from tabuleiro.core.encoding import Encoding, Layout, Slice
from tabuleiro.games.avenue.actions import DRAWS, PEEK, AvenueAction, Peek
from tabuleiro.games.avenue.components import FARMS, SQUARES, components

ACTIONS: tuple[AvenueAction, ...] = (*DRAWS, PEEK)
OBSERVATION_SIZE = 76
"""The length of the seat's own part (`observation`); the full encoding adds the map and others."""
SCORE_BOUND = 200
"""Far beyond any score a sheet can reach (negative or positive), for the observation bounds."""


def action_index(action: AvenueAction) -> int:
    """The action's index in `ACTIONS`."""
    return SQUARES if isinstance(action, Peek) else action.square


def legal_mask(legal: Sequence[AvenueAction]) -> list[int]:
    """1 for every index in `ACTIONS` that is legal."""
    mask = [0] * len(ACTIONS)
    for action in legal:
        mask[action_index(action)] = 1
    return mask


def observation(view: JsonDict) -> list[int]:
    """The seat's own part of the observation (the first `OBSERVATION_SIZE` numbers)."""
    sheet = view["sheets"][view["seat"]]
    out = list(sheet["roads"])
    card = view["card"]
    out += [int(card is not None and card["segment"] == s) for s in range(1, 7)]
    out += [int(card is not None and card["yellow"]), view["yellow"], view["round"]]
    current = view["farms"][-1] if view["farms"] else None
    out += [int(f == current) for f in FARMS]
    out += [int(f in view["farms"]) for f in FARMS]
    seen = view["private"]["peeked_farm"]
    out += [int(sheet["peeked"])] + [int(f == seen) for f in FARMS]
    rows = [row["score"] for row in sheet["rows"]]
    out += rows + [0] * (5 - len(rows)) + [sheet["score"]]
    return out


@cache
def map_features(map_id: str) -> tuple[float, ...]:
    """The printed sheet: grapes of each colour, castles and farms, square by square."""
    squares = components().maps[map_id].squares
    castles = {"P": 1, "G": 2}
    return tuple(
        [s.purple for s in squares]
        + [s.green for s in squares]
        + [castles.get(s.castle or "", 0) for s in squares]
        + [FARMS.index(s.farm) + 1 if s.farm else 0 for s in squares]
    )


class AvenueEncoding(Encoding[AvenueAction]):
    """Avenue's observation (the module docstring's layout) and its 43 actions."""

    score_bound = SCORE_BOUND

    def layout(self, players: int, options: Any) -> Sequence[Slice]:
        out = Layout()
        out.add("roads", SQUARES, 0, 6, "segment drawn on each of the seat's squares (0 = none)")
        out.add("card_segment", 6, 0, 1, "current road card's segment, one-hot 1..6")
        out.add("card_yellow", 1, 0, 1, "the current road card is yellow")
        out.add("yellow_cards", 1, 0, 4, "yellow cards revealed this round")
        out.add("round", 1, 0, 6, "the round, 1..5")
        out.add("farm", 6, 0, 1, "this round's farm, one-hot A..F")
        out.add("farms_revealed", 6, 0, 1, "farms revealed so far")
        out.add("peeked", 1, 0, 1, "the seat has peeked this round")
        out.add("peeked_farm", 6, 0, 1, "the farm seen by peeking, one-hot A..F")
        out.add("rows", 5, -SCORE_BOUND, SCORE_BOUND, "the seat's five round scores (0 until written)")
        out.add("score", 1, -SCORE_BOUND, SCORE_BOUND, "the seat's running score")
        out.add("purple_grapes", SQUARES, 0, 4, "purple grapes printed on each square")
        out.add("green_grapes", SQUARES, 0, 4, "green grapes printed on each square")
        out.add("castles", SQUARES, 0, 2, "castle on each square: 1 purple, 2 green")
        out.add("farms", SQUARES, 0, 6, "farm on each square: 1..6 = A..F")
        out.add("others_scores", players - 1, -SCORE_BOUND, SCORE_BOUND, "the others' running scores")
        return out.slices

    def observe(self, view: JsonDict, players: int, options: Any) -> list[float]:
        seat = view["seat"]
        others = [view["sheets"][(seat + k) % players]["score"] for k in range(1, players)]
        return [*map(float, observation(view)), *map_features(view["map"]["id"]), *map(float, others)]

    def progress_scores(self, view: JsonDict, players: int) -> Sequence[float] | None:
        """Each sheet's running score (the rows written so far, castles and zeros)."""
        return [float(view["sheets"][s]["score"]) for s in range(players)]

    def action_count(self, players: int, options: Any) -> int:
        return len(ACTIONS)

    def action_index(self, action: AvenueAction, view: JsonDict) -> int:
        return action_index(action)


ENCODING = AvenueEncoding()
