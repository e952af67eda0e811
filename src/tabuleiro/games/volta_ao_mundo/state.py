"""Volta ao mundo em 80 dias: options and state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from tabuleiro.core import Options, Rng, bool_option, choice_option
from tabuleiro.core.evolve import DRAFTED, quick_init

if TYPE_CHECKING:
    from tabuleiro.games.volta_ao_mundo.actions import RaceAction

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a state dataclass with some fields changed.

    The state classes keep their fields in a ``__dict__`` (no ``__slots__``), so a copy is one
    dict copy in C: about twice as fast as `tabuleiro.core.evolve.evolve` on slotted classes,
    and the engine copies states on every step.
    """
    cls = type(obj)
    if cls in DRAFTED:  # a state `apply` is still building (`core.evolve.draft`)
        obj.__dict__.update(changes)
        return obj
    fields = obj.__dict__.copy()
    fields.update(changes)
    new = _new(cls)
    _set(new, "__dict__", fields)
    return new


_new = object.__new__
_set = object.__setattr__


# Phases: the sealed city draft, the sealed choice of a start city, the race, the end.
DRAFT, START, PLAY, OVER = range(4)
PHASE_NAMES = ("draft", "start", "race", "over")
# A traveller's standing in the race.
RACING, FINISHED, OUT = range(3)
STATUS_NAMES = ("racing", "finished", "out")
# Main actions of a turn (§ O turno), as bits: never the same one twice.
MOVE, TELEGRAPH, EFFECT, BUY = 1, 2, 4, 8
MAIN_NAMES = ((MOVE, "move"), (TELEGRAPH, "telegraph"), (EFFECT, "effect"), (BUY, "buy"))
# Tableau positions: slots 0..5, then the overflow position (§ Mercado).
OVERFLOW = 6
POSITIONS = 7
# Why days were added, per move and per turn: the score breakdown.
LEDGER = ("routes", "weather", "events", "cards", "sabotage", "minimum", "idle", "rest")
D_ROUTES, D_WEATHER, D_EVENTS, D_CARDS, D_SABOTAGE, D_MINIMUM, D_IDLE, D_REST = range(8)
NO_DAYS = (0,) * len(LEDGER)


@dataclass(frozen=True, slots=True)
class RaceOptions(Options):
    """Rule readings of a match; each is a numbered interpretation in RULES.md."""

    idle_day: bool = bool_option(
        True,
        en="A turn without a Move costs 1 day, as Rest's 'one for not moving' says (interpretation 24)",
        pt="Um turno sem Mover custa 1 dia, como diz o Descansar, 'um por não se locomover' "
        "(interpretação 24)",
    )
    income: str = choice_option(
        "compound",
        ("compound", "printed"),
        en="Raise income adds the printed coins plus the coins already on the card (compound), "
        "or the printed coins only (interpretation 8)",
        pt="Aumentar a renda põe as moedas impressas mais as que já estão na carta (compound), "
        "ou só as impressas (interpretação 8)",
        labels={
            "compound": ("printed + coins on the card", "impressas + moedas na carta"),
            "printed": ("printed coins only", "só as impressas"),
        },
    )
    end: str = choice_option(
        "cannot_beat",
        ("cannot_beat", "all_but_one", "all"),
        en="The race ends when nobody can beat the best time (cannot_beat), when all but one "
        "traveller are back (all_but_one), or when all are back (all) (interpretation 28)",
        pt="A corrida termina quando ninguém pode bater o melhor tempo (cannot_beat), quando todos "
        "menos um voltaram (all_but_one), ou quando todos voltaram (all) (interpretação 28)",
        labels={
            "cannot_beat": ("nobody can beat the best time", "ninguém pode bater o melhor tempo"),
            "all_but_one": ("all but one are back", "todos menos um voltaram"),
            "all": ("everyone is back", "todos voltaram"),
        },
    )
    opening: str = choice_option(
        "none",
        ("none", "reverse"),
        en="Catch-up (designed): before the race every player but the first, last first, may buy one "
        "market card (reverse), or nobody does, as in the rulebook (none)",
        pt="Compensação (criada): antes da corrida cada jogador menos o primeiro, do último ao segundo, "
        "pode comprar uma carta do mercado (reverse), ou ninguém, como no manual (none)",
        labels={
            "none": ("none (the rulebook)", "nenhuma (o manual)"),
            "reverse": ("a card each, last player first", "uma carta cada, do último ao segundo"),
        },
    )
    fame_card_discounts: str = choice_option(
        "none",
        ("none", "others"),
        en="'You get no discounts on your movement days' on the carriage fame card: no card gives "
        "a discount in a Move where it acts, as the card says (none), or only that card gives "
        "none and the others still do (others, house rule) (interpretation 22)",
        pt="'Você não recebe descontos nos seus dias de movimento' na carta de fama da charrete: "
        "nenhuma carta dá desconto no Movimento em que ela age, como diz a carta (none), ou só "
        "ela não dá e as outras dão (others, regra da casa) (interpretação 22)",
        labels={
            "none": ("no discount in that Move (the rulebook)", "nenhum desconto nesse Movimento (o manual)"),
            "others": ("the other cards still discount", "as outras cartas dão desconto"),
        },
    )
    contacts: bool = bool_option(
        False,
        en="Contacts variant (designed): first arriving in one of your 4 resource cities gives 1 fame",
        pt="Variante Contatos (criada): chegar pela primeira vez a uma das suas 4 cidades de recurso "
        "dá 1 de fama",
    )
    winding: bool = bool_option(
        False,
        en="Strict circumnavigation: finishing also needs a full turn of longitude (interpretation 27)",
        pt="Volta estrita: terminar exige também uma volta completa em longitude (interpretação 27)",
    )


class Placed(NamedTuple):
    """A card in a tableau: which card, its face up (0 = A, 1 = B), a lock token, coins on it."""

    card: int
    face: int
    lock: bool = False
    coins: int = 0

    def turned(self) -> Placed:
        """The same card on its other face, its lock token and coins kept (`_replace` builds
        the same tuple several times slower, and flips are frequent)."""
        return Placed(self.card, 1 - self.face, self.lock, self.coins)


Tableau = tuple[Placed | None, ...]
"""Seven positions: slots 1-6 (index 0-5; those beyond the open slots stay empty), overflow."""


@quick_init
@dataclass(frozen=True)
class Traveller:
    """One player: the pawn on the map, the day and fame tracks, coins, the tableau.

    Attributes:
        city, origin: where the pawn stands and the start city (-1 before the draft ends).
        path: cities entered, the origin first; visited: the same as a bit set.
        oceans: ATLANTIC | PACIFIC bits crossed; winding: signed longitude travelled, in
            tenths of a degree (the optional strict check).
        days: the day track; ledger: the same days by cause (`LEDGER`).
        status: RACING, FINISHED or OUT; turns: turns taken; finished_turn: the match's turn
            number in which the traveller finished (-1).
        drafted: the five city cards kept in the draft (hidden from others until revealed);
        contacts: the Contacts variant's city cards still waiting for a visit.
    """

    city: int
    origin: int
    path: tuple[int, ...]
    visited: int
    oceans: int
    winding: int
    days: int
    ledger: tuple[int, ...]
    fame: int
    coins: int
    tableau: Tableau
    status: int
    turns: int
    finished_turn: int
    drafted: tuple[int, ...]
    contacts: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class Turn:
    """The active turn: main actions taken (`used` bits and count), the free action, a Move.

    `plan`: a Careful planning waiting for this turn's Move, as (card, face) in the order the
    cards will stand; it never changes the tableau itself (interpretation 16).
    """

    seat: int
    used: int = 0
    mains: int = 0
    free: bool = False
    moved: bool = False
    rest: bool = False
    plan: tuple[tuple[int, int], ...] = ()


@quick_init
@dataclass(frozen=True)
class Trip:
    """A Move action being resolved (§ Movimento).

    Attributes:
        route: the declared route; transport: its transport (the weather row read).
        charter: a Fretamento move (no weather, no event, the weather card stays).
        weather, icon: the weather of this move and the row's icon.
        total: the running total of days (never below 0); active: transports travelled
            (cards of these types apply); ledger: the total by cause.
        weathered: the transports the cards see on the declared leg, whose weather row was
            read (set at departure; the Hired elephant makes it carriage): an ignore-fog/storm
            card cancels the weather only for these (interpretation 23).
        plain: what the running total would be had no card given a discount (it takes every
            other step and floor the total takes); no_discount: a carriage fame card acted
            under ``fame_card_discounts=none``, so the total is `plain` from then on.
        work: what is left to resolve: (op, card) with op ``card`` (apply in slot order),
            ``double`` (a card done twice goes to the overflow position, face chosen) and
            ``again`` (apply once more).
        done: cards that took effect (they flip at the end); keep: cards that must not flip.
        legs: extra spaces still allowed by the current card; legs_mask: their transport
            (0 any; the Perfect connection event allows only the first route's type).
        legs_card: the card giving them (-1 for the event).
        cancelled: the weather penalty was cancelled by an ignore card (the weather card stays).
        departed: the declared route has been travelled (the event is behind).
        flips: cards still to flip at the end (after lock-token decisions).
        event: the event card drawn (-1).
        ended: the leg maths are over; the trip is in its final steps.
        unplan: a Careful planning this move follows: (card, face before the plan, planned
            face) in the tableau's order before it; the move puts them back (interpretation 16).
    """

    seat: int
    route: int
    transport: int
    charter: bool
    weather: int
    icon: int
    total: int
    active: int
    ledger: tuple[int, ...]
    weathered: int = 0
    plain: int = 0
    no_discount: bool = False
    work: tuple[tuple[str, int], ...] = ()
    done: tuple[int, ...] = ()
    keep: tuple[int, ...] = ()
    legs: int = 0
    legs_mask: int = 0
    legs_card: int = -1
    departed: bool = False
    cancelled: bool = False
    flips: tuple[int, ...] = ()
    event: int = -1
    ended: bool = False
    unplan: tuple[tuple[int, int, int], ...] = ()


@quick_init
@dataclass(frozen=True)
class Frame:
    """A pending decision.

    Kinds: ``opening`` (the catch-up purchase), ``turn`` (main and free actions), ``rest``
    (`count` rest actions left), ``event`` (the decision of event `card`; for the Generous
    sponsor `count` is the coins the chosen telegraph card gets), ``gamblers`` (the
    player on the mover's left turns one of `target`'s cards), ``leg`` (extra spaces),
    ``lock`` (which neighbour of `card` gets a lock token), ``face`` (the face of `card` done
    again), ``token`` (spend the lock token of `card` to keep it from flipping), ``sabotage``
    (under which market card), ``plan`` (Planejamento minucioso: `pool` positions still to
    place into `targets`, `placed` so far).
    """

    kind: str
    seat: int
    count: int = 0
    card: int = -1
    target: int = -1
    pool: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    placed: tuple[Placed, ...] = ()


@dataclass(frozen=True)
class RaceState:
    """A match of Volta ao mundo em 80 dias.

    Attributes:
        players, options, rng: seats, rule readings, the generator (hidden).
        phase: DRAFT, START, PLAY or OVER.
        hands: draft hands, each seen only by its holder; sealed: per seat the sealed pick
            or start city (-1: not chosen yet).
        city_deck: the rest of the city deck (order hidden); removed: the cards left over
            after the draft (out of the game, face down); city_discard: city cards revealed
            by events; meetings: cities of the Appointment event waiting for a visitor.
        travellers: per seat.
        market, under: the five face-up cards (-1 empty) and the sabotage card under each.
        deck: the movement deck, top first (order hidden, the top card's B face is seen);
            discard: its discard pile; skull: the sabotage pile (order hidden).
        weather: the weather card in play (-1 during the draft); weather_deck/_discard.
        event_deck/_discard: event cards; last_event: the last one read.
        first: the first player; turn: the turn being played; trip: the Move being resolved.
        stack: pending decisions, the current one last; turn_index: turns started so far.
        log: the previous action and its seat, public.
    """

    players: int
    options: RaceOptions
    rng: Rng
    phase: int
    hands: tuple[tuple[int, ...], ...]
    sealed: tuple[int, ...]
    city_deck: tuple[int, ...]
    removed: tuple[int, ...]
    city_discard: tuple[int, ...]
    meetings: tuple[int, ...]
    travellers: tuple[Traveller, ...]
    market: tuple[int, ...]
    under: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    skull: tuple[int, ...]
    weather: int
    weather_deck: tuple[int, ...]
    weather_discard: tuple[int, ...]
    event_deck: tuple[int, ...]
    event_discard: tuple[int, ...]
    last_event: int
    first: int
    turn: Turn | None
    trip: Trip | None
    stack: tuple[Frame, ...]
    turn_index: int
    log: tuple[int, RaceAction] | None

    def __copy__(self) -> RaceState:
        # Immutable: like a tuple, a copy may be the value itself.
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> RaceState:
        return self

    @property
    def finished(self) -> bool:
        """True once the race is over."""
        return self.phase == OVER
