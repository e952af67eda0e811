"""Avenue bots that act on a seat's view.

`GreedyBot` looks one card ahead: it values a sheet by its road networks — the current
farm must beat the row above before the fourth yellow card, farms still in the deck are
worth part of their grapes, castles their own colour — and draws where the value rises
most. When no square helps it peeks, once per round, and then weighs the farm it saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from random import Random

from tabuleiro.core import JsonDict, RngStream, SearchHints
from tabuleiro.games.avenue.actions import PEEK, AvenueAction, Draw, Peek
from tabuleiro.games.avenue.components import FARMS, OPPOSITE, SQUARES, Square, components, neighbour
from tabuleiro.games.avenue.rules import peeked_farm
from tabuleiro.games.avenue.scoring import network
from tabuleiro.games.avenue.state import AvenueState

_SIDES = (1, 2, 4, 8)
_NEIGHBOURS = tuple(
    tuple((bit, other) for bit in _SIDES if (other := neighbour(square, bit)) is not None)
    for square in range(SQUARES)
)
"""Per square, (side, the square across it) for each side inside the sheet."""


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
        best, best_gain = _best_draws(_evaluator(view, self.seat), mask, legal)
        if _peeks(legal, view["farm_deck"], best_gain if best else None):
            return PEEK
        return self.rng.choice(best) if best else legal[0]


def _best_draws(
    evaluate: _Evaluator, mask: int, legal: Sequence[AvenueAction]
) -> tuple[list[AvenueAction], float]:
    """The draws whose gain is highest, and that gain."""
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
    return best, best_gain


def _peeks(legal: Sequence[AvenueAction], farm_deck: int, best_gain: float | None) -> bool:
    """Whether the greedy bot peeks: no square helps (`best_gain` None: no square at all) and
    there is a farm worth knowing."""
    can_peek = any(isinstance(a, Peek) for a in legal)
    return can_peek and farm_deck >= 2 and (best_gain is None or best_gain < 0.5)


def _farm_weights(revealed: Sequence[str], known_next: str | None) -> dict[str, float]:
    """What a grape joined to each farm is worth: farms still in the deck part of it (more
    for the one the seat saw on top), revealed ones nothing."""
    weights = dict.fromkeys(FARMS, 0.0)
    for farm in FARMS:
        if farm not in revealed:
            weights[farm] = 0.9 if farm == known_next else (0.3 if known_next else 0.5)
    return weights


def _urgency(yellow: int, card_yellow: bool) -> float:
    """How soon the current farm is scored: the fourth yellow card ends the round."""
    return 0.5 + 0.5 * yellow / 4 + (0.5 if card_yellow and yellow == 4 else 0)


def _evaluator(view: JsonDict, seat: int) -> _Evaluator:
    """The network values of `seat`'s sheet as the view shows it."""
    comp = components()
    board = comp.maps[view["map"]["id"]]
    prev_rows = view["sheets"][seat]["rows"]
    card = view["card"]
    known_next = (view.get("private") or {}).get("peeked_farm")
    return _Evaluator(
        board.squares,
        bytes(view["sheets"][seat]["roads"]),
        comp.segment_sides,
        _farm_weights(view["farms"], known_next),
        view["farms"][-1],
        prev_rows[-1]["score"] if prev_rows else 0,
        _urgency(view["yellow"], bool(card and card["yellow"])),
    )


# -- advice to the generic search ---------------------------------------------------------------

SEARCH_WIDTH = 4
"""Draws the search considers at a decision: the greedy bot's best few (and peeking)."""


@lru_cache(maxsize=1 << 15)
def _draw_gains(
    map_id: str,
    roads: bytes,
    segment: int,
    current: str,
    previous: int,
    urgency: float,
    weights: tuple[float, ...],
) -> tuple[tuple[float, int], ...]:
    """(greedy gain, square) of a segment on every empty square of a sheet, best first (ties
    by square). Memoised: the search meets the same sheet and card many times."""
    comp = components()
    ev = _Evaluator(
        comp.maps[map_id].squares,
        roads,
        comp.segment_sides,
        dict(zip(FARMS, weights, strict=True)),
        current,
        previous,
        urgency,
    )
    mask = comp.segment_sides[segment]
    gains = [(ev.gain(square, mask), square) for square in range(SQUARES) if not roads[square]]
    gains.sort(key=lambda pair: -pair[0])
    return tuple(gains)


def _state_gains(state: AvenueState, seat: int) -> tuple[tuple[float, int], ...]:
    """`_draw_gains` for `seat` in `state` (the seat's own information only)."""
    comp = components()
    rows = state.rows[seat]
    card = comp.road_cards[state.table[-1]]
    weights = _farm_weights(state.farms, peeked_farm(state, seat))
    return _draw_gains(
        state.options.map,
        state.roads[seat],
        card.segment,
        state.farms[-1],
        rows[-1].score if rows else 0,
        _urgency(state.yellow, card.yellow),
        tuple(weights[f] for f in FARMS),
    )


def candidates(state: AvenueState, seat: int, legal: Sequence[AvenueAction]) -> Sequence[AvenueAction]:
    """The actions the search considers: the greedy bot's `SEARCH_WIDTH` best draws and
    peeking when it is allowed (the search, not the greedy rule, decides when to peek)."""
    out: list[AvenueAction] = [Draw(square) for _, square in _state_gains(state, seat)[:SEARCH_WIDTH]]
    if any(isinstance(a, Peek) for a in legal):
        out.append(PEEK)
    return out or list(legal)


def playout(state: AvenueState, seat: int, legal: Sequence[AvenueAction], rnd: Random) -> AvenueAction:
    """The greedy bot's move in a playout (ties drawn from the playout's generator)."""
    gains = _state_gains(state, seat)
    if not gains:
        return PEEK if _peeks(legal, len(state.farm_deck), None) else legal[0]
    top = gains[0][0]
    best = [square for gain, square in gains if gain >= top - 1e-9]
    if _peeks(legal, len(state.farm_deck), top):
        return PEEK
    return Draw(best[int(rnd.random() * len(best))])


SEARCH_HINTS = SearchHints(
    objective="margin",
    iterations=250,
    playout=playout,
    candidates=candidates,
    exploration=0.15,
    independent=True,
)
"""Advice to the generic search: the greedy bot's best draws (and peeking) in the tree, then
the greedy bot's moves to the end of the match, so that a value is the score the sheet really
reaches (zero rows, the rising-row rule and castles included, which the greedy bot's valuation
only guesses). The sheets never touch (§ Desenhando a estrada: each player draws on their own
sheet), so the search plays out its own sheet alone against the other seats' mean playout
scores (`independent`): half the work and none of the other sheet's luck in its values. The
objective is the margin (the higher total wins, by any amount); values differ by a few
hundredths between draws, hence the small exploration constant. 250 iterations take about
1 s of one core at the first card and less as the sheet fills."""


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
        self.net_values = [self.value(net) for net in self.nets]

    def _open_ends(self, square: int) -> int:
        sides = self.sides.get(self.roads[square], 0)
        roads = self.roads
        ends = 0
        for bit, other in _NEIGHBOURS[square]:
            if sides & bit and not roads[other]:
                ends += 1
        return ends

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
        ends = net.open_ends  # counted up to 2, and once for the grapes (no min(): hot path)
        return out + reach * (ends if ends < 2 else 2) + 0.1 * grapes * (ends if ends < 1 else 1)

    def gain(self, square: int, mask: int) -> float:
        """Value after drawing a segment with sides `mask` on `square`, minus before."""
        merged = _Net()
        merged.add(self.squares[square])
        # Features on a square without a road count as a network of their own: an
        # unconnected current farm already carries its penalty.
        before = self.value(merged)
        lost_ends: dict[int, int] = {}  # network label -> its road ends that point here
        joined: set[int] = set()
        roads, sides, labels = self.roads, self.sides, self.label
        for bit, other in _NEIGHBOURS[square]:
            road = roads[other]
            if road and sides[road] & OPPOSITE[bit]:
                label = labels[other]
                lost_ends[label] = lost_ends.get(label, 0) + 1
                if mask & bit:
                    joined.add(label)
            elif mask & bit and not road:
                merged.open_ends += 1
        after = 0.0
        for label, lost in lost_ends.items():
            net = self.nets[label]
            before += self.net_values[label]
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
