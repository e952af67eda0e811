"""Avenue bots that act on a seat's view.

`GreedyBot` looks one card ahead: it values a sheet by its road networks — the current
farm must beat the row above before the fourth yellow card, farms still in the deck are
worth part of their grapes, castles their own colour — and draws where the value rises
most. When no square helps it peeks, once per round, and then weighs the farm it saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tabuleiro.core import JsonDict, RngStream, SearchHints
from tabuleiro.games.avenue.actions import PEEK, AvenueAction, Draw, Peek
from tabuleiro.games.avenue.components import FARMS, OPPOSITE, SQUARES, Square, components, neighbour
from tabuleiro.games.avenue.scoring import network
from tabuleiro.games.avenue.state import AvenueState
from tabuleiro.games.avenue.view import view as public_view

_SIDES = (1, 2, 4, 8)


@dataclass(slots=True)
class _Net:
    """Totals of one road network."""

    purple: int = 0
    green: int = 0
    farms: list[str] = field(default_factory=list)
    castles: list[str] = field(default_factory=list)
    open_ends: int = 0

    def add(self, square: Square) -> None:
        self.purple += square.purple
        self.green += square.green
        if square.farm:
            self.farms.append(square.farm)
        if square.castle:
            self.castles.append(square.castle)


class GreedyBot:
    """One-card look-ahead over the road networks of its own sheet."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)

    def act(self, view: JsonDict, legal: Sequence[AvenueAction]) -> AvenueAction:
        """Draw where the sheet's value rises most; peek when nothing helps."""
        mask = components().segment_sides[view["card"]["segment"]]
        evaluate = _evaluator(view, self.seat)
        best: list[AvenueAction] = []
        best_gain = float("-inf")
        for action in legal:
            if not isinstance(action, Draw):
                continue
            gain = evaluate.gain(action.square, mask)
            if gain > best_gain + 1e-9:
                best, best_gain = [action], gain
            elif abs(gain - best_gain) <= 1e-9:
                best.append(action)
        can_peek = any(isinstance(a, Peek) for a in legal)
        if can_peek and view["farm_deck"] >= 2 and (not best or best_gain < 0.5):
            return PEEK
        return self.rng.choice(best) if best else legal[0]


def _farm_weights(view: JsonDict) -> dict[str, float]:
    revealed = set(view["farms"])
    known_next = (view.get("private") or {}).get("peeked_farm")
    weights = dict.fromkeys(FARMS, 0.0)
    for farm in FARMS:
        if farm not in revealed:
            weights[farm] = 0.9 if farm == known_next else (0.3 if known_next else 0.5)
    return weights


def _evaluator(view: JsonDict, seat: int) -> _Evaluator:
    """The network values of `seat`'s sheet as the view shows it."""
    comp = components()
    board = comp.maps[view["map"]["id"]]
    prev_rows = view["sheets"][seat]["rows"]
    card = view["card"]
    urgency = 0.5 + 0.5 * view["yellow"] / 4 + (0.5 if card and card["yellow"] and view["yellow"] == 4 else 0)
    return _Evaluator(
        board.squares,
        bytes(view["sheets"][seat]["roads"]),
        comp.segment_sides,
        _farm_weights(view),
        view["farms"][-1],
        prev_rows[-1]["score"] if prev_rows else 0,
        urgency,
    )


def estimate(state: AvenueState) -> list[float]:
    """Search evaluation: each seat's score so far plus what its open road networks promise
    (the greedy bot's network values), from the public part of the state."""
    public = public_view(state, None)
    out = []
    for seat in range(state.players):
        ev = _evaluator(public, seat)
        total = public["sheets"][seat]["score"] + sum(ev.value(net) for net in ev.nets)
        # A farm or castle with no road yet counts alone, as in `_Evaluator.gain`: an
        # unconnected current farm carries its penalty.
        for square, label in enumerate(ev.label):
            if label < 0 and (ev.squares[square].farm or ev.squares[square].castle):
                alone = _Net()
                alone.add(ev.squares[square])
                total += ev.value(alone)
        out.append(total)
    return out


SEARCH_HINTS = SearchHints(iterations=3000, evaluate=estimate, playout_depth=0)
"""Advice to the generic search: score a leaf by `estimate` instead of a random playout."""


class _Evaluator:
    """Network values of one sheet and the change a segment on one square would make."""

    def __init__(
        self,
        squares: tuple[Square, ...],
        roads: bytes,
        segment_sides: dict[int, int],
        weights: dict[str, float],
        current: str,
        previous: int,
        urgency: float,
    ) -> None:
        self.squares = squares
        self.roads = roads
        self.sides = segment_sides
        self.weights = weights
        self.current = current
        self.previous = previous
        self.urgency = urgency
        self.label = [-1] * SQUARES
        self.nets: list[_Net] = []
        for square in range(SQUARES):
            if roads[square] and self.label[square] < 0:
                net = _Net()
                for member in network(roads, square):
                    self.label[member] = len(self.nets)
                    net.add(squares[member])
                    net.open_ends += self._open_ends(member)
                self.nets.append(net)

    def _open_ends(self, square: int) -> int:
        sides = self.sides.get(self.roads[square], 0)
        count = 0
        for bit in _SIDES:
            other = neighbour(square, bit) if sides & bit else None
            if other is not None and not self.roads[other]:
                count += 1
        return count

    def value(self, net: _Net) -> float:
        grapes = net.purple + net.green
        out = 0.0
        for farm in net.farms:
            if farm == self.current:
                gap = grapes - self.previous
                out += grapes + 4 if gap > 0 else (gap - 1) * 0.8 - 5 * self.urgency
            else:
                out += self.weights[farm] * grapes
        for castle in net.castles:
            out += net.purple if castle == "P" else net.green
        reach = 0.6 if (net.farms or net.castles) else 0.15
        return out + reach * min(net.open_ends, 2) + 0.1 * grapes * min(net.open_ends, 1)

    def gain(self, square: int, mask: int) -> float:
        """Value after drawing a segment with sides `mask` on `square`, minus before."""
        merged = _Net()
        merged.add(self.squares[square])
        # Features on a square without a road count as a network of their own: an
        # unconnected current farm already carries its penalty.
        before = self.value(merged)
        lost_ends: dict[int, int] = {}  # network label -> its road ends that point here
        joined: set[int] = set()
        for bit in _SIDES:
            other = neighbour(square, bit)
            if other is None:
                continue
            if self.sides.get(self.roads[other], 0) & OPPOSITE[bit]:
                label = self.label[other]
                lost_ends[label] = lost_ends.get(label, 0) + 1
                if mask & bit:
                    joined.add(label)
            elif mask & bit and not self.roads[other]:
                merged.open_ends += 1
        after = 0.0
        for label, lost in lost_ends.items():
            net = self.nets[label]
            before += self.value(net)
            rest = _Net(net.purple, net.green, net.farms, net.castles, net.open_ends - lost)
            if label in joined:
                merged.purple += rest.purple
                merged.green += rest.green
                merged.farms += rest.farms
                merged.castles += rest.castles
                merged.open_ends += rest.open_ends
            else:
                after += self.value(rest)
        return after + self.value(merged) - before
