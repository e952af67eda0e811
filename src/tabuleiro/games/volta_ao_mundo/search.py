"""Volta ao mundo's advice to the generic search bot (`tabuleiro.bots.ismcts`).

Random playouts wander the map and lose to the greedy bot by weeks, so the search plays
short playouts with the greedy bot itself (from each seat's view of the sampled state) and
scores where they stop by the days each traveller is expected to need:

- evaluation: days on the track, plus the days of a Move being resolved, plus the days of
  the plain way home through the oceans still missing (no city twice, none that strands,
  the deck's average weather) less what the tableau's cards take off those legs as they
  act and turn over (a discount face serves one Move, then the other face is up: counting
  the faces up as lasting discounts, as the greedy bot's bound does, overvalued them),
  less a little for coins (they buy discounts later); a traveller out of the race counts
  as far behind;
- playout: the greedy bot (`greedy_playout`, on `view.bot_view`, the part of the view it
  reads); `playout` is a cheaper policy that moves towards home, buys nothing and ends the
  turn;
- candidates: the greedy bot's action first, favoured by a progressive bias
  (`SearchHints.favour`: the search leaves it only for a move whose playouts show better),
  then at a turn every Move that leaves a way home, the `BUYS` purchases worth most along
  the way home, the telegraph's three plain options on the first telegraph card, the
  effect cards' uses and end (no other tableau reshuffles nor Rest, which the evaluation
  cannot value), elsewhere every legal action;
- observation: the public table and the seat's own draft hand and pick.

Every hook reads only the state it is given (a sample drawn by the search).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from random import Random

from tabuleiro.core import SearchHints
from tabuleiro.games.volta_ao_mundo.actions import (
    Buy,
    Choose,
    Detour,
    End,
    Flip,
    Leg,
    Move,
    Pick,
    RaceAction,
    Rest,
    Start,
    Swap,
    Telegraph,
)
from tabuleiro.games.volta_ao_mundo.bots import (
    ADJACENT,
    MAP_TRANSPORTS,
    ROUTES,
    GreedyBot,
    _lower_bounds,
    card_value,
    circuit,
    discounts,
    leg_cost,
)
from tabuleiro.games.volta_ao_mundo.components import BOTH_OCEANS, CARRIAGE, SHIP, TRAIN, components
from tabuleiro.games.volta_ao_mundo.movement import stranded, strands
from tabuleiro.games.volta_ao_mundo.state import (
    DRAFT,
    FINISHED,
    OUT,
    OVERFLOW,
    PLAY,
    START,
    RaceState,
    Traveller,
    evolve,
)
from tabuleiro.games.volta_ao_mundo.view import bot_view

COMP = components()
COIN_DAYS = 0.15
"""Days a coin in hand is worth at the end of a playout (the greedy bot's price of a coin)."""
OUT_DAYS = 60.0
"""Days added for a traveller out of the race: behind every finisher."""
UNREACHABLE = 200.0
PLAIN = (0, 0, 0)
"""No discount for any transport: the key of the plain lower bounds."""
NO_DISCOUNT = dict.fromkeys(MAP_TRANSPORTS, 0)
BUYS = 2
"""Purchases the tree considers at a turn."""
FAVOUR = 0.3
"""Progressive bias towards the greedy bot's action (`SearchHints.favour`), in value units
(0..1): tried first, then 0.15 after one visit, 0.01 after thirty."""


def _disc_key(t: Traveller, fame_cancels: bool) -> tuple[int, int, int]:
    tableau = [None if p is None else (p.card, p.face, p.lock, p.coins) for p in t.tableau]
    disc = discounts(tableau, fame_cancels)
    return disc[SHIP], disc[TRAIN], disc[CARRIAGE]


def _fame_cancels(state: RaceState) -> bool:
    return state.options.fame_card_discounts == "none"


def _to_go(state: RaceState, t: Traveller, fame_cancels: bool) -> float:
    """Expected days from the traveller's city home through the missing oceans: the legs of
    the plain way home (no city twice, none that strands) at the deck's average weather,
    less what the tableau's cards take off them as they act and turn over (`_savings`);
    the plain lower bound where that walk finds no way."""
    legs = _way_home(state, t, PLAIN)
    city = t.city
    for route in legs:
        r = ROUTES[route]
        city = r.b if r.a == city else r.a
    if not legs or city != t.origin:
        return _lower_bounds(t.origin, PLAIN).get((t.city, BOTH_OCEANS & ~t.oceans), UNREACHABLE)
    days = sum(leg_cost(route, NO_DISCOUNT) for route in legs)
    return days - _savings(t, legs, fame_cancels)


def _savings(t: Traveller, legs: Sequence[int], fame_cancels: bool) -> float:
    """Days the tableau's cards (slots 1-6) take off `legs`: a card whose face serves a leg's
    transport acts and turns over (§ Movimento, step 3: "toda carta que teve efeito é
    virada"), unless a lock token or a padlock face holds it; a Move costs at least one day;
    an extra space saves about a day, an ignored fog or storm about a third of one; a
    carriage fame card cancels that Move's discounts under ``fame_card_discounts=none``."""
    cards = [[p.card, p.face, p.lock] for p in t.tableau[:OVERFLOW] if p is not None]
    total = 0.0
    for route in legs:
        r = ROUTES[route]
        room = max(0.0, leg_cost(route, NO_DISCOUNT) - 1.0)
        discount = penalty = other = 0.0
        cancel = False
        for entry in cards:
            card, side, held = entry
            f = COMP.cards[card].faces[side]
            if not f.transport & r.transport:
                continue
            if f.effect == "discount":
                discount += f.value
            elif f.effect == "penalty":
                penalty += f.value
            elif f.effect == "extra_legs":
                other += 1.0 * f.value
            elif f.effect in ("ignore_fog", "ignore_storm"):
                other += 0.3
            elif f.effect == "fame_on_move" and fame_cancels:
                cancel = True
            if not held and not f.locked:
                entry[1] = 1 - side
        total += (0.0 if cancel else min(discount, room)) - penalty + other
    return total


def estimate(state: RaceState) -> list[float]:
    """Each traveller's expected final days (fewer win)."""
    if state.phase in (DRAFT, START):
        return [_draft_days(state, s) for s in range(state.players)]
    fame_cancels = _fame_cancels(state)
    trip = state.trip
    out = []
    for seat, t in enumerate(state.travellers):
        days = float(t.days)
        if trip is not None and trip.seat == seat:
            days += max(trip.total, 1)
        if t.status == OUT or (t.status != FINISHED and stranded(state, t)):
            days += OUT_DAYS
        elif t.status != FINISHED:
            days += _to_go(state, t, fame_cancels) - COIN_DAYS * t.coins
        out.append(days)
    return out


def _draft_days(state: RaceState, seat: int) -> float:
    """Before the race: the best circuit from the cities the seat holds or has kept."""
    t = state.travellers[seat]
    cities = [*t.drafted, *state.hands[seat]] if state.phase == DRAFT else list(t.drafted)
    if state.sealed[seat] >= 0:
        cities.append(state.sealed[seat])
    return min((circuit(c) for c in cities), default=UNREACHABLE)


def _next_city(state: RaceState, t: Traveller, key: tuple[int, int, int], choices: Sequence[int]) -> int:
    """The city among `choices` (adjacent to the traveller) on the cheapest way home that
    leaves one (any city when all strand)."""
    bound = _lower_bounds(t.origin, key)
    disc = dict(zip(MAP_TRANSPORTS, key, strict=True))
    best, best_cost = -1, float("inf")
    for route, city in ADJACENT[t.city]:
        if city not in choices:
            continue
        if strands(state, t, city):
            if best < 0:
                best = city
            continue
        need = BOTH_OCEANS & ~(t.oceans | ROUTES[route].ocean)
        cost = leg_cost(route, disc) + (0.0 if city == t.origin else bound.get((city, need), UNREACHABLE))
        if cost < best_cost:
            best, best_cost = city, cost
    return best


_GREEDY = [GreedyBot(seat, 0) for seat in range(4)]


def greedy_playout(state: RaceState, seat: int, legal: Sequence[RaceAction], rnd: Random) -> RaceAction:  # noqa: ARG001
    """The greedy bot's action from the seat's view of the sampled state (the part of it
    the bot reads, `bot_view`)."""
    return _GREEDY[seat].act(bot_view(state, seat), legal)


def playout(state: RaceState, seat: int, legal: Sequence[RaceAction], rnd: Random) -> RaceAction:
    """A cheap plan-following policy: head home, buy nothing, end the turn."""
    first = legal[0]
    if isinstance(first, Pick | Start):
        return min(legal, key=lambda a: circuit(a.city) if isinstance(a, Pick | Start) else 0.0)
    if state.phase != PLAY:
        return legal[int(rnd.random() * len(legal))]
    t = state.travellers[seat]
    moves = [a.city for a in legal if isinstance(a, Move | Leg)]
    if moves:
        city = _next_city(state, t, _disc_key(t, _fame_cancels(state)), moves)
        for a in legal:
            if isinstance(a, Move | Leg) and a.city == city:
                return a
    for a in legal:
        if isinstance(a, End):
            return a
    if isinstance(first, Detour):
        return legal[-1]
    words = {a.word for a in legal if isinstance(a, Choose)}
    if "pay" in words:
        return Choose("pay") if t.coins >= 5 else Choose("delay")
    if "delay" in words:
        return Choose("delay")
    if "stop" in words:
        return Choose("stop")
    plain = [a for a in legal if not isinstance(a, Buy | Swap | Flip | Telegraph | Rest)]
    return plain[0] if plain else legal[-1]


def _way_home(state: RaceState, t: Traveller, key: tuple[int, int, int]) -> list[int]:
    """The routes of the way home the bound suggests, step by step (no city twice)."""
    bound = _lower_bounds(t.origin, key)
    disc = dict(zip(MAP_TRANSPORTS, key, strict=True))
    city, oceans, visited = t.city, t.oceans, t.visited
    legs: list[int] = []
    here = t
    while city != t.origin and len(legs) < 20:
        best, best_cost = None, float("inf")
        for route, other in ADJACENT[city]:
            got = oceans | ROUTES[route].ocean
            if other == t.origin:
                if got != BOTH_OCEANS:
                    continue
                cost = leg_cost(route, disc)
            elif visited >> other & 1 or strands(state, here, other):
                continue
            else:
                cost = leg_cost(route, disc) + bound.get((other, BOTH_OCEANS & ~got), UNREACHABLE)
            if cost < best_cost:
                best, best_cost = (route, other, got), cost
        if best is None:
            break
        legs.append(best[0])
        city, oceans, visited = best[1], best[2], visited | 1 << best[1]
        here = evolve(here, city=city, oceans=oceans, visited=visited)
    return legs


def _purchases(state: RaceState, seat: int, buys: list[Buy]) -> list[Buy]:
    """The `BUYS` purchases worth most along the way home (the greedy bot's card values),
    one way of paying per market place: the free action when it is there."""
    by_market: dict[int, Buy] = {}
    for a in buys:
        if a.office < 0 and (a.market not in by_market or a.free):
            by_market[a.market] = a
    if len(by_market) <= BUYS:
        return list(by_market.values())
    t = state.travellers[seat]
    fame_cancels = _fame_cancels(state)
    key = _disc_key(t, fame_cancels)
    legs = _way_home(state, t, key)
    disc = dict(zip(MAP_TRANSPORTS, key, strict=True))

    def value(a: Buy) -> float:
        card = state.market[a.market]
        return card_value(card, legs, disc, fame_cancels) - COIN_DAYS * COMP.cards[card].price

    return sorted(by_market.values(), key=value, reverse=True)[:BUYS]


def candidates(state: RaceState, seat: int, legal: Sequence[RaceAction]) -> Sequence[RaceAction]:
    """The greedy bot's action first (the search's favoured action, `SearchHints.favour`),
    then, at a turn, the other actions the evaluation can tell apart (see the module's
    docstring), elsewhere every other legal action."""
    greedy = _GREEDY[seat].act(bot_view(state, seat), legal)
    if state.phase != PLAY or not state.stack or state.stack[-1].kind != "turn":
        return [greedy, *(a for a in legal if a != greedy)]
    out: list[RaceAction] = [greedy]
    buys: list[Buy] = []
    telegraph_slot = -1
    t = state.travellers[seat]
    safe = [a for a in legal if isinstance(a, Move) and not strands(state, t, a.city)]
    for a in legal:
        if isinstance(a, Swap | Flip | Rest) or (isinstance(a, Move) and safe and a not in safe):
            continue
        if isinstance(a, Buy):
            buys.append(a)
            continue
        if isinstance(a, Telegraph):
            if len(a.options) != 1:
                continue
            if telegraph_slot < 0:
                telegraph_slot = a.slot
            elif a.slot != telegraph_slot:
                continue
        if a != greedy:
            out.append(a)
    out += [a for a in _purchases(state, seat, buys) if a != greedy]
    return out


def observation(state: RaceState, seat: int) -> Hashable:
    """What `seat` sees: the public table, its own draft hand and sealed choice."""
    if state.phase in (DRAFT, START):
        return (state.phase, state.hands[seat], state.sealed[seat], state.travellers[seat].drafted)
    return (
        state.travellers,
        state.market,
        state.under,
        state.weather,
        state.stack,
        state.turn,
        state.trip,
        state.last_event,
    )


SEARCH_HINTS = SearchHints(
    iterations=200,
    evaluate=estimate,
    playout_depth=8,
    playout=greedy_playout,
    candidates=candidates,
    observation=observation,
    objective="win",
    margin_weight=0.5,
    margin_scale=6.0,
    exploration=0.3,
    favour=FAVOUR,
)
"""Advice to the generic search: greedy playouts of 8 decisions, scored by `estimate`; the
objective is the share of the win (only the winner counts: a traveller a day short of the
finisher's time has lost) blended half and half with the margin in days; 200 iterations
take about 0.8 s of one core (`scripts/mcts_decision_time.py volta_ao_mundo`)."""
