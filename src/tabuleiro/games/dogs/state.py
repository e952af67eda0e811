"""DOGS options and state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabuleiro.core import Options, Rng, bool_option, choice_option
from tabuleiro.core.evolve import quick_init
from tabuleiro.games.dogs.kennel import Pen

if TYPE_CHECKING:
    from tabuleiro.games.dogs.actions import DogsAction

# Phases of a round (§ Como jogar) and the end.
FUEL, MOVE, ARRANGE, ACTIONS, FEEDING, SALARY, OVER = range(7)
PHASE_NAMES = ("fuel", "move", "arrange", "actions", "feed", "salary", "over")
# Trip of a pick-up during phase 1.
AT_CENTRE, OUT, AT_HOME, STAYED = range(4)
BOXES = ("prefeitura", "armazem", "petshop", "veterinario", "feira")


@dataclass(frozen=True, slots=True)
class DogsOptions(Options):
    """Rule readings of a match of DOGS (the 2-player rules apply by themselves)."""

    centre_passable: bool = bool_option(
        False,
        en="Pick-ups may drive through the centre space between areas (interpretation 3)",
        pt="As pick-ups podem atravessar o espaço central entre as áreas (interpretação 3)",
    )
    full_pen_bonus: str = choice_option(
        "once",
        ("once", "refill"),
        en="Full-pen bonus: once per pen for the whole game, or again after the pen was refilled",
        pt="Bônus de baia cheia: uma vez por baia no jogo todo, ou de novo quando a baia for reabastecida",
        labels={
            "once": ("once per pen", "uma vez por baia"),
            "refill": ("again after a refill", "de novo após reabastecer"),
        },
    )
    blocking_end: str = choice_option(
        "next",
        ("next", "after_next"),
        en="2 players, all 6 blocking tokens on the board after the refill: the next round is the last,"
        " or the round after it (interpretation 21)",
        pt="2 jogadores, as 6 fichas de bloqueio no tabuleiro após a reposição: a próxima rodada é a última,"
        " ou a seguinte a ela (interpretação 21)",
        labels={
            "next": ("the next round is the last", "a próxima rodada é a última"),
            "after_next": ("the round after next is the last", "a rodada depois da próxima é a última"),
        },
    )
    resource_cards: str = choice_option(
        "convert",
        ("convert", "keep"),
        en="Resource cards: turned into their tokens the moment they are taken, or kept and used when"
        " the holder wants (interpretation 12)",
        pt="Cartas de recursos: convertidas em fichas no momento em que são pegas, ou guardadas e usadas"
        " quando o jogador quiser (interpretação 12)",
        labels={
            "convert": ("turned into tokens at once", "convertidas em fichas na hora"),
            "keep": ("kept for later", "guardadas para depois"),
        },
    )
    rehire: str = choice_option(
        "next_round",
        ("next_round", "any_later"),
        en="A helper who left for want of his salary: rehired only in the next round's phase 3, or in"
        " any later phase 3 (interpretation 15)",
        pt="Ajudante que saiu sem salário: recontratado só na Fase 3 da rodada seguinte, ou em qualquer"
        " Fase 3 posterior (interpretação 15)",
        labels={
            "next_round": ("only in the next round's phase 3", "só na Fase 3 da rodada seguinte"),
            "any_later": ("in any later phase 3", "em qualquer Fase 3 posterior"),
        },
    )


@dataclass(frozen=True)
class Kennel:
    """One player's kennel (§ Conheça o seu canil), pick-up and open cards.

    `helper_left` is the round in which an unpaid helper left (0: never), for the rehiring
    "Na Fase 3 da rodada seguinte"; `rescued` says the player took a dog this phase 1, by moving
    or with the Receba 1 cão card (§ Fim do jogo: "não mover suas pick-ups e nem resgatar").
    """

    coins: int
    gas: int
    food: int
    medicine: int
    pens: tuple[Pen, ...]
    bonus: tuple[bool, ...]
    infirmary: tuple[int, ...]
    truck: tuple[int, ...]
    position: int
    trip: int
    cards: tuple[int, ...]
    helper: bool
    helper_paid: bool
    helper_left: int = 0
    rescued: bool = False


@quick_init
@dataclass(frozen=True)
class Frame:
    """A pending decision: whose it is and what it is about.

    Kinds: ``fuel``, ``move``, ``bonus`` (first/last home resource), ``arrange`` (end of
    phase 1, or placing one dog in phase 2), ``offer`` (a donation), ``place`` (a meeple),
    ``box`` (the box's action after placing), ``feed``, ``salary``.
    """

    kind: str
    seat: int
    pool: tuple[int, ...] = ()
    lifts: int = 0
    vet: bool = False
    token: int = -1
    candidates: tuple[int, ...] = ()
    box: int = -1
    used: int = 0
    starved: int = 0


@dataclass(frozen=True)
class DogsState:
    """A match of DOGS.

    Attributes:
        players: number of seats.
        options: rule readings.
        rng: the generator (hidden).
        spaces: per board space (0 = centre), the token on it: -1 none, a dog or BLOCK.
        bags: per area, the face-down supply of tokens, top first (hidden).
        kennels: per seat.
        fair: breeds of the dogs at the Dog Fair, in arrival order.
        fair_cards: the Fair deck, top (face up) first; the rest is hidden.
        deck: the face-down card pile (hidden); discard: used and left-over cards.
        boxes: per action box, the cards above it; meeples: per box, the seats on it.
        round: 1, 2, …; first: the first player's seat; last_round: this round ends the game;
        next_last: the next round will end the game (2 players: every blocking token out).
        phase: FUEL … OVER; queue: seats still to take this phase's step, in order.
        mover: phase 1, the last seat that moved; home_order: seats home so far.
        stack: pending decisions, the current one last.
        log: the previous action and its seat, public (written out only by the view).
    """

    players: int
    options: DogsOptions
    rng: Rng
    spaces: tuple[int, ...]
    bags: tuple[tuple[int, ...], tuple[int, ...]]
    kennels: tuple[Kennel, ...]
    fair: tuple[int, ...]
    fair_cards: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    boxes: tuple[tuple[int, ...], ...]
    meeples: tuple[tuple[int, ...], ...]
    round: int
    first: int
    last_round: bool
    next_last: bool
    phase: int
    queue: tuple[int, ...]
    mover: int
    home_order: tuple[int, ...]
    stack: tuple[Frame, ...]
    log: tuple[int, DogsAction] | None

    def __copy__(self) -> DogsState:
        # Immutable: like a tuple, a copy may be the value itself.
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> DogsState:
        return self

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.phase == OVER
