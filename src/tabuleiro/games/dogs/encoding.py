"""Fixed-size numeric forms of DOGS for learning agents.

Breeds are numbered as in ``dogs.v1.json`` (12), card types as in ``cards.v1.json`` (20:
the 12 resource cards, then the 8 special cards), board spaces 1..16 (C1..C8, K1..K8), pens
0..4, tokens food/medicine/gas 0..2, boxes prefeitura/armazem/petshop/veterinario/feira 0..4.

Actions (1,632 indices), one fixed range per action type:

    [0:10)       fuel: n coins of gas                   [10:26)     move to space s (1..16): 10 + s - 1
    [26]         home                                    [27]        stay
    [28:31)      homecoming bonus: food, medicine, gas
    [31:51)      use a resource card of type c: 31 + c (the special types' slots stay unused)
    [51:307)     use the swap card on spaces a, b: 51 + 16 * (a - 1) + (b - 1)
    [307:309)    use the dog card: city, country         [309:311)   vet card: no, yes
    [311:335)    donate: 311 + 2 * breed + sick          [335:337)   decline, accept
    [337:397)    put: 337 + 5 * breed + pen              [397:457)   lift: 397 + 5 * breed + pen
    [457]        done
    [458:568)    place a meeple on box b taking card c: 458 + 22 * b + c (c = 20 Entrada Livre,
                 21 no card left)
    [568:570)    build, build with the discount          [570:579)   exchange: 570 + 3 * give + take
    [579:583)    shop: 579 + 2 * first + second (food 0, medicine 1)
    [583:595)    cure breed                              [595:835)   sell: 595 + 20 * breed + 4 * pen
                                                                     + 2 * prize + trained
    [835:847)    buy breed                               [847:1567)  trade: 847 + 60 * breed + 12 * pen
                                                                     + fair breed
    [1567:1627)  starve: 1567 + 12 * pen + breed         [1627]      feed
    [1628:1632)  salary: coin, card, rehire, none

Observation of one seat, built from its view only (everything in DOGS is open but the
supplies' and decks' order); seats are counted from the observer (0 = itself, 1 = the next
seat clockwise, ...). ``498 + 168 * P`` numbers for P players (834, 1002, 1170):

    [0:3)        round, first player (relative), players
    [3:10)       phase one-hot: fuel, move, arrange, actions, feed, salary, over
    [10:12)      this round is the last; the next round will be the last
    [12:21)      the pending decision's kind, one-hot: fuel, move, bonus, arrange, offer, place,
                 box, feed, salary
    [21]         the seat that decides (relative; -1 none)
    [22:38)      move: gas to reach each space 1..16 (-1 unreachable or no move pending)
    [38:50)      arrange: dogs of each breed still to place   [50:52)  lifts left, Vet card choice
    [52:67)      offer: the dog's breed one-hot (12) and kind (healthy, sick, lost)
    [67:73)      box: the box one-hot (5), deals done there
    [73:78)      feed: the pens left unfed
    [78:87)      decisions waiting below the current one, counted by kind
    [87:343)     each board space 1..16: breed one-hot (12), kind (3), blocking token (1)
    [343:345)    tokens left in the city and country supplies
    [345:347)    dogs left in them (the blocking tokens of 2 players not counted)
    [347:372)    the Dog Fair: dogs of each breed, the price, the breeds on its card (0/1)
    [372:492)    each box: cards of each type above it (20), meeples of each seat (4, relative)
    [492:494)    cards in the pile and the discard
    [494:498)    order home this round of each relative seat (0 not home yet, 1 first, ...)
    [498:…)      each kennel, the observer's first, 168 numbers each:
                 +0 coins, gas, food, medicine · +4 dogs of each breed in pens 1..5 (5 x 12)
                 · +64 pens built · +65 each pen's points · +70 full-pen bonus taken, per pen
                 · +75 sick dogs by breed · +87 dogs on the pick-up by breed and kind (12 x 3)
                 · +123 pick-up at the centre, space 1..16 or the garage (18, one-hot)
                 · +141 trip: centre, out, home, stayed · +145 cards held by type (20)
                 · +165 helper, helper paid, points now
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tabuleiro.core import JsonDict
from tabuleiro.core.encoding import Encoding, Layout, Slice
from tabuleiro.games.dogs.actions import (
    FREE,
    NO_CARD,
    Answer,
    Bonus,
    Build,
    Buy,
    Cure,
    DogsAction,
    Donate,
    Exchange,
    Feed,
    Fuel,
    Home,
    Lift,
    Move,
    Place,
    Put,
    Salary,
    Sell,
    Shop,
    Starve,
    Stay,
    Trade,
    UseCard,
    Vet,
)
from tabuleiro.games.dogs.components import AREAS, components

BREEDS = 12
CARDS = 20
SPACES = 16
PENS = 5
BOXES = ("prefeitura", "armazem", "petshop", "veterinario", "feira")
TOKENS = ("food", "medicine", "gas")
PHASES = ("fuel", "move", "arrange", "actions", "feed", "salary", "over")
KINDS = ("fuel", "move", "bonus", "arrange", "offer", "place", "box", "feed", "salary")
DOG_KINDS = ("healthy", "sick", "lost")
TRIPS = ("centre", "out", "home", "stayed")
SALARIES = ("coin", "card", "rehire", "none")
MAX_SEATS = 4
BIG = 500
SCORE_BOUND = 500

FUEL = 0
MOVE = FUEL + 10
HOME = MOVE + SPACES
STAY = HOME + 1
BONUS = STAY + 1
USE = BONUS + len(TOKENS)
SWAP = USE + CARDS
DOG = SWAP + SPACES * SPACES
VET = DOG + len(AREAS)
DONATE = VET + 2
ANSWER = DONATE + 2 * BREEDS
PUT = ANSWER + 2
LIFT = PUT + BREEDS * PENS
DONE = LIFT + BREEDS * PENS
PLACE = DONE + 1
BUILD = PLACE + len(BOXES) * (CARDS + 2)
EXCHANGE = BUILD + 2
SHOP = EXCHANGE + len(TOKENS) ** 2
CURE = SHOP + 4
SELL = CURE + BREEDS
BUY = SELL + BREEDS * PENS * 4
TRADE = BUY + BREEDS
STARVE = TRADE + BREEDS * PENS * BREEDS
FEED = STARVE + PENS * BREEDS
SALARY = FEED + 1
ACTIONS = SALARY + len(SALARIES)

KENNEL = 4 + PENS * BREEDS + 1 + 2 * PENS + BREEDS + 3 * BREEDS + (SPACES + 2) + len(TRIPS) + CARDS + 3
"""Numbers per kennel: resources, pens, built pens, pen points, full-pen bonuses, infirmary,
truck, pick-up position (centre, 16 spaces, garage), trip, cards held, helper, paid, points."""


def action_index(action: DogsAction) -> int:
    """The action's index (the module docstring's ranges)."""
    comp = components()
    match action:
        case Fuel(coins):
            return FUEL + coins
        case Move(space):
            return MOVE + space - 1
        case Home():
            return HOME
        case Stay():
            return STAY
        case Bonus(resource):
            return BONUS + TOKENS.index(resource)
        case UseCard(card, a, b):
            special = comp.cards[card].special
            if special == "swap":
                return SWAP + SPACES * (a - 1) + b - 1
            if special == "dog":
                return DOG + a
            return USE + card
        case Vet(use):
            return VET + int(use)
        case Donate(breed, sick):
            return DONATE + 2 * breed + int(sick)
        case Answer(accept):
            return ANSWER + int(accept)
        case Put(breed, pen):
            return PUT + PENS * breed + pen
        case Lift(breed, pen):
            return LIFT + PENS * breed + pen
        case Place(box, card):
            slot = CARDS if card == FREE else CARDS + 1 if card == NO_CARD else card
            return PLACE + (CARDS + 2) * box + slot
        case Build(discount):
            return BUILD + int(discount)
        case Exchange(give, take):
            return EXCHANGE + len(TOKENS) * TOKENS.index(give) + TOKENS.index(take)
        case Shop(first, second):
            return SHOP + 2 * TOKENS.index(first) + TOKENS.index(second)
        case Cure(breed):
            return CURE + breed
        case Sell(breed, pen, trained, prize):
            return SELL + 4 * (PENS * breed + pen) + 2 * int(prize) + int(trained)
        case Buy(breed):
            return BUY + breed
        case Trade(breed, pen, fair_breed):
            return TRADE + BREEDS * (PENS * breed + pen) + fair_breed
        case Starve(pen, breed):
            return STARVE + BREEDS * pen + breed
        case Feed():
            return FEED
        case Salary(how):
            return SALARY + SALARIES.index(how)
    return DONE


KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
DOG_KIND_INDEX = {k: i for i, k in enumerate(DOG_KINDS)}
BOX_INDEX = {b: i for i, b in enumerate(BOXES)}
TRIP_INDEX = {t: i for i, t in enumerate(TRIPS)}
RESOURCES = ("coins", "gas", "food", "medicine")

SPACE = 87
"""Where the board's slice starts; the others' offsets are written where they are filled."""
SPACE_WIDTH = BREEDS + len(DOG_KINDS) + 1
BOX_SLICE = 372
BOX_WIDTH = CARDS + MAX_SEATS
KENNELS = 498
NO_GAS = [-1.0] * SPACES
"""The ``gas_to`` slice when no move is pending."""


@cache
def _indices() -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Breeds, card types and board spaces by name."""
    comp = components()
    return (
        {b: i for i, b in enumerate(comp.breed_ids)},
        {c.name: i for i, c in enumerate(comp.cards)},
        {s: i for i, s in enumerate(comp.space_names)},
    )


def _set(out: list[float], start: int, index: dict[Any, int], value: object) -> None:
    """A one-hot at ``out[start:]``: 1 at `value`'s position in `index`, if it has one."""
    i = index.get(value)
    if i is not None:
        out[start + i] = 1.0


def _count(out: list[float], start: int, index: dict[str, int], names: Sequence[str]) -> None:
    """Counts at ``out[start:]``: one more at each name's position in `index`."""
    for name in names:
        i = index.get(name)
        if i is not None:
            out[start + i] += 1


class DogsEncoding(Encoding[DogsAction]):
    """DOGS's observation (the module docstring's layout) and its action indices."""

    score_bound = SCORE_BOUND

    def layout(self, players: int, options: Any) -> Sequence[Slice]:
        out = Layout()
        out.add("round", 3, 0, 200, "round, first player (relative), players")
        out.add("phase", len(PHASES), 0, 1, "phase one-hot")
        out.add("last_round", 2, 0, 1, "this round is the last; the next one will be")
        out.add("decision", len(KINDS), 0, 1, "the pending decision's kind, one-hot")
        out.add("decider", 1, -1, MAX_SEATS, "the deciding seat, relative (-1 none)")
        out.add("gas_to", SPACES, -1, 100, "move: gas to reach each space (-1 unreachable)")
        out.add("arrange_pool", BREEDS, 0, 50, "arrange: dogs of each breed still to place")
        out.add("arrange", 2, 0, BIG, "arrange: lifts left, Vet card choice pending")
        out.add("offer", BREEDS + len(DOG_KINDS), 0, 1, "offer: the dog's breed and kind")
        out.add("box", len(BOXES) + 1, 0, 10, "box: which one, deals done there")
        out.add("unfed", PENS, 0, 1, "feed: the pens left unfed")
        out.add("waiting", len(KINDS), 0, 50, "decisions waiting below the current one, by kind")
        out.add("board", SPACES * (BREEDS + len(DOG_KINDS) + 1), 0, 1, "each space: breed, kind, block")
        out.add("supply", 2, 0, 50, "tokens left in the city and country supplies")
        out.add("supply_dogs", 2, 0, 50, "dogs (not blocking tokens) left in the two supplies")
        out.add("fair", 2 * BREEDS + 1, 0, 100, "the Fair's dogs by breed, price, breeds on its card")
        out.add("boxes", len(BOXES) * (CARDS + MAX_SEATS), 0, 10, "each box: cards by type, meeples by seat")
        out.add("deck", 2, 0, 50, "cards in the pile and the discard")
        out.add("home_order", MAX_SEATS, 0, MAX_SEATS, "order home this round of each relative seat")
        for k in range(players):
            out.add(f"kennel_{k}_resources", 4, 0, BIG, "coins, gas, food, medicine")
            out.add(f"kennel_{k}_pens", PENS * BREEDS, 0, 4, "dogs of each breed in each pen")
            out.add(f"kennel_{k}_built", 1, 0, PENS, "pens built")
            out.add(f"kennel_{k}_pen_points", PENS, 0, 12, "each pen's points")
            out.add(f"kennel_{k}_bonus", PENS, 0, 1, "full-pen bonus taken, per pen")
            out.add(f"kennel_{k}_infirmary", BREEDS, 0, 6, "sick dogs by breed")
            out.add(f"kennel_{k}_truck", 3 * BREEDS, 0, 50, "dogs on the pick-up by breed and kind")
            out.add(f"kennel_{k}_position", SPACES + 2, 0, 1, "pick-up at the centre, a space, the garage")
            out.add(f"kennel_{k}_trip", len(TRIPS), 0, 1, "trip: centre, out, home, stayed")
            out.add(f"kennel_{k}_cards", CARDS, 0, 20, "cards held by type")
            out.add(f"kennel_{k}_helper", 3, -SCORE_BOUND, SCORE_BOUND, "helper, helper paid, points now")
        return out.slices

    def observe(self, view: JsonDict, players: int, options: Any) -> list[float]:
        """The module docstring's layout. Most numbers are zeros, so the list starts as zeros
        and only what the view holds is written (an order of magnitude fewer writes)."""
        breeds, cards, spaces = _indices()
        seat = view["seat"] if view.get("seat") is not None else 0

        def rel(s: object) -> float:
            return float((s - seat) % players) if isinstance(s, int) else -1.0

        out = [0.0] * (KENNELS + KENNEL * players)
        out[0], out[1], out[2] = float(view.get("round", 0)), rel(view.get("first_player")), float(players)
        _set(out, 3, PHASE_INDEX, view.get("phase"))
        out[10], out[11] = float(bool(view.get("last_round"))), float(bool(view.get("next_round_last")))
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        _set(out, 12, KIND_INDEX, kind)
        out[21] = rel(decision.get("asking") if kind == "offer" else decision.get("seat"))
        gas = decision.get("gas_to")
        names = components().space_names
        out[22:38] = [float(gas.get(names[s], -1)) for s in range(1, SPACES + 1)] if gas else NO_GAS
        _count(out, 38, breeds, decision.get("pool") or [])
        out[50], out[51] = float(decision.get("lifts") or 0), float(bool(decision.get("vet_choice")))
        if kind == "offer" and isinstance(dog := decision.get("dog"), dict):
            _set(out, 52, breeds, dog.get("breed", ""))
            _set(out, 64, DOG_KIND_INDEX, dog.get("kind"))
        if kind == "box":
            _set(out, 67, BOX_INDEX, decision.get("box"))
            out[72] = float(decision.get("used") or 0)
        if kind == "feed":
            unfed = set(decision.get("unfed_pens") or [])
            for p in range(PENS):
                if p + 1 in unfed:
                    out[73 + p] = 1.0
        _count(out, 78, KIND_INDEX, [f.get("kind", "") for f in view.get("waiting") or []])
        self._board(out, view.get("board") or {}, breeds, spaces)
        supply = view.get("supply") or {}
        dogs_left = view.get("supply_dogs") or supply
        out[343:347] = [float(supply.get(a, 0)) for a in AREAS] + [float(dogs_left.get(a, 0)) for a in AREAS]
        fair = view.get("fair") or {}
        _count(out, 347, breeds, fair.get("dogs") or [])
        out[359] = float(fair.get("price") or 0)
        for breed in fair.get("card") or []:
            if breed in breeds:
                out[360 + breeds[breed]] = 1.0
        boxes = view.get("boxes") or {}
        for b, box in enumerate(BOXES):
            data = boxes.get(box) or {}
            base = BOX_SLICE + BOX_WIDTH * b
            _count(out, base, cards, data.get("cards") or [])
            for m in data.get("meeples") or []:
                out[base + CARDS + int(rel(m)) % MAX_SEATS] += 1
        out[492], out[493] = float(view.get("deck") or 0), float(view.get("discard") or 0)
        for i, s in enumerate(view.get("home_order") or []):
            out[494 + int(rel(s)) % MAX_SEATS] = float(i + 1)
        kennels = view["kennels"]
        for k in range(players):
            self._kennel(out, KENNELS + KENNEL * k, kennels[(seat + k) % players], breeds, cards, spaces)
        return out

    @staticmethod
    def _board(out: list[float], board: JsonDict, breeds: dict[str, int], spaces: dict[str, int]) -> None:
        """Each space 1..16: the breed and kind of the dog on it, or its blocking token."""
        for name, token in board.items():
            s = spaces.get(name)
            if s is None or not 1 <= s <= SPACES:
                continue
            base = SPACE + SPACE_WIDTH * (s - 1)
            if isinstance(token, dict):
                breed, kind = breeds.get(token.get("breed", "")), DOG_KIND_INDEX.get(token.get("kind", ""))
                if breed is not None:
                    out[base + breed] = 1.0
                if kind is not None:
                    out[base + BREEDS + kind] = 1.0
            elif token == "block":
                out[base + SPACE_WIDTH - 1] = 1.0

    @staticmethod
    def _kennel(
        out: list[float],
        base: int,
        kennel: JsonDict,
        breeds: dict[str, int],
        cards: dict[str, int],
        spaces: dict[str, int],
    ) -> None:
        """One kennel's `KENNEL` numbers at ``out[base:]`` (the module docstring's offsets)."""
        out[base : base + 4] = [float(kennel.get(r) or 0) for r in RESOURCES]
        pens = kennel.get("pens") or []
        for p, pen in enumerate(pens[:PENS]):
            for name, n in pen.items():
                if name in breeds:
                    out[base + 4 + BREEDS * p + breeds[name]] = float(n)
        out[base + 64] = float(len(pens))
        for p, points in enumerate((kennel.get("pen_points") or [])[:PENS]):
            out[base + 65 + p] = float(points)
        for p, taken in enumerate((kennel.get("full_pen_bonus") or [])[:PENS]):
            out[base + 70 + p] = float(bool(taken))
        _count(out, base + 75, breeds, kennel.get("infirmary") or [])
        for token in kennel.get("truck") or []:
            if not isinstance(token, dict):
                continue
            breed, kind = breeds.get(token.get("breed", "")), DOG_KIND_INDEX.get(token.get("kind", ""))
            if breed is not None and kind is not None:
                out[base + 87 + 3 * breed + kind] += 1
        position = kennel.get("position")
        slot = SPACES + 1 if position == "garage" else spaces.get(str(position), -1)
        if 0 <= slot < SPACES + 2:
            out[base + 123 + slot] = 1.0
        _set(out, base + 141, TRIP_INDEX, kennel.get("trip"))
        _count(out, base + 145, cards, kennel.get("cards") or [])
        out[base + 165] = float(bool(kennel.get("helper")))
        out[base + 166] = float(bool(kennel.get("helper_paid")))
        out[base + 167] = float(kennel.get("points_now") or 0)

    def action_count(self, players: int, options: Any) -> int:
        return ACTIONS

    def action_index(self, action: DogsAction, view: JsonDict) -> int:
        return action_index(action)


ENCODING = DogsEncoding()
