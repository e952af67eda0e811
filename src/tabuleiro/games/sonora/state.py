"""Sonora options and state."""

from __future__ import annotations

from dataclasses import dataclass

from tabuleiro.core import Options, Rng, bool_option, choice_option, int_option
from tabuleiro.core.evolve import quick_init
from tabuleiro.games.sonora.actions import SonoraAction

# Phases of a round (§ Como jogar, § Modo solitário) and the end.
FLICK, COLOURS, SWAP, AI, RUINS_STEP, AREAS_STEP, OVER = range(7)
PHASE_NAMES = ("flick", "colours", "swap", "ai", "ruins", "areas", "over")
# Where a disc is.
HAND, BOARD, HOLE, OUT = range(4)
WHERE_NAMES = ("hand", "board", "hole", "out")
NOISE_LEVELS = ("off", "steady", "normal", "shaky")


@dataclass(frozen=True, slots=True)
class SonoraOptions(Options):
    """Game length, the advanced variant, the simulated hand and the rule readings."""

    rounds: int = int_option(
        6,
        minimum=5,
        maximum=7,
        en="Rounds: 5 short, 6 normal, 7 long (§ Como jogar)",
        pt="Rodadas: 5 curto, 6 normal, 7 longo (§ Como jogar)",
    )
    advanced: bool = bool_option(
        False,
        en="Advanced variant: a disc flicked straight into the zone of its own corner is "
        "disqualified; ricochets are allowed (§ Variante avançada)",
        pt="Variante avançada: um disco lançado diretamente para a zona do próprio canto é "
        "desqualificado; ricochetes são permitidos (§ Variante avançada)",
    )
    hand_noise: str = choice_option(
        "off",
        NOISE_LEVELS,
        en="Simulated hand: seeded noise on every flick's angle and strength (off, steady, normal, shaky)",
        pt="Mão simulada: ruído sorteado no ângulo e na força de cada piparote (off, steady, normal, shaky)",
        labels={
            "off": ("off (exact flicks)", "desligada (piparotes exatos)"),
            "steady": ("steady hand", "mão firme"),
            "normal": ("normal hand", "mão normal"),
            "shaky": ("shaky hand", "mão trêmula"),
        },
    )
    own_knocked_off: str = choice_option(
        "out",
        ("out", "reflick"),
        en="Your own resting disc knocked off the board by your flick: out for the round, or "
        "re-flicked at once like another player's (interpretation 4)",
        pt="Disco seu parado que o seu piparote atira para fora: fica fora na rodada, ou é "
        "piparotado de novo como o de outro jogador (interpretação 4)",
        labels={
            "out": ("out for the round", "fora na rodada"),
            "reflick": ("flicked again", "piparotado de novo"),
        },
    )
    corner_repeats: str = choice_option(
        "free",
        ("free", "three"),
        en="A flick that does not leave the corner: repeated as often as it takes (§ Mais regras "
        "para piparotar), or a house rule of 3 repeats, a 4th failure leaving the disc out for the "
        "round (interpretation 3)",
        pt="Piparote que não sai do canto: repete-se quantas vezes for preciso (§ Mais regras para "
        "piparotar), ou regra da casa de 3 repetições, ficando o disco fora da rodada à 4.ª falha "
        "(interpretação 3)",
        labels={
            "free": ("repeat until it leaves", "repetir até sair"),
            "three": ("3 repeats, then out", "3 repetições, depois fora"),
        },
    )
    mud_order: str = choice_option(
        "nodes_first",
        ("nodes_first", "any"),
        en="Mud cracks: nodes first, then the leftover value in the bonus columns (§ Rachas na "
        "lama), or nodes and column boxes in any order (interpretation 15)",
        pt="Rachas na lama: primeiro os nós, depois o valor que sobra nas colunas de bonificação "
        "(§ Rachas na lama), ou nós e caixas por qualquer ordem (interpretação 15)",
        labels={
            "nodes_first": ("nodes, then columns", "nós, depois colunas"),
            "any": ("any order", "qualquer ordem"),
        },
    )


@dataclass(frozen=True, slots=True)
class Frame:
    """A pending decision of the flick phase.

    Kinds: ``turn`` (flick any disc in hand), ``flick`` (flick `disc` again: a Re-flick
    bonus or a disc knocked off the board), ``reflick`` (use a Re-flick bonus on `disc`, just
    flicked, or keep it), ``hole`` (choose the area of `disc`, fallen in the hole).
    `tries` counts the flicks of this decision that did not leave the corner.
    """

    kind: str
    seat: int
    disc: int = -1
    tries: int = 0


@dataclass(frozen=True)
class Sheet:
    """One scoresheet (a seat's; in solo it also carries the AI's marks).

    Attributes:
        ruins: hexes crossed per building A..H; rewards: 0 none, 1 upper, 2 lower.
        ai_circled, ai_crossed: solo, the AI building's circled hexes and those crossed since.
        visited: riverbed spaces crossed or circled (bitmask, X included); circled: path ends;
        river_ai: spaces the AI filled.
        shapes: the canyon shapes (bitmasks), the pre-drawn 2x2 first; ai_shapes: the AI's.
        mud: marked nodes (bitmask, X included); mud_ai: filled solo circles per node.
        columns: boxes marked per bonus column.
        reflick, swap: (circled, crossed) on the bonus track.
        found, spent: Discovery animals (fox, owl, rabbit) circled, and crossed.
    """

    ruins: tuple[int, ...]
    rewards: tuple[int, ...]
    ai_circled: int
    ai_crossed: int
    visited: int
    circled: int
    river_ai: int
    shapes: tuple[int, ...]
    ai_shapes: tuple[int, ...]
    mud: int
    mud_ai: tuple[int, ...]
    columns: tuple[int, ...]
    reflick: tuple[int, int]
    swap: tuple[int, int]
    found: tuple[int, int, int]
    spent: tuple[int, int, int]


@dataclass(frozen=True)
class Work:
    """What a seat still has to score in the current write phase.

    Attributes:
        swaps: Swap bonuses chosen in the swap step, in order (disc pairs).
        zones: areas chosen for discs split in exact halves (disc, area).
        ruins: Ruins value left to cross.
        canyon: shapes still to draw, by largest allowed size (discs, Fox circles and Fox
            bonuses); river: paths of an exact length; owls: paths of 1 to 5 spaces.
        mud: Mud cracks value left (Rabbit circles and bonuses included).
        columns: a bonus-column box was marked this phase, so (nodes first) no more nodes.
        discover: Discovery bonuses whose animal is still to be chosen.
        shape: cells of the canyon shape being drawn (the AI's in the AI step).
        ai_canyon, ai_river, ai_mud: solo, the AI's shapes, paths and circles to mark.
        limit, goal: solo, the AI disc whose shape is being drawn and the shape's size.
        done: the seat has finished this step.
    """

    swaps: tuple[tuple[int, int], ...] = ()
    zones: tuple[tuple[int, int], ...] = ()
    ruins: int = 0
    canyon: tuple[int, ...] = ()
    river: tuple[int, ...] = ()
    owls: int = 0
    mud: int = 0
    columns: bool = False
    discover: int = 0
    shape: int = 0
    ai_canyon: tuple[int, ...] = ()
    ai_river: tuple[int, ...] = ()
    ai_mud: int = 0
    limit: int = 0
    goal: int = 0
    done: bool = False


@dataclass(frozen=True, slots=True)
class Desk:
    """A seat's sheet and its work in progress."""

    sheet: Sheet
    work: Work


@quick_init
@dataclass(frozen=True)
class Throw:
    """What a flick's simulation started from, enough to replay it: the resting discs and
    their centres in the simulation's order, then the flicked disc from `start`."""

    discs: tuple[int, ...]  # the resting discs, then the flicked one
    resting: tuple[tuple[float, float], ...]
    corner: int
    start: tuple[float, float]
    velocity: tuple[float, float]  # mm/s, after the hand noise


@quick_init
@dataclass(frozen=True)
class Flight:
    """The last flick: who, what was asked, what was applied, and how to replay it.

    The moved discs' tracks are not kept: `rules.flight_tracks` replays `throw` (the
    simulation is deterministic) when a view asks for them, so playouts never pay for frames
    nobody watches.
    """

    seat: int
    disc: int
    corner: int
    asked: tuple[int, int, int]  # offset mm, angle in tenths of a degree, distance mm
    angle: float  # degrees, after the hand noise
    speed: float  # mm/s, after the hand noise
    throw: Throw
    fates: tuple[tuple[int, int], ...]  # (disc, fate) of discs that fell in or went off
    left_pad: bool
    set_down: tuple[int, ...] = ()  # discs the engine's safeguard set down off their corner


@dataclass(frozen=True)
class SonoraState:
    """A match of Sonora.

    No slots: every action copies the state, and `evolve` copies an instance ``__dict__`` in
    one step (likewise `Sheet` and `Work`, copied on most write-phase moves).

    Attributes:
        players: seats (1 = solo against the AI opponent).
        options: the match's options.
        rng: the generator (hidden; only the hand noise draws from it).
        round: 0-based; first: the first player's seat.
        phase: FLICK … OVER.
        where, pos, hole_area: per disc (``set * 5 + number - 1``; a set is a seat, or a
            colour in solo), its place, its centre on the board, the area chosen in the hole.
        knocks: per disc, times it was knocked off the board and came back this round.
        turns: seats of the flicks still to come this round, one entry per disc.
        stack: pending flick-phase decisions, the current one last.
        colours: solo, the colours kept for the player and for the AI (-1 before the choice).
        desks: per seat, the sheet and the write-phase work as the seat knows it.
        shown: during a sealed simultaneous step, the desks as the other seats see them.
        queue: the Ruins step's order, the seat scoring now first.
        claimed: per building, whether its upper reward was taken.
        flight: the last flick; last: the previous action (seat, action).
    """

    players: int
    options: SonoraOptions
    rng: Rng
    round: int
    first: int
    phase: int
    where: tuple[int, ...]
    pos: tuple[tuple[float, float], ...]
    hole_area: tuple[int, ...]
    knocks: tuple[int, ...]
    turns: tuple[int, ...]
    stack: tuple[Frame, ...]
    colours: tuple[int, int]
    desks: tuple[Desk, ...]
    shown: tuple[Desk, ...] | None
    queue: tuple[int, ...]
    claimed: tuple[bool, ...]
    flight: Flight | None
    last: tuple[int, SonoraAction] | None

    def __copy__(self) -> SonoraState:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> SonoraState:
        return self

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.phase == OVER

    @property
    def solo(self) -> bool:
        """Solo mode against the AI opponent."""
        return self.players == 1
