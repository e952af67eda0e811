"""§ Movimento: one Move action, from the declared destination to the last card turned over.

The steps, in the rulebook's order (``Trip`` holds the move while it is resolved):

1. declare the destination (`start_trip`);
2. read the weather card's row for that transport: sun +0, fog +1, storm +2, once per Move;
3. if the row shows a newspaper, draw and resolve an event and pay its watermark;
4. travel: running total = the route's days + the weather + the event's days (never below 0);
   then the tableau cards of the active transports act in slot order, the overflow card last
   (`_card`): discounts, penalties, extra spaces (their days added, their transport now
   active for the cards after them), locks, fame, repeat-left, do-twice, ignore fog/storm,
   don't-flip; the running total never goes below 0;
5. the move costs at least 1 day; the weather row's star or coin; a Correspondent pays;
   every card that took effect turns over (a lock token may stop it); the weather card is
   discarded unless an ignore card cancelled its penalty.

Every choice is a pending `Frame`; `advance` resumes the move after each one.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import add, or_

from tabuleiro.games.volta_ao_mundo import tableau as tb
from tabuleiro.games.volta_ao_mundo.components import (
    ATLANTIC,
    BALLOON,
    BOTH_OCEANS,
    CARRIAGE,
    COIN,
    EVENT,
    FAME,
    FOG,
    MOVEMENT_EFFECTS,
    PACIFIC,
    PACIFIC_MOVE,
    STORM,
    SUN,
    TRAIN,
    Event,
    transport_row,
)
from tabuleiro.games.volta_ao_mundo.state import (
    D_CARDS,
    D_EVENTS,
    D_MINIMUM,
    D_ROUTES,
    D_SABOTAGE,
    D_WEATHER,
    FINISHED,
    NO_DAYS,
    OVERFLOW,
    RACING,
    Frame,
    RaceState,
    Traveller,
    Trip,
    evolve,
)

COMP = tb.COMP
CARDS = tb.CARDS
ROUTE_LIST = COMP.routes
ADJACENT = COMP.adjacent
WEATHER_CARDS = COMP.weather
EVENT_CARDS = COMP.events
LONGITUDE = tuple(round(x * 10) for x in COMP.lon)
FULL_TURN = 3600
WEATHER_DAYS = (0, 1, 2)
MEETING_FAME = next((e.fame for e in EVENT_CARDS if e.effect == "meeting"), 0)
NOT_MOVEMENT = frozenset(
    i for i, c in enumerate(COMP.cards) for f in (0, 1) if c.faces[f].effect not in MOVEMENT_EFFECTS
)


ACTS_WITH = tuple(
    tuple(f.transport if f.effect in MOVEMENT_EFFECTS else 0 for f in card.faces) for card in COMP.cards
)
"""Per card and face, the transports for which that face acts in a Move (0: never)."""
CARD_WORK = tuple(("card", card) for card in range(len(COMP.cards)))
"""Per card, its step 4 work item (`Trip.work`), made once."""


def longitude_step(a: int, b: int) -> int:
    """The signed longitude change from city `a` to `b`, in tenths of a degree, in (-1800, 1800]."""
    d = (LONGITUDE[b] - LONGITUDE[a]) % FULL_TURN
    return d - FULL_TURN if d > FULL_TURN // 2 else d


def can_enter(state: RaceState, t: Traveller, route: int, city: int) -> bool:
    """§ Ambientação: never a visited city; the start city again only after both oceans."""
    if city == t.origin:
        if (t.oceans | ROUTE_LIST[route].ocean) != BOTH_OCEANS:
            return False
        return not state.options.winding or abs(t.winding + longitude_step(t.city, city)) == FULL_TURN
    return not (t.visited >> city) & 1


def destinations(state: RaceState, t: Traveller, mask: int = BALLOON) -> list[tuple[int, int]]:
    """(route, city) pairs the traveller may travel to now, by transports in `mask`."""
    if t.status != RACING:
        return []
    visited, origin = t.visited, t.origin
    return [
        (route, city)
        for route, city in ADJACENT[t.city]
        if ROUTE_TRANSPORT[route] & mask
        and (can_enter(state, t, route, city) if city == origin else not (visited >> city) & 1)
    ]


ROUTE_TRANSPORT = tuple(r.transport for r in ROUTE_LIST)


NEIGHBOURS = tuple(sum(1 << other for _, other in ADJACENT[c]) for c in range(len(ADJACENT)))
"""Per city, its neighbours as a bit set."""
if len(ADJACENT) > 40:
    raise RuntimeError("the map has more than 40 cities: `_open_region` reads five bytes of a city set")


def _byte_tables(neighbours: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per byte k of a city set and each value of that byte, the union of `neighbours` of
    the cities it holds: a set's neighbours in five lookups."""
    return tuple(
        tuple(
            reduce(
                or_,
                (neighbours[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i < len(neighbours)),
                0,
            )
            for byte in range(256)
        )
        for k in range(5)
    )


N0, N1, N2, N3, N4 = _byte_tables(NEIGHBOURS)
"""The neighbours of a set of cities, eight cities (one byte of the set) at a time."""
OCEAN_TABLES = tuple(
    (
        ocean,
        _byte_tables(
            tuple(
                sum(1 << other for route, other in ADJACENT[c] if ROUTE_LIST[route].ocean & ocean)
                for c in range(len(ADJACENT))
            )
        ),
    )
    for ocean in (ATLANTIC, PACIFIC)
)
"""Per ocean: the ocean and its `N0`-`N4`, the neighbours through the routes across it alone."""


def _open_region(city: int, origin: int, visited: int) -> tuple[int, int]:
    """Cities reachable from `city` through unvisited cities (the start city ends a path, it
    is not crossed), as a bit set, and the oceans of the routes inside that region.

    A flood fill on bit sets, a whole ring of cities per step: every move preview asks
    whether its destination strands the traveller, and the search behind the answer calls
    this at each city it tries."""
    home = 1 << origin
    allowed = ~visited | home  # cities a leg may enter
    region = ring = 1 << city
    while ring:
        near = (
            N0[ring & 255]
            | N1[ring >> 8 & 255]
            | N2[ring >> 16 & 255]
            | N3[ring >> 24 & 255]
            | N4[ring >> 32]
        )
        ring = near & allowed & ~region
        region |= ring
        ring &= ~home
    crossed = (region & ~home) | 1 << city  # the cities whose routes lead on
    c0, c1, c2, c3, c4 = (
        crossed & 255,
        crossed >> 8 & 255,
        crossed >> 16 & 255,
        crossed >> 24 & 255,
        crossed >> 32,
    )
    oceans = 0
    for ocean, across in OCEAN_TABLES:
        o0, o1, o2, o3, o4 = across
        if (o0[c0] | o1[c1] | o2[c2] | o3[c3] | o4[c4]) & allowed:  # a crossed city's route across it
            oceans |= ocean
    return region, oceans


def _path(start: int, goal: int, free: int) -> int:
    """A shortest path from `start` to `goal` whose inner cities are all in `free`, as the bit
    set of its cities (`start` and `goal` included), or 0 when there is none."""
    goal_bit = 1 << goal
    allowed = free | goal_bit
    ring = seen = 1 << start
    layers = [ring]
    while not seen & goal_bit:
        # The ring's neighbours, eight cities at a time (`N0`-`N4`), then the new ones allowed.
        ring = (
            (
                N0[ring & 255]
                | N1[ring >> 8 & 255]
                | N2[ring >> 16 & 255]
                | N3[ring >> 24 & 255]
                | N4[ring >> 32]
            )
            & allowed
            & ~seen
        )
        if not ring:
            return 0
        layers.append(ring)
        seen |= ring
    path, here = goal_bit, goal
    for layer in reversed(layers[:-1]):  # back to `start`, one ring at a time
        step = NEIGHBOURS[here] & layer
        here = (step & -step).bit_length() - 1
        path |= 1 << here
    return path


OCEAN_ENDS = tuple((r.a, r.b, r.ocean) for r in ROUTE_LIST if r.ocean)
"""The routes that cross an ocean: their two cities and the ocean."""


def _crossing_found(here: int, origin: int, free: int, missing: int) -> bool:
    """A quick search for one way home from `here` through cities in `free` that crosses the
    oceans in `missing`: for a route across one of them, a shortest path to one end, then on
    from its other end the same way, avoiding the cities already used. True proves a way home
    exists; False proves nothing (`_way_home` then searches every path)."""
    if not missing:
        return bool(_path(here, origin, free))
    for a, b, ocean in OCEAN_ENDS:
        if not ocean & missing:
            continue
        for x, y in ((a, b), (b, a)):  # here ... x, across to y, then on
            if x != here and not free >> x & 1:
                continue
            used = 1 << here if x == here else _path(here, x, free)
            if not used:
                continue
            if y == origin:
                if not missing & ~ocean:
                    return True
                continue
            onward = free >> y & 1 and not used >> y & 1
            if onward and _crossing_found(y, origin, free & ~used & ~(1 << y), missing & ~ocean):
                return True
    return False


FlowGraph = tuple[dict[int, list[int]], dict[tuple[int, int], int]]
"""Arcs out of each node and the capacity of each arc (`_flow_graph`)."""


def _flow_graph(nodes: int) -> FlowGraph:
    """The map on the cities of the bit set `nodes`, each city split in two: its entry
    (2 * city) leads to its exit (2 * city + 1) with capacity 1, the exit to each neighbour's
    entry; every arc has its reverse, of capacity 0, for the flow to undo a step."""
    links: dict[int, list[int]] = {}
    capacity: dict[tuple[int, int], int] = {}

    def arc(u: int, v: int) -> None:
        capacity[u, v] = 1
        capacity.setdefault((v, u), 0)
        links.setdefault(u, []).append(v)
        links.setdefault(v, []).append(u)

    for c in range(len(ADJACENT)):
        if nodes >> c & 1:
            arc(2 * c, 2 * c + 1)
            for _, other in ADJACENT[c]:
                if nodes >> other & 1:
                    arc(2 * c + 1, 2 * other)
    return links, capacity


def _disjoint_pair(graph: FlowGraph, sources: tuple[int, int], sinks: tuple[int, int]) -> bool:
    """Two paths that share no city, each from one of `sources` to one of `sinks` (a city may
    be both: a path of one city), in `graph` (`_flow_graph`).

    A maximum flow of 2 with one unit of capacity per city, by two augmenting paths
    (Menger's theorem); the sources and sinks take one path each."""
    links, capacity = graph
    residual = dict(capacity)
    fed = {2 * c for c in sources}  # entries a new path may start from
    drained = {2 * c + 1 for c in sinks}  # exits a new path may end at
    for _ in range(2):
        back = dict.fromkeys(fed, -1)
        todo = list(fed)
        end = -1
        while todo:
            u = todo.pop()
            if u in drained:
                end = u
                break
            for v in links.get(u, ()):
                if v not in back and residual[u, v] > 0:
                    back[v] = u
                    todo.append(v)
        if end < 0:
            return False
        drained.discard(end)
        v = end
        while back[v] >= 0:
            u = back[v]
            residual[u, v] -= 1
            residual[v, u] += 1
            v = u
        fed.discard(v)
    return True


def _can_cross(here: int, origin: int, region: int, ocean: int) -> bool:
    """Whether a simple path from `here` into `origin` through the open `region`
    (`_open_region`) can cross `ocean`: for one of its routes, a path from `here` to one end
    and another from the other end back to `origin`, sharing no city (`_disjoint_pair`; the
    start city, a source, is on no other path). Exact when `ocean` is the one still missing."""
    nodes = region | 1 << here | 1 << origin
    graph: FlowGraph | None = None
    for a, b, route_ocean in OCEAN_ENDS:
        if route_ocean & ocean and nodes >> a & 1 and nodes >> b & 1:
            graph = graph or _flow_graph(nodes)
            if _disjoint_pair(graph, (here, origin), (a, b)):
                return True
    return False


def _wraps(a: int, b: int) -> int:
    """Full turns a leg from `a` to `b` adds to the winding beyond the longitude difference:
    +1 or -1 across the antimeridian, else 0."""
    return (longitude_step(a, b) - (LONGITUDE[b] - LONGITUDE[a])) // FULL_TURN


WRAP_ROUTES = sum(1 for r in ROUTE_LIST if _wraps(r.a, r.b))
"""Routes across the antimeridian: a circuit crosses each at most once, so its full turns
so far never leave [-WRAP_ROUTES, WRAP_ROUTES]."""


def _may_turn_once(city: int, origin: int, visited: int, turns: int) -> bool:
    """Whether the start city can be reached through unvisited cities with one full turn in
    all (`turns`: full turns so far), on the map's cover where crossing the antimeridian
    changes sheet. Simple paths are not enforced: a quick necessary test for `_way_home`."""
    seen = {(city, turns)}
    todo = [(city, turns)]
    while todo:
        here, k = todo.pop()
        for _, other in ADJACENT[here]:
            after = k + _wraps(here, other)
            if other == origin:
                if abs(after) == 1:
                    return True
            elif not (visited >> other) & 1 and abs(after) <= WRAP_ROUTES and (other, after) not in seen:
                seen.add((other, after))
                todo.append((other, after))
    return False


@lru_cache(maxsize=1 << 16)
def _way_home(city: int, origin: int, visited: int, oceans: int, turns: int | None) -> bool:
    """Some legal sequence of legs leads from `city` into `origin` (§ Ambientação).

    Never through a visited city, into `origin` only as the last leg and with both oceans
    crossed by then; with the strict option (`turns` not None: full turns of longitude so
    far) the circuit must make exactly one full turn. A few shortest paths usually show a
    way across the missing oceans at once (`_crossing_found`); otherwise, with one ocean
    missing, a flow test decides (`_can_cross`), and with both `_search_home` searches every
    path.
    """
    if turns is None and oceans != BOTH_OCEANS:
        region, reachable = _open_region(city, origin, visited)
        if not (region >> origin) & 1 or (oceans | reachable) != BOTH_OCEANS:
            return False
        missing = BOTH_OCEANS & ~oceans
        if _crossing_found(city, origin, ~visited & ~(1 << origin), missing):
            return True
        if missing != BOTH_OCEANS:  # one ocean to cross: the flow test is exact
            return _can_cross(city, origin, region, missing)
    return _search_home(city, origin, visited, oceans, turns)


@lru_cache(maxsize=1 << 16)
def _search_home(city: int, origin: int, visited: int, oceans: int, turns: int | None) -> bool:
    """`_way_home` by a depth-first search over simple paths, cut where the start city, a
    missing ocean's routes or the full turn are out of reach of the region still open."""
    region, reachable = _open_region(city, origin, visited)
    if not (region >> origin) & 1 or (oceans | reachable) != BOTH_OCEANS:
        return False
    if oceans == BOTH_OCEANS and turns is None:
        return True  # any walk home through the open region shortens to a simple path
    if turns is not None and not _may_turn_once(city, origin, visited, turns):
        return False
    for route, other in ADJACENT[city]:
        got = oceans | ROUTE_LIST[route].ocean
        after = None if turns is None else turns + _wraps(city, other)
        if other == origin:
            if got == BOTH_OCEANS and (after is None or abs(after) == 1):
                return True
        elif not (visited >> other) & 1 and _search_home(other, origin, visited | 1 << other, got, after):
            return True
    return False


def _turns(t: Traveller, city: int, winding: int) -> int:
    """Full turns in `winding`, the longitude travelled from `t`'s start city to `city`."""
    return (winding - (LONGITUDE[city] - LONGITUDE[t.origin])) // FULL_TURN


def strands(state: RaceState, t: Traveller, city: int) -> bool:
    """Whether entering `city` now leaves `t` no legal way home (research A-9 rule 10: warn
    before a destination makes finishing impossible; interpretation 26).

    Entering the start city finishes, so it never strands. Decided on the map alone (visited
    cities, oceans crossed, the ``winding`` option), as exactly as the move rules decide.
    """
    if city == t.origin:
        return False
    route = COMP.route_between(t.city, city)
    winding = t.winding + longitude_step(t.city, city)
    turns = _turns(t, city, winding) if state.options.winding else None
    visited = t.visited | 1 << city
    return not _way_home(city, t.origin, visited, t.oceans | ROUTE_LIST[route].ocean, turns)


def stranded(state: RaceState, t: Traveller) -> bool:
    """Whether `t`, racing where it stands, has no legal way home left (see `strands`)."""
    turns = _turns(t, t.city, t.winding) if state.options.winding else None
    return t.status == RACING and not _way_home(t.city, t.origin, t.visited, t.oceans, turns)


def _fresh(trip: Trip | None) -> Trip:
    """A private copy of the move, filled in place (`_put`) until it is stored in a state."""
    assert trip is not None
    return evolve(trip)


def _put(trip: Trip, **changes: object) -> None:
    # Only on a copy from `_fresh` that no state holds yet: states never change.
    trip.__dict__.update(changes)


def _add(trip: Trip, cause: int, days: int, *, plain: bool = True) -> None:
    """`days` join the running total under `cause`; `plain` too unless the step is a discount."""
    ledger = list(trip.ledger)
    ledger[cause] += days
    _put(trip, total=trip.total + days, ledger=tuple(ledger), plain=trip.plain + (days if plain else 0))


def _floor(trip: Trip, cause: int) -> None:
    """The running total is never below 0 (§ Movimento: 'não há como voltar no tempo')."""
    if trip.total < 0:
        _add(trip, cause, -trip.total, plain=False)
    if trip.plain < 0:
        _put(trip, plain=0)


def _store(state: RaceState, trip: Trip, frame: Frame | None = None) -> RaceState:
    """`state` holding the move `trip`, and the decision `frame` when one is due."""
    if frame is None:
        return evolve(state, trip=trip)
    return evolve(state, trip=trip, stack=(*state.stack, frame))


def _done(trip: Trip, card: int) -> None:
    if card not in trip.done:
        _put(trip, done=(*trip.done, card))


def travel(state: RaceState, trip: Trip, route: int, city: int, *, extra: bool) -> RaceState:
    """The pawn travels `route` to `city`: its days join the running total.

    An extra space's transport becomes active for the cards after it (§ Ande mais um espaço).
    Arriving in the start city finishes the race.
    """
    seat = trip.seat
    t = state.travellers[seat]
    r = ROUTE_LIST[route]
    finished = city == t.origin
    t = evolve(
        t,
        city=city,
        path=(*t.path, city),
        visited=t.visited | (1 << city),
        oceans=t.oceans | r.ocean,
        winding=t.winding + longitude_step(t.city, city),
        status=FINISHED if finished else t.status,
        finished_turn=state.turn_index if finished else t.finished_turn,
    )
    state = tb.put(state, seat, t)
    _add(trip, D_ROUTES, r.days)
    if extra:
        _put(trip, active=trip.active | r.transport)
    return _arrive(state, seat, city)


def _arrive(state: RaceState, seat: int, city: int) -> RaceState:
    t = state.travellers[seat]
    if city in t.contacts:  # the Contacts variant
        state = tb.update(state, seat, contacts=tuple(c for c in t.contacts if c != city))
        state = tb.gain_fame(state, seat, 1)
    if city in state.meetings:  # event Appointment: the first to arrive
        state = evolve(
            state,
            meetings=tuple(c for c in state.meetings if c != city),
            city_discard=(*state.city_discard, city),
        )
        state = tb.gain_fame(state, seat, MEETING_FAME)
    return state


# -- declaring and the event ---------------------------------------------------------------


def _declare(state: RaceState, seat: int, city: int, charter: bool) -> Trip:
    """Steps 1-2: the route to `city` and the weather card's row for its transport."""
    route = COMP.route_between(state.travellers[seat].city, city)
    transport = ROUTE_LIST[route].transport
    weather, icon = (SUN, 0) if charter else WEATHER_CARDS[state.weather][transport_row(transport)]
    # The rest of the fields as `NEW_TRIP` has them: a dict copy builds a Trip twice as fast.
    return evolve(
        NEW_TRIP,
        seat=seat,
        route=route,
        transport=transport,
        charter=charter,
        weather=weather,
        icon=icon,
        active=transport,
    )


NEW_TRIP = Trip(
    seat=-1, route=-1, transport=0, charter=False, weather=SUN, icon=0, total=0, active=0, ledger=NO_DAYS
)
"""A move before its declaration: `_declare` fills in the declared fields."""


def apply_plan(state: RaceState, seat: int) -> tuple[RaceState, tuple[tuple[int, int, int], ...]]:
    """A Careful planning waiting for this Move takes hold: the planned cards stand in the
    places they occupy, in the planned order and on the planned faces, for this Move only
    ("Isso não afetará a ordem das suas cartas", interpretation 16). Returns the state and
    what `unplan` needs: (card, face before, planned face) in the order before the plan.

    The plan names cards, so a card bought or moved by a free action since keeps its place.
    """
    turn = state.turn
    if turn is None or not turn.plan:
        return state, ()
    t = state.travellers[seat]
    planned = dict(turn.plan)
    places = [
        pos for pos in range(tb.open_slots(t)) if (q := t.tableau[pos]) is not None and q.card in planned
    ]
    here = {p.card: p for pos in places if (p := t.tableau[pos]) is not None}
    tab = list(t.tableau)
    for pos, (card, face) in zip(places, [(c, f) for c, f in turn.plan if c in here], strict=True):
        tab[pos] = here[card]._replace(face=face)
    undo = tuple((card, p.face, planned[card]) for card, p in here.items())
    state = evolve(tb.put(state, seat, evolve(t, tableau=tuple(tab))), turn=evolve(turn, plan=()))
    return state, undo


def unplan(state: RaceState, seat: int, undo: tuple[tuple[int, int, int], ...]) -> RaceState:
    """After the planned Move the cards go back to their order, each on the face it showed
    before the plan, turned over if the move turned it (interpretation 16). Cards the move
    sent to the overflow position or that entered the tableau stay where they are."""
    t = state.travellers[seat]
    faces = {card: (before, planned) for card, before, planned in undo}
    places = [pos for pos in range(tb.open_slots(t)) if (q := t.tableau[pos]) is not None and q.card in faces]
    here = {p.card: p for pos in places if (p := t.tableau[pos]) is not None}
    tab = list(t.tableau)
    for pos, card in zip(places, [c for c, _, _ in undo if c in here], strict=True):
        before, planned = faces[card]
        tab[pos] = here[card]._replace(face=before ^ here[card].face ^ planned)
    return tb.put(state, seat, evolve(t, tableau=tuple(tab)))


def start_trip(state: RaceState, seat: int, city: int, *, charter: bool) -> RaceState:
    """Steps 1-3: declare the destination, read the weather, draw an event when shown."""
    trip = _declare(state, seat, city, charter)
    if not charter:
        state, undo = apply_plan(state, seat)
        _put(trip, unplan=undo)
    if trip.icon != EVENT:
        return evolve(state, trip=trip)
    return _event(state, trip)


def _draw_event(state: RaceState) -> tuple[int, RaceState]:
    if not state.event_deck:
        deck, rng = state.rng.shuffle(state.event_discard)
        state = evolve(state, event_deck=deck, event_discard=(), rng=rng)
    card = state.event_deck[0]
    return card, evolve(
        state, event_deck=state.event_deck[1:], event_discard=(*state.event_discard, card), last_event=card
    )


def _applies(event: Event, trip: Trip) -> bool:
    if event.when == 0:
        return True
    if event.when == PACIFIC_MOVE:
        return ROUTE_LIST[trip.route].ocean == PACIFIC
    return bool(event.when & trip.transport)


def _insurance(state: RaceState, seat: int) -> RaceState | None:
    """A Travel insurance card cancels this event's harm and turns over (None: no insurance)."""
    pos = tb.first_with(state.travellers[seat], "insurance")
    return tb.flip(state, seat, pos) if pos >= 0 else None


def _event(state: RaceState, trip: Trip) -> RaceState:
    """§ Realizar o evento: draw, read, pay the watermark, apply; choices become a Frame.

    `trip` is the new move (no state holds it yet); the result holds it.
    """
    seat = trip.seat
    card, state = _draw_event(state)
    _put(trip, event=card)
    event = EVENT_CARDS[card]
    state = tb.gain_fame(state, seat, 1) if event.watermark == FAME else tb.gain_coins(state, seat, 1)
    t = state.travellers[seat]
    kind = event.effect
    decide = Frame("event", seat, card=card)
    frame: Frame | None = None
    if kind == "simple":
        out = event.then if _applies(event, trip) else event.otherwise
        days, coins = out.days, out.coins
        if days > 0 or coins < 0:
            insured = _insurance(state, seat)
            if insured is not None:
                state, days, coins = insured, min(days, 0), max(coins, 0)
        state = tb.gain_coins(tb.gain_fame(state, seat, out.fame), seat, coins)
        _add(trip, D_EVENTS, days)
    elif kind == "detour":
        if len(destinations(state, t)) > 1:
            frame = decide
    elif kind == "elephant":
        if trip.transport == TRAIN:
            frame = decide
    elif kind == "left_flips":
        if any(p is not None and tb.unlocked(p) for p in t.tableau):
            frame = Frame("gamblers", (seat + 1) % state.players, target=seat)
    elif kind in ("pay_or_delay", "delay_or_sabotage"):
        if _applies(event, trip):
            insured = _insurance(state, seat)
            if insured is not None:
                state = insured
            elif (t.coins >= event.coins) if kind == "pay_or_delay" else bool(state.skull):
                frame = decide
            else:
                _add(trip, D_EVENTS, event.days)
    elif kind == "connection":
        _put(trip, legs=1, legs_mask=trip.transport, legs_card=-1)
    elif kind == "sponsor":
        cards = telegraph_positions(t)
        room = min(event.coins, tb.income_room(t))
        if len(cards) > 1 and room > 0:
            frame = Frame("event", seat, card=card, count=room)
        else:
            state = sponsor(state, seat, cards[0] if cards else -1, event.coins)
    elif kind == "discount_buy":
        if tb.affordable(state, seat, event.discount):
            frame = decide
    elif kind == "sabotage":
        state = tb.take_sabotage(state, seat)
    elif kind == "urgent_telegram":
        if any(p is not None and p.face == 0 and tb.is_telegraph(p) for p in t.tableau):
            frame = decide
    elif kind == "local_correspondent" and state.city_deck:
        city = state.city_deck[0]
        state = evolve(state, city_deck=state.city_deck[1:], city_discard=(*state.city_discard, city))
        state = tb.gain_fame(tb.gain_coins(state, seat, COMP.city_coins[city]), seat, COMP.city_fame[city])
    elif kind == "meeting" and state.city_deck:
        state = evolve(state, city_deck=state.city_deck[1:], meetings=(*state.meetings, state.city_deck[0]))
    return _store(state, trip, frame)


def telegraph_positions(t: Traveller) -> list[int]:
    """Positions holding a telegraph card, either face, in slot order (the overflow last)."""
    return [pos for pos in tb.order(t) if (p := t.tableau[pos]) is not None and tb.is_telegraph(p)]


def sponsor(state: RaceState, seat: int, pos: int, coins: int) -> RaceState:
    """Event Generous sponsor: `coins` onto the telegraph card at `pos` within the income cap
    (§ Aumentar a renda), the rest to the hand (all of them when `pos` is -1: no card)."""
    t = state.travellers[seat]
    placed = t.tableau[pos] if pos >= 0 else None
    if placed is None:
        return tb.gain_coins(state, seat, coins)
    on_card = min(coins, tb.income_room(t))
    state = tb.set_slot(state, seat, pos, placed._replace(coins=placed.coins + on_card))
    return tb.gain_coins(state, seat, coins - on_card)


def detour(state: RaceState, city: int) -> RaceState:
    """Event Coastal detour: a new destination, its row of the same weather card."""
    trip = _fresh(state.trip)
    t = state.travellers[trip.seat]
    route = COMP.route_between(t.city, city)
    transport = ROUTE_LIST[route].transport
    weather, icon = WEATHER_CARDS[state.weather][transport_row(transport)]
    _put(trip, route=route, transport=transport, active=transport, weather=weather, icon=icon)
    return _store(state, trip)


def elephant(state: RaceState) -> RaceState:
    """Event Hired elephant: this train move counts as a carriage move for the cards."""
    trip = _fresh(state.trip)
    _put(trip, active=CARRIAGE)
    return _store(state, trip)


def event_days(state: RaceState, days: int) -> RaceState:
    """An event's days join the running total."""
    trip = _fresh(state.trip)
    _add(trip, D_EVENTS, days)
    return _store(state, trip)


# -- the leg maths ---------------------------------------------------------------------------


def _depart(state: RaceState, trip: Trip) -> tuple[RaceState, Frame | None]:
    t = state.travellers[trip.seat]
    r = ROUTE_LIST[trip.route]
    city = r.b if r.a == t.city else r.a
    work = tuple([CARD_WORK[p.card] for pos in tb.order(t) if (p := t.tableau[pos]) is not None])
    _put(trip, work=work, departed=True, weathered=trip.active)
    _add(trip, D_WEATHER, WEATHER_DAYS[trip.weather])
    state = travel(state, trip, trip.route, city, extra=False)
    _floor(trip, D_EVENTS)
    return state, _offer_legs(state, trip) if trip.legs else None


def _offer_legs(state: RaceState, trip: Trip) -> Frame | None:
    """The next extra space's decision, or none (and no more offers) when none is possible."""
    t = state.travellers[trip.seat]
    if trip.legs > 0 and destinations(state, t, trip.legs_mask or BALLOON):
        return Frame("leg", trip.seat)
    _put(trip, legs=0)
    return None


def take_leg(state: RaceState, city: int) -> RaceState:
    """One extra space (a card's, or the Perfect connection event's)."""
    trip = _fresh(state.trip)
    t = state.travellers[trip.seat]
    state = travel(state, trip, COMP.route_between(t.city, city), city, extra=True)
    if trip.legs_card >= 0:
        _done(trip, trip.legs_card)
    _put(trip, legs=trip.legs - 1)
    return _store(state, trip, _offer_legs(state, trip))


def stop_legs(state: RaceState) -> RaceState:
    """No more extra spaces from this card."""
    trip = _fresh(state.trip)
    _put(trip, legs=0)
    return _store(state, trip)


def _card(state: RaceState, trip: Trip, op: str, card: int) -> tuple[RaceState, Frame | None]:
    """Step 4 for one card (`op` ``card`` or ``again``); a choice returns its Frame."""
    seat = trip.seat
    t = state.travellers[seat]
    pos = tb.find(t, card)
    if pos < 0:
        return state, None
    placed = t.tableau[pos]
    assert placed is not None
    if op == "double":  # the card done twice goes to the overflow position; choose its face
        return tb.to_overflow(state, seat, pos), Frame("face", seat, card=card)
    face = CARDS[card].faces[placed.face]
    if face.effect not in MOVEMENT_EFFECTS or not face.transport & trip.active:
        return state, None
    effect = face.effect
    if effect == "discount":
        if not trip.no_discount:
            before = trip.total
            _add(trip, D_CARDS, max(0, before - face.value) - before, plain=False)
    elif effect == "penalty":
        _add(trip, D_SABOTAGE, face.value)
    elif effect == "fame_on_move":
        state = tb.gain_fame(state, seat, face.value)
        if state.options.fame_card_discounts == "none" and not trip.no_discount:
            # Interpretation 22, reading `none`: no discount in this whole Move, the ones
            # already taken included.
            _add(trip, D_CARDS, trip.plain - trip.total, plain=False)
            _put(trip, no_discount=True)
    elif effect in ("ignore_fog", "ignore_storm"):
        # The weather was read for the declared leg's transport; an extra space's transport
        # brings no weather of its own to ignore (interpretation 23).
        if (
            trip.cancelled
            or trip.weather != (FOG if effect == "ignore_fog" else STORM)
            or not face.transport & trip.weathered
        ):
            return state, None
        _add(trip, D_WEATHER, -WEATHER_DAYS[trip.weather])
        _floor(trip, D_WEATHER)
        _put(trip, cancelled=True)
    elif effect == "lock_adjacent":
        spots = [
            p
            for p in (tb.left_of(t, pos), tb.right_of(t, pos))
            if p >= 0 and (q := t.tableau[p]) is not None and not q.lock
        ]
        if not spots or tb.locks_in_play(state) >= tb.BOARD.lock_tokens:
            return state, None
        if len(spots) > 1:
            return state, Frame("lock", seat, card=card)
        state = lock(state, seat, spots[0])
    elif effect == "no_flip_right":
        right = tb.right_of(t, pos)
        neighbour = t.tableau[right] if right >= 0 else None
        if neighbour is None:
            return state, None
        _put(trip, keep=(*trip.keep, neighbour.card))
    elif effect == "extra_legs":
        if not destinations(state, t):
            return state, None
        _put(trip, legs=face.value, legs_mask=0, legs_card=card)
        return state, _offer_legs(state, trip)
    elif effect == "repeat_left":
        left = tb.left_of(t, pos) if pos != OVERFLOW else -1
        neighbour = t.tableau[left] if left >= 0 else None
        if neighbour is None or neighbour.card not in trip.done:
            return state, None
        _done(trip, card)
        return tb.to_overflow(state, seat, left), Frame("face", seat, card=neighbour.card)
    elif effect == "double_right":
        right = tb.right_of(t, pos)
        neighbour = t.tableau[right] if right >= 0 else None
        if neighbour is None:
            return state, None
        other = CARDS[neighbour.card].faces[neighbour.face]
        if other.effect not in MOVEMENT_EFFECTS or not other.transport & trip.active:
            return state, None
        rest = tuple(w for w in trip.work if w != ("card", neighbour.card))
        _put(trip, work=(("card", neighbour.card), ("double", neighbour.card), *rest))
    _done(trip, card)
    return state, None


def lock(state: RaceState, seat: int, pos: int) -> RaceState:
    """A lock token on the card at `pos` of `seat`'s tableau."""
    placed = state.travellers[seat].tableau[pos]
    assert placed is not None
    return tb.set_slot(state, seat, pos, placed._replace(lock=True))


def lock_chosen(state: RaceState, frame: Frame, pos: int) -> RaceState:
    """The lock decision: the token goes on `pos`; the locking card took effect."""
    trip = _fresh(state.trip)
    state = lock(state, trip.seat, pos)
    _done(trip, frame.card)
    return _store(state, trip)


def face_chosen(state: RaceState, card: int, face: int) -> RaceState:
    """The face of a card done again; it acts once more at once."""
    trip = _fresh(state.trip)
    placed = state.travellers[trip.seat].tableau[OVERFLOW]
    assert placed is not None and placed.card == card
    state = tb.set_slot(state, trip.seat, OVERFLOW, placed._replace(face=face))
    _put(trip, work=(("again", card), *trip.work))
    return _store(state, trip)


# -- the end of the move ---------------------------------------------------------------------


def _finish_maths(state: RaceState, trip: Trip) -> RaceState:
    """Step 5: at least one day, the weather row's bonus, a Correspondent; then the flips."""
    seat = trip.seat
    if trip.total < 1:
        _add(trip, D_MINIMUM, 1 - trip.total)
    if not trip.charter:
        if trip.icon == FAME:
            state = tb.gain_fame(state, seat, 1)
        elif trip.icon == COIN:
            state = tb.gain_coins(state, seat, 1)
    correspondent = tb.first_with(state.travellers[seat], "correspondent")
    if correspondent >= 0:
        state = tb.flip(state, seat, correspondent)
        state = tb.take_sabotage(tb.gain_fame(state, seat, 2), seat)
    _put(trip, ended=True, flips=tuple(c for c in trip.done if c not in trip.keep))
    return state


def token_chosen(state: RaceState, card: int, hold: bool) -> RaceState:
    """Spend the lock token to keep `card` from turning over, or let it turn (keeping the token)."""
    trip = _fresh(state.trip)
    t = state.travellers[trip.seat]
    pos = tb.find(t, card)
    placed = t.tableau[pos]
    assert placed is not None
    if hold:
        state = tb.set_slot(state, trip.seat, pos, placed._replace(lock=False))
    else:
        state = tb.flip(state, trip.seat, pos)
    _put(trip, flips=trip.flips[1:])
    return _store(state, trip)


def _close(state: RaceState, trip: Trip) -> RaceState:
    seat = trip.seat
    if trip.unplan:
        state = unplan(state, seat, trip.unplan)
    t = state.travellers[seat]
    ledger = tuple(map(add, t.ledger, trip.ledger))  # both have one entry per cause
    state = tb.update(state, seat, days=t.days + trip.total, ledger=ledger)
    if trip.charter or trip.cancelled:  # Ignora névoa/tempestade: the weather card stays
        return evolve(state, trip=None)
    return next_weather(evolve(state, trip=None, weather_discard=(*state.weather_discard, state.weather)))


def next_weather(state: RaceState) -> RaceState:
    """Reveal the next weather card (the discards reshuffled when the deck is empty)."""
    if not state.weather_deck:
        deck, rng = state.rng.shuffle(state.weather_discard)
        state = evolve(state, weather_deck=deck, weather_discard=(), rng=rng)
    return evolve(state, weather=state.weather_deck[0], weather_deck=state.weather_deck[1:])


def _acts(t: Traveller, trip: Trip, card: int) -> bool:
    """Whether `card` may act in this move (cheap test; `_card` decides)."""
    for placed in t.tableau:
        if placed is not None and placed.card == card:
            return bool(ACTS_WITH[card][placed.face] & trip.active)
    return False


def _idle_work(t: Traveller, trip: Trip) -> int:
    """How many of the next work items are cards that cannot act (`_acts`): skipped at once."""
    work = trip.work
    skip = 0
    while skip < len(work) and work[skip][0] != "double" and not _acts(t, trip, work[skip][1]):
        skip += 1
    return skip


def _flip_all(state: RaceState, trip: Trip) -> RaceState:
    """Turn over the cards that took effect, up to the first one holding a lock token."""
    t = state.travellers[trip.seat]
    tab = list(t.tableau)
    flips = trip.flips
    while flips:
        pos = tb.find(t, flips[0])
        placed = tab[pos] if pos >= 0 else None
        if placed is not None and placed.lock:
            break
        if placed is not None:
            tab[pos] = placed.turned()
        flips = flips[1:]
    _put(trip, flips=flips)
    return tb.put(state, trip.seat, evolve(t, tableau=tuple(tab)))


def advance(state: RaceState) -> RaceState:
    """Resolve the move until a decision is pending or the move is over."""
    if state.trip is None or (state.stack and state.stack[-1].kind not in ("turn", "rest")):
        return state
    trip = _fresh(state.trip)
    frame: Frame | None = None
    while frame is None:
        if not trip.departed:
            state, frame = _depart(state, trip)
        elif trip.work:
            work = trip.work
            skip = _idle_work(state.travellers[trip.seat], trip)
            if skip:
                _put(trip, work=work[skip:])
                continue
            _put(trip, work=work[1:])
            state, frame = _card(state, trip, *work[0])
        elif not trip.ended:
            state = _finish_maths(state, trip)
        elif trip.flips:
            state = _flip_all(state, trip)
            if trip.flips:
                frame = Frame("token", trip.seat, card=trip.flips[0])
        else:
            return _close(state, trip)
    return _store(state, trip, frame)


# -- the preview -----------------------------------------------------------------------------

PreviewStep = tuple[str, int, int, int]
"""(what, which, days, running total): ``route`` (route index), ``weather`` (-1), ``card``
and ``again`` (card index), ``legs`` (card index or -1 for the event; days = spaces offered),
``face`` (card index: its face is chosen during the move), ``minimum`` (-1)."""


def _preview_cards(state: RaceState, trip: Trip, steps: list[PreviewStep]) -> None:
    """Step 4 on a private copy of the move, card by card, as `advance` runs it.

    Where the move will ask something, the preview takes the answer that keeps the move as
    declared: no extra space, the face the card already shows, the lock on either neighbour.
    """
    while trip.work:
        skip = _idle_work(state.travellers[trip.seat], trip)
        if skip:
            _put(trip, work=trip.work[skip:])
            continue
        op, card = trip.work[0]
        _put(trip, work=trip.work[1:])
        before, done = trip.total, len(trip.done)
        state, frame = _card(state, trip, op, card)
        if frame is not None and frame.kind == "leg":
            steps.append(("legs", card, trip.legs, trip.total))
            _put(trip, legs=0)
            continue
        if frame is not None and frame.kind == "lock":  # which neighbour is locked changes no day
            _done(trip, card)
        acted = frame is not None or len(trip.done) > done or trip.total != before or op == "again"
        if op != "double" and acted:
            steps.append((op, card, trip.total - before, trip.total))
        if frame is not None and frame.kind == "face":  # the card acts again with the face it shows
            steps.append(("face", frame.card, 0, trip.total))
            _put(trip, work=(("again", frame.card), *trip.work))
    if trip.total < 1:
        steps.append(("minimum", -1, 1 - trip.total, 1))


def preview_move(state: RaceState, seat: int, city: int, *, charter: bool = False) -> list[PreviewStep]:
    """The running total of a Move to `city`, step by step, before it is declared.

    Built by the move's own code on a copy, from what everyone sees: the route's days, the
    weather card's row (a newspaper there means an event whose card is still hidden: the
    preview leaves it out and says so with an ``event`` step), then each tableau card.
    """
    trip = _declare(state, seat, city, charter)
    if not charter:
        state, _ = apply_plan(state, seat)
    state, _ = _depart(state, trip)
    days = ROUTE_LIST[trip.route].days
    steps: list[PreviewStep] = [("route", trip.route, days, days)]
    steps.append(("weather", -1, WEATHER_DAYS[trip.weather], days + WEATHER_DAYS[trip.weather]))
    if trip.icon == EVENT:
        steps.append(("event", -1, 0, trip.total))
    _preview_cards(state, trip, steps)
    return steps


def preview_leg(state: RaceState, city: int) -> list[PreviewStep]:
    """The rest of the move being resolved after one more space to `city` (-1: stopping)."""
    trip = _fresh(state.trip)
    steps: list[PreviewStep] = []
    if city >= 0:
        t = state.travellers[trip.seat]
        route = COMP.route_between(t.city, city)
        state = travel(state, trip, route, city, extra=True)
        if trip.legs_card >= 0:
            _done(trip, trip.legs_card)
        steps.append(("route", route, ROUTE_LIST[route].days, trip.total))
        if trip.legs > 1 and destinations(state, state.travellers[trip.seat], trip.legs_mask or BALLOON):
            steps.append(("legs", trip.legs_card, trip.legs - 1, trip.total))
    _put(trip, legs=0)
    _preview_cards(state, trip, steps)
    return steps
