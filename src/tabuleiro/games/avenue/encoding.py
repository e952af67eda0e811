"""Fixed-size numeric forms of Avenue for learning agents.

Actions: index ``0..41`` draws on that square, ``42`` peeks. Observation of one seat, built
from its view only (so it leaks nothing the view does not), as a flat list of ints:

    [0:42)    segment drawn on each of the seat's squares (0 = none, 1..6)
    [42:48)   current road card's segment, one-hot          [48] current card is yellow
    [49]      yellow cards this round                        [50] round (1..5)
    [51:57)   this round's farm, one-hot A..F                [57:63) farms revealed so far
    [63]      the seat has peeked this round                 [64:70) farm seen by peeking
    [70:75)   the seat's score rows (0 until written)        [75] the seat's running score
"""

from __future__ import annotations

from collections.abc import Sequence

from tabuleiro.core import JsonDict
from tabuleiro.games.avenue.actions import DRAWS, PEEK, AvenueAction, Peek
from tabuleiro.games.avenue.components import FARMS, SQUARES

ACTIONS: tuple[AvenueAction, ...] = (*DRAWS, PEEK)
OBSERVATION_SIZE = 76


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
    """The flat observation of the view's seat (see the module docstring)."""
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
