"""The tableau, the market, the telegraph and the sabotage pile, as operations on a state.

§ Mercado: a bought card enters slot 1 and pushes the others right; an empty slot stops the
push; a card pushed past the last open slot waits in the overflow position, still usable,
and is discarded at the end of the turn; only one card may wait there, so an earlier one is
discarded at once. § Telégrafo: fame, income on the card (capped by fame, at most 5) and
collecting it.
"""

from __future__ import annotations

from tabuleiro.core import Rng
from tabuleiro.games.volta_ao_mundo.components import FIRST_SABOTAGE, FIRST_TELEGRAPH, Face, components
from tabuleiro.games.volta_ao_mundo.state import (
    OVERFLOW,
    POSITIONS,
    Frame,
    Placed,
    RaceState,
    Traveller,
    evolve,
)

COMP = components()
CARDS = COMP.cards
BOARD = COMP.board
SLOTS_BY_FAME = tuple(BOARD.slots(f) for f in range(BOARD.fame_track + 1))
EMPTY_TABLEAU: tuple[Placed | None, ...] = (None,) * POSITIONS


def traveller(state: RaceState, seat: int) -> Traveller:
    """The traveller of `seat`."""
    return state.travellers[seat]


def put(state: RaceState, seat: int, t: Traveller) -> RaceState:
    """`state` with `seat`'s traveller replaced."""
    ts = state.travellers
    return evolve(state, travellers=(*ts[:seat], t, *ts[seat + 1 :]))


def update(state: RaceState, seat: int, **changes: object) -> RaceState:
    """`state` with some fields of `seat`'s traveller changed."""
    return put(state, seat, evolve(state.travellers[seat], **changes))


def open_slots(t: Traveller) -> int:
    """Tableau slots opened by the passports reached on the fame track."""
    return SLOTS_BY_FAME[t.fame]


ORDERS = tuple((*range(n), OVERFLOW) for n in range(POSITIONS))


def order(t: Traveller) -> tuple[int, ...]:
    """Positions in the order cards act: slot 1 to the last open slot, then the overflow."""
    return ORDERS[SLOTS_BY_FAME[t.fame]]


def right_of(t: Traveller, pos: int) -> int:
    """The position to the right of `pos` (the overflow after the last open slot), or -1."""
    if pos == OVERFLOW:
        return -1
    return pos + 1 if pos + 1 < open_slots(t) else OVERFLOW


def left_of(t: Traveller, pos: int) -> int:
    """The position to the left of `pos`, or -1."""
    if pos == OVERFLOW:
        return open_slots(t) - 1
    return pos - 1


def find(t: Traveller, card: int) -> int:
    """The position of `card` in the tableau, or -1."""
    for pos, placed in enumerate(t.tableau):
        if placed is not None and placed.card == card:
            return pos
    return -1


def face(placed: Placed) -> Face:
    """The face showing."""
    return CARDS[placed.card].faces[placed.face]


TURNABLE = tuple(not (c.faces[0].locked or c.faces[1].locked) for c in CARDS)
"""Per card, `turnable`: read on every turn for each card of the tableau."""
TELEGRAPH_CARDS = tuple(c.category == "telegraph" for c in CARDS)
"""Per card, `is_telegraph`."""


def turnable(placed: Placed) -> bool:
    """A card both of whose faces are playable: it may be turned over by hand.

    Effect cards (padlock back) and the Scandal/Red tape sabotage cards are not (§ Efeitos).
    """
    return TURNABLE[placed.card]


def unlocked(placed: Placed) -> bool:
    """A card that is not *trancada*: turnable by hand and without a lock token.

    § Descansar turns "uma carta do seu tableau (menos as cartas trancadas)" and the Gamblers'
    event "uma carta destrancada": neither may turn a padlock face nor a card holding a lock
    token (interpretation 34).
    """
    return not placed.lock and turnable(placed)


def is_telegraph(placed: Placed) -> bool:
    """A telegraph card (either face)."""
    return TELEGRAPH_CARDS[placed.card]


def locks_in_play(state: RaceState) -> int:
    """Lock tokens on cards (the supply holds the rest)."""
    return sum(1 for t in state.travellers for p in t.tableau if p is not None and p.lock)


def with_slot(t: Traveller, pos: int, placed: Placed | None) -> Traveller:
    """`t` with position `pos` holding `placed`."""
    tab = t.tableau
    return evolve(t, tableau=(*tab[:pos], placed, *tab[pos + 1 :]))


def set_slot(state: RaceState, seat: int, pos: int, placed: Placed | None) -> RaceState:
    """`state` with `seat`'s position `pos` holding `placed` (nothing is discarded)."""
    return put(state, seat, with_slot(state.travellers[seat], pos, placed))


def flip(state: RaceState, seat: int, pos: int) -> RaceState:
    """Turn the card at `pos` to its other face (a lock token stays on it)."""
    placed = state.travellers[seat].tableau[pos]
    assert placed is not None
    return set_slot(state, seat, pos, placed.turned())


def swap(state: RaceState, seat: int, a: int, b: int) -> RaceState:
    """Exchange positions `a` and `b` (a card and a gap, or two cards)."""
    t = state.travellers[seat]
    tab = list(t.tableau)
    tab[a], tab[b] = tab[b], tab[a]
    return put(state, seat, evolve(t, tableau=tuple(tab)))


def discard_card(state: RaceState, card: int) -> RaceState:
    """Send a card leaving a tableau or the market to its pile (§ Mercado, interpretation 30).

    Sabotage cards go under the skull pile, market cards to the discard pile, and a starting
    telegraph card leaves the game.
    """
    if card >= FIRST_TELEGRAPH:
        return state
    if card >= FIRST_SABOTAGE:
        return evolve(state, skull=(*state.skull, card))
    return evolve(state, discard=(*state.discard, card))


def remove(state: RaceState, seat: int, pos: int) -> RaceState:
    """Discard the card at `pos`, leaving a gap."""
    placed = state.travellers[seat].tableau[pos]
    assert placed is not None
    return discard_card(set_slot(state, seat, pos, None), placed.card)


def push(state: RaceState, seat: int, placed: Placed) -> RaceState:
    """A card enters slot 1 and pushes the others right (§ Mercado).

    The push stops at the first gap; a card pushed past the last open slot goes to the
    overflow position, and a card already there is discarded at once (interpretation 14).
    """
    t = state.travellers[seat]
    tab = list(t.tableau)
    carry: Placed | None = placed
    for i in range(open_slots(t)):
        tab[i], carry = carry, tab[i]
        if carry is None:
            break
    old = None
    if carry is not None:
        old, tab[OVERFLOW] = tab[OVERFLOW], carry
    state = put(state, seat, evolve(t, tableau=tuple(tab)))
    return discard_card(state, old.card) if old is not None else state


def to_overflow(state: RaceState, seat: int, pos: int) -> RaceState:
    """Move the card at `pos` to the overflow position, discarding a card already there."""
    if pos == OVERFLOW:
        return state
    t = state.travellers[seat]
    placed, old = t.tableau[pos], t.tableau[OVERFLOW]
    state = put(state, seat, with_slot(with_slot(t, pos, None), OVERFLOW, placed))
    return discard_card(state, old.card) if old is not None else state


def gain_fame(state: RaceState, seat: int, amount: int) -> RaceState:
    """Move the fame pawn (§ Aumentar a fama).

    A new passport opens tableau slots; a card waiting in the overflow position (the first
    closed slot) is then inside the tableau. Fame beyond the end of the track becomes coins
    (interpretation 9).
    """
    if amount <= 0:
        return state
    t = state.travellers[seat]
    fame = t.fame + amount
    coins = t.coins + max(0, fame - BOARD.fame_track)
    fame = min(fame, BOARD.fame_track)
    before, after = SLOTS_BY_FAME[t.fame], SLOTS_BY_FAME[fame]
    t = evolve(t, fame=fame, coins=coins)
    if after > before and t.tableau[OVERFLOW] is not None:
        t = with_slot(with_slot(t, before, t.tableau[OVERFLOW]), OVERFLOW, None)
    return put(state, seat, t)


def gain_coins(state: RaceState, seat: int, amount: int) -> RaceState:
    """Add (or, negative, take away down to 0) coins in hand."""
    t = state.travellers[seat]
    return put(state, seat, evolve(t, coins=max(0, t.coins + amount)))


def take_sabotage(state: RaceState, seat: int) -> RaceState:
    """The top sabotage card enters slot 1 on its face A (none when the pile is empty)."""
    if not state.skull:
        return state
    card = state.skull[0]
    return push(evolve(state, skull=state.skull[1:]), seat, Placed(card, 0))


EFFECTS = tuple(tuple(f.effect for f in c.faces) for c in CARDS)
"""Per card and face, its effect: `first_with` reads it for every card, several times a Move."""


def first_with(t: Traveller, effect: str) -> int:
    """The first position (slot order, overflow last) whose face up has `effect`, or -1."""
    tab = t.tableau
    for pos in order(t):
        placed = tab[pos]
        if placed is not None and EFFECTS[placed.card][placed.face] == effect:
            return pos
    return -1


# -- market ------------------------------------------------------------------------------


def draw_market(state: RaceState) -> tuple[int, RaceState]:
    """The top card of the movement deck (the discards reshuffled when it is empty), or -1."""
    if not state.deck:
        if not state.discard:
            return -1, state
        deck, rng = state.rng.shuffle(state.discard)
        state = evolve(state, deck=deck, discard=(), rng=rng)
    return state.deck[0], evolve(state, deck=state.deck[1:])


def refill(state: RaceState, market: int) -> RaceState:
    """Fill an empty market place from the deck (§ Mercado: at once)."""
    card, state = draw_market(state)
    m = state.market
    return evolve(state, market=(*m[:market], card, *m[market + 1 :]))


def price(state: RaceState, seat: int, market: int, discount: int = 0) -> int:
    """What market card `market` costs `seat` now: its price less the discounts, at least 0."""
    t = state.travellers[seat]
    agent = first_with(t, "travel_agent")
    if agent >= 0:
        placed = t.tableau[agent]
        assert placed is not None
        discount += face(placed).value
    return max(0, CARDS[state.market[market]].price - discount)


def can_buy(state: RaceState, seat: int, market: int, discount: int = 0) -> bool:
    """A card is there and `seat` can pay for it."""
    return state.market[market] >= 0 and state.travellers[seat].coins >= price(state, seat, market, discount)


def affordable(state: RaceState, seat: int, discount: int = 0) -> list[int]:
    """The market places whose card `seat` can pay for now (`can_buy` for all at once)."""
    t = state.travellers[seat]
    agent = first_with(t, "travel_agent")
    if agent >= 0:
        placed = t.tableau[agent]
        assert placed is not None
        discount += face(placed).value
    return affordable_at(state, t.coins + discount)


PRICES = tuple(c.price for c in CARDS)


def affordable_at(state: RaceState, coins: int) -> list[int]:
    """The market places holding a card whose price (after discounts) is at most `coins`."""
    return [m for m, card in enumerate(state.market) if card >= 0 and PRICES[card] <= coins]


def can_place_sabotage(state: RaceState) -> bool:
    """A sabotage card is left and some market card has none under it (interpretation 13)."""
    return bool(state.skull) and any(c >= 0 and u < 0 for c, u in zip(state.market, state.under, strict=True))


def buy(state: RaceState, seat: int, market: int, discount: int = 0) -> RaceState:
    """Buy market card `market` (§ Mercado).

    A Travel agent takes its discount (and its sabotage card, before the purchase) and
    turns over; the card enters slot 1 on face A, then the sabotage card that was under it;
    the market refills; buying an effect card makes the buyer place a sabotage card.
    """
    cost = price(state, seat, market, discount)
    agent = first_with(state.travellers[seat], "travel_agent")
    if agent >= 0:
        state = take_sabotage(flip(state, seat, agent), seat)
    card, sabotage = state.market[market], state.under[market]
    t = state.travellers[seat]
    state = put(state, seat, evolve(t, coins=t.coins - cost))
    state = push(state, seat, Placed(card, 0))
    if sabotage >= 0:
        state = push(state, seat, Placed(sabotage, 0))
        under = state.under
        state = evolve(state, under=(*under[:market], -1, *under[market + 1 :]))
    state = refill(state, market)
    if CARDS[card].category == "effect" and can_place_sabotage(state):
        state = evolve(state, stack=(*state.stack, Frame("sabotage", seat)))
    return state


def refresh(state: RaceState, markets: tuple[int, ...]) -> RaceState:
    """Rest: discard market cards and replace as many (their sabotage cards go back)."""
    market, under = list(state.market), list(state.under)
    discard, skull = [*state.discard], [*state.skull]
    for m in markets:
        if under[m] >= 0:
            skull.append(under[m])
        if market[m] >= 0:
            discard.append(market[m])
        market[m], under[m] = -1, -1
    if len(state.deck) >= len(markets):  # the usual case, in one step
        deck = state.deck
        for i, m in enumerate(markets):
            market[m] = deck[i]
        return evolve(
            state,
            market=tuple(market),
            under=tuple(under),
            deck=deck[len(markets) :],
            discard=tuple(discard),
            skull=tuple(skull),
        )
    state = evolve(
        state, market=tuple(market), under=tuple(under), discard=tuple(discard), skull=tuple(skull)
    )
    for m in markets:
        state = refill(state, m)
    return state


def place_sabotage(state: RaceState, market: int) -> RaceState:
    """The top sabotage card goes under market card `market`."""
    card = state.skull[0]
    under = state.under
    return evolve(state, skull=state.skull[1:], under=(*under[:market], card, *under[market + 1 :]))


# -- telegraph ---------------------------------------------------------------------------


def coins_on_telegraphs(t: Traveller) -> int:
    """Coins lying on the traveller's telegraph cards."""
    return sum(p.coins for p in t.tableau if p is not None)


def income_room(t: Traveller) -> int:
    """How many more coins the telegraph cards may hold: fame, at most 5 (§ Aumentar a renda)."""
    return max(0, min(t.fame, BOARD.income_cap) - coins_on_telegraphs(t))


def telegraph_values(placed: Placed) -> Face:
    """The telegraph face of a telegraph card (its ★ and printed coins)."""
    return CARDS[placed.card].faces[0]


def telegraph(state: RaceState, seat: int, pos: int, option: str) -> RaceState:
    """One telegraph option with the card at `pos` (the card is not turned here).

    fame: ★ more fame (one less with a Scandal card, which then turns over); income: put
    the printed coins plus those already on the card onto it (``printed`` option: the
    printed coins only), within the cap; collect: take the coins on the card plus the
    printed ones.
    """
    t = state.travellers[seat]
    placed = t.tableau[pos]
    assert placed is not None
    values = telegraph_values(placed)
    if option == "fame":
        gain = values.fame
        scandal = first_with(t, "scandal")
        if scandal >= 0:
            placed_scandal = t.tableau[scandal]
            assert placed_scandal is not None
            gain -= face(placed_scandal).value
            state = flip(state, seat, scandal)
        return gain_fame(state, seat, gain)
    if option == "income":
        add = values.coins + (placed.coins if state.options.income == "compound" else 0)
        add = min(add, income_room(t))
        return set_slot(state, seat, pos, placed._replace(coins=placed.coins + add))
    state = set_slot(state, seat, pos, placed._replace(coins=0))
    return gain_coins(state, seat, placed.coins + values.coins)


def shuffle_pool(
    rng: Rng, pool: tuple[int, ...], sizes: tuple[int, ...]
) -> tuple[list[tuple[int, ...]], Rng]:
    """`pool` shuffled and cut into consecutive parts of the given sizes (the rest last)."""
    shuffled, rng = rng.shuffle(pool)
    parts, start = [], 0
    for size in sizes:
        parts.append(shuffled[start : start + size])
        start += size
    parts.append(shuffled[start:])
    return parts, rng
