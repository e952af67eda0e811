"""Building Volta ao mundo positions for scenario tests."""

from dataclasses import replace

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.components import components
from tabuleiro.games.volta_ao_mundo.state import (
    OVERFLOW,
    PLAY,
    Frame,
    Placed,
    RaceOptions,
    RaceState,
    Traveller,
    Turn,
)

COMP = components()
CARD_IDS = [c.id for c in COMP.cards]


def city(name: str) -> int:
    return COMP.city(name)


def card(name: str) -> int:
    return CARD_IDS.index(name)


def weather_card(name: str) -> int:
    return COMP.weather_ids.index(name)


def event_card(name: str) -> int:
    return [e.id for e in COMP.events].index(name)


def new(players: int = 2, seed: int = 0, **options: object) -> RaceState:
    return GAME.new_state(players, seed, RaceOptions.parse(options))


def started(players: int = 2, seed: int = 0, **options: object) -> RaceState:
    """The draft played out: every seat keeps the first card it is offered and starts there."""
    state = new(players, seed, **options)
    while state.phase != PLAY:
        for seat in sorted(GAME.to_act(state)):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def tableau(*cards: str | tuple[str, str] | None, overflow: str | None = None) -> tuple[Placed | None, ...]:
    """Slots from the left: ``"M01"`` (face A), ``("M01", "b")``, ``"M01:lock"`` or None."""
    out: list[Placed | None] = []
    for item in (*cards, *([None] * (OVERFLOW - len(cards))), overflow):
        if item is None:
            out.append(None)
            continue
        name, face = item if isinstance(item, tuple) else (item, "a")
        lock = name.endswith(":lock")
        out.append(Placed(card(name.removesuffix(":lock")), "ab".index(face), lock))
    return tuple(out)


def at(
    state: RaceState,
    seat: int,
    where: str,
    *,
    origin: str | None = None,
    path: tuple[str, ...] = (),
    oceans: int = 0,
    **changes: object,
) -> RaceState:
    """`seat` standing in `where`, having come from `origin` along `path` (cities before `where`)."""
    cities = [city(c) for c in (origin or where, *path)]
    if cities[-1] != city(where):
        cities.append(city(where))
    t = state.travellers[seat]
    t = replace(
        t,
        city=city(where),
        origin=cities[0],
        path=tuple(cities),
        visited=sum(1 << c for c in set(cities)),
        oceans=oceans,
        **changes,
    )
    return put(state, seat, t)


def put(state: RaceState, seat: int, t: Traveller) -> RaceState:
    ts = list(state.travellers)
    ts[seat] = t
    return replace(state, travellers=tuple(ts))


def traveller(state: RaceState, seat: int, **changes: object) -> RaceState:
    return put(state, seat, replace(state.travellers[seat], **changes))


def with_weather(state: RaceState, name: str) -> RaceState:
    w = weather_card(name)
    deck = tuple(c for c in (*state.weather_deck, state.weather) if c != w and c >= 0)
    return replace(
        state, weather=w, weather_deck=deck, weather_discard=tuple(c for c in state.weather_discard if c != w)
    )


def with_events(state: RaceState, *names: str) -> RaceState:
    """The event deck with `names` on top."""
    top = tuple(event_card(n) for n in names)
    rest = tuple(e for e in (*state.event_deck, *state.event_discard) if e not in top)
    return replace(state, event_deck=(*top, *rest), event_discard=())


def with_market(state: RaceState, *names: str, deck: tuple[str, ...] = ()) -> RaceState:
    """The five market cards (and the top of the deck); the rest of the deck keeps its order."""
    chosen = [card(n) for n in names]
    top = [card(n) for n in deck]
    everything = [*state.deck, *state.discard, *(c for c in state.market if c >= 0)]
    rest = tuple(c for c in everything if c not in chosen and c not in top)
    return replace(state, market=tuple(chosen), under=(-1,) * len(chosen), deck=(*top, *rest), discard=())


def turn_of(state: RaceState, seat: int, **changes: object) -> RaceState:
    """`seat`'s turn, nothing done yet."""
    return replace(state, turn=Turn(seat, **changes), trip=None, stack=(Frame("turn", seat),))


def play(state: RaceState, seat: int, text: str) -> RaceState:
    return GAME.apply(state, seat, GAME.parse_action(text))


def legal(state: RaceState, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def faces(state: RaceState, seat: int) -> list[str | None]:
    """The tableau as ``M01a`` (``+lock``) per position, overflow last."""
    return [
        None if p is None else CARD_IDS[p.card] + "ab"[p.face] + ("+lock" if p.lock else "")
        for p in state.travellers[seat].tableau
    ]


def with_tableau(state: RaceState, seat: int, tab: tuple[Placed | None, ...]) -> RaceState:
    """`seat`'s tableau set to `tab`, its cards taken from wherever they were (conservation holds)."""
    cards = {p.card for p in tab if p is not None}
    old = [p.card for p in state.travellers[seat].tableau if p is not None]
    deck = [c for c in state.deck if c not in cards]
    market = list(state.market)
    for i, c in enumerate(market):
        if c in cards:
            market[i] = deck.pop(0)
    state = replace(
        state,
        deck=tuple(deck),
        market=tuple(market),
        discard=tuple(c for c in state.discard if c not in cards),
        skull=tuple(c for c in state.skull if c not in cards),
        under=tuple(-1 if c in cards else c for c in state.under),
    )
    for c in old:  # the cards the tableau held go to their piles
        if c not in cards and c < 60:
            state = replace(state, discard=(*state.discard, c))
        elif c not in cards and c < 72:
            state = replace(state, skull=(*state.skull, c))
    return traveller(state, seat, tableau=tab)


INDIA = ("PAR", "TRN", "BDS", "ALX", "SUZ", "ADE")
"""Verne's route from London to Bombay: a traveller in Bombay has come this way."""


def mover(
    *cards: str | tuple[str, str] | None,
    where: str = "BOM",
    origin: str = "LON",
    path: tuple[str, ...] = INDIA,
    weather: str = "W02",
    fame: int = 6,
    coins: int = 0,
    overflow: str | None = None,
    players: int = 2,
    **changes: object,
) -> RaceState:
    """Seat 0's turn, standing in `where` with `cards` in its tableau, under weather card `weather`."""
    state = started(players, seed=3)
    state = at(
        state, 0, where, origin=origin, path=path, fame=fame, coins=coins, days=0, ledger=(0,) * 8, **changes
    )
    state = with_tableau(state, 0, tableau(*cards, overflow=overflow))
    return turn_of(with_weather(state, weather), 0)


def days(state: RaceState, seat: int = 0) -> dict[str, int]:
    """The day ledger of `seat` by cause."""
    from tabuleiro.games.volta_ao_mundo.state import LEDGER

    return dict(zip(LEDGER, state.travellers[seat].ledger, strict=True))
