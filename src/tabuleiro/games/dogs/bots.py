"""DOGS bots that act on a seat's view.

`GreedyBot` values its kennel as the final score it would make: the best layout of its
healthy dogs over its pens (pairs, trios, fours and occupied extra pens, found by a small
memoised search), the points per healthy breed, the penalties for sick dogs and, with two
players, for a kennel without a city and a country dog. Resources are worth their end
points plus what they are needed for (food for the pens, medicine for the infirmary, gas
for the pick-up, coins for everything). At each decision it takes the action whose result
it values most: in phase 1 it drives along the best two-stop route and goes home when no
dog is worth the gas; it rebuilds the best layout when placing its dogs; in phase 2 it
weighs every box with its card; it feeds, starves the cheapest dog and keeps its helper.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import permutations
from random import Random
from typing import Any

from tabuleiro.core import JsonDict, RngStream, SearchHints
from tabuleiro.games.dogs import kennel as pens
from tabuleiro.games.dogs import view as views
from tabuleiro.games.dogs.actions import (
    DONE,
    FEED,
    HOME,
    STAY,
    Answer,
    Bonus,
    Build,
    Buy,
    Cure,
    DogsAction,
    Donate,
    Exchange,
    Fuel,
    Lift,
    Move,
    Place,
    Put,
    Salary,
    Sell,
    Shop,
    Starve,
    Trade,
    UseCard,
    Vet,
)
from tabuleiro.games.dogs.components import (
    BLOCK,
    CITY,
    COUNTRY,
    HEALTHY,
    SICK,
    Card,
    breed_of,
    components,
    kind_of,
)
from tabuleiro.games.dogs.rules import gas_distances
from tabuleiro.games.dogs.state import DogsState

GAS_CAP = 9
INFIRMARY_CAP = 6
EXTRA_PENS = (2, 3, 5)
MAX_PENS = 5
BOXES = ("prefeitura", "armazem", "petshop", "veterinario", "feira")
SICK_PENALTY = 2.0
AREA_PENALTY = 5.0
_KEEP = 100.0  # per placed dog in the layout search: the rules keep as many dogs as fit
_SINGLE = (0, 0, 2, 8, 12)  # points of k dogs of one breed alone in a pen
_DOUBLE = {(1, 1): 0, (1, 2): 3, (2, 1): 3, (2, 2): 5}
# Weights, tuned by bot-against-bot simulation (tabuleiro simulate, mirrored seats).
MAX_ROUNDS_LEFT = 8.0
ROUND_USE = (0.3, 1.0)  # dogs a round takes from each supply: a + b * players
UPKEEP = {2: 1.5, 3: 0.75, 4: 0.75}  # a fed pen, per round left, by players
BUILD_COST = 2.5  # coins and an action for a pen not built yet
BUILD_EXTRA = 1.0  # a new pen's room for dogs still to come
ROWS_PER_ROUND = 1.5  # rows of dogs a kennel gains a round (to fill a new pen)
COIN_VALUE = 1.3  # a coin buys 3 gas, 2 food or medicine, a round of the helper
GAS_COST = 0.45  # per gas spent driving
LOOKAHEAD = 0.6  # weight of the best second stop of a route
HOME_THRESHOLD = 0.4  # the least a stop must be worth to drive on
LEAD_TO_END = 3.0  # a lead that makes staying (and maybe ending the game) fine
SICK_CURE_CHANCE = 0.55  # a sick dog brought home is cured in time, with medicine
OFFER_THRESHOLD = 0.3  # the least a donated dog must be worth
FUEL_TARGET = 9
FUEL_RESERVE = 1  # coins kept for the helper's salary
STARVE_COST = 4.0  # last round: a pen spread beyond the food budget
_CARD_SPECIAL = {
    "dog": 1.6,
    "trained": 0.3,
    "prize": 0.6,
    "vet": 0.6,
    "swap": 0.1,
    "discount": 0.8,
    "helper": 1.0,
    "free": 0.2,
}

_MEMO_CAP = 1 << 16
_DOGS_VALUES: dict[tuple[Any, ...], float] = {}
"""`GreedyBot.dogs_value` by dogs, pens, players, last round and rounds left (it depends on
nothing else), shared by every bot."""

_Slots = tuple[tuple[int, bool], ...]  # remaining dogs of each breed, and whether it already scores


# -- the best layout of a kennel's healthy dogs ------------------------------------------------------


def _canon(remaining: Mapping[int, int], placed: Iterable[int]) -> _Slots:
    done = set(placed)
    return tuple(sorted(((n, b in done) for b, n in remaining.items() if n > 0), reverse=True))


def _take(slots: _Slots, taken: Mapping[int, int]) -> _Slots:
    out = [(n - taken[i], True) if i in taken else (n, placed) for i, (n, placed) in enumerate(slots)]
    return tuple(sorted((s for s in out if s[0] > 0), reverse=True))


@lru_cache(maxsize=1 << 17)
def _best(slots: _Slots, bonuses: tuple[int, ...], breed_points: int) -> float:
    """The most pen, extra-pen and breed points the dogs of `slots` can make in pens with the
    given occupation bonuses (highest first), plus `_KEEP` per dog placed.

    The pens' order does not matter, so the first slot's next pen is chosen (alone, or with
    one partner) or its remaining dogs are left out."""
    if not slots or not bonuses:
        return 0.0
    n, placed = slots[0]
    first = bonuses[0] + (0 if placed else breed_points)
    rest = bonuses[1:]
    best = _best(slots[1:], bonuses, breed_points)
    for k in range(1, min(4, n) + 1):
        value = _SINGLE[k] + first + _KEEP * k + _best(_take(slots, {0: k}), rest, breed_points)
        best = max(best, value)
    seen: set[tuple[int, bool]] = set()
    for j in range(1, len(slots)):
        if slots[j] in seen:
            continue
        seen.add(slots[j])
        m, other = slots[j]
        pair = first + (0 if other else breed_points)
        for k in range(1, min(2, n) + 1):
            for q in range(1, min(2, m) + 1):
                value = _DOUBLE[k, q] + pair + _KEEP * (k + q)
                best = max(best, value + _best(_take(slots, {0: k, j: q}), rest, breed_points))
    return best


def pen_bonuses(n_pens: int, used: int | None = None) -> tuple[int, ...]:
    """Occupation bonuses of the `used` best of a kennel's `n_pens` pens, highest first."""
    bonuses = sorted((*EXTRA_PENS[: n_pens - 2], *(0,) * min(n_pens, 2)), reverse=True)
    return tuple(bonuses[: n_pens if used is None else used])


def compact_bonuses(n_pens: int) -> tuple[int, ...]:
    """Bonuses that make the layout search use as few pens as it can (each fed pen costs food)."""
    return (-20,) * n_pens


def min_pens(counts: Mapping[int, int]) -> int:
    """The fewest pens that hold `counts` (two rows a pen, one row per two dogs of a breed)."""
    rows = sum((n + 1) // 2 for n in counts.values() if n > 0)
    return (rows + 1) // 2


def layout_value(counts: Mapping[int, int], n_pens: int, breed_points: int, used: int | None = None) -> float:
    """Pen, extra-pen and breed points of the best layout of `counts` over `n_pens` empty pens
    (only the `used` best ones when given)."""
    sizes = tuple(sorted((n for n in counts.values() if n > 0), reverse=True))
    return _layout_value(sizes, n_pens, breed_points, n_pens if used is None else used)


@lru_cache(maxsize=1 << 16)
def _layout_value(sizes: tuple[int, ...], n_pens: int, breed_points: int, used: int) -> float:
    kept = pens.capacity(Counter(dict(enumerate(sizes))), used)
    slots = tuple((n, False) for n in sizes)
    return _best(slots, pen_bonuses(n_pens, used), breed_points) - _KEEP * kept


def best_layout(
    counts: Mapping[int, int], bonuses: tuple[int, ...], breed_points: int
) -> list[dict[int, int]]:
    """The pens of a best layout of `counts` over pens with `bonuses` (highest first; empty
    pens left out)."""
    remaining = {b: n for b, n in counts.items() if n > 0}
    placed: set[int] = set()
    configs: list[dict[int, int]] = []
    for index in range(len(bonuses)):
        target = _best(_canon(remaining, placed), bonuses[index:], breed_points)
        if target <= 0:
            break
        found: dict[int, int] | None = None
        breeds = sorted(remaining)
        candidates: list[dict[int, int]] = []
        for i, a in enumerate(breeds):
            candidates += [{a: k} for k in range(1, min(4, remaining[a]) + 1)]
            for b in breeds[i + 1 :]:
                candidates += [
                    {a: k, b: q} for k in (1, 2) if k <= remaining[a] for q in (1, 2) if q <= remaining[b]
                ]
        for config in candidates:
            points = pens.points(tuple(sorted(config.items())))
            value = points + bonuses[index] + _KEEP * sum(config.values())
            value += sum(breed_points for b in config if b not in placed)
            rest = {b: n - config.get(b, 0) for b, n in remaining.items()}
            value += _best(_canon(rest, placed | set(config)), bonuses[index + 1 :], breed_points)
            if abs(value - target) < 1e-6:
                found = config
                break
        if found is None:
            break
        configs.append(found)
        placed |= set(found)
        remaining = {b: n - found.get(b, 0) for b, n in remaining.items() if n - found.get(b, 0) > 0}
    return configs


# -- what the bot reads from its view -------------------------------------------------------------------


@dataclass(slots=True)
class _Me:
    """The bot's own kennel, as numbers it can change while planning."""

    coins: int
    gas: int
    food: int
    medicine: int
    pens: list[dict[int, int]]
    infirmary: Counter[int]
    truck_healthy: Counter[int]
    truck_sick: Counter[int]
    cards: list[str]
    helper: bool
    pool: Counter[int] = field(default_factory=Counter)

    def healthy(self) -> Counter[int]:
        out: Counter[int] = Counter()
        for pen in self.pens:
            out.update(pen)
        return out + self.truck_healthy + self.pool

    def occupied(self) -> int:
        return sum(1 for pen in self.pens if pen)

    def copy(self) -> _Me:
        return _Me(
            self.coins,
            self.gas,
            self.food,
            self.medicine,
            [dict(p) for p in self.pens],
            Counter(self.infirmary),
            Counter(self.truck_healthy),
            Counter(self.truck_sick),
            list(self.cards),
            self.helper,
            Counter(self.pool),
        )


def _breed_index(name: str) -> int:
    return components().breed_ids.index(name)


def _read_me(view: JsonDict, seat: int) -> _Me:
    k = view["kennels"][seat]
    healthy: Counter[int] = Counter()
    sick: Counter[int] = Counter()
    for token in k["truck"]:
        if isinstance(token, dict):
            (sick if token["kind"] == "sick" else healthy)[_breed_index(token["breed"])] += 1
    me = _Me(
        coins=k["coins"],
        gas=k["gas"],
        food=k["food"],
        medicine=k["medicine"],
        pens=[{_breed_index(b): n for b, n in pen.items()} for pen in k["pens"]],
        infirmary=Counter(_breed_index(b) for b in k["infirmary"]),
        truck_healthy=healthy,
        truck_sick=sick,
        cards=list(k["cards"]),
        helper=k["helper"],
    )
    for frame in [*view["waiting"], view["decision"]]:
        if frame and frame["kind"] == "arrange" and frame["seat"] == seat:
            me.pool += Counter(_breed_index(b) for b in frame["pool"])
    return me


def _pen_key(pen: Mapping[int, int]) -> pens.Pen:
    return tuple(sorted((b, n) for b, n in pen.items() if n > 0))


@lru_cache(maxsize=1 << 12)
def _distances(start: int, blocked: tuple[int, ...], passable: bool) -> tuple[int, ...]:
    """The rules' gas distances on the board a view shows (memoised: the bot asks often)."""
    spaces = [0] * len(components().space_names)
    for space in blocked:
        spaces[space] = BLOCK
    return tuple(gas_distances(spaces, start, passable))


# -- the bot ----------------------------------------------------------------------------------------------


class GreedyBot:
    """Takes the action whose result scores best by the kennel's estimated final score."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = RngStream(seed)
        self.passable = False  # whether pick-ups may cross the centre (read from the legal moves)
        self.scored: Sequence[tuple[float, DogsAction]] = ()  # what the last `_pick` weighed

    # -- values ------------------------------------------------------------------------------

    def _setup(self, view: JsonDict) -> None:
        self.view = view
        self.players: int = view["players"]
        self.two = self.players == 2
        self.breed_points = 4 if self.two else 2
        self.last = bool(view["last_round"])
        self.phase: str = view["phase"]
        self.me = _read_me(view, self.seat)
        self.rounds_left = self._rounds_left()

    def _rounds_left(self) -> float:
        """Rounds expected after this one."""
        view = self.view
        if self.last:
            return 0.0
        if view["next_round_last"]:
            return 1.0
        supply = float(min(view["supply"]["city"], view["supply"]["country"]))
        return min(MAX_ROUNDS_LEFT, supply / (ROUND_USE[0] + ROUND_USE[1] * self.players))

    def areas_penalty(self, counts: Mapping[int, int]) -> float:
        if not self.two:
            return 0.0
        areas = {components().breed_area[b] for b, n in counts.items() if n > 0}
        return 0.0 if {CITY, COUNTRY} <= areas else AREA_PENALTY

    def final_value(self, counts: Mapping[int, int], n_pens: int, builds: int = 2) -> float:
        """The end points of healthy dogs spread over the pens, counting pens still to build."""
        best = layout_value(counts, n_pens, self.breed_points)
        if not self.last:
            for extra in range(1, builds + 1):
                if n_pens + extra <= MAX_PENS:
                    more = layout_value(counts, n_pens + extra, self.breed_points)
                    best = max(best, more - BUILD_COST * extra)
        return best - self.areas_penalty(counts)

    def dogs_value(self, counts: Mapping[int, int], n_pens: int) -> float:
        """`final_value` less the food for the pens the dogs fill until the end; dogs that do
        not fit the pens built now are given away."""
        key = (
            tuple(sorted((b, n) for b, n in counts.items() if n > 0)),
            n_pens,
            self.players,
            self.last,
            self.rounds_left,
        )
        found = _DOGS_VALUES.get(key)
        if found is None:
            if len(_DOGS_VALUES) >= _MEMO_CAP:
                _DOGS_VALUES.clear()
            found = _DOGS_VALUES[key] = self._dogs_value(counts, n_pens)
        return found

    def _dogs_value(self, counts: Mapping[int, int], n_pens: int) -> float:
        counts = self._fit(counts, n_pens)
        upkeep = UPKEEP[self.players] * self.rounds_left * min_pens(counts)
        return self.final_value(counts, n_pens) - upkeep

    def _fit(self, counts: Mapping[int, int], n_pens: int) -> Mapping[int, int]:
        """`counts` less the dogs the pens cannot hold, giving away the least useful."""
        total = sum(counts.values())
        while pens.capacity(Counter(counts), n_pens) < total:
            options = []
            for breed in sorted(b for b, n in counts.items() if n > 0):
                rest = dict(counts)
                rest[breed] -= 1
                options.append((self.final_value(rest, n_pens), breed, rest))
            counts = max(options, key=lambda o: o[0])[2]
            total -= 1
        return counts

    def coin_value(self) -> float:
        """Coins pay for gas, food and the helper; they score nothing at the end."""
        if self.last:
            return 0.7 if self.phase in ("fuel", "move", "arrange") else 0.4
        return COIN_VALUE

    def gain_coins(self, coins: int) -> float:
        return coins * self.coin_value()

    def food_value(self, me: _Me, food: int) -> float:
        need = me.occupied()
        fed = self.phase == "salary" or (self.phase == "feed" and self.view["decision"]["kind"] != "feed")
        if not fed and food < need:
            return 2.5
        if food < need * (min(self.rounds_left, 1) + (0 if fed else 1)):
            return 0.6
        return 0.34

    def medicine_value(self, me: _Me, medicine: int) -> float:
        sick = sum(me.infirmary.values()) + sum(me.truck_sick.values())
        if medicine < sick and self.phase not in ("feed", "salary"):
            return 0.8
        return 0.34

    def gas_value(self, gas: int) -> float:
        if gas >= GAS_CAP:
            return 0.0
        if not self.last:
            return 0.45
        return 0.34

    def resource_value(self, me: _Me, kind: str, delta: int = 0) -> float:
        """What one more token of `kind` is worth to `me` (after `delta` more of it)."""
        if kind == "food":
            return self.food_value(me, me.food + delta)
        if kind == "medicine":
            return self.medicine_value(me, me.medicine + delta)
        if kind == "gas":
            return self.gas_value(me.gas + delta)
        return self.coin_value()

    def card_value(self, me: _Me, name: str) -> float:
        card = next(c for c in components().cards if c.name == name)
        if card.resource:
            if card.resource == "coins":
                return self.gain_coins(card.units)
            return sum(self.resource_value(me, card.resource, i) for i in range(card.units))
        special = card.special or ""
        if self.last:
            return 1.0 if special == "helper" and me.helper else 0.0
        if special == "discount" and len(me.pens) >= MAX_PENS:
            return 0.0
        return _CARD_SPECIAL.get(special, 0.0)

    def score_estimate(self, seat: int) -> float:
        """A kennel's score if the game ended with its dogs spread over its pens."""
        k = self.view["kennels"][seat]
        counts: Counter[int] = Counter()
        for pen in k["pens"]:
            counts.update({_breed_index(b): n for b, n in pen.items()})
        for token in k["truck"]:
            if isinstance(token, dict) and token["kind"] == "healthy":
                counts[_breed_index(token["breed"])] += 1
        value = layout_value(counts, len(k["pens"]), self.breed_points) - self.areas_penalty(counts)
        resources: int = k["gas"] + k["food"] + k["medicine"]
        return value + 2 * bool(k["helper"]) + resources // 3 - 2 * len(k["infirmary"])

    # -- the decision ------------------------------------------------------------------------------

    def act(self, view: JsonDict, legal: Sequence[DogsAction]) -> DogsAction:
        """The action whose result the bot values most."""
        if len(legal) == 1:
            return legal[0]
        self._setup(view)
        kind = view["decision"]["kind"]
        choice = self._use_card(legal)
        if choice is None:
            handler = {
                "fuel": self._fuel,
                "move": self._move,
                "bonus": self._bonus,
                "arrange": self._arrange,
                "offer": self._offer,
                "place": self._place,
                "box": self._box,
                "feed": self._feed,
                "salary": self._salary,
            }[kind]
            choice = handler(legal)
        return choice if choice in legal else self.rng.choice(legal)

    def _pick(self, scored: Sequence[tuple[float, DogsAction]]) -> DogsAction:
        self.scored = scored
        best = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s >= best - 1e-9])

    def ranked(self, view: JsonDict, legal: Sequence[DogsAction]) -> list[DogsAction]:
        """Every legal action, best first: the bot's own choice, then the others its handler
        valued, by value, then the rest as listed (the search's candidates)."""
        self.scored = ()
        order: list[DogsAction] = [self.act(view, legal)]
        valued: list[tuple[float, DogsAction]] = sorted(self.scored, key=lambda pair: -pair[0])
        for _, action in valued:
            if action not in order and action in legal:
                order.append(action)
        return order + [a for a in legal if a not in order]

    def _use_card(self, legal: Sequence[DogsAction]) -> DogsAction | None:
        """Resource cards are used as soon as nothing is wasted (gas under the cap)."""
        comp = components()
        end = self.last and self.phase in ("feed", "salary")
        for action in legal:
            if isinstance(action, UseCard):
                card = comp.cards[action.card]
                if not card.resource:
                    continue
                if card.resource != "gas" or self.me.gas + card.units <= GAS_CAP or end:
                    return action
        return None

    # -- phase 1 -------------------------------------------------------------------------------------

    def _fuel(self, legal: Sequence[DogsAction]) -> DogsAction:
        me = self.me
        reserve = FUEL_RESERVE if me.helper and "helper" not in me.cards else FUEL_RESERVE - 1
        most = max(a.coins for a in legal if isinstance(a, Fuel))
        want = max(0, -(-(FUEL_TARGET - me.gas) // 3))
        return Fuel(max(0, min(most, want, me.coins - reserve)))

    def _distances(self, start: int) -> list[int]:
        board = self.view["board"]
        names = components().space_names
        blocked = tuple(i for i, name in enumerate(names) if board.get(name) == "block")
        return list(_distances(start, blocked, self.passable))

    def _dog_gain(self, token: JsonDict, healthy: Counter[int], sick: int) -> tuple[float, bool]:
        """What bringing `token` home adds, and whether it joins the healthy dogs."""
        me = self.me
        breed = _breed_index(token["breed"])
        base = self.dogs_value(healthy, len(me.pens))
        more = healthy.copy()
        more[breed] += 1
        gain = self.dogs_value(more, len(me.pens)) - base
        if token["kind"] == "healthy" or "vet" in me.cards:
            return gain, True
        if sick + sum(me.infirmary.values()) >= INFIRMARY_CAP:
            return -3.0, False
        chance = SICK_CURE_CHANCE if me.medicine > sick + sum(me.infirmary.values()) else SICK_CURE_CHANCE / 2
        if self.last:
            chance /= 2
        return -SICK_PENALTY + chance * (SICK_PENALTY + max(gain, 0.0) - 0.6), False

    def _move(self, legal: Sequence[DogsAction]) -> DogsAction:
        comp = components()
        me = self.me
        names = comp.space_names
        board = self.view["board"]
        position = self.view["kennels"][self.seat]["position"]
        start = names.index(position) if position in names else 0
        dist = self._distances(start)
        moves = [a for a in legal if isinstance(a, Move)]
        if not self.passable and any(dist[a.space] > me.gas - 1 for a in moves):
            self.passable = True
            dist = self._distances(start)
        sick_now = sum(me.truck_sick.values())
        healthy = me.healthy()
        taken = {k["position"] for i, k in enumerate(self.view["kennels"]) if i != self.seat}
        cache: dict[tuple[int, tuple[tuple[int, int], ...], int], tuple[float, Counter[int], int]] = {}

        def gain_at(space: int, dogs: Counter[int], sick: int) -> tuple[float, Counter[int], int]:
            key = (space, tuple(sorted(dogs.items())), sick)
            if key in cache:
                return cache[key]
            token = board[names[space]]
            if token["kind"] == "lost":
                out = (self.gain_coins(comp.reward[space]), dogs, sick)
            else:
                value, joins = self._dog_gain(token, dogs, sick)
                after = dogs
                if joins:
                    after = dogs.copy()
                    after[_breed_index(token["breed"])] += 1
                out = (value, after, sick + (token["kind"] == "sick" and not joins))
            cache[key] = out
            return out

        scored: list[tuple[float, DogsAction]] = []
        for action in moves:
            first, dogs, sick = gain_at(action.space, healthy, sick_now)
            value = first - GAS_COST * dist[action.space]
            left = me.gas - dist[action.space]
            onward = self._distances(action.space)
            follow = 0.0
            for space in range(1, len(names)):
                token = board[names[space]]
                if (
                    space == action.space
                    or not isinstance(token, dict)
                    or names[space] in taken
                    or onward[space] > left - 1
                ):
                    continue
                second, _, _ = gain_at(space, dogs, sick)
                follow = max(follow, second - GAS_COST * onward[space])
            scored.append((value + LOOKAHEAD * follow, action))
        if HOME in legal:
            stop: DogsAction = HOME
            threshold = HOME_THRESHOLD
        else:  # staying: the game ends when every pick-up stays, good only for the leader
            stop = STAY
            others = [s for s in range(self.players) if s != self.seat]
            lead = self.score_estimate(self.seat) - max(self.score_estimate(s) for s in others)
            ends = all(self.view["kennels"][s]["trip"] == "stayed" for s in others)
            threshold = HOME_THRESHOLD if lead > LEAD_TO_END else (-100.0 if ends else -2.0)
        if not scored or max(s for s, _ in scored) < threshold:
            return self._dog_card(legal, healthy) or stop
        return self._pick(scored)

    def _dog_card(self, legal: Sequence[DogsAction], healthy: Counter[int]) -> DogsAction | None:
        """The Receba 1 cão card, from the area whose breeds help most, before going home."""
        comp = components()
        options = [a for a in legal if isinstance(a, UseCard) and comp.cards[a.card].special == "dog"]
        best: tuple[float, DogsAction] | None = None
        used = [b for b in range(len(comp.breed_ids)) if b not in comp.removed[self.players]]
        base = self.dogs_value(healthy, len(self.me.pens))
        for action in options:
            gains = []
            for b in (b for b in used if comp.breed_area[b] == action.a):
                more = healthy.copy()
                more[b] += 1
                gains.append(self.dogs_value(more, len(self.me.pens)) - base)
            expected = 4 / 7 * sum(gains) / len(gains) - 2 / 7 * 1.5 + 1 / 7 * self.gain_coins(1)
            if expected > 0 and (best is None or expected > best[0]):
                best = (expected, action)
        return best[1] if best else None

    def _bonus(self, legal: Sequence[DogsAction]) -> DogsAction:
        scored = [(self.resource_value(self.me, a.resource), a) for a in legal if isinstance(a, Bonus)]
        return self._pick(scored)

    # -- arranging the pens -----------------------------------------------------------------------------

    def _arrange(self, legal: Sequence[DogsAction]) -> DogsAction:
        me = self.me
        if Vet(True) in legal:
            return Vet(True)
        donations = [a for a in legal if isinstance(a, Donate)]
        if donations:
            return self._donate(donations)
        current = me.pens
        pool = Counter(_breed_index(x) for x in self.view["decision"]["pool"])
        total: Counter[int] = Counter()
        for pen in current:
            total.update(pen)
        total += pool
        lifts = [a for a in legal if isinstance(a, Lift)]
        puts = [a for a in legal if isinstance(a, Put)]
        if lifts or self.view["decision"]["lifts"] > 0:
            n = len(current)
            if self.last:
                bonuses = self._final_bonuses(total, n)
                weights = [0, 0, *EXTRA_PENS][:n]
                configs = best_layout(total, bonuses, self.breed_points)
            else:
                configs = best_layout(total, compact_bonuses(n), 0)
                weights = [0] * n
            target = _assign(configs, current, weights)
            for lift in lifts:
                if current[lift.pen].get(lift.breed, 0) > target[lift.pen].get(lift.breed, 0):
                    return lift
            for put in puts:
                if target[put.pen].get(put.breed, 0) > current[put.pen].get(put.breed, 0):
                    return put
        if puts:
            return self._best_put(puts)
        return DONE

    def _final_bonuses(self, total: Counter[int], n: int) -> tuple[int, ...]:
        """Last round: spread the dogs over as many pens as there will be food for."""
        me = self.me
        food = me.food + sum(c.units for c in _cards_of(me) if c.resource == "food")
        coins = me.coins + sum(c.units for c in _cards_of(me) if c.resource == "coins")
        budget = food + 2 * max(0, coins - 1)
        best: tuple[float, int] | None = None
        for used in range(min(min_pens(total), n), n + 1):
            value = layout_value(total, n, self.breed_points, used) - STARVE_COST * max(0, used - budget)
            value -= 0.5 * max(0, used - food)
            if best is None or value > best[0] + 1e-9:
                best = (value, used)
        return pen_bonuses(n, best[1] if best else n)

    def _best_put(self, puts: list[Put]) -> DogsAction:
        """A dog placed without rearranging: the most points now, beside its breed if it can."""
        me = self.me
        scored: list[tuple[float, DogsAction]] = []
        for action in puts:
            pen = me.pens[action.pen]
            grown = dict(pen)
            grown[action.breed] = grown.get(action.breed, 0) + 1
            value = float(pens.points(_pen_key(grown)) - pens.points(_pen_key(pen)))
            if not pen:
                value += EXTRA_PENS[action.pen - 2] if action.pen >= 2 and self.last else -0.6
            if action.breed in pen:
                value += 0.5
            scored.append((value - 0.01 * sum(pen.values()), action))
        return self._pick(scored)

    def _donate(self, donations: list[Donate]) -> DogsAction:
        me = self.me
        sick = [a for a in donations if a.sick]
        if sick:
            healthy = me.healthy()
            scored = [(-float(healthy[a.breed] == 0) + 0.1 * me.infirmary[a.breed], a) for a in sick]
            return self._pick(scored)
        total = me.healthy()
        scored = []
        for action in donations:
            rest = total.copy()
            rest[action.breed] -= 1
            scored.append((self.dogs_value(rest, len(me.pens)), action))
        return self._pick(scored)

    def _offer(self, legal: Sequence[DogsAction]) -> DogsAction:
        token = self.view["decision"]["dog"]
        me = self.me
        if token["kind"] != "healthy":
            return Answer(False)
        total = me.healthy()
        more = total.copy()
        more[_breed_index(token["breed"])] += 1
        gain = self.dogs_value(more, len(me.pens)) - self.dogs_value(total, len(me.pens))
        return Answer(gain > OFFER_THRESHOLD)

    # -- phase 2 ---------------------------------------------------------------------------------------

    def _place(self, legal: Sequence[DogsAction]) -> DogsAction:
        comp = components()
        scored: list[tuple[float, DogsAction]] = []
        for action in legal:
            if not isinstance(action, Place):
                continue
            me = self.me.copy()
            value = 0.0
            if action.card >= 0:
                card = comp.cards[action.card]
                value += self.card_value(me, card.name)
                if card.resource:
                    setattr(me, card.resource, getattr(me, card.resource) + card.units)
                else:
                    me.cards.append(card.name)
            value += self._box_plan(BOXES[action.box], me)
            scored.append((value, action))
        return self._pick(scored)

    def _box_plan(self, box: str, me: _Me) -> float:
        """The value of the best few actions at `box` for `me` (changed as they are taken)."""
        total = 0.0
        for step in range(6):
            options = self._box_options(box, me)
            if not options:
                break
            value, apply = max(options, key=lambda o: o[0])
            if value <= 0.05:
                break
            total += value
            apply(me)
            if box in ("prefeitura", "feira") or (box == "armazem" and step >= 1):
                break
        return total

    def _box_options(self, box: str, me: _Me) -> list[tuple[float, Callable[[_Me], None]]]:
        """(value, change) for each action the box offers `me` (a model of the rules)."""
        out: list[tuple[float, Callable[[_Me], None]]] = []
        if box == "prefeitura":
            cost = 1 if "discount" in me.cards else 2
            if len(me.pens) < MAX_PENS and me.coins >= cost:
                out.append((self._build_gain(me) - self._spend(me, cost), _build(cost)))
        elif box == "armazem":
            for give in ("food", "medicine", "gas"):
                for take in ("food", "medicine", "gas"):
                    if give != take and getattr(me, give) > 0 and not (take == "gas" and me.gas >= GAS_CAP):
                        value = self.resource_value(me, take) - self.resource_value(me, give, -1)
                        out.append((value, _exchange(give, take)))
        elif box == "petshop":
            if me.coins > 0:
                for first, second in (("food", "food"), ("food", "medicine"), ("medicine", "medicine")):
                    out.append((self._shop_gain(me, first, second), _shop(first, second)))
        elif box == "veterinario":
            if me.medicine > 0:
                out += [(self._cure_gain(me, breed), _cure(breed)) for breed in sorted(+me.infirmary)]
        elif box == "feira":
            out += [(v, _noop) for v in self._fair_values(me)]
        return out

    def _spend(self, me: _Me, coins: int) -> float:
        """What paying `coins` costs, keeping the helper's salary."""
        cost = coins * self.coin_value()
        if me.helper and "helper" not in me.cards and me.coins - coins < 1:
            cost += 1.5
        return cost

    def _shop_gain(self, me: _Me, first: str, second: str) -> float:
        value = self.resource_value(me, first)
        value += self.resource_value(me, second, 1 if first == second else 0)
        return value - self._spend(me, 1)

    def _build_gain(self, me: _Me) -> float:
        if self.last:
            return 0.0
        n = len(me.pens)
        healthy = me.healthy()
        layout = self.final_value(healthy, n + 1, 0) - self.final_value(healthy, n, 0)
        rows = sum((c + 1) // 2 for c in healthy.values())
        chain = sum(EXTRA_PENS[n - 2 :]) / len(EXTRA_PENS[n - 2 :])
        expected = chain if rows + ROWS_PER_ROUND * self.rounds_left >= n + 1 else 0.0
        return max(layout, expected) + BUILD_EXTRA

    def _cure_gain(self, me: _Me, breed: int) -> float:
        if not any(pens.add(_pen_key(pen), breed) is not None for pen in me.pens):
            return -1.0
        healthy = me.healthy()
        if self.last:
            gain = self._fixed_put_gain(me, breed)
        else:
            more = healthy.copy()
            more[breed] += 1
            gain = self.dogs_value(more, len(me.pens)) - self.dogs_value(healthy, len(me.pens))
        return SICK_PENALTY + gain - self.resource_value(me, "medicine", -1)

    def _fixed_put_gain(self, me: _Me, breed: int) -> float:
        """The most a dog adds put into the pens as they are (no rearranging)."""
        best = -1.0
        has = any(breed in pen for pen in me.pens)
        for i, pen in enumerate(me.pens):
            grown = pens.add(_pen_key(pen), breed)
            if grown is None:
                continue
            gain = pens.points(grown) - pens.points(_pen_key(pen))
            if not pen and i >= 2:
                gain += EXTRA_PENS[i - 2]
            best = max(best, gain)
        return best + (0 if has else self.breed_points)

    def _fair_values(self, me: _Me) -> list[float]:
        fair = self.view["fair"]
        healthy = me.healthy()
        n = len(me.pens)
        now = self.dogs_value(healthy, n)
        out: list[float] = []
        extra = (1 if "trained" in me.cards else 0) + (2 if "prize" in me.cards else 0)
        for breed in {_breed_index(b) for b in fair["card"]}:
            if healthy[breed]:
                less = healthy.copy()
                less[breed] -= 1
                out.append(self.gain_coins(2 + extra) - (now - self.dogs_value(less, n)))
        for breed in {_breed_index(b) for b in fair["dogs"]}:
            more = healthy.copy()
            more[breed] += 1
            if me.coins >= fair["price"]:
                out.append(self.dogs_value(more, n) - now - self._spend(me, fair["price"]))
            for mine in [b for b in healthy if healthy[b] and b != breed]:
                swap = more.copy()
                swap[mine] -= 1
                out.append(self.dogs_value(swap, n) - now - 0.2)
        return out

    def _box(self, legal: Sequence[DogsAction]) -> DogsAction:
        me = self.me
        scored: list[tuple[float, DogsAction]] = [(0.05, DONE)]
        healthy = me.healthy()
        n = len(me.pens)
        now = self.dogs_value(healthy, n)
        for action in legal:
            if isinstance(action, Build):
                cost = 1 if action.discount else 2
                scored.append((self._build_gain(me) - self._spend(me, cost) + 0.01 * action.discount, action))
            elif isinstance(action, Exchange):
                value = self.resource_value(me, action.take) - self.resource_value(me, action.give, -1)
                scored.append((value, action))
            elif isinstance(action, Shop):
                scored.append((self._shop_gain(me, action.first, action.second), action))
            elif isinstance(action, Cure):
                scored.append((self._cure_gain(me, action.breed), action))
            elif isinstance(action, Sell):
                less = healthy.copy()
                less[action.breed] -= 1
                coins = 2 + (1 if action.trained else 0) + (2 if action.prize else 0)
                cards = (0.3 if action.trained else 0) + (0.6 if action.prize else 0)
                value = self.gain_coins(coins) - cards - (now - self.dogs_value(less, n))
                if self.last:
                    value -= self._sell_layout_loss(action)
                scored.append((value, action))
            elif isinstance(action, Buy):
                more = healthy.copy()
                more[action.breed] += 1
                price = self.view["fair"]["price"]
                scored.append((self.dogs_value(more, n) - now - self._spend(me, price), action))
            elif isinstance(action, Trade):
                swap = healthy.copy()
                swap[action.breed] -= 1
                swap[action.fair_breed] += 1
                scored.append((self.dogs_value(swap, n) - now - 0.2, action))
        return self._pick(scored)

    def _sell_layout_loss(self, action: Sell) -> float:
        """In the last round the pens stay as they are: the points lost by that pen."""
        pen = self.me.pens[action.pen]
        less = dict(pen)
        less[action.breed] -= 1
        return max(0.0, pens.points(_pen_key(pen)) - pens.points(_pen_key(less)))

    # -- phase 3 ---------------------------------------------------------------------------------------

    def _feed(self, legal: Sequence[DogsAction]) -> DogsAction:
        if FEED in legal:
            return FEED
        me = self.me
        healthy = me.healthy()
        scored: list[tuple[float, DogsAction]] = []
        for action in legal:
            if not isinstance(action, Starve):
                continue
            pen = me.pens[action.pen]
            less = dict(pen)
            less[action.breed] -= 1
            loss = pens.points(_pen_key(pen)) - pens.points(_pen_key(less))
            if healthy[action.breed] == 1:
                loss += self.breed_points
            if action.pen >= 2 and sum(less.values()) == 0:
                loss += EXTRA_PENS[action.pen - 2]
            scored.append((-loss, action))
        return self._pick(scored) if scored else self.rng.choice(legal)

    def _salary(self, legal: Sequence[DogsAction]) -> DogsAction:
        for how in ("card", "coin", "rehire"):
            if Salary(how) in legal:
                return Salary(how)
        return Salary("none")


def _assign(
    configs: list[dict[int, int]], current: list[dict[int, int]], weights: list[int]
) -> list[dict[int, int]]:
    """The layout's pens matched to the kennel's pens: the most weight on occupied pens, then
    the fewest dogs moved."""
    n = len(current)
    best: tuple[int, int] | None = None
    chosen: tuple[int, ...] = tuple(range(len(configs)))
    for order in permutations(range(n), len(configs)):
        score = sum(weights[p] for p in order)
        overlap = sum(
            min(current[p].get(b, 0), k)
            for p, config in zip(order, configs, strict=True)
            for b, k in config.items()
        )
        if best is None or (score, overlap) > best:
            best, chosen = (score, overlap), order
    target: list[dict[int, int]] = [{} for _ in range(n)]
    for p, config in zip(chosen, configs, strict=True):
        target[p] = config
    return target


def _cards_of(me: _Me) -> list[Card]:
    comp = components()
    by_name = {c.name: c for c in comp.cards}
    return [by_name[name] for name in me.cards]


# -- changes to the planning model of the kennel ---------------------------------------------------------


def _build(cost: int) -> Any:
    def apply(me: _Me) -> None:
        me.coins -= cost
        if cost == 1 and "discount" in me.cards:
            me.cards.remove("discount")
        me.pens.append({})

    return apply


def _exchange(give: str, take: str) -> Any:
    def apply(me: _Me) -> None:
        setattr(me, give, getattr(me, give) - 1)
        setattr(me, take, getattr(me, take) + 1)

    return apply


def _shop(first: str, second: str) -> Any:
    def apply(me: _Me) -> None:
        me.coins -= 1
        for kind in (first, second):
            setattr(me, kind, getattr(me, kind) + 1)

    return apply


def _cure(breed: int) -> Any:
    def apply(me: _Me) -> None:
        me.medicine -= 1
        me.infirmary[breed] -= 1
        me.infirmary += Counter()
        me.pool[breed] += 1

    return apply


def _noop(_me: _Me) -> None:
    return None


SEARCH_WIDTH = {"place": 3}
"""Actions the search considers at a decision of each kind: the greedy bot's best few where a
choice depends most on what the other seat does next (which box to take, § Fase 2). At the
other kinds the search follows the greedy bot alone: arranging the kennel, boxes' actions and
feeding are most of a game's decisions and settle what the searched ones chose, and in
screening, searching the drive (`move`) or the boxes' actions over a few decisions of
look-ahead lost badly to the greedy bot (the look-ahead misses what gas, coins and resources
are worth rounds later)."""

CLOSE = 1.5
"""How far below the greedy bot's best value (its points) an action may be and still be
searched: the search only chooses among moves the greedy bot finds nearly as good, where its
look-ahead (the other seat's next placements) can tell them apart."""

_RANKINGS: dict[tuple[int, str], tuple[tuple[DogsAction, ...], int]] = {}
_RANKINGS_CAP = 1 << 15


def _ranking(state: DogsState, seat: int, legal: Sequence[DogsAction]) -> tuple[tuple[DogsAction, ...], int]:
    """The greedy bot's ranking of `legal` from `seat`'s view of `state` (a fresh bot, so
    the same view always gives the same ranking), and how many of its first actions the bot
    values within `CLOSE` of its choice. Memoised by the view: the search meets the same
    position again and again between chance events."""
    view = views.view(state, seat)
    key = (seat, json.dumps(view, separators=(",", ":")))
    found = _RANKINGS.get(key)
    if found is None:
        if len(_RANKINGS) >= _RANKINGS_CAP:
            _RANKINGS.clear()
        bot = GreedyBot(seat, 0)
        order = tuple(bot.ranked(view, legal))
        values = {a: v for v, a in bot.scored}
        best = values.get(order[0])
        close = 1
        if best is not None:
            while close < len(order) and values.get(order[close], -1e9) >= best - CLOSE:
                close += 1
        found = _RANKINGS[key] = (order, close)
    return found


def candidates(state: DogsState, seat: int, legal: Sequence[DogsAction]) -> Sequence[DogsAction]:
    """The greedy bot's best actions, its own choice first: at the decisions the search
    weighs, up to `SEARCH_WIDTH` of those it values within `CLOSE` of its choice; its choice
    alone at the others."""
    if len(legal) <= 1:
        return legal
    width = SEARCH_WIDTH.get(state.stack[-1].kind, 1) if state.stack else 1
    order, close = _ranking(state, seat, legal)
    return order[: min(width, close)]


def playout(state: DogsState, seat: int, legal: Sequence[DogsAction], rnd: Random) -> DogsAction:  # noqa: ARG001
    """The greedy bot's choice."""
    if len(legal) <= 1:
        return legal[0]
    return _ranking(state, seat, legal)[0][0]


COIN_EVAL = 0.8
"""A coin's worth to `layout_estimate` before the last round: coins buy gas, food, pens."""


def _card_worth(card: int, coin: float, last: bool) -> float:
    """A card in hand: a resource card its tokens' end points (coins at `coin` each), a
    special card the greedy bot's worth of it (nothing in the last round)."""
    kind = components().cards[card]
    if kind.resource:
        return kind.units * (coin if kind.resource == "coins" else 1 / 3)
    return 0.0 if last else _CARD_SPECIAL.get(kind.special or "", 0.0)


def layout_estimate(state: DogsState) -> list[float]:
    """Search evaluation: each kennel's final score if the game ended with its healthy dogs
    (pens, pick-up and dogs waiting to be placed) in their best layout (§ Pontuação final:
    pens, extra pens, breeds, the 2-player city-and-country rule), its resources at a third
    of a point each, the helper and sick dogs, `COIN_EVAL` a coin before the last round (coins
    buy gas, food and pens; they score nothing at the end) and the cards in hand."""
    two = state.players == 2
    breed_points = 4 if two else 2
    area = components().breed_area
    pools: list[Counter[int]] = [Counter() for _ in state.kennels]
    for frame in state.stack:
        if frame.kind == "arrange":
            pools[frame.seat].update(frame.pool)
    out = []
    for seat, k in enumerate(state.kennels):
        counts = pens.dogs(k.pens) + pools[seat]
        counts.update(breed_of(t) for t in k.truck if kind_of(t) == HEALTHY)
        value = layout_value(counts, len(k.pens), breed_points)
        if two and not {CITY, COUNTRY} <= {area[b] for b, n in counts.items() if n > 0}:
            value -= AREA_PENALTY
        sick = len(k.infirmary) + sum(1 for t in k.truck if kind_of(t) == SICK)
        coin = 0.0 if state.last_round else COIN_EVAL
        value += (k.gas + k.food + k.medicine) / 3 - 2 * sick + 2 * k.helper + coin * k.coins
        value += sum(_card_worth(c, coin, state.last_round) for c in k.cards)
        out.append(value)
    return out


SEARCH_HINTS = SearchHints(
    iterations=60,
    evaluate=layout_estimate,
    playout_depth=4,
    objective="margin",
    margin_scale=30.0,
    exploration=0.15,
    candidates=candidates,
    playout=playout,
)
"""Advice to the generic search: at the boxes of phase 2 the tree weighs the greedy bot's
best three placements (elsewhere it plays the greedy bot's move at once); below the tree each
seat plays the greedy bot's move for four decisions, then `layout_estimate` scores the
position; the objective is the score margin on a wide scale (margins of 10 to 20 points are
common and must not saturate) with little exploration, so that visits follow values."""
