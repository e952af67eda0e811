"""DOGS rules as pure functions over `DogsState`.

A round has three phases (§ Como jogar): collecting dogs with the pick-ups, then placing the
kennel at the end of phase 1; two laps of action boxes; feeding, salaries and refreshing the
table. Every choice the rulebook gives a player is a pending `Frame` on the state's stack;
the steps nobody chooses run by themselves in `_settle`.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import TypeVar

from tabuleiro.core import Rng
from tabuleiro.core.evolve import draft, evolve, freeze, logged
from tabuleiro.core.last_legal import LastLegal
from tabuleiro.games.dogs import kennel as pens
from tabuleiro.games.dogs.actions import (
    DONE,
    FEED,
    FREE,
    HOME,
    NO_CARD,
    STAY,
    Answer,
    Bonus,
    Build,
    Buy,
    Cure,
    DogsAction,
    Donate,
    Done,
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
from tabuleiro.games.dogs.components import (
    BLOCK,
    CITY,
    COUNTRY,
    HEALTHY,
    LOST,
    SICK,
    breed_of,
    components,
    dog,
    kind_of,
)
from tabuleiro.games.dogs.kennel import Pen
from tabuleiro.games.dogs.state import (
    ACTIONS,
    ARRANGE,
    AT_CENTRE,
    AT_HOME,
    FEEDING,
    FUEL,
    MOVE,
    OUT,
    OVER,
    SALARY,
    STAYED,
    DogsOptions,
    DogsState,
    Frame,
    Kennel,
)

T = TypeVar("T")

GAS_CAP = 9  # § Garagem: never more than 9 gas
INFIRMARY_CAP = 6  # § Enfermaria: never more than 6 sick dogs
START = {"coins": 3, "gas": 6, "food": 2, "medicine": 2}  # § Preparação 3
EXTRA_PENS = (2, 3, 5)  # § Prefeitura: built in this order
PEN_COST = 2
FAIR_SALE = 2
BOX_CARDS = 2
PRICE_BASE = 10  # § Feira: a dog costs 10 - dogs at the Fair, at least 1
RESOURCES = ("food", "medicine", "gas")
PREFEITURA, ARMAZEM, PETSHOP, VETERINARIO, FEIRA = range(5)


def _card_id(special: str) -> int:
    return next(i for i, c in enumerate(components().cards) if c.special == special)


CARD = {s: _card_id(s) for s in ("dog", "trained", "prize", "vet", "swap", "discount", "helper", "free")}
# The actions, built once: a frozen dataclass costs more to make than to look up, and actions
# are values, so sharing one object is the same as making an equal one.
_PENS = range(2 + len(EXTRA_PENS))  # § Prefeitura: two pens, three more built
_BREEDS = range(len(components().breed_ids))
PUTS = tuple(tuple(Put(b, i) for i in _PENS) for b in _BREEDS)
LIFTS = tuple(tuple(Lift(b, i) for i in _PENS) for b in _BREEDS)
DONATIONS = tuple(Donate(b) for b in _BREEDS)
SICK_DONATIONS = tuple(Donate(b, sick=True) for b in _BREEDS)
STARVES = tuple(tuple(Starve(i, b) for b in _BREEDS) for i in _PENS)
CURES = tuple(Cure(b) for b in _BREEDS)
BUYS = tuple(Buy(b) for b in _BREEDS)
SELLS = {
    (b, i, t, p): Sell(b, i, t, p)
    for b in _BREEDS
    for i in _PENS
    for t in (False, True)
    for p in (False, True)
}
TRADES = {(b, i, f): Trade(b, i, f) for b in _BREEDS for i in _PENS for f in _BREEDS if f != b}
MOVES = tuple(Move(space) for space in range(len(components().space_names)))
PLACES = {
    (box, c): Place(box, c) for box in range(5) for c in (*range(len(components().cards)), FREE, NO_CARD)
}
FUELS = tuple(Fuel(n) for n in range(GAS_CAP // 3 + 1))  # § Fase 1: 3 gas a coin, at most 9
# The homecoming bonus, by whether the garage is full (§ Garagem: never more than 9 gas).
BONUSES = (tuple(Bonus(r) for r in RESOURCES), tuple(Bonus(r) for r in RESOURCES if r != "gas"))
ANSWERS = (Answer(True), Answer(False))
PAY_COIN, PAY_CARD, REHIRE, NO_HELPER = (Salary(how) for how in ("coin", "card", "rehire", "none"))
BUILDS = (Build(False), Build(True))
EXCHANGES = tuple(Exchange(give, take) for give in RESOURCES for take in RESOURCES if give != take)
SHOPS = (Shop("food", "food"), Shop("food", "medicine"), Shop("medicine", "medicine"))


# -- small helpers ---------------------------------------------------------------------------


def order(state: DogsState) -> tuple[int, ...]:
    """Seats clockwise from the first player."""
    n = state.players
    return tuple([(state.first + i) % n for i in range(n)])


def _with(state: DogsState, seat: int, **changes: object) -> DogsState:
    kennels = state.kennels
    return evolve(state, kennels=_replace(kennels, seat, evolve(kennels[seat], **changes)))


def _with_pens(state: DogsState, seat: int, kennel_pens: tuple[Pen, ...], frame: Frame) -> DogsState:
    """`_set_top(_with(state, seat, pens=kennel_pens), frame)` in one step: a dog put or lifted."""
    kennels = state.kennels
    updated = evolve(kennels[seat], pens=kennel_pens)
    return evolve(state, kennels=_replace(kennels, seat, updated), stack=_replace(state.stack, -1, frame))


def _top(state: DogsState) -> Frame | None:
    return state.stack[-1] if state.stack else None


def _set_top(state: DogsState, frame: Frame) -> DogsState:
    return evolve(state, stack=_replace(state.stack, -1, frame))


def _pop(state: DogsState) -> DogsState:
    return evolve(state, stack=state.stack[:-1])


def _push(state: DogsState, frame: Frame) -> DogsState:
    return evolve(state, stack=(*state.stack, frame))


@cache
def _decision(kind: str, seat: int, box: int = -1) -> Frame:
    """A new pending decision of `seat` about nothing but its kind (and box): frames are values,
    so one object serves them all (finding it costs less than building one)."""
    return Frame(kind, seat, box=box)


def _replace(items: tuple[T, ...], i: int, item: T) -> tuple[T, ...]:
    """`items` with `item` at `i` (a list's assignment beats splicing slices)."""
    out = list(items)
    out[i] = item
    return tuple(out)


def _without(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def healthy_dogs(k: Kennel) -> Counter[int]:
    """Healthy dogs in the pens, by breed."""
    return pens.dogs(k.pens)


def penned(k: Kennel) -> int:
    """How many healthy dogs the pens hold (`healthy_dogs` summed, without the Counter)."""
    return sum([n for pen in k.pens for _, n in pen])


def fair_price(state: DogsState) -> int:
    """§ Feira: 10 minus the dogs available, at least 1 (the count before buying)."""
    return max(1, PRICE_BASE - len(state.fair))


def two_players(state: DogsState) -> bool:
    """The 2-player rules apply."""
    return state.players == 2


# -- setup -----------------------------------------------------------------------------------


def setup(players: int, seed: int, options: DogsOptions) -> DogsState:
    """§ Preparação, with the 2-player changes (§ Partidas com dois jogadores)."""
    comp = components()
    rng = Rng.from_seed(seed)
    removed = comp.removed[players]
    bags: list[tuple[int, ...]] = []
    for area in (CITY, COUNTRY):
        tokens = [
            dog(b, kind)
            for b in range(len(comp.breed_ids))
            if comp.breed_area[b] == area and b not in removed
            for kind, count in comp.per_breed.items()
            for _ in range(count)
        ]
        if players == 2:  # one random lost dog of each area leaves; blocking tokens join
            lost = [t for t in tokens if kind_of(t) == LOST]
            pick, rng = rng.below(len(lost))
            tokens.remove(lost[pick])
            tokens += [BLOCK] * comp.blocking[area]
        bag, rng = rng.shuffle(tokens)
        bags.append(bag)
    fair_cards, rng = rng.shuffle(range(len(comp.fair_cards)))
    deck = [c for c in comp.deck if not (players == 2 and comp.cards[c].units == 3)]
    shuffled, rng = rng.shuffle(deck)
    boxes = tuple(tuple(sorted(shuffled[i * BOX_CARDS : (i + 1) * BOX_CARDS])) for i in range(5))
    start = Kennel(
        coins=START["coins"],
        gas=START["gas"],
        food=START["food"],
        medicine=START["medicine"],
        pens=(pens.EMPTY_PEN, pens.EMPTY_PEN),
        bonus=(False, False),
        infirmary=(),
        truck=(),
        position=-1,
        trip=AT_CENTRE,
        cards=(),
        helper=True,
        helper_paid=True,
    )
    state = DogsState(
        players=players,
        options=options,
        rng=rng,
        spaces=(-1,) * len(comp.space_names),
        bags=(bags[0], bags[1]),
        kennels=(start,) * players,
        fair=(),
        fair_cards=fair_cards,
        deck=shuffled[5 * BOX_CARDS :],
        discard=(),
        boxes=boxes,
        meeples=((),) * 5,
        round=1,
        first=0,
        last_round=False,
        next_last=False,
        phase=MOVE,
        queue=(),
        mover=-1,
        home_order=(),
        stack=(),
        log=None,
    )
    return _settle(_start_round(_refill_board(state)))


def _refill_board(state: DogsState) -> DogsState:
    """§ Fase 3, tarefa 4: fill every empty paw-print space from its area's supply."""
    comp = components()
    spaces = list(state.spaces)
    bags = [list(state.bags[CITY]), list(state.bags[COUNTRY])]
    for space in range(1, len(spaces)):
        if spaces[space] < 0 and bags[comp.space_area[space]]:
            spaces[space] = bags[comp.space_area[space]].pop(0)
    return evolve(state, spaces=tuple(spaces), bags=(tuple(bags[0]), tuple(bags[1])))


def _start_round(state: DogsState) -> DogsState:
    """§ Fase 1: every pick-up on the centre; income and fuel from the second round on."""
    kennels = tuple(
        evolve(
            k,
            position=0,
            trip=AT_CENTRE,
            truck=(),
            rescued=False,
            coins=k.coins + (1 if state.round > 1 else 0),
        )
        for k in state.kennels
    )
    phase, queue = (FUEL, order(state)) if state.round > 1 else (MOVE, ())
    first_before = (state.first - 1) % state.players
    return evolve(
        state, kennels=kennels, phase=phase, queue=queue, mover=first_before, home_order=(), meeples=((),) * 5
    )


# -- the flow of a round -------------------------------------------------------------------------


def _settle(state: DogsState) -> DogsState:
    """Run every step nobody chooses until a decision is pending or the game is over."""
    while not state.stack and state.phase != OVER:
        if state.phase == FUEL:
            state = _next_fuel(state)
        elif state.phase == MOVE:
            state = _next_move(state)
        elif state.phase == ARRANGE:
            state = _next_arrange(state)
        elif state.phase == ACTIONS:
            state = _next_action(state)
        elif state.phase == FEEDING:
            state = _next_feed(state)
        else:
            state = _next_salary(state)
    if state.stack and state.stack[-1].kind == "offer":
        return _settle_offer(state)
    return state


def _resource_cards(k: Kennel) -> tuple[int, ...]:
    """The resource cards `k` holds (interpretation 12, `resource_cards=keep`), one per type."""
    return _resource_types(k.cards) if k.cards else ()


@lru_cache(maxsize=1024)
def _resource_types(cards: tuple[int, ...]) -> tuple[int, ...]:
    comp = components()
    return tuple([c for c in sorted(set(cards)) if comp.cards[c].resource])


def _next_fuel(state: DogsState) -> DogsState:
    if not state.queue:
        return evolve(state, phase=MOVE)
    seat, queue = state.queue[0], state.queue[1:]
    state = evolve(state, queue=queue)
    k = state.kennels[seat]
    if max_fuel(k) or _resource_cards(k):
        state = _push(state, _decision("fuel", seat))
    return state


def max_fuel(k: Kennel) -> int:
    """§ Fase 1: each coin buys 3 gas, never above 9 in the garage."""
    return min(k.coins, (GAS_CAP - k.gas) // 3)


def _next_move(state: DogsState) -> DogsState:
    n = state.players
    for step in range(1, n + 1):
        seat = (state.mover + step) % n
        if state.kennels[seat].trip in (AT_CENTRE, OUT):
            return _push(state, _decision("move", seat))
    return _end_moves(state)


def _end_moves(state: DogsState) -> DogsState:
    """All pick-ups are home: the last-home bonus, then the end-of-game checks (§ Fim do jogo).

    "todos os jogadores decidirem não mover suas pick-ups e nem resgatar qualquer cão": a player
    who took a dog with the Receba 1 cão card has rescued one, even without moving. The supply
    check counts "fichas de cães": blocking tokens (2 players) are not dogs."""
    comp = components()
    last_round = state.last_round
    if all(k.trip == STAYED and not k.rescued for k in state.kennels):
        last_round = True
    for area in (CITY, COUNTRY):
        empty = sum(
            1 for s in range(1, len(state.spaces)) if comp.space_area[s] == area and state.spaces[s] < 0
        )
        if empty > len(state.bags[area]) - state.bags[area].count(BLOCK):
            last_round = True
    state = evolve(state, last_round=last_round, phase=ARRANGE, queue=order(state))
    home = state.home_order
    first_bonus = home[0] if home and not two_players(state) else -1
    if home and home[-1] != first_bonus:
        state = _push(state, _decision("bonus", home[-1]))
    return state


def _next_arrange(state: DogsState) -> DogsState:
    if not state.queue:
        laps = order(state) + tuple(s for s in order(state) if state.kennels[s].helper)
        return evolve(state, phase=ACTIONS, queue=laps)
    seat, queue = state.queue[0], state.queue[1:]
    return _begin_arrange(evolve(state, queue=queue), seat)


def _begin_arrange(state: DogsState, seat: int) -> DogsState:
    """End of phase 1 for one kennel: sick dogs to the infirmary (or the pens with the
    Veterinário card), then the only redistribution of the round."""
    k = state.kennels[seat]
    sick = [t for t in k.truck if kind_of(t) == SICK]
    healthy = tuple(sorted(breed_of(t) for t in k.truck if kind_of(t) == HEALTHY))
    if sick and CARD["vet"] in k.cards:
        total = penned(k) + len(healthy)
        state = _with(state, seat, truck=tuple(sick))
        return _push(state, Frame("arrange", seat, pool=healthy, lifts=total + len(sick), vet=True))
    infirmary = tuple(sorted((*k.infirmary, *(breed_of(t) for t in sick))))
    state = _with(state, seat, truck=(), infirmary=infirmary)
    dogs = penned(k)
    if not healthy and not dogs and len(infirmary) <= INFIRMARY_CAP:
        return state
    total = dogs + len(healthy)
    return _push(state, Frame("arrange", seat, pool=healthy, lifts=total))


def _next_action(state: DogsState) -> DogsState:
    if not state.queue:
        return evolve(state, phase=FEEDING, queue=order(state))
    seat, queue = state.queue[0], state.queue[1:]
    return _push(evolve(state, queue=queue), _decision("place", seat))


def hungry_pens(k: Kennel, starved: int) -> list[int]:
    return [i for i, pen in enumerate(k.pens) if pen and not starved >> i & 1]


def _next_feed(state: DogsState) -> DogsState:
    if not state.queue:
        return evolve(state, phase=SALARY, queue=order(state))
    seat, queue = state.queue[0], state.queue[1:]
    state = evolve(state, queue=queue)
    k = state.kennels[seat]
    needed = len(hungry_pens(k, 0))
    if needed == 0:
        return state
    if k.food >= needed and not _resource_cards(k):
        return _with(state, seat, food=k.food - needed)
    return _push(state, _decision("feed", seat))


def _salary_options(state: DogsState, k: Kennel) -> tuple[Salary, ...]:
    """§ Fase 3, tarefa 2: a working helper must be paid (a coin or the Ajudante card) and
    leaves only when that is impossible; "Na Fase 3 da rodada seguinte ele pode recontratar seu
    ajudante pagando 1 moeda" (option `rehire=any_later`: in any later phase 3)."""
    if k.helper:
        out: tuple[Salary, ...] = (PAY_COIN,) if k.coins else ()
        out += (PAY_CARD,) if CARD["helper"] in k.cards else ()
        return out or (NO_HELPER,)
    window = state.options.rehire == "any_later" or state.round == k.helper_left + 1
    return (REHIRE, NO_HELPER) if k.coins and window else (NO_HELPER,)


def _next_salary(state: DogsState) -> DogsState:
    if not state.queue:
        return _end_round(state)
    seat, queue = state.queue[0], state.queue[1:]
    state = evolve(state, queue=queue)
    k = state.kennels[seat]
    options = _salary_options(state, k)
    if len(options) > 1 or _resource_cards(k):
        return _push(state, _decision("salary", seat))
    return _pay(state, seat, options[0])


def _end_round(state: DogsState) -> DogsState:
    """§ Fase 3, tarefas 3-5 (skipped in the last round): new box cards and Fair card, refill
    the board, pass the first-player piece."""
    if state.last_round:
        return evolve(state, phase=OVER, queue=())
    rng = state.rng
    deck, discard = state.deck, state.discard + tuple(c for box in state.boxes for c in box)
    boxes = []
    for _ in range(5):
        drawn: list[int] = []
        while len(drawn) < BOX_CARDS:
            if not deck:
                if not discard:
                    break
                deck, rng = rng.shuffle(discard)
                discard = ()
            drawn.append(deck[0])
            deck = deck[1:]
        boxes.append(tuple(sorted(drawn)))
    fair_cards = (*state.fair_cards[1:], state.fair_cards[0])
    bags = state.bags
    spaces = state.spaces
    if two_players(state):  # blocking tokens go back and are mixed in before refilling
        comp = components()
        lists = [list(bags[CITY]), list(bags[COUNTRY])]
        cleared = list(spaces)
        for s, token in enumerate(spaces):
            if token == BLOCK:
                lists[comp.space_area[s]].append(BLOCK)
                cleared[s] = -1
        city, rng = rng.shuffle(lists[0])
        country, rng = rng.shuffle(lists[1])
        bags, spaces = (city, country), tuple(cleared)
    state = evolve(
        state,
        rng=rng,
        deck=deck,
        discard=discard,
        boxes=tuple(boxes),
        fair_cards=fair_cards,
        bags=bags,
        spaces=spaces,
    )
    state = _refill_board(state)
    # § Partidas com dois jogadores, fase 3: every blocking token on the board after the refill
    # ends the game; interpretation 21 says which round is the last.
    blocks_out = two_players(state) and sum(1 for t in state.spaces if t == BLOCK) == 2 * 3
    next_is_last = blocks_out and state.options.blocking_end == "next"
    state = evolve(
        state,
        round=state.round + 1,
        first=(state.first + 1) % state.players,
        last_round=state.next_last or next_is_last,
        next_last=state.next_last or (blocks_out and not next_is_last),
    )
    return _start_round(state)


# -- movement (phase 1) ----------------------------------------------------------------------------


def gas_distances(spaces: Sequence[int], start: int, passable: bool) -> list[int]:
    """Gas from `start` to every space of a board (`spaces`, BLOCK where a blocking token
    lies): 1 per space entered, 2 into a blocked one; the centre only when trucks may cross it
    (then for free)."""
    comp = components()
    inf = 1 << 30
    best = [inf] * len(comp.space_names)
    best[start] = 0
    heap = [(0, start)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best[node]:
            continue
        for other in comp.roads[node]:
            if other == 0:
                if not passable:
                    continue
                step = 0
            else:
                step = 2 if spaces[other] == BLOCK else 1
            if cost + step < best[other]:
                best[other] = cost + step
                heapq.heappush(heap, (cost + step, other))
    return best


_OPEN_BOARD = (-1,) * len(components().space_names)
_DISTANCES = {
    passable: tuple(tuple(gas_distances(_OPEN_BOARD, s, passable)) for s in range(len(_OPEN_BOARD)))
    for passable in (False, True)
}


def distances(state: DogsState, start: int) -> tuple[int, ...] | list[int]:
    """Gas to reach every space from `start`: 1 per space entered, 2 to pass a blocking token
    (2 players); the centre is only a starting point unless the option lets trucks cross it."""
    if two_players(state):
        return gas_distances(state.spaces, start, state.options.centre_passable)
    return _DISTANCES[state.options.centre_passable][start]


def _moves(state: DogsState, seat: int) -> list[Move]:
    k = state.kennels[seat]
    dist = distances(state, k.position)
    reach = k.gas - 1  # keeping at least 1 gas: going home costs exactly 1 (§ Fase 1)
    trucks = [other.position for s, other in enumerate(state.kennels) if s != seat]
    return [
        MOVES[space]
        for space, token in enumerate(state.spaces)
        if space and 0 <= token != BLOCK and dist[space] <= reach and space not in trucks
    ]


def _move(state: DogsState, seat: int, action: Move) -> DogsState:
    """Drive to a space with a dog and take exactly that dog; a lost dog goes to the Fair
    at once for the reward printed on its space (§ Fase 1)."""
    comp = components()
    k = state.kennels[seat]
    cost = distances(state, k.position)[action.space]
    token = state.spaces[action.space]
    spaces = _replace(state.spaces, action.space, -1)
    state = evolve(state, spaces=spaces, mover=seat)
    if kind_of(token) == LOST:
        state = evolve(state, fair=(*state.fair, breed_of(token)))
        return _with(
            state,
            seat,
            gas=k.gas - cost,
            position=action.space,
            trip=OUT,
            rescued=True,
            coins=k.coins + comp.reward[action.space],
        )
    return _with(
        state,
        seat,
        gas=k.gas - cost,
        position=action.space,
        trip=OUT,
        rescued=True,
        truck=(*k.truck, token),
    )


def _home(state: DogsState, seat: int) -> DogsState:
    """Back to the kennel for exactly 1 gas; the first one home earns a resource (not with 2
    players); the last one home earns one at the end of the moves."""
    k = state.kennels[seat]
    state = _with(state, seat, gas=k.gas - 1, position=-1, trip=AT_HOME)
    state = evolve(state, mover=seat, home_order=(*state.home_order, seat))
    if len(state.home_order) == 1 and not two_players(state):
        state = _push(state, _decision("bonus", seat))
    return state


def _draw_dog(state: DogsState, seat: int, area: int) -> DogsState:
    """§ Receba 1 cão: the first dog of the area's supply onto the pick-up (blocking tokens stay
    in the supply); a lost dog goes to the Fair for the smallest reward, 1 coin."""
    bag = state.bags[area]
    i = next(i for i, t in enumerate(bag) if t != BLOCK)
    token = bag[i]
    bags = list(state.bags)
    bags[area] = bag[:i] + bag[i + 1 :]
    state = evolve(state, bags=(bags[0], bags[1]))
    k = state.kennels[seat]
    if kind_of(token) == LOST:
        state = evolve(state, fair=(*state.fair, breed_of(token)))
        return _with(state, seat, coins=k.coins + 1, rescued=True)
    return _with(state, seat, truck=(*k.truck, token), rescued=True)


# -- arranging pens (end of phase 1; and single dogs in phase 2) ----------------------------------


def _arranged(state: DogsState, seat: int) -> bool:
    """Whether `seat` has already placed its dogs this phase 1."""
    if state.phase != ARRANGE:
        return True
    busy = any(f.kind == "arrange" and f.seat == seat for f in state.stack)
    return seat not in state.queue and not busy


def pen_excess(k: Kennel, pool: tuple[int, ...]) -> tuple[Counter[int], int]:
    """Healthy dogs by breed with `pool` added, and how many of them the pens cannot hold."""
    total, excess = _excess(k.pens, pool)
    return Counter(total), excess


def _excess(kennel_pens: tuple[Pen, ...], pool: tuple[int, ...]) -> tuple[dict[int, int], int]:
    total: dict[int, int] = {}  # a plain dict: a Counter's additions run in Python
    for pen in kennel_pens:
        for breed, n in pen:
            total[breed] = total.get(breed, 0) + n
    for b in pool:
        total[b] = total.get(b, 0) + 1
    return total, sum(total.values()) - pens.capacity(total, len(kennel_pens))


def _arrange_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    k = state.kennels[frame.seat]
    if frame.vet:
        return (Vet(True), Vet(False))
    if len(k.infirmary) > INFIRMARY_CAP:
        return tuple(SICK_DONATIONS[b] for b in sorted(set(k.infirmary)))
    done = not frame.pool and state.phase == ARRANGE
    return _pen_actions(k.pens, frame.pool, frame.lifts > 0, done)


def _pen_actions(
    kennel_pens: tuple[Pen, ...], pool: tuple[int, ...], lifts: bool, done: bool
) -> tuple[DogsAction, ...]:
    """Placing dogs: the puts that keep the rest of the pool placeable (or donations when the
    pens cannot hold every dog), the lifts left to the redistribution, done once all are in.
    Worked out afresh each time: random play seldom meets the same arrangement twice."""
    actions: list[DogsAction] = []
    if pool:  # without dogs to place, the pens hold their own: nothing to put, nothing over
        actions = [PUTS[breed][i] for breed, i in pens.puts(kennel_pens, pool)]
        # A put leaves the rest placeable as the pens are: then they hold every dog.
        if not actions:
            total, excess = _excess(kennel_pens, pool)
            if excess > 0:  # "ele pode escolher qual cão doar": any healthy dog, brought home or penned
                return tuple(DONATIONS[b] for b in sorted(total) if total[b] > 0)
    if lifts:
        actions += [LIFTS[b][i] for i, pen in enumerate(kennel_pens) for b, _ in pen]
    if done:
        actions.append(DONE)
    return tuple(actions)


@lru_cache(maxsize=4096)
def _puts(kennel_pens: tuple[Pen, ...], pool_breeds: tuple[int, ...]) -> tuple[Put, ...]:
    """Puts that keep the rest of the pool placeable without rearranging (`kennel.puts`)."""
    return tuple(PUTS[breed][i] for breed, i in pens.puts(kennel_pens, pool_breeds))


def _full_pen_bonus(state: DogsState, seat: int) -> DogsState:
    """§ Bônus pela baia cheia: 1 coin when a pen holds 4 dogs of one breed, once per pen (or
    again after refilling, with the option)."""
    k = state.kennels[seat]
    coins, bonus = k.coins, list(k.bonus)
    for i, pen in enumerate(k.pens):
        full = pens.full_of_one_breed(pen)
        if full and not bonus[i]:
            coins += 1
            bonus[i] = True
        elif not full and bonus[i] and state.options.full_pen_bonus == "refill":
            bonus[i] = False
    if coins == k.coins and tuple(bonus) == k.bonus:
        return state
    return _with(state, seat, coins=coins, bonus=tuple(bonus))


def _arrange_apply(state: DogsState, frame: Frame, action: DogsAction) -> DogsState:
    seat = frame.seat
    k = state.kennels[seat]
    if isinstance(action, Put):
        grown = pens.add(k.pens[action.pen], action.breed)
        assert grown is not None
        placed = _replace(k.pens, action.pen, grown)
        pool = _without(frame.pool, action.breed)
        if not pool and state.phase != ARRANGE:  # a dog cured or bought in phase 2 is placed
            return _full_pen_bonus(_pop(_with(state, seat, pens=placed)), seat)
        return _with_pens(state, seat, placed, evolve(frame, pool=pool))
    if isinstance(action, Lift):
        shrunk = pens.remove(k.pens[action.pen], action.breed)
        lifted = _replace(k.pens, action.pen, shrunk)
        pool = tuple(sorted((*frame.pool, action.breed)))
        return _with_pens(state, seat, lifted, evolve(frame, pool=pool, lifts=frame.lifts - 1))
    if isinstance(action, Vet):
        sick = tuple(breed_of(t) for t in k.truck if kind_of(t) == SICK)
        if action.use:  # the sick dogs brought home go straight into the pens
            state = _with(state, seat, truck=(), cards=_without(k.cards, CARD["vet"]))
            state = evolve(state, discard=(*state.discard, CARD["vet"]))
            return _set_top(state, evolve(frame, vet=False, pool=tuple(sorted(frame.pool + sick))))
        state = _with(state, seat, truck=(), infirmary=tuple(sorted(k.infirmary + sick)))
        return _set_top(state, evolve(frame, vet=False))
    if isinstance(action, Donate):
        return _donate(state, frame, action)
    return _full_pen_bonus(_pop(state), seat)  # done


def _donate(state: DogsState, frame: Frame, action: Donate) -> DogsState:
    """§ Fase 1, doações: the donor picks the dog; it is offered clockwise, then to the Fair."""
    seat = frame.seat
    k = state.kennels[seat]
    if action.sick:
        state = _with(state, seat, infirmary=_without(k.infirmary, action.breed))
        token = dog(action.breed, SICK)
    else:
        token = dog(action.breed, HEALTHY)
        if action.breed in frame.pool:
            state = _set_top(state, evolve(frame, pool=_without(frame.pool, action.breed)))
        else:  # from the pen where it leaves the fewest broken pairs
            holders = [(n % 2 == 0, i) for i, pen in enumerate(k.pens) for b, n in pen if b == action.breed]
            i = min(holders)[1]
            state = _with(state, seat, pens=_replace(k.pens, i, pens.remove(k.pens[i], action.breed)))
    n = state.players
    candidates = tuple((seat + step) % n for step in range(1, n))
    return _push(state, Frame("offer", seat, token=token, candidates=candidates))


def _can_take(state: DogsState, seat: int, token: int) -> bool:
    k = state.kennels[seat]
    unplaced = () if _arranged(state, seat) else k.truck
    if kind_of(token) == SICK:
        return len(k.infirmary) + sum(1 for t in unplaced if kind_of(t) == SICK) < INFIRMARY_CAP
    pool = (*(breed_of(t) for t in unplaced if kind_of(t) == HEALTHY), breed_of(token))
    return _excess(k.pens, pool)[1] == 0


def _settle_offer(state: DogsState) -> DogsState:
    """Skip kennels that cannot take the dog; with nobody left the Fair takes it, cured."""
    frame = _top(state)
    assert frame is not None
    candidates = frame.candidates
    while candidates and not _can_take(state, candidates[0], frame.token):
        candidates = candidates[1:]
    if candidates:
        return _set_top(state, evolve(frame, candidates=candidates))
    state = evolve(_pop(state), fair=(*state.fair, breed_of(frame.token)))
    return _settle(state)


def _answer(state: DogsState, frame: Frame, accept: bool) -> DogsState:
    if not accept:
        return _settle_offer(_set_top(state, evolve(frame, candidates=frame.candidates[1:])))
    seat, token = frame.candidates[0], frame.token
    state = _pop(state)
    k = state.kennels[seat]
    # "Canis que aceitam doações de cães doentes, devem colocá-los na enfermaria": even before the
    # receiver has placed its own dogs, so its Veterinário card never takes a donated dog.
    if kind_of(token) == SICK:
        return _with(state, seat, infirmary=tuple(sorted((*k.infirmary, breed_of(token)))))
    if not _arranged(state, seat):
        return _with(state, seat, truck=(*k.truck, token))
    total = penned(k) + 1  # the receiver may redistribute again
    return _push(state, Frame("arrange", seat, pool=(breed_of(token),), lifts=total))


# -- phase 2 ---------------------------------------------------------------------------------------


def box_capacity(state: DogsState) -> int:
    """§ Fase 2: two meeples per box, one with 2 players."""
    return 1 if two_players(state) else 2


def _place_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    cap = box_capacity(state)
    free_entry = CARD["free"] in state.kennels[frame.seat].cards
    out: tuple[DogsAction, ...] = ()
    for box, (cards, meeples) in enumerate(zip(state.boxes, state.meeples, strict=True)):
        if len(meeples) < cap:
            out += _box_places(box, cards)
        elif len(meeples) == cap and free_entry:
            out += (PLACES[box, FREE],)
    return out


@lru_cache(maxsize=4096)
def _box_places(box: int, cards: tuple[int, ...]) -> tuple[Place, ...]:
    """A meeple on an open box: one choice per card type above it, or none left."""
    return tuple(PLACES[box, c] for c in sorted(set(cards))) or (PLACES[box, NO_CARD],)


def _room_for(kennel_pens: tuple[Pen, ...], breed: int) -> bool:
    """Whether one more dog of `breed` fits in some pen as the pens are."""
    return any(pens.fits(pen, breed) for pen in kennel_pens)


def _box_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    k = state.kennels[frame.seat]
    box = frame.box
    out: list[DogsAction] = []
    if box == PREFEITURA and frame.used == 0 and len(k.pens) < 2 + len(EXTRA_PENS):
        if k.coins >= PEN_COST:
            out.append(BUILDS[False])
        if CARD["discount"] in k.cards and k.coins >= 1:
            out.append(BUILDS[True])
    elif box == ARMAZEM and frame.used < 2:
        have = {"food": k.food, "medicine": k.medicine, "gas": k.gas}
        out += [
            exchange
            for exchange in EXCHANGES
            if have[exchange.give] and not (exchange.take == "gas" and k.gas >= GAS_CAP)
        ]
    elif box == PETSHOP and k.coins:
        out += SHOPS
    elif box == VETERINARIO and k.medicine:
        out += [CURES[b] for b in sorted(set(k.infirmary)) if _room_for(k.pens, b)]
    elif box == FEIRA and frame.used == 0:
        out += _fair_actions(state, k)
    out.append(DONE)
    return tuple(out)


def _fair_actions(state: DogsState, k: Kennel) -> list[DogsAction]:
    """§ Feira de Cães: one deal — sell a dog of a breed on the Fair card, buy, or trade."""
    comp = components()
    shown = comp.fair_cards[state.fair_cards[0]]
    out: list[DogsAction] = []
    trained = [False, True] if CARD["trained"] in k.cards else [False]
    prize = [False, True] if CARD["prize"] in k.cards else [False]
    for i, pen in enumerate(k.pens):
        for b, _ in pen:
            if b in shown:
                out += [SELLS[b, i, t, p] for t in trained for p in prize]
    fair = sorted(set(state.fair))
    fits_in = {f: {j for j, pen in enumerate(k.pens) if pens.fits(pen, f)} for f in fair}
    if k.coins >= fair_price(state):
        out += [BUYS[f] for f in fair if fits_in[f]]
    for i, pen in enumerate(k.pens):
        only_here = {i}
        for b, _ in pen:
            # A trade frees a place in pen i first: the Fair's dog fits there then, or elsewhere.
            left = pens.remove(pen, b)
            out += [
                TRADES[b, i, f]
                for f in fair
                if f != b and (pens.fits(left, f) or not fits_in[f] <= only_here)
            ]
    return out


def _box_apply(state: DogsState, frame: Frame, action: DogsAction) -> DogsState:
    seat = frame.seat
    k = state.kennels[seat]
    if isinstance(action, Done):
        return _pop(state)
    state = _set_top(state, evolve(frame, used=frame.used + 1))
    if isinstance(action, Build):
        cost = 1 if action.discount else PEN_COST
        cards = _without(k.cards, CARD["discount"]) if action.discount else k.cards
        if action.discount:
            state = evolve(state, discard=(*state.discard, CARD["discount"]))
        return _with(
            state,
            seat,
            coins=k.coins - cost,
            cards=cards,
            pens=(*k.pens, pens.EMPTY_PEN),
            bonus=(*k.bonus, False),
        )
    if isinstance(action, Exchange):
        changes = {action.give: getattr(k, action.give) - 1}
        changes[action.take] = getattr(k, action.take) + 1
        return _with(state, seat, **changes)
    if isinstance(action, Shop):
        food = k.food + (action.first == "food") + (action.second == "food")
        medicine = k.medicine + (action.first == "medicine") + (action.second == "medicine")
        return _with(state, seat, coins=k.coins - 1, food=food, medicine=medicine)
    if isinstance(action, Cure):
        state = _with(state, seat, medicine=k.medicine - 1, infirmary=_without(k.infirmary, action.breed))
        return _push(state, Frame("arrange", seat, pool=(action.breed,)))
    if isinstance(action, Sell):
        extra = (1 if action.trained else 0) + (2 if action.prize else 0)
        used = [CARD[c] for c, on in (("trained", action.trained), ("prize", action.prize)) if on]
        cards = k.cards
        for c in used:
            cards = _without(cards, c)
        pen = pens.remove(k.pens[action.pen], action.breed)
        state = evolve(state, fair=(*state.fair, action.breed), discard=(*state.discard, *used))
        state = _with(
            state,
            seat,
            coins=k.coins + FAIR_SALE + extra,
            cards=cards,
            pens=_replace(k.pens, action.pen, pen),
        )
        return _full_pen_bonus(state, seat)
    if isinstance(action, Buy):
        state = _with(state, seat, coins=k.coins - fair_price(state))
        state = evolve(state, fair=_without(state.fair, action.breed))
        return _push(state, Frame("arrange", seat, pool=(action.breed,)))
    assert isinstance(action, Trade)
    pen = pens.remove(k.pens[action.pen], action.breed)
    state = _with(state, seat, pens=_replace(k.pens, action.pen, pen))
    state = evolve(state, fair=(*_without(state.fair, action.fair_breed), action.breed))
    state = _full_pen_bonus(state, seat)
    return _push(state, Frame("arrange", seat, pool=(action.fair_breed,)))


# -- phase 3 ---------------------------------------------------------------------------------------


def _feed_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    k = state.kennels[frame.seat]
    hungry = hungry_pens(k, frame.starved)
    if k.food >= len(hungry):
        return (FEED,)
    return tuple([STARVES[i][b] for i in hungry for b, _ in k.pens[i]])


def _starve(state: DogsState, frame: Frame, action: Starve) -> DogsState:
    """§ Fase 3, tarefa 1: an unfed pen sends one dog to the infirmary, or to the Fair when the
    infirmary is full."""
    seat = frame.seat
    k = state.kennels[seat]
    pen = pens.remove(k.pens[action.pen], action.breed)
    state = _with(state, seat, pens=_replace(k.pens, action.pen, pen))
    if len(k.infirmary) < INFIRMARY_CAP:
        state = _with(state, seat, infirmary=tuple(sorted((*k.infirmary, action.breed))))
    else:
        state = evolve(state, fair=(*state.fair, action.breed))
    state = _full_pen_bonus(state, seat)
    return _set_top(state, evolve(frame, starved=frame.starved | 1 << action.pen))


def _pay(state: DogsState, seat: int, action: Salary) -> DogsState:
    """§ Fase 3, tarefa 2: pay the helper (a coin or the Ajudante card), or rehire him."""
    k = state.kennels[seat]
    if action.how == "card":
        state = evolve(state, discard=(*state.discard, CARD["helper"]))
        return _with(state, seat, cards=_without(k.cards, CARD["helper"]), helper_paid=True)
    if action.how == "none":  # the helper leaves (or stays away)
        left = state.round if k.helper else k.helper_left
        return _with(state, seat, helper=False, helper_paid=False, helper_left=left)
    return _with(state, seat, coins=k.coins - 1, helper=True, helper_paid=True)


# -- cards -----------------------------------------------------------------------------------------


_CARD_TIMES = frozenset({"fuel", "move", "place", "box", "feed", "salary"})
"""The decisions at which a held card may be played (not answering an offer, placing dogs or
taking the homecoming bonus)."""


def _card_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    """Cards usable at this decision: resource cards whenever the holder decides (not while
    answering an offer or placing dogs), the phase 1 cards before moving or going home."""
    if frame.kind not in _CARD_TIMES:
        return ()
    k = state.kennels[frame.seat]
    if not k.cards:
        return ()
    out: tuple[DogsAction, ...] = _resource_plays(k.cards)
    if frame.kind == "move":
        if CARD["swap"] in k.cards:
            out += _swaps(state.spaces)
        if CARD["dog"] in k.cards:
            out += tuple(
                [
                    _use(CARD["dog"], area)
                    for area in (CITY, COUNTRY)
                    if len(state.bags[area]) > state.bags[area].count(BLOCK)
                ]
            )
    return out


@lru_cache(maxsize=1024)
def _resource_plays(cards: tuple[int, ...]) -> tuple[UseCard, ...]:
    """Playing each type of resource card in a hand."""
    return tuple([_use(c) for c in _resource_types(cards)])


@cache
def _use(card: int, a: int = -1, b: int = -1) -> UseCard:
    """Playing a card (one object per play, as for the other actions)."""
    return UseCard(card, a, b)


def _swaps(spaces: tuple[int, ...]) -> tuple[UseCard, ...]:
    """Every play of the Troca de cães card on a board: two dogs of one area change places
    ("Cães da cidade são sempre colocados na área urbana")."""
    area = components().space_area
    dogs_on_board = [s for s, t in enumerate(spaces) if s and t >= 0 and t != BLOCK]
    return tuple(
        [
            _use(CARD["swap"], a, b)
            for i, a in enumerate(dogs_on_board)
            for b in dogs_on_board[i + 1 :]
            if area[a] == area[b]
        ]
    )


def _card_tokens(state: DogsState, seat: int, card_id: int) -> DogsState:
    """§ Receba recursos: the tokens a resource card shows, from the general supply (gas never
    above 9, interpretation 2)."""
    card = components().cards[card_id]
    assert card.resource is not None
    k = state.kennels[seat]
    if card.resource == "gas":
        return _with(state, seat, gas=min(GAS_CAP, k.gas + card.units))
    return _with(state, seat, **{card.resource: getattr(k, card.resource) + card.units})


def _take_card(state: DogsState, seat: int, card_id: int) -> DogsState:
    """A card taken from an action box joins the holder's open cards; with
    `resource_cards=convert` a resource card is its tokens at once and is discarded
    (interpretation 12: "são convertidas imediatamente" against "podem ser guardadas")."""
    if components().cards[card_id].resource and state.options.resource_cards == "convert":
        state = evolve(state, discard=(*state.discard, card_id))
        return _card_tokens(state, seat, card_id)
    k = state.kennels[seat]
    return _with(state, seat, cards=tuple(sorted((*k.cards, card_id))))


def _use_card(state: DogsState, seat: int, action: UseCard) -> DogsState:
    comp = components()
    k = state.kennels[seat]
    state = _with(state, seat, cards=_without(k.cards, action.card))
    state = evolve(state, discard=(*state.discard, action.card))
    card = comp.cards[action.card]
    if card.resource:
        return _card_tokens(state, seat, action.card)
    if card.special == "swap":
        spaces = list(state.spaces)
        spaces[action.a], spaces[action.b] = spaces[action.b], spaces[action.a]
        return evolve(state, spaces=tuple(spaces))
    return _draw_dog(state, seat, action.a)


# -- the protocol ----------------------------------------------------------------------------------


SEATS = tuple(frozenset({s}) for s in range(4))
NOBODY: frozenset[int] = frozenset()


def to_act(state: DogsState) -> frozenset[int]:
    """The seat whose decision is pending."""
    if not state.stack:
        return NOBODY
    frame = state.stack[-1]
    return SEATS[frame.candidates[0] if frame.kind == "offer" else frame.seat]


_LAST_LEGAL: LastLegal[DogsState, DogsAction] = LastLegal()


def legal_actions(state: DogsState, seat: int) -> tuple[DogsAction, ...]:
    """Every legal action of `seat` (only the deciding seat has any)."""
    if not state.stack:
        return ()
    frame = state.stack[-1]
    kind = frame.kind
    if seat != (frame.candidates[0] if kind == "offer" else frame.seat):
        return ()
    actions = _FRAME_ACTIONS[kind](state, frame)
    if kind in _CARD_TIMES and state.kennels[seat].cards:
        cards = _card_actions(state, frame)
        if cards:
            actions = (*actions, *cards)
    _LAST_LEGAL.keep(state, seat, actions)  # a tuple: kept as it is, not copied
    return actions


picked_from_legal = _LAST_LEGAL.check
"""picked_from_legal(state, seat, action): whether `action` is in the list `legal_actions` last
gave for this very state and seat (True: it is legal), or not (False); None when that list was
for another state or seat. The kept list's own method: an apply asks it every decision."""


def _fuel_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    return FUELS[: max_fuel(state.kennels[frame.seat]) + 1]


def _move_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    return (*_moves(state, frame.seat), HOME if state.kennels[frame.seat].trip == OUT else STAY)


def _bonus_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    return BONUSES[state.kennels[frame.seat].gas >= GAS_CAP]


def _offer_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:  # noqa: ARG001
    return ANSWERS


def _salary_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    return _salary_options(state, state.kennels[frame.seat])


_FRAME_ACTIONS: dict[str, Callable[[DogsState, Frame], tuple[DogsAction, ...]]] = {
    "fuel": _fuel_actions,
    "move": _move_actions,
    "bonus": _bonus_actions,
    "arrange": _arrange_actions,
    "offer": _offer_actions,
    "place": _place_actions,
    "box": _box_actions,
    "feed": _feed_actions,
    "salary": _salary_actions,
}
"""The actions of each kind of decision, cards apart."""


def _frame_actions(state: DogsState, frame: Frame) -> tuple[DogsAction, ...]:
    return _FRAME_ACTIONS[frame.kind](state, frame)


def is_legal(state: DogsState, seat: int, frame: Frame, action: DogsAction) -> bool:
    """`action in legal_actions(...)`, with cheaper answers for the most frequent moves."""
    kept = _LAST_LEGAL.check(state, seat, action)
    if kept is not None:
        return kept
    kind = frame.kind
    if isinstance(action, UseCard):
        return action in _card_actions(state, frame)
    if isinstance(action, Put) and kind == "arrange":
        k = state.kennels[seat]
        if frame.vet or len(k.infirmary) > INFIRMARY_CAP or _excess(k.pens, frame.pool)[1] > 0:
            return False
        return action in _puts(k.pens, frame.pool)
    if isinstance(action, Move) and kind == "move":
        return action in _moves(state, seat)
    if isinstance(action, Fuel) and kind == "fuel":
        return type(action.coins) is int and 0 <= action.coins <= max_fuel(state.kennels[seat])
    if isinstance(action, Answer):
        return kind == "offer" and type(action.accept) is bool
    return action in _frame_actions(state, frame)


def apply_unchecked(state: DogsState, seat: int, action: DogsAction) -> DogsState:
    """Carry out `action`; the caller guarantees it is legal."""
    before, state = state, draft(state)  # the one copy this action makes (`core.evolve.draft`)
    frame = state.stack[-1]
    if frame.kind == "arrange":  # the most frequent decisions; no card is played meanwhile
        state = _arrange_apply(state, frame, action)
    elif isinstance(action, UseCard):
        state = _use_card(state, seat, action)
    elif frame.kind == "box":
        state = _box_apply(state, frame, action)
    elif isinstance(action, Place):  # the others by how often they come
        state = _place(state, seat, action)
    elif isinstance(action, Move):
        state = _move(_pop(state), seat, action)
    elif isinstance(action, Fuel):
        k = state.kennels[seat]
        state = _pop(_with(state, seat, coins=k.coins - action.coins, gas=k.gas + 3 * action.coins))
    elif isinstance(action, Starve):
        state = _starve(state, frame, action)
    elif isinstance(action, Home):
        state = _home(_pop(state), seat)
    elif isinstance(action, Bonus):
        k = state.kennels[seat]
        state = _pop(_with(state, seat, **{action.resource: getattr(k, action.resource) + 1}))
    elif isinstance(action, Feed):
        k = state.kennels[seat]
        state = _pop(_with(state, seat, food=k.food - len(hungry_pens(k, frame.starved))))
    elif isinstance(action, Answer):
        state = _answer(state, frame, action.accept)
    elif isinstance(action, Stay):
        state = evolve(_with(_pop(state), seat, trip=STAYED, position=-1), mover=seat)
    else:
        assert isinstance(action, Salary)
        state = _pay(_pop(state), seat, action)
    return freeze(_settle(logged(state, before, (seat, action))))


def _place(state: DogsState, seat: int, action: Place) -> DogsState:
    meeples = list(state.meeples)
    meeples[action.box] = (*meeples[action.box], seat)
    state = evolve(state, meeples=tuple(meeples))
    k = state.kennels[seat]
    if action.card == NO_CARD:  # the pile ran out: the box is still open, without a card
        pass
    elif action.card < 0:  # Entrada Livre: one more meeple on a full box, no card
        state = evolve(state, discard=(*state.discard, CARD["free"]))
        state = _with(state, seat, cards=_without(k.cards, CARD["free"]))
    else:
        boxes = list(state.boxes)
        boxes[action.box] = _without(boxes[action.box], action.card)
        state = _take_card(evolve(state, boxes=tuple(boxes)), seat, action.card)
    return _set_top(state, _decision("box", seat, action.box))


# -- hidden information and invariants ---------------------------------------------------------------


def sample_consistent(state: DogsState, seat: int | None, rng: Rng) -> DogsState:  # noqa: ARG001
    """Re-draw what nobody can see: the order of both dog supplies, the card pile and the
    Fair cards under the top one; and the generator."""
    city, rng = rng.shuffle(sorted(state.bags[CITY]))
    country, rng = rng.shuffle(sorted(state.bags[COUNTRY]))
    deck, rng = rng.shuffle(sorted(state.deck))
    rest, rng = rng.shuffle(sorted(state.fair_cards[1:]))
    fresh, _ = rng.next64()
    return evolve(
        state,
        bags=(city, country),
        deck=deck,
        fair_cards=(state.fair_cards[0], *rest),
        rng=Rng.from_seed(fresh),
    )


def check_invariants(state: DogsState) -> None:
    """Conservation of dogs and cards, pen rules and caps (tests only)."""
    comp = components()
    in_play = [t for t in state.spaces if t >= 0 and t != BLOCK] + [
        t for bag in state.bags for t in bag if t != BLOCK
    ]
    dogs_total = len(in_play) + len(state.fair)
    for k in state.kennels:
        assert all(pens.rows(pen) <= 2 for pen in k.pens), "a pen breaks the two-row rule"
        assert len(k.infirmary) <= INFIRMARY_CAP or state.stack, "infirmary over 6"
        assert 0 <= k.gas <= GAS_CAP and min(k.coins, k.food, k.medicine) >= 0, "resources out of range"
        assert len(k.pens) == len(k.bonus) and 2 <= len(k.pens) <= 5
        dogs_total += sum(healthy_dogs(k).values()) + len(k.infirmary) + len(k.truck)
    dogs_total += sum(len(f.pool) for f in state.stack if f.kind == "arrange")
    dogs_total += sum(1 for f in state.stack if f.kind == "offer")
    used = [b for b in range(len(comp.breed_ids)) if b not in comp.removed[state.players]]
    expected = len(used) * 7 - (2 if two_players(state) else 0)
    assert dogs_total == expected, f"dogs not conserved: {dogs_total} != {expected}"
    blocks = sum(1 for t in state.spaces if t == BLOCK) + sum(
        1 for bag in state.bags for t in bag if t == BLOCK
    )
    assert blocks == (6 if two_players(state) else 0), "blocking tokens not conserved"
    cards = len(state.deck) + len(state.discard) + sum(len(b) for b in state.boxes)
    cards += sum(len(k.cards) for k in state.kennels)
    assert cards == (36 if two_players(state) else 40), "cards not conserved"
