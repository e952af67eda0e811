"""Volta ao mundo em 80 dias bots that act on a seat's view.

`GreedyBot` plans the rest of its circuit as the cheapest path back to its start city that
crosses the oceans still missing and enters no city twice (a branch-and-bound search,
bounded below by a Dijkstra over (city, oceans missing)), where a leg costs its days plus
the weather (the card in play for the next leg, the deck's average after) less what the
tableau's faces take off that transport, at least one day. Every turn it moves along that
plan, taking extra spaces when its cards offer them; its other actions buy the market card
that saves most days on the planned legs (a card's faces are played out along the plan),
or use the telegraph: fame while a passport is near, income, collecting when coins are
needed. Events, locks, tokens and faces are chosen for the plan (a sponsor's coins go on the
telegraph card it collects from next); it never rests.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from tabuleiro.core import JsonDict, RngStream
from tabuleiro.games.volta_ao_mundo.actions import (
    Buy,
    Choose,
    Detour,
    End,
    FaceChoice,
    Flip,
    Leg,
    Lock,
    Move,
    Pick,
    Plan,
    RaceAction,
    Sabotage,
    Sponsor,
    Start,
    Telegraph,
    UseEffect,
)
from tabuleiro.games.volta_ao_mundo.components import (
    BOTH_OCEANS,
    CARRIAGE,
    SHIP,
    TRAIN,
    WEATHERS,
    Face,
    components,
    transport_row,
)
from tabuleiro.games.volta_ao_mundo.state import OVERFLOW

COMP = components()
CITY = {c: i for i, c in enumerate(COMP.city_ids)}
CARD = {c.id: i for i, c in enumerate(COMP.cards)}
ROUTES = COMP.routes
ADJACENT = COMP.adjacent
MAP_TRANSPORTS = (SHIP, TRAIN, CARRIAGE)
EXPECTED_WEATHER = {
    t: sum(card[transport_row(t)][0] for card in COMP.weather) / len(COMP.weather) for t in MAP_TRANSPORTS
}
WEATHER_DAYS = {"sun": 0, "fog": 1, "storm": 2}
SEARCH_LIMIT = 4000
COIN_DAYS = 0.15
"""Days a coin is worth when buying: a card must save more than its price times this."""
FAME_PASSPORTS = tuple(f for f, _ in COMP.board.passports)


@dataclass(slots=True)
class Me:
    """The bot's own traveller, read from the view."""

    city: int
    origin: int
    visited: int
    oceans: int
    fame: int
    coins: int
    slots: int
    tableau: list[tuple[int, int, bool, int] | None]


def _placed(raw: JsonDict | None) -> tuple[int, int, bool, int] | None:
    if raw is None:
        return None
    return CARD[raw["card"]], "ab".index(raw["face"]), bool(raw["lock"]), int(raw["coins"])


def read_me(view: JsonDict, seat: int) -> Me:
    """The seat's traveller as numbers."""
    t = view["travellers"][seat]
    visited = 0
    for c in t["path"]:
        visited |= 1 << CITY[c]
    oceans = (1 if "atlantic" in t["oceans"] else 0) | (2 if "pacific" in t["oceans"] else 0)
    return Me(
        city=CITY[t["city"]] if t["city"] else -1,
        origin=CITY[t["origin"]] if t["origin"] else -1,
        visited=visited,
        oceans=oceans,
        fame=t["fame"],
        coins=t["coins"],
        slots=t["slots"],
        tableau=[_placed(p) for p in t["tableau"]] + [_placed(t["overflow"])],
    )


def _face(card: int, face: int) -> Face:
    return COMP.cards[card].faces[face]


def discounts(
    tableau: Sequence[tuple[int, int, bool, int] | None], fame_cancels: bool = False
) -> dict[int, int]:
    """Days the faces up take off (penalties add) per map transport.

    `fame_cancels` (``fame_card_discounts=none``): a carriage fame card face up leaves its
    transport's moves without any discount, as the card says.
    """
    out = dict.fromkeys(MAP_TRANSPORTS, 0)
    penalties = dict.fromkeys(MAP_TRANSPORTS, 0)
    no_discount = 0
    for p in tableau:
        if p is None:
            continue
        f = _face(p[0], p[1])
        if f.effect == "fame_on_move" and fame_cancels:
            no_discount |= f.transport
        for t in MAP_TRANSPORTS:
            if f.transport & t:
                if f.effect == "discount":
                    out[t] += f.value
                elif f.effect == "penalty":
                    penalties[t] += f.value
    return {t: (0 if no_discount & t else out[t]) - penalties[t] for t in MAP_TRANSPORTS}


def leg_cost(route: int, disc: dict[int, int], weather: float | None = None) -> float:
    """Expected days of one Move along `route`."""
    r = ROUTES[route]
    w = EXPECTED_WEATHER[r.transport] if weather is None else weather
    return max(1.0, r.days + w - disc[r.transport])


@cache
def _lower_bounds(origin: int, disc_key: tuple[int, int, int]) -> dict[tuple[int, int], float]:
    """Least cost from (city, oceans still needed) back to `origin`, ignoring the no-return rule."""
    disc = dict(zip(MAP_TRANSPORTS, disc_key, strict=True))
    dist: dict[tuple[int, int], float] = {(origin, 0): 0.0}
    heap: list[tuple[float, int, int]] = [(0.0, origin, 0)]
    while heap:
        d, city, need = heapq.heappop(heap)
        if d > dist.get((city, need), 1e9):
            continue
        for route, other in ADJACENT[city]:
            ocean = ROUTES[route].ocean
            for before in range(4):  # needed at `other` before crossing `ocean`
                if before & ~ocean != need:
                    continue
                nd = d + leg_cost(route, disc)
                if nd < dist.get((other, before), 1e9):
                    dist[(other, before)] = nd
                    heapq.heappush(heap, (nd, other, before))
    return dist


def plan(
    me: Me, disc: dict[int, int], first_weather: dict[int, float] | None = None
) -> tuple[float, list[int]]:
    """The cheapest known completion of the circuit: (expected days, cities to enter in order)."""
    if me.city < 0:
        return 1e9, []
    key = (disc[SHIP], disc[TRAIN], disc[CARRIAGE])
    weather = None if first_weather is None else tuple(sorted(first_weather.items()))
    cost, path = _plan(me.city, me.origin, me.visited, me.oceans, key, weather)
    return cost, list(path)


@lru_cache(maxsize=8192)
def _plan(
    here: int,
    origin: int,
    visited: int,
    oceans: int,
    key: tuple[int, int, int],
    weather: tuple[tuple[int, float], ...] | None,
) -> tuple[float, tuple[int, ...]]:
    """`plan` for one position, discounts and weather, kept: a playout asks it again at
    every decision of a turn."""
    disc = dict(zip(MAP_TRANSPORTS, key, strict=True))
    first_weather = None if weather is None else dict(weather)
    me = Me(here, origin, visited, oceans, 0, 0, 0, [])
    bound = _lower_bounds(me.origin, key)
    best: list[Any] = [1e9, []]
    budget = [SEARCH_LIMIT]

    def dfs(city: int, visited: int, oceans: int, cost: float, path: list[int]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        if cost + bound.get((city, BOTH_OCEANS & ~oceans), 1e9) >= best[0]:
            return
        options = []
        for route, other in ADJACENT[city]:
            known = first_weather.get(ROUTES[route].transport) if first_weather and not path else None
            c = leg_cost(route, disc, known)
            got = oceans | ROUTES[route].ocean
            if other == me.origin:
                if got == BOTH_OCEANS and cost + c < best[0]:
                    best[:] = [cost + c, [*path, other]]
                continue
            if visited >> other & 1:
                continue
            options.append((c + bound.get((other, BOTH_OCEANS & ~got), 1e9), c, other, got))
        for _, c, other, got in sorted(options):
            dfs(other, visited | 1 << other, got, cost + c, [*path, other])

    dfs(me.city, me.visited, me.oceans, 0.0, [])
    return best[0], tuple(best[1])


@cache
def circuit(city: int) -> float:
    """Expected days of the best circuit from `city` with an empty tableau (for the draft)."""
    me = Me(city, city, 1 << city, 0, 0, 0, 2, [None] * 7)
    return plan(me, dict.fromkeys(MAP_TRANSPORTS, 0))[0]


def card_value(card: int, legs: Sequence[int], disc: dict[int, int], fame_cancels: bool = False) -> float:
    """Days a card saves along the planned legs (routes), its faces turning as it acts; a
    carriage fame card costs the discounts it cancels when `fame_cancels`."""
    face, value = 0, 0.0
    for route in legs:
        r = ROUTES[route]
        f = _face(card, face)
        if not f.transport & r.transport:
            continue
        room = max(0.0, r.days + EXPECTED_WEATHER[r.transport] - 1 - disc[r.transport])
        if f.effect == "discount":
            value += min(f.value, room)
        elif f.effect == "penalty":
            value -= f.value
        elif f.effect == "extra_legs":
            value += 1.0 * f.value
        elif f.effect in ("ignore_fog", "ignore_storm"):
            value += 0.3
        elif f.effect in ("repeat_left", "double_right"):
            value += 0.8
        elif f.effect == "fame_on_move":
            value += 0.2 * f.value
            if fame_cancels:
                value -= min(max(0, disc[r.transport]), room)
        else:
            value += 0.2
        face = 1 - face
    first = COMP.cards[card].faces[0]
    if first.effect == "telegraph":
        value += 0.6 * first.coins + 0.3 * first.fame
    elif first.effect == "sponsorship":
        value += first.value * COIN_DAYS
    elif first.effect == "charter":
        value += 2.0
    return value


class GreedyBot:
    """Plans its circuit by expected days, buys what saves most on it, always moves."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)
        self.fame_cancels = True

    # -- reading the table --------------------------------------------------------------------

    def _legs(self, me: Me, path: list[int]) -> list[int]:
        legs, city = [], me.city
        for nxt in path:
            legs.append(COMP.route_between(city, nxt))
            city = nxt
        return legs

    def _weather(self, view: JsonDict) -> dict[int, float] | None:
        w = view["weather"]
        if w is None:
            return None
        return {
            t: WEATHER_DAYS[w[name]["weather"]]
            for t, name in zip(MAP_TRANSPORTS, ("ship", "train", "carriage"), strict=True)
        }

    def act(self, view: JsonDict, legal: Sequence[RaceAction]) -> RaceAction:
        """The action whose result looks best for the plan."""
        if view["phase"] == "draft":
            return self._pick(view, legal)
        if view["phase"] == "start":
            return self._start(view, legal)
        self.fame_cancels = view["options"].get("fame_card_discounts", "none") == "none"
        me = read_me(view, self.seat)
        disc = discounts(me.tableau, self.fame_cancels)
        cost, path = plan(me, disc, self._weather(view))
        kind = view["decision"]["kind"]
        if kind == "turn":
            return self._turn(view, legal, me, disc, path)
        if kind == "opening":
            market = self._buy_choice(view, me, disc, path)[1]
            return Buy(market) if Buy(market) in legal else legal[-1]
        if kind == "leg":
            want = path[0] if path else -1
            return next((a for a in legal if isinstance(a, Leg) and a.city == want), legal[-1])
        if kind == "rest":
            return next((a for a in legal if isinstance(a, End)), legal[-1])
        if kind == "event":
            return self._event(view, legal, me, disc, path, cost)
        if kind == "face":
            return self._face_choice(view, legal, me)
        if kind == "token":
            return legal[0]  # keep the face that just helped
        if kind == "sabotage":
            prices = [(m["price"] if m else -1) for m in view["market"]]
            return max(legal, key=lambda a: prices[a.market] if isinstance(a, Sabotage) else -1)
        if kind == "plan":
            return self._plan_choice(legal, path, me)
        if kind == "gamblers" or kind == "lock":
            return self._most_valuable_target(view, legal)
        return legal[0]

    # -- setup ------------------------------------------------------------------------------

    def _pick(self, view: JsonDict, legal: Sequence[RaceAction]) -> RaceAction:
        mine = view["travellers"][self.seat]["drafted"] or []
        best_start = min((circuit(CITY[c]) for c in mine), default=1e9)

        def value(a: RaceAction) -> float:
            assert isinstance(a, Pick)
            resources = COMP.city_coins[a.city] + COMP.city_fame[a.city]
            gain = max(0.0, best_start - circuit(a.city))
            return gain + resources * 0.8

        return max(legal, key=value)

    def _start(self, view: JsonDict, legal: Sequence[RaceAction]) -> RaceAction:
        def value(a: RaceAction) -> float:
            assert isinstance(a, Start)
            return circuit(a.city) + 0.8 * (COMP.city_coins[a.city] + COMP.city_fame[a.city])

        return min(legal, key=value)

    # -- the turn ---------------------------------------------------------------------------

    def _buy_choice(self, view: JsonDict, me: Me, disc: dict[int, int], path: list[int]) -> tuple[float, int]:
        """(gain, market place) of the best purchase, gain <= 0 when none is worth it."""
        legs = self._legs(me, path)
        occupied = [p for p in me.tableau[: me.slots] if p is not None]
        lost = 0.0
        if len(occupied) >= me.slots and me.tableau[me.slots - 1] is not None:
            last = me.tableau[me.slots - 1]
            assert last is not None
            lost = (
                max(0.0, card_value(last[0], legs, disc, self.fame_cancels))
                if COMP.cards[last[0]].category != "sabotage"
                else -1.0
            )
        best = (0.0, -1)
        for m, entry in enumerate(view["market"]):
            if entry is None or entry["price"] > me.coins:
                continue
            card = CARD[entry["card"]]
            gain = card_value(card, legs, disc, self.fame_cancels) - lost - entry["price"] * COIN_DAYS
            if entry["sabotage"]:
                gain -= 1.5
            if COMP.cards[card].category == "effect" and COMP.cards[card].faces[0].effect not in (
                "charter",
                "sponsorship",
            ):
                gain -= 1.0
            if gain > best[0]:
                best = (gain, m)
        return best

    def _turn(
        self, view: JsonDict, legal: Sequence[RaceAction], me: Me, disc: dict[int, int], path: list[int]
    ) -> RaceAction:
        turn = view["turn"]
        used = set(turn["used"])
        want = path[0] if path else -1
        _gain, market = self._buy_choice(view, me, disc, path)
        if market >= 0 and not turn["free_action_used"]:
            free = Buy(market, free=True)
            if free in legal:
                return free
        if market >= 0 and "buy" not in used:
            offices = [
                a for a in legal if isinstance(a, Buy) and a.market == market and a.office >= 0 and not a.free
            ]
            if offices:
                return offices[0]
            if Buy(market) in legal:
                return Buy(market)
        for action in legal:
            if isinstance(action, Move) and action.city == want:
                return action
        effect = self._effect(legal, me, want)
        if effect is not None:
            return effect
        telegraph = self._telegraph(legal, me, view)
        if telegraph is not None:
            return telegraph
        if "move" not in used:
            moves = [a for a in legal if isinstance(a, Move)]
            if moves:
                return moves[0]
        flip = self._flip(legal, me, path)
        if flip is not None:
            return flip
        ends = [a for a in legal if isinstance(a, End)]
        if ends:
            return ends[0]
        others = [
            a for a in legal if not isinstance(a, Choose) and not (isinstance(a, UseEffect) and a.seat >= 0)
        ]
        return others[0] if others else legal[0]

    def _effect(self, legal: Sequence[RaceAction], me: Me, want: int) -> RaceAction | None:
        for action in legal:
            if not isinstance(action, UseEffect):
                continue
            placed = me.tableau[action.slot]
            assert placed is not None
            effect = _face(placed[0], placed[1]).effect
            if effect == "charter" and action.city == want:
                return action
            if effect in ("sponsorship",) or (effect == "lawyer" and action.pos >= 0):
                return action
        return None

    def _telegraph(self, legal: Sequence[RaceAction], me: Me, view: JsonDict) -> RaceAction | None:
        options = [a for a in legal if isinstance(a, Telegraph)]
        if not options:
            return None
        on_card = sum(p[3] for p in me.tableau if p is not None)
        room = min(me.fame, COMP.board.income_cap) - on_card
        cheapest = min((m["price"] for m in view["market"] if m), default=0)
        next_passport = next((f for f in FAME_PASSPORTS if f > me.fame), 99)
        if on_card and (room <= 0 or me.coins + on_card < cheapest or on_card >= 3):
            choice = "collect"
        elif next_passport - me.fame <= 2 or me.fame < 2 or me.coins >= 8:
            choice = "fame"
        elif room > 0:
            choice = "income"
        else:
            choice = "fame"
        for a in options:
            if a.options == (choice,):
                return a
        return options[0]

    def _flip(self, legal: Sequence[RaceAction], me: Me, path: list[int]) -> RaceAction | None:
        if not path:
            return None
        route = COMP.route_between(me.city, path[0])
        transport = ROUTES[route].transport
        for action in legal:
            if isinstance(action, Flip) and action.free:
                placed = me.tableau[action.pos]
                assert placed is not None
                now, other = _face(placed[0], placed[1]), _face(placed[0], 1 - placed[1])
                if (
                    other.effect == "discount"
                    and other.transport & transport
                    and not (
                        now.effect == "discount" and now.transport & transport and now.value >= other.value
                    )
                ):
                    return action
        return None

    # -- decisions inside a move -------------------------------------------------------------

    def _event(
        self,
        view: JsonDict,
        legal: Sequence[RaceAction],
        me: Me,
        disc: dict[int, int],
        path: list[int],
        cost: float,
    ) -> RaceAction:
        first = legal[0]
        if isinstance(first, Detour):
            return legal[-1]  # keep the planned destination
        if isinstance(first, Sponsor):
            return self._sponsor(legal, me)
        words = {a.word for a in legal if isinstance(a, Choose)}
        if "elephant" in words:
            return Choose("elephant") if disc[CARRIAGE] > disc[TRAIN] else Choose("skip")
        if "pay" in words:
            return Choose("pay") if me.coins >= 5 else Choose("delay")
        if "delay" in words:
            return Choose("delay")
        buys = [a for a in legal if isinstance(a, Buy)]
        if buys:
            _gain, market = self._buy_choice(view, me, disc, path)
            return Buy(market) if market >= 0 and Buy(market) in legal else legal[-1]
        telegraph = self._telegraph(legal, me, view)
        return telegraph if telegraph is not None else legal[-1]

    def _sponsor(self, legal: Sequence[RaceAction], me: Me) -> RaceAction:
        """The telegraph card its own telegraph action uses next: the first one showing its
        telegraph face, where the coins can be collected and compound; never the overflow
        card, discarded with its coins at the end of the turn."""

        def value(a: RaceAction) -> tuple[bool, bool, int]:
            assert isinstance(a, Sponsor)
            placed = me.tableau[a.pos]
            return a.pos != OVERFLOW, placed is not None and placed[1] == 0, -a.pos

        return max(legal, key=value)

    def _face_choice(self, view: JsonDict, legal: Sequence[RaceAction], me: Me) -> RaceAction:
        trip = view["trip"]
        active = set(trip["active"]) if trip else set()
        card = CARD[view["decision"]["card"]]
        names = {"ship": SHIP, "train": TRAIN, "carriage": CARRIAGE}
        mask = sum(names[a] for a in active)

        def value(a: RaceAction) -> float:
            assert isinstance(a, FaceChoice)
            f = _face(card, a.face)
            if not f.transport & mask:
                return 0.0
            return {"discount": f.value, "extra_legs": 1.5 * f.value}.get(f.effect, 0.1)

        return max(legal, key=value)

    def _plan_choice(self, legal: Sequence[RaceAction], path: list[int], me: Me) -> RaceAction:
        transport = ROUTES[COMP.route_between(me.city, path[0])].transport if path else SHIP

        def value(a: RaceAction) -> float:
            assert isinstance(a, Plan)
            placed = me.tableau[a.pos]
            assert placed is not None
            f = _face(placed[0], a.face)
            if f.effect == "penalty":
                return -1.0
            return f.value if f.effect == "discount" and f.transport & transport else 0.0

        return max(legal, key=value)

    def _most_valuable_target(self, view: JsonDict, legal: Sequence[RaceAction]) -> RaceAction:
        decision = view["decision"]
        owner = decision.get("target", self.seat)
        target = read_me(view, owner)

        def value(a: RaceAction) -> float:
            pos = a.pos if isinstance(a, Flip | Lock) else -1
            placed = target.tableau[pos] if pos >= 0 else None
            if placed is None:
                return 0.0
            f = _face(placed[0], placed[1])
            return float(f.value if f.effect == "discount" else 0)

        return max(legal, key=value)


__all__ = ["WEATHERS", "GreedyBot"]
