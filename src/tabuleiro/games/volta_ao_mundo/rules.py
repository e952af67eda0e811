"""Volta ao mundo em 80 dias: setup, the sealed city draft, turns, and the protocol's answers.

§ Início do jogo: six city cards each, pick one and pass the rest to the right until each
player holds five (every pick sealed until all have chosen), then choose the start city
among them (sealed too); the other four cards give their coins and fame. § O turno: two
different main actions (Move, Telegraph, an active Effect, Buy) with at most one free action
(buy, turn a card over, move a card one space) before or after them, or Rest alone. The
Move action is `movement`; cards and market are `tableau`. The end of the race, which the
rulebook leaves out, is interpretation 28 (`_race_over`).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, permutations
from typing import NamedTuple

from tabuleiro.core import IllegalActionError, Rng
from tabuleiro.core.evolve import draft, freeze
from tabuleiro.core.last_legal import LastLegal
from tabuleiro.games.volta_ao_mundo import movement as mv
from tabuleiro.games.volta_ao_mundo import tableau as tb
from tabuleiro.games.volta_ao_mundo.actions import (
    BUYS,
    DELAY,
    ELEPHANT,
    END,
    FLIPS,
    HOLD,
    PAY,
    REST,
    SKIP,
    STOP,
    SWAPS,
    TAKE_SABOTAGE,
    TELEGRAPH_OPTIONS,
    TELEGRAPHS,
    TURN,
    Buy,
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
    Refresh,
    Rest,
    Sabotage,
    Sponsor,
    Start,
    Swap,
    Telegraph,
    UseEffect,
)
from tabuleiro.games.volta_ao_mundo.components import ACTIVE_EFFECTS, BALLOON, FIRST_TELEGRAPH, MARKET_CARDS
from tabuleiro.games.volta_ao_mundo.state import (
    BUY,
    D_IDLE,
    D_REST,
    DRAFT,
    EFFECT,
    FINISHED,
    MOVE,
    NO_DAYS,
    OUT,
    OVER,
    OVERFLOW,
    PLAY,
    RACING,
    START,
    TELEGRAPH,
    Frame,
    Placed,
    RaceOptions,
    RaceState,
    Traveller,
    Turn,
    evolve,
)

COMP = tb.COMP
BOARD = tb.BOARD
CARDS = tb.CARDS
CITIES = len(COMP.city_ids)
TURN_LIMIT = BOARD.day_track
"""A traveller still racing after this many turns, or on this day, is out (interpretation 26)."""
SUBSETS = tuple(
    tuple(c) for n in range(1, BOARD.market_size + 1) for c in combinations(range(BOARD.market_size), n)
)
REFRESH = tuple(Refresh(s) for s in SUBSETS)
MOVES = tuple(Move(c) for c in range(CITIES))
OPTION_PAIRS = tuple(permutations(TELEGRAPH_OPTIONS, 2))
OPTION_CHOICES = (*((o,) for o in TELEGRAPH_OPTIONS), *OPTION_PAIRS)
SEATS = tuple(frozenset({s}) for s in range(4))
NOBODY: frozenset[int] = frozenset()


# -- setup and the draft ---------------------------------------------------------------------


def setup(players: int, seed: int, options: RaceOptions) -> RaceState:
    """§ Preparação and § Início do jogo up to the draft."""
    rng = Rng.from_seed(seed)
    cities, rng = rng.shuffle(range(CITIES))
    deal = BOARD.draft_hand
    hands = tuple(tuple(sorted(cities[s * deal : (s + 1) * deal])) for s in range(players))
    weather, rng = rng.shuffle(range(len(COMP.weather)))
    events, rng = rng.shuffle(range(len(COMP.events)))
    deck, rng = rng.shuffle(range(MARKET_CARDS))
    skull, rng = rng.shuffle(range(MARKET_CARDS, FIRST_TELEGRAPH))
    size = BOARD.market_size
    travellers = tuple(
        Traveller(
            city=-1,
            origin=-1,
            path=(),
            visited=0,
            oceans=0,
            winding=0,
            days=0,
            ledger=NO_DAYS,
            fame=0,
            coins=0,
            tableau=(Placed(FIRST_TELEGRAPH + seat, 0), *tb.EMPTY_TABLEAU[1:]),
            status=RACING,
            turns=0,
            finished_turn=-1,
            drafted=(),
            contacts=(),
        )
        for seat in range(players)
    )
    return RaceState(
        players=players,
        options=options,
        rng=rng,
        phase=DRAFT,
        hands=hands,
        sealed=(-1,) * players,
        city_deck=cities[players * deal :],
        removed=(),
        city_discard=(),
        meetings=(),
        travellers=travellers,
        market=deck[:size],
        under=(-1,) * size,
        deck=deck[size:],
        discard=(),
        skull=skull,
        weather=-1,
        weather_deck=weather,
        weather_discard=(),
        event_deck=events,
        event_discard=(),
        last_event=-1,
        first=0,
        turn=None,
        trip=None,
        stack=(),
        turn_index=0,
        log=None,
    )


def _seal(state: RaceState, seat: int, city: int) -> RaceState:
    sealed = state.sealed
    state = evolve(state, sealed=(*sealed[:seat], city, *sealed[seat + 1 :]))
    if min(state.sealed) < 0:
        return state
    return _draft_round(state) if state.phase == DRAFT else _begin_race(state)


def _draft_round(state: RaceState) -> RaceState:
    """Every seat keeps its sealed pick; the rest of each hand passes to the right."""
    n = state.players
    ts = list(state.travellers)
    hands = list(state.hands)
    for s in range(n):
        ts[s] = evolve(ts[s], drafted=(*ts[s].drafted, state.sealed[s]))
        hands[s] = tuple(c for c in hands[s] if c != state.sealed[s])
    if len(ts[0].drafted) == BOARD.draft_keep:  # the last cards leave the game
        removed = tuple(sorted(c for h in hands for c in h))
        return evolve(
            state, travellers=tuple(ts), hands=((),) * n, removed=removed, sealed=(-1,) * n, phase=START
        )
    # Seats go clockwise: the player on a seat's right is the previous seat.
    passed = tuple(hands[(s + 1) % n] for s in range(n))
    return evolve(state, travellers=tuple(ts), hands=passed, sealed=(-1,) * n)


def _begin_race(state: RaceState) -> RaceState:
    """Start cities revealed; the other four cards pay; a first player; the first weather card."""
    for seat, t in enumerate(state.travellers):
        origin = state.sealed[seat]
        others = tuple(c for c in t.drafted if c != origin)
        t = evolve(
            t,
            city=origin,
            origin=origin,
            path=(origin,),
            visited=1 << origin,
            coins=sum(COMP.city_coins[c] for c in others),
            contacts=others if state.options.contacts else (),
        )
        state = tb.gain_fame(tb.put(state, seat, t), seat, sum(COMP.city_fame[c] for c in others))
    first, rng = state.rng.below(state.players)
    state = mv.next_weather(evolve(state, rng=rng, first=first, phase=PLAY, sealed=(-1,) * state.players))
    if state.options.opening == "reverse":  # interpretation 46: the last player buys first
        n = state.players
        return evolve(state, stack=tuple(Frame("opening", (first + k) % n) for k in range(1, n)))
    return _start_turn(state, first)


# -- the turn --------------------------------------------------------------------------------


def _start_turn(state: RaceState, seat: int) -> RaceState:
    """The next racing traveller from `seat` on takes a turn; one with nowhere to go withdraws."""
    for i in range(state.players):
        s = (seat + i) % state.players
        t = state.travellers[s]
        if t.status != RACING:
            continue
        if not mv.destinations(state, t):  # interpretation 26: trapped by the no-return rule
            state = tb.update(state, s, status=OUT)
            if _race_over(state):
                return _game_over(state)
            continue
        return evolve(
            state, turn=Turn(s), stack=(Frame("turn", s),), turn_index=state.turn_index + 1, trip=None
        )
    return _game_over(state)


def _end_turn(state: RaceState) -> RaceState:
    """Discard the overflow card; a day for a turn without a Move, two for Rest; next player."""
    turn = state.turn
    assert turn is not None
    seat = turn.seat
    t = state.travellers[seat]
    overflow = t.tableau[OVERFLOW]
    if overflow is not None:
        state = tb.remove(state, seat, OVERFLOW)
        t = state.travellers[seat]
    cause, days = (D_REST, 2) if turn.rest else (D_IDLE, 1)
    if not turn.rest and (turn.moved or not state.options.idle_day):
        days = 0
    ledger = (*t.ledger[:cause], t.ledger[cause] + days, *t.ledger[cause + 1 :])
    t = evolve(t, days=t.days + days, ledger=ledger, turns=t.turns + 1)
    if t.status == RACING and (t.days >= BOARD.day_track or t.turns >= TURN_LIMIT):
        t = evolve(t, status=OUT)
    state = evolve(tb.put(state, seat, t), turn=None, stack=())
    if _race_over(state):
        return _game_over(state)
    return _start_turn(state, (seat + 1) % state.players)


def _race_over(state: RaceState) -> bool:
    """Interpretation 28: who can still win decides when the race is over."""
    racing = [t for t in state.travellers if t.status == RACING]
    finished = [t.days for t in state.travellers if t.status == FINISHED]
    if not racing:
        return True
    rule = state.options.end
    if rule == "all":
        return False
    if rule == "all_but_one":
        return len(racing) <= 1 and bool(finished)
    # Days only grow and a Move costs at least 1 day: nobody at best - 1 or later can beat it.
    return bool(finished) and all(t.days + 1 >= min(finished) for t in racing)


def _game_over(state: RaceState) -> RaceState:
    return evolve(state, phase=OVER, turn=None, trip=None, stack=())


def _settle(state: RaceState) -> RaceState:
    """Run what nobody decides: the rest of a move, the end of a turn."""
    while state.phase == PLAY:
        if not state.stack:  # the opening purchases are over
            state = _start_turn(state, state.first)
            continue
        frame = state.stack[-1]
        if frame.kind not in ("turn", "rest"):
            return state
        if state.trip is not None:
            state = mv.advance(state)
            continue
        turn = state.turn
        assert turn is not None
        if frame.kind == "turn":
            t = state.travellers[turn.seat]
            if t.status != RACING or (turn.mains >= 2 and turn.free):
                state = _end_turn(state)
                continue
        elif frame.count <= 0:
            state = _end_turn(state)
            continue
        return state
    return state


def _pop(state: RaceState) -> RaceState:
    return evolve(state, stack=state.stack[:-1])


def _main(state: RaceState, bit: int) -> RaceState:
    turn = state.turn
    assert turn is not None
    return evolve(state, turn=evolve(turn, used=turn.used | bit, mains=turn.mains + 1))


def _free(state: RaceState) -> RaceState:
    turn = state.turn
    assert turn is not None
    return evolve(state, turn=evolve(turn, free=True))


# -- legal actions ---------------------------------------------------------------------------


def _swap_pairs(t: Traveller) -> list[tuple[int, int]]:
    """Each position and the one to its right (`tableau.right_of`) where a card would move."""
    tab = t.tableau
    slots = tb.open_slots(t)
    out = []
    for a in range(slots):
        b = a + 1 if a + 1 < slots else OVERFLOW
        if tab[a] is not None or tab[b] is not None:
            out.append((a, b))
    return out


def _swaps(
    t: Traveller, office: int = -1, free: bool = False, pairs: list[tuple[int, int]] | None = None
) -> list[Swap]:
    return [SWAPS[a, b, office, free] for a, b in (_swap_pairs(t) if pairs is None else pairs)]


@cache
def _turn_swaps(
    occupied: int, slots: int, offices: tuple[int, ...]
) -> tuple[tuple[Swap, ...], tuple[Swap, ...]]:
    """A turn's swaps through each office (in order), and its free swaps, for the tableau
    positions in the bit set `occupied` with `slots` open slots: they depend on nothing else,
    and few such tableaux occur."""
    rights = [(a, a + 1 if a + 1 < slots else OVERFLOW) for a in range(slots)]  # `_swap_pairs`
    pairs = [(a, b) for a, b in rights if (occupied >> a | occupied >> b) & 1]
    office_swaps = tuple(SWAPS[a, b, office, False] for office in offices for a, b in pairs)
    return office_swaps, tuple(SWAPS[a, b, -1, True] for a, b in pairs)


def _flips(t: Traveller, free: bool) -> list[Flip]:
    """The free action turns any card both of whose faces play ("Desvirar uma carta"); Rest
    turns only those not *trancadas*: no lock token either (§ Descansar, interpretation 34)."""
    can = tb.turnable if free else tb.unlocked
    return [FLIPS[pos, free] for pos in tb.order(t) if (p := t.tableau[pos]) is not None and can(p)]


def _buys(markets: list[int], office: int = -1, free: bool = False) -> list[Buy]:
    return [BUYS[m, office, free] for m in markets]


def _telegraphs(t: Traveller, any_face: bool, pairs: bool) -> list[Telegraph]:
    out: list[Telegraph] = []
    for pos in tb.order(t):
        p = t.tableau[pos]
        if p is None or not tb.is_telegraph(p) or (p.face and not any_face):
            continue
        singles, doubles = TELEGRAPHS[pos]
        out += singles
        if pairs and tb.telegraph_values(p).multi:
            out += doubles
    return out


def _effects(state: RaceState, seat: int) -> list[UseEffect]:
    t = state.travellers[seat]
    out: list[UseEffect] = []
    for pos in tb.order(t):
        p = t.tableau[pos]
        if p is None:
            continue
        effect = tb.face(p).effect
        if effect not in ACTIVE_EFFECTS:
            continue
        if effect == "planning":
            if _move_to_come(state):  # interpretation 16: only for this turn's Move
                out.append(UseEffect(pos))
        elif effect == "sponsorship":
            out.append(UseEffect(pos))
        elif effect == "charter":
            out += _charters(state, t, pos)
        elif effect == "lawyer":
            out += [
                UseEffect(pos, pos=q)
                for q in tb.order(t)
                if (s := t.tableau[q]) is not None and CARDS[s.card].category == "sabotage"
            ]
        else:  # bribe
            out += [
                UseEffect(pos, seat=other, pos=q)
                for other in range(state.players)
                if other != seat
                for q in tb.order(state.travellers[other])
                if (s := state.travellers[other].tableau[q]) is not None and tb.turnable(s)
            ]
    return out


def _charters(state: RaceState, t: Traveller, pos: int) -> list[UseEffect]:
    """A Fretamento card at `pos`: a Move to each neighbouring city the traveller may enter."""
    return [UseEffect(pos, city=c) for _, c in mv.destinations(state, t)]


def travel_actions(state: RaceState, seat: int) -> list[RaceAction]:
    """The legal actions of `seat` that travel, in `legal_actions`' order: in a turn, the
    Moves and the Charters; deciding on extra spaces, those spaces and stopping. What a
    move's preview needs, without listing every other action of the turn."""
    if state.phase != PLAY or seat not in to_act(state):
        return []
    frame = state.stack[-1]
    if frame.kind == "leg":
        return _frame_actions(state, seat, frame)
    turn = state.turn
    if frame.kind != "turn" or turn is None or turn.mains >= 2:
        return []
    t = state.travellers[seat]
    out: list[RaceAction] = []
    if not turn.used & MOVE:
        out += [MOVES[c] for _, c in mv.destinations(state, t)]
    if not turn.used & EFFECT:
        for pos in tb.order(t):
            p = t.tableau[pos]
            if p is not None and tb.face(p).effect == "charter":
                out += _charters(state, t, pos)
    return out


def _move_to_come(state: RaceState) -> bool:
    """This turn's Move action is still to come: a Careful planning is for that Move."""
    turn = state.turn
    return turn is not None and not turn.used & MOVE and turn.mains < 2


class TurnTraits(NamedTuple):
    """What a turn's legal actions read from one card on one face (`TURN_TRAITS`)."""

    telegraph: int
    """0, or a telegraph card: `TELEGRAPH_FACE` (single options), `CABLE` (pairs too) or
    `OFFICE` (its B face, § Telégrafo)."""
    active: bool
    """The face shows an active effect (§ Efeitos)."""
    agent: int | None
    """A Travel agent's discount, else None."""
    turnable: bool
    """Both faces play: the card turns by hand (`tableau.turnable`)."""


TELEGRAPH_FACE, CABLE, OFFICE = 1, 2, 3


def _traits(card: int, side: int) -> TurnTraits:
    faces = CARDS[card].faces
    face = faces[side]
    telegraph = 0
    if CARDS[card].category == "telegraph":
        telegraph = OFFICE if side else CABLE if faces[0].multi else TELEGRAPH_FACE
    return TurnTraits(
        telegraph=telegraph,
        active=face.effect in ACTIVE_EFFECTS,
        agent=face.value if face.effect == "travel_agent" else None,
        turnable=tb.TURNABLE[card],
    )


TURN_TRAITS = tuple((_traits(c, 0), _traits(c, 1)) for c in range(len(CARDS)))
"""Per card and face, its `TurnTraits`: a turn reads them for every card of the tableau."""


def _turn_actions(state: RaceState, seat: int) -> list[RaceAction]:
    turn = state.turn
    assert turn is not None
    t = state.travellers[seat]
    tab = t.tableau
    # One pass over the cards in slot order gathers what `_telegraphs`, `_flips`, `_effects`
    # and `tableau.affordable` each read from them.
    offices: list[int] = []
    telegraphs: list[RaceAction] = []
    active = False
    flips: list[RaceAction] = []
    discount: int | None = None
    occupied = 0
    for pos in tb.order(t):
        p = tab[pos]
        if p is None:
            continue
        occupied |= 1 << pos
        telegraph, acts, agent, turnable = TURN_TRAITS[p.card][p.face]
        if telegraph == OFFICE:
            offices.append(pos)
        elif telegraph:
            singles, doubles = TELEGRAPHS[pos]
            telegraphs += singles
            if telegraph == CABLE:
                telegraphs += doubles
        if acts:
            active = True
        elif agent is not None and discount is None:  # the first one (`tableau.price`)
            discount = agent
        if turnable:
            flips.append(FLIPS[pos, True])
    markets = tb.affordable_at(state, t.coins + (discount or 0))
    office_swaps, free_swaps = _turn_swaps(occupied, tb.open_slots(t), tuple(offices))
    mains: list[RaceAction] = []
    if turn.mains < 2:
        used = turn.used
        if not used & MOVE:
            mains += [MOVES[c] for _, c in mv.destinations(state, t)]
        if not used & TELEGRAPH:
            mains += telegraphs
            mains += office_swaps
        if not used & EFFECT and active:
            mains += _effects(state, seat)
        if not used & BUY:
            mains += _buys(markets)
            for office in offices:
                mains += _buys(markets, office=office)
        if turn.mains == 0 and not turn.free:
            mains.append(REST)
    free: list[RaceAction] = []
    if not turn.free:
        free = [*_buys(markets, free=True), *flips, *free_swaps]
    end: list[RaceAction] = [END] if turn.mains >= 2 or not mains else []
    return mains + free + end


def _rest_actions(state: RaceState, seat: int) -> list[RaceAction]:
    t = state.travellers[seat]
    refresh = (
        REFRESH
        if min(state.market) >= 0
        else [r for r in REFRESH if min(state.market[m] for m in r.markets) >= 0]
    )
    return [
        *_swaps(t),
        *_flips(t, False),
        *_telegraphs(t, any_face=True, pairs=False),
        *refresh,
        *_buys(tb.affordable(state, seat)),
        END,
    ]


def _event_actions(state: RaceState, frame: Frame) -> list[RaceAction]:
    seat = frame.seat
    t = state.travellers[seat]
    event = COMP.events[frame.card]
    trip = state.trip
    assert trip is not None
    kind = event.effect
    if kind == "detour":
        declared = ROUTES[trip.route]
        return [*(Detour(c) for _, c in mv.destinations(state, t) if c not in (declared.a, declared.b)), SKIP]
    if kind == "elephant":
        return [ELEPHANT, SKIP]
    if kind == "pay_or_delay":
        return [PAY, DELAY]
    if kind == "delay_or_sabotage":
        return [DELAY, TAKE_SABOTAGE]
    if kind == "discount_buy":
        return [
            *(Buy(m) for m in range(len(state.market)) if tb.can_buy(state, seat, m, event.discount)),
            SKIP,
        ]
    if kind == "sponsor":
        return [Sponsor(pos) for pos in mv.telegraph_positions(t)]
    return [*_telegraphs(t, any_face=False, pairs=False), SKIP]  # urgent telegram


def _plan_actions(frame: Frame, t: Traveller) -> list[RaceAction]:
    out: list[RaceAction] = []
    for pos in frame.pool:
        p = t.tableau[pos]
        assert p is not None
        if tb.turnable(p) and pos != frame.card:
            out += [Plan(pos, 0), Plan(pos, 1)]
        else:
            out.append(Plan(pos, p.face))
    return out


ROUTES = COMP.routes


def _frame_actions(state: RaceState, seat: int, frame: Frame) -> list[RaceAction]:
    kind = frame.kind
    if kind == "turn":
        return _turn_actions(state, seat)
    t = state.travellers[seat]
    if kind == "rest":
        return _rest_actions(state, seat)
    trip = state.trip
    if kind == "leg":
        assert trip is not None
        return [*(Leg(c) for _, c in mv.destinations(state, t, trip.legs_mask or BALLOON)), STOP]
    if kind == "lock":
        pos = tb.find(t, frame.card)
        return [
            Lock(p)
            for p in (tb.left_of(t, pos), tb.right_of(t, pos))
            if p >= 0 and (q := t.tableau[p]) is not None and not q.lock
        ]
    if kind == "face":
        return [FaceChoice(0), FaceChoice(1)]
    if kind == "token":
        return [HOLD, TURN]
    if kind == "sabotage":
        return [
            Sabotage(m)
            for m, (c, u) in enumerate(zip(state.market, state.under, strict=True))
            if c >= 0 and u < 0
        ]
    if kind == "gamblers":
        target = state.travellers[frame.target]
        return [
            Flip(pos) for pos in tb.order(target) if (p := target.tableau[pos]) is not None and tb.unlocked(p)
        ]
    if kind == "plan":
        return _plan_actions(frame, t)
    if kind == "opening":
        return [*_buys(tb.affordable(state, seat)), SKIP]
    return _event_actions(state, frame)


def to_act(state: RaceState) -> frozenset[int]:
    """The seats with a pending decision: every unsealed seat in the draft, else one."""
    if state.phase == PLAY:
        return SEATS[state.stack[-1].seat]
    if state.phase == OVER:
        return NOBODY
    return frozenset(s for s, c in enumerate(state.sealed) if c < 0)


_LAST_LEGAL: LastLegal[RaceState, RaceAction] = LastLegal()


def legal_actions(state: RaceState, seat: int) -> list[RaceAction]:
    """Every legal action of `seat`."""
    if seat not in to_act(state):
        return []
    if state.phase == DRAFT:
        actions: list[RaceAction] = [Pick(c) for c in state.hands[seat]]
    elif state.phase == START:
        actions = [Start(c) for c in state.travellers[seat].drafted]
    else:
        actions = _frame_actions(state, seat, state.stack[-1])
    _LAST_LEGAL.keep(state, seat, actions)
    return actions


def picked_from_legal(state: RaceState, seat: int, action: RaceAction) -> bool:
    """Whether `action` is in the list `legal_actions` last gave for this very state and seat
    (so it is legal); False when that list was for another state or seat."""
    return _LAST_LEGAL.check(state, seat, action) is True


def _at(pos: int) -> bool:
    """`pos` names a tableau position that exists: slots 1-6 or the overflow."""
    return type(pos) is int and 0 <= pos <= OVERFLOW


def _office_field(office: int) -> bool:
    """No office (-1), or a tableau position."""
    return (office == -1 and type(office) is int) or _at(office)


def _turn_check(state: RaceState, seat: int, action: RaceAction) -> bool | None:
    """Whether a frequent turn action is legal, without listing them all (None: not known).

    Fields are checked first against what the notation can write, since an action built
    directly in Python may name a place that does not exist or an unknown telegraph option.
    """
    turn = state.turn
    assert turn is not None
    t = state.travellers[seat]
    main = turn.mains < 2
    if isinstance(action, Move):
        return main and not turn.used & MOVE and any(c == action.city for _, c in mv.destinations(state, t))
    if isinstance(action, Buy | Swap | Flip) and type(action.free) is not bool:
        return False
    if isinstance(action, Buy):
        if not _office_field(action.office):
            return False
        if action.free:
            ok = not turn.free and action.office < 0
        else:
            ok = main and not turn.used & BUY and (action.office < 0 or _is_office(t, action.office))
        return ok and action.market in tb.affordable(state, seat)
    if isinstance(action, Swap):
        if not (_at(action.a) and _at(action.b) and _office_field(action.office)):
            return False
        if action.free:
            ok = not turn.free and action.office < 0
        else:
            ok = main and not turn.used & TELEGRAPH and action.office >= 0 and _is_office(t, action.office)
        a, b = action.a, action.b
        return (
            ok
            and a < tb.open_slots(t)
            and b == tb.right_of(t, a)
            and (t.tableau[a] or t.tableau[b]) is not None
        )
    if isinstance(action, Flip):
        if not _at(action.pos):
            return False
        placed = t.tableau[action.pos]
        return action.free and not turn.free and placed is not None and tb.turnable(placed)
    if isinstance(action, Telegraph):
        # § Telégrafo: one of the three options, or two different ones with the Submarine cable.
        if not _at(action.slot) or type(action.options) is not tuple or action.options not in OPTION_CHOICES:
            return False
        placed = t.tableau[action.slot]
        if not main or turn.used & TELEGRAPH or placed is None or placed.face or not tb.is_telegraph(placed):
            return False
        return len(action.options) == 1 or tb.telegraph_values(placed).multi
    if isinstance(action, End) and turn.mains >= 2:
        return True
    return None


def _is_office(t: Traveller, pos: int) -> bool:
    placed = t.tableau[pos]
    return placed is not None and placed.face == 1 and tb.is_telegraph(placed)


def illegal_reason(state: RaceState, seat: int, action: RaceAction) -> IllegalActionError | None:
    """None when `action` is legal now; otherwise a message naming the pending decision."""
    known = _LAST_LEGAL.check(state, seat, action)
    if known is None and state.phase == PLAY and state.stack[-1].kind == "turn":
        known = _turn_check(state, seat, action)
    if known is None:
        legal = legal_actions(state, seat)
        known = any(a is action for a in legal) or action in legal
    if known:
        return None
    if state.phase == DRAFT:
        what = (
            "keeping one city card of your hand (pick CITY)",
            "ficar com uma carta de cidade da mão (pick CIDADE)",
        )
    elif state.phase == START:
        what = (
            "choosing your start city among your five cards (start CITY)",
            "escolher a cidade de partida (start CIDADE)",
        )
    else:
        what = _WHAT[state.stack[-1].kind]
    return IllegalActionError(
        f"that move is not allowed now: the pending decision is {what[0]}",
        f"essa jogada não é permitida agora: a decisão pendente é {what[1]}",
    )


_WHAT = {
    "turn": (
        "your turn: two different main actions (move, telegraph, effect, buy), one free action, or rest",
        "seu turno: duas ações principais diferentes (move, telegraph, effect, buy), uma ação livre, ou rest",
    ),
    "rest": ("a rest action (swap, flip, telegraph, refresh, buy) or end", "uma ação de descanso ou end"),
    "event": ("the event's choice", "a escolha do evento"),
    "gamblers": (
        "which card of the traveller on your right turns over (flip N)",
        "qual carta do viajante à sua direita vira",
    ),
    "leg": ("the extra space (leg CITY) or stop", "o espaço extra (leg CIDADE) ou stop"),
    "lock": ("which neighbour gets the lock token (lock N)", "qual vizinha recebe o cadeado (lock N)"),
    "face": ("the face of the card done again (face a|b)", "o lado da carta repetida (face a|b)"),
    "token": (
        "spend the lock token (hold) or let the card turn (turn)",
        "gastar o cadeado (hold) ou virar a carta (turn)",
    ),
    "sabotage": (
        "under which market card the sabotage card goes (sabotage N)",
        "sob qual carta do mercado vai a sabotagem",
    ),
    "plan": (
        "the next card and face of your plan (plan N a|b)",
        "a próxima carta e lado do seu plano (plan N a|b)",
    ),
    "opening": (
        "buying one market card before the race (buy N) or skip",
        "comprar uma carta do mercado antes da corrida (buy N) ou skip",
    ),
}


# -- applying --------------------------------------------------------------------------------


def apply_unchecked(state: RaceState, seat: int, action: RaceAction) -> RaceState:
    """Carry out `action`; the caller guarantees it is legal."""
    state = draft(state)  # the one copy of the state this action makes (`core.evolve.draft`)
    if isinstance(action, Pick | Start):
        state = _seal(state, seat, action.city)
        return freeze(evolve(state, log=None) if state.phase in (DRAFT, START) else state)
    frame = state.stack[-1]
    kind = frame.kind
    if kind == "turn":
        state = _turn_apply(state, seat, action)
    elif kind == "rest":
        state = _rest_apply(state, seat, frame, action)
    else:
        state = _decision_apply(_pop(state), seat, frame, action)
    return freeze(_settle(evolve(state, log=(seat, action))))


def _turn_apply(state: RaceState, seat: int, action: RaceAction) -> RaceState:
    if isinstance(action, End):
        return _end_turn(state)
    if isinstance(action, Rest):
        turn = state.turn
        assert turn is not None
        state = evolve(state, turn=evolve(turn, rest=True, mains=2, free=True))
        return evolve(state, stack=(*state.stack[:-1], Frame("rest", seat, count=state.players + 1)))
    if isinstance(action, Move):
        turn = state.turn
        assert turn is not None
        state = evolve(state, turn=evolve(turn, used=turn.used | MOVE, mains=turn.mains + 1, moved=True))
        return mv.start_trip(state, seat, action.city, charter=False)
    if isinstance(action, Buy):
        if action.free:
            return tb.buy(_free(state), seat, action.market)
        state = _main(state, BUY)
        if action.office >= 0:
            state = tb.flip(state, seat, action.office)
        return tb.buy(state, seat, action.market)
    if isinstance(action, Swap):
        if action.free:
            return tb.swap(_free(state), seat, action.a, action.b)
        state = tb.flip(_main(state, TELEGRAPH), seat, action.office)
        return tb.swap(state, seat, action.a, action.b)
    if isinstance(action, Flip):
        return tb.flip(_free(state), seat, action.pos)
    if isinstance(action, Telegraph):
        state = _main(state, TELEGRAPH)
        placed = state.travellers[seat].tableau[action.slot]
        assert placed is not None
        for option in action.options:  # fame may open a slot and move the card out of overflow
            state = tb.telegraph(state, seat, tb.find(state.travellers[seat], placed.card), option)
        return tb.flip(state, seat, tb.find(state.travellers[seat], placed.card))
    assert isinstance(action, UseEffect)
    return _use_effect(_main(state, EFFECT), seat, action)


def _use_effect(state: RaceState, seat: int, action: UseEffect) -> RaceState:
    """§ Efeitos: an active effect acts, then turns to its padlock back."""
    t = state.travellers[seat]
    placed = t.tableau[action.slot]
    assert placed is not None
    face = tb.face(placed)
    effect = face.effect
    state = tb.flip(state, seat, action.slot)
    if effect == "sponsorship":
        return tb.gain_coins(state, seat, face.value)
    if effect == "lawyer":
        return tb.remove(state, seat, action.pos)
    if effect == "bribe":
        return tb.flip(state, action.seat, action.pos)
    if effect == "charter":
        turn = state.turn
        assert turn is not None
        state = evolve(state, turn=evolve(turn, moved=True))
        return mv.start_trip(state, seat, action.city, charter=True)
    occupied = tuple(pos for pos in range(tb.open_slots(t)) if t.tableau[pos] is not None)
    return evolve(
        state, stack=(*state.stack, Frame("plan", seat, card=action.slot, pool=occupied, targets=occupied))
    )


def _rest_apply(state: RaceState, seat: int, frame: Frame, action: RaceAction) -> RaceState:
    """§ Descansar: players + 1 actions from the list, repeats allowed."""
    if isinstance(action, End):
        return evolve(state, stack=(*state.stack[:-1], evolve(frame, count=0)))
    state = evolve(state, stack=(*state.stack[:-1], evolve(frame, count=frame.count - 1)))
    if isinstance(action, Swap):
        return tb.swap(state, seat, action.a, action.b)
    if isinstance(action, Flip):
        return tb.flip(state, seat, action.pos)
    if isinstance(action, Telegraph):
        return tb.telegraph(state, seat, action.slot, action.options[0])
    if isinstance(action, Refresh):
        return tb.refresh(state, action.markets)
    assert isinstance(action, Buy)
    return tb.buy(state, seat, action.market)


def _decision_apply(state: RaceState, seat: int, frame: Frame, action: RaceAction) -> RaceState:
    kind = frame.kind
    if kind == "leg":
        return mv.take_leg(state, action.city) if isinstance(action, Leg) else mv.stop_legs(state)
    if kind == "lock":
        assert isinstance(action, Lock)
        return mv.lock_chosen(state, frame, action.pos)
    if kind == "face":
        assert isinstance(action, FaceChoice)
        return mv.face_chosen(state, frame.card, action.face)
    if kind == "token":
        return mv.token_chosen(state, frame.card, action == HOLD)
    if kind == "sabotage":
        assert isinstance(action, Sabotage)
        return tb.place_sabotage(state, action.market)
    if kind == "gamblers":
        assert isinstance(action, Flip)
        return tb.flip(state, frame.target, action.pos)
    if kind == "plan":
        assert isinstance(action, Plan)
        return _plan(state, seat, frame, action)
    if kind == "opening":
        return tb.buy(state, seat, action.market) if isinstance(action, Buy) else state
    return _event_apply(state, seat, frame, action)


def _event_apply(state: RaceState, seat: int, frame: Frame, action: RaceAction) -> RaceState:
    event = COMP.events[frame.card]
    if isinstance(action, Detour):
        return mv.detour(state, action.city)
    if isinstance(action, Sponsor):
        return mv.sponsor(state, seat, action.pos, event.coins)
    if isinstance(action, Buy):
        return tb.buy(state, seat, action.market, event.discount)
    if isinstance(action, Telegraph):
        return tb.telegraph(state, seat, action.slot, action.options[0])
    if action == ELEPHANT:
        return mv.elephant(state)
    if action == PAY:
        return tb.gain_coins(state, seat, -event.coins)
    if action == DELAY:
        return mv.event_days(state, event.days)
    if action == TAKE_SABOTAGE:
        return tb.take_sabotage(state, seat)
    return state  # skip


def _plan(state: RaceState, seat: int, frame: Frame, action: Plan) -> RaceState:
    """Planejamento minucioso: the chosen card and face go to the next occupied place.

    "Isso não afetará a ordem das suas cartas": the finished plan waits for this turn's Move
    and the tableau stays as it is (interpretation 16, `movement.apply_plan`).
    """
    t = state.travellers[seat]
    placed = t.tableau[action.pos]
    assert placed is not None
    chosen = (*frame.placed, placed._replace(face=action.face))
    pool = tuple(p for p in frame.pool if p != action.pos)
    if pool:
        return evolve(state, stack=(*state.stack, evolve(frame, pool=pool, placed=chosen)))
    turn = state.turn
    assert turn is not None
    return evolve(state, turn=evolve(turn, plan=tuple((p.card, p.face) for p in chosen)))


# -- hidden information and invariants -------------------------------------------------------


def sample_consistent(state: RaceState, seat: int | None, rng: Rng) -> RaceState:
    """Re-draw what `seat` cannot know.

    Hidden: the order of the movement deck (its top card's B face is seen, so the top stays a
    card with that face), of the weather, event, sabotage and city decks, the cards left over
    after the draft, and during the draft the other players' hands, kept cards and sealed
    choices; and the generator.
    """
    deck, rng = rng.shuffle(sorted(state.deck))
    if deck:
        key = tb.CARDS[state.deck[0]].faces[1].key
        same = [i for i, c in enumerate(deck) if tb.CARDS[c].faces[1].key == key]
        pick, rng = rng.choice(same)
        deck = (deck[pick], *deck[:pick], *deck[pick + 1 :])
    weather_deck, rng = rng.shuffle(sorted(state.weather_deck))
    event_deck, rng = rng.shuffle(sorted(state.event_deck))
    skull, rng = rng.shuffle(sorted(state.skull))
    state = evolve(state, deck=deck, weather_deck=weather_deck, event_deck=event_deck, skull=skull)
    if state.phase in (DRAFT, START):
        state, rng = _sample_draft(state, seat, rng)
    else:
        parts, rng = tb.shuffle_pool(
            rng, tuple(sorted((*state.city_deck, *state.removed))), (len(state.removed),)
        )
        state = evolve(state, removed=tuple(sorted(parts[0])), city_deck=parts[1])
    fresh, _ = rng.next64()
    return evolve(state, rng=Rng.from_seed(fresh))


def _sample_draft(state: RaceState, seat: int | None, rng: Rng) -> tuple[RaceState, Rng]:
    others = [s for s in range(state.players) if s != seat]
    pool = [*state.city_deck, *state.removed]
    for s in others:
        pool += [*state.hands[s], *state.travellers[s].drafted]
    sizes = [len(state.removed)]
    for s in others:
        sizes += [len(state.hands[s]), len(state.travellers[s].drafted)]
    parts, rng = tb.shuffle_pool(rng, tuple(sorted(pool)), tuple(sizes))
    hands, ts, sealed = list(state.hands), list(state.travellers), list(state.sealed)
    for i, s in enumerate(others):
        hands[s] = tuple(sorted(parts[1 + 2 * i]))
        ts[s] = evolve(ts[s], drafted=parts[2 + 2 * i])
        if sealed[s] >= 0:
            options = hands[s] if state.phase == DRAFT else ts[s].drafted
            sealed[s], rng = rng.choice(options)
    state = evolve(
        state,
        removed=tuple(sorted(parts[0])),
        hands=tuple(hands),
        travellers=tuple(ts),
        sealed=tuple(sealed),
        city_deck=parts[-1],
    )
    return state, rng


def _all_once(cards: list[int], expected: range, what: str) -> None:
    assert len(cards) == len(expected) and set(cards) == set(expected), f"{what} not conserved"


def check_invariants(state: RaceState) -> None:
    """Conservation of cards, tracks in range, the ledger adds up (tests only)."""
    market_cards: list[int] = [*state.deck, *state.discard, *(c for c in state.market if c >= 0)]
    sabotage: list[int] = [*state.skull, *(c for c in state.under if c >= 0)]
    locks = 0
    for seat, t in enumerate(state.travellers):
        assert sum(t.ledger) == t.days, "the day ledger does not add up"
        assert 0 <= t.fame <= BOARD.fame_track and t.coins >= 0, "fame or coins out of range"
        slots = tb.open_slots(t)
        coins = 0
        for pos, p in enumerate(t.tableau):
            if p is None:
                continue
            assert pos < slots or pos == OVERFLOW, "a card in a closed slot"
            locks += p.lock
            coins += p.coins
            category = CARDS[p.card].category
            assert p.coins == 0 or category == "telegraph", "coins on a card that is not a telegraph"
            if p.card >= FIRST_TELEGRAPH:
                assert p.card == FIRST_TELEGRAPH + seat, "a telegraph in another player's tableau"
            elif category == "sabotage":
                sabotage.append(p.card)
            else:
                market_cards.append(p.card)
        assert coins <= min(t.fame, BOARD.income_cap), "too many coins on telegraphs"
        if t.origin >= 0:
            assert t.visited == sum(1 << c for c in set(t.path)), "visited cities differ from the path"
    _all_once(market_cards, range(MARKET_CARDS), "market cards")
    _all_once(sabotage, range(MARKET_CARDS, FIRST_TELEGRAPH), "sabotage cards")
    assert locks <= BOARD.lock_tokens, "more lock tokens than the supply"
    cities = [*state.city_deck, *state.removed, *state.city_discard, *state.meetings]
    cities += [c for h in state.hands for c in h]
    cities += [c for t in state.travellers for c in t.drafted]
    _all_once(cities, range(CITIES), "city cards")
    weather = [*state.weather_deck, *state.weather_discard, *([state.weather] if state.weather >= 0 else [])]
    _all_once(weather, range(len(COMP.weather)), "weather cards")
    _all_once([*state.event_deck, *state.event_discard], range(len(COMP.events)), "event cards")
