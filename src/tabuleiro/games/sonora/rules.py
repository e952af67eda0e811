"""Sonora rules as pure functions over `SonoraState`.

A round (§ Como jogar) is the flick phase (§ A fase do piparote), then the write phase
(§ A fase de anotar): Swap bonuses (a sealed simultaneous step), the Ruins one seat at a time
in order of value, then every other area simultaneously, sealed until all are done. In solo
(§ Modo solitário) the player flicks 15 discs, keeps a colour, gives one to the AI, and scores
the AI's discs (making the sheet harder) before their own. Every choice is an action; the
steps nobody chooses run by themselves in `_settle`.

Flicks are continuous: any flick within the bounds is legal (`illegal_reason` checks them);
`legal_actions` lists a fixed grid of flicks per disc (`FLICK_GRID`) so that random players,
search and the conformance harness have a finite, representative set (RULES.md, "Flicks").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import starmap
from typing import Generic, TypeVar

from tabuleiro.core import IllegalActionError, InvalidActionError, Rng
from tabuleiro.core.evolve import evolve
from tabuleiro.core.last_legal import LastLegal
from tabuleiro.games.sonora import physics
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.actions import (
    ANGLE_LIMIT,
    COLOUR_LETTERS,
    DONE,
    END,
    KEEP,
    REFLICK,
    AiCanyon,
    AiPath,
    Box,
    Cell,
    Colours,
    Disc,
    Discover,
    Done,
    End,
    Flick,
    Hole,
    Keep,
    Node,
    Path,
    Reflick,
    Ruins,
    SonoraAction,
    Swap,
    Use,
    Zone,
    disc_text,
    format_action,
)
from tabuleiro.games.sonora.components import AREAS, CANYON, CORNER_AREA, MUD, RIVER, RUINS, board, printed
from tabuleiro.games.sonora.state import (
    AI,
    AREAS_STEP,
    BOARD,
    COLOURS,
    FLICK,
    HAND,
    HOLE,
    OUT,
    OVER,
    RUINS_STEP,
    SWAP,
    Desk,
    Flight,
    Frame,
    SonoraOptions,
    SonoraState,
    Throw,
    Work,
)

K = TypeVar("K")
V = TypeVar("V")

DISCS = 5  # per colour (§ Componentes)
TURN_DISCS = (2, 2, 1)  # § A fase do piparote: 2, 2, then 1 disc
SOLO_COLOURS = 3  # § Modo solitário: 15 discs of three colours
HOUSE_REPEATS = 3  # option corner_repeats=three: repeats before a failing disc is left out
MAX_TRIES = 10  # interpretation 3: the safeguard sets a disc down after this many failed flicks
MAX_KNOCKS = 10  # interpretation 5: the safeguard sets a disc down when knocked off once more
SEAT_CORNERS = {1: (0,), 2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
FLICK_GRID = (*((0, a, d) for a in (-250, 0, 250) for d in (100, 200, 300)), (0, 0, 900))
DISTANCE_RANGE = (1, 900)


# -- discs and seats -------------------------------------------------------------------------


def colour_sets(state: SonoraState) -> int:
    """Colours in play: one per seat, three in solo."""
    return SOLO_COLOURS if state.solo else state.players


def owner(state: SonoraState, disc: int) -> int:
    """The seat a disc belongs to (every disc is the player's in solo)."""
    return 0 if state.solo else disc // DISCS


def disc_ref(state: SonoraState, disc: int) -> Disc:
    """A disc as the notation writes it."""
    return Disc(disc % DISCS + 1, disc // DISCS if state.solo else -1)


def disc_id(state: SonoraState, seat: int, ref: Disc) -> int:
    """The disc `seat` means by `ref`, or -1 when it names none of theirs."""
    if not 1 <= ref.number <= DISCS:
        return -1
    if state.solo:
        return ref.colour * DISCS + ref.number - 1 if 0 <= ref.colour < SOLO_COLOURS else -1
    return seat * DISCS + ref.number - 1 if ref.colour == -1 else -1


def label(state: SonoraState, disc: int) -> str:
    """A disc's name in messages and views: ``s1:3`` or, in solo, ``b3``."""
    text = disc_text(disc_ref(state, disc))
    return text if state.solo else f"s{owner(state, disc)}:{text}"


def corner(state: SonoraState, seat: int) -> int:
    """The seat's launch corner this round: the board turns 90° clockwise each round."""
    return (SEAT_CORNERS[state.players][seat] - state.round) % 4


def order(state: SonoraState) -> tuple[int, ...]:
    """Seats clockwise from the first player."""
    n = state.players
    return tuple((state.first + i) % n for i in range(n))


def scoring_discs(state: SonoraState, seat: int, ai: bool = False) -> tuple[int, ...]:
    """The discs a seat scores this round (solo: the kept colour, or the AI's)."""
    if state.solo:
        colour = state.colours[1 if ai else 0]
        return tuple(range(colour * DISCS, colour * DISCS + DISCS)) if colour >= 0 else ()
    return tuple(range(seat * DISCS, seat * DISCS + DISCS))


def _turns(state: SonoraState) -> tuple[int, ...]:
    if state.solo:
        return (0,) * (SOLO_COLOURS * DISCS)
    return tuple(seat for count in TURN_DISCS for seat in order(state) for _ in range(count))


# -- setup -----------------------------------------------------------------------------------


def setup(players: int, seed: int, options: SonoraOptions) -> SonoraState:
    """§ Preparação: seat 0 is the first player and faces the Ruins corner."""
    discs = (SOLO_COLOURS if players == 1 else players) * DISCS
    desk = Desk(ss.new_sheet(), Work())
    state = SonoraState(
        players=players,
        options=options,
        rng=Rng.from_seed(seed),
        round=0,
        first=0,
        phase=FLICK,
        where=(HAND,) * discs,
        pos=((0.0, 0.0),) * discs,
        hole_area=(-1,) * discs,
        knocks=(0,) * discs,
        turns=(),
        stack=(),
        colours=(-1, -1),
        desks=(desk,) * players,
        shown=None,
        queue=(),
        claimed=(False,) * len(printed().buildings),
        flight=None,
        last=None,
    )
    return _settle(evolve(state, turns=_turns(state)))


# -- small helpers ---------------------------------------------------------------------------


def _set(items: tuple[object, ...], i: int, value: object) -> tuple[object, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _with_desk(state: SonoraState, seat: int, desk: Desk) -> SonoraState:
    return evolve(state, desks=_set(state.desks, seat, desk))


def _hand(state: SonoraState, seat: int) -> tuple[int, ...]:
    where = state.where
    if state.solo:
        return tuple([d for d, w in enumerate(where) if w == HAND])
    base = seat * DISCS
    return tuple([d for d in range(base, base + DISCS) if where[d] == HAND])


class _Last(Generic[K, V]):
    """The value last computed for one object, keyed on the object's identity: the engine
    asks the same question of the same state or desk several times in a row (a move asks
    whether it left the seat idle, then the next decision lists the desk's moves again; the
    caller, `apply` and `legal_actions` each ask who acts).

    One entry, replaced whole: safe to read from several threads. Holding the key keeps its
    identity from being reused.
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple[K | None, V | None] = (None, None)

    def get(self, key: K) -> V | None:
        kept, value = self._entry
        return value if kept is key else None

    def keep(self, key: K, value: V) -> V:
        self._entry = (key, value)
        return value


_LAST_TO_ACT: _Last[SonoraState, frozenset[int]] = _Last()


def to_act(state: SonoraState) -> frozenset[int]:
    """Seats with a pending decision."""
    seats = _LAST_TO_ACT.get(state)
    if seats is None:
        seats = _LAST_TO_ACT.keep(state, _to_act(state))
    return seats


def _to_act(state: SonoraState) -> frozenset[int]:
    phase = state.phase
    if phase == FLICK:
        return frozenset((state.stack[-1].seat,)) if state.stack else frozenset()
    if phase in (SWAP, AREAS_STEP):
        return frozenset([s for s, d in enumerate(state.desks) if not d.work.done])
    if phase == RUINS_STEP:
        return frozenset(state.queue[:1])
    if phase in (COLOURS, AI):
        return frozenset((0,))
    return frozenset()


# -- legal actions ---------------------------------------------------------------------------


_LAST_LEGAL: LastLegal[SonoraState, SonoraAction] = LastLegal()


def legal_actions(state: SonoraState, seat: int) -> tuple[SonoraAction, ...]:
    """Every legal action of `seat` in a fixed order (flicks: the grid, see the module)."""
    actions = _legal_actions(state, seat)
    _LAST_LEGAL.keep(state, seat, actions)
    return actions


def _legal_actions(state: SonoraState, seat: int) -> tuple[SonoraAction, ...]:
    if seat not in to_act(state):
        return ()
    phase = state.phase
    if phase == FLICK:
        return _flick_phase_actions(state)
    if phase == COLOURS:
        return tuple(Colours(m, a) for m in range(SOLO_COLOURS) for a in range(SOLO_COLOURS) if m != a)
    if phase == SWAP:
        return swap_actions(state, seat, state.desks[seat])
    if phase == AI:
        return ai_actions(state.desks[0])
    if phase == RUINS_STEP:
        desk = state.desks[seat]
        if desk.work.discover:
            return tuple(Discover(a) for a in ss.discover_choices(desk.sheet))
        return tuple(starmap(_RUINS, ss.ruins_moves(desk)))
    if phase == AREAS_STEP:
        return area_actions(state.desks[seat])
    return ()


def _flick_phase_actions(state: SonoraState) -> tuple[SonoraAction, ...]:
    frame = state.stack[-1]
    if frame.kind == "turn":
        discs: Sequence[int] = _hand(state, frame.seat)
    elif frame.kind == "flick":
        discs = (frame.disc,)
    elif frame.kind == "reflick":
        return (REFLICK, KEEP)
    else:
        return tuple(Hole(a) for a in range(len(AREAS)))
    return _flick_grid(tuple(discs), state.solo)


@lru_cache(maxsize=256)
def _flick_grid(discs: tuple[int, ...], solo: bool) -> tuple[Flick, ...]:
    """The listed flicks of `discs` (actions are immutable, so one tuple serves every state;
    keyed by disc numbers, which hash in C, not by the `Disc` refs the actions hold)."""
    refs = (Disc(d % DISCS + 1, d // DISCS if solo else -1) for d in discs)
    return tuple(Flick(ref, *g) for ref in refs for g in FLICK_GRID)


def _positions_after_swaps(
    state: SonoraState, swaps: tuple[tuple[int, int], ...]
) -> list[tuple[float, float]]:
    pos = list(state.pos)
    for a, b in swaps:
        pos[a], pos[b] = pos[b], pos[a]
    return pos


@lru_cache(maxsize=4096)
def placement(x: float, y: float) -> tuple[int, int, tuple[int, ...]]:
    """(area, multiplier index or -1, tied zones) of a disc resting at (x, y).

    A multiplier circle it touches wins over the zones (§ Círculos multiplicadores); a disc
    in exact halves has two zones and no area until its owner chooses.
    """
    m = physics.multiplier_at(x, y)
    if m >= 0:
        return board().multipliers[m].area, m, ()
    zones = physics.zones_of(x, y)
    return (zones[0], -1, ()) if len(zones) == 1 else (-1, -1, zones)


def _ties(state: SonoraState, seat: int, desk: Desk) -> list[tuple[int, tuple[int, ...]]]:
    """Discs of the seat (solo: kept and AI colours) in exact halves, with their two zones."""
    pos = _positions_after_swaps(state, desk.work.swaps)
    discs = (*scoring_discs(state, seat), *(scoring_discs(state, seat, ai=True) if state.solo else ()))
    out = []
    for d in discs:
        if state.where[d] == BOARD:
            _, _, zones = placement(*pos[d])
            if zones:
                out.append((d, zones))
    return out


def swap_actions(state: SonoraState, seat: int, desk: Desk) -> tuple[SonoraAction, ...]:
    """§ Usar bonificações de troca: swap two own discs on the board per Swap bonus; choose
    the area of a disc in exact halves; then done."""
    if desk.work.done:
        return ()
    out: list[SonoraAction] = []
    if ss.available(desk.sheet.swap) > len(desk.work.swaps):
        mine = [d for d in scoring_discs(state, seat) if state.where[d] == BOARD]
        out.extend(
            Swap(disc_ref(state, a), disc_ref(state, b)) for i, a in enumerate(mine) for b in mine[i + 1 :]
        )
    chosen = dict(desk.work.zones)
    open_ties = [(d, zones) for d, zones in _ties(state, seat, desk) if d not in chosen]
    out.extend(Zone(disc_ref(state, d), a) for d, zones in open_ties for a in zones)
    if not open_ties:
        out.append(DONE)
    return tuple(out)


def swap_idle(state: SonoraState, seat: int, desk: Desk) -> bool:
    """Whether the seat's only swap-step move is ``done`` (`swap_actions` is ``(DONE,)``),
    answered without listing the swaps: the step's start asks it of every seat each round."""
    if desk.work.done:
        return False
    if ss.available(desk.sheet.swap) > len(desk.work.swaps):
        where = state.where
        if sum(where[d] == BOARD for d in scoring_discs(state, seat)) >= 2:
            return False
    chosen = dict(desk.work.zones)
    return all(d in chosen for d, _ in _ties(state, seat, desk))


def ai_actions(desk: Desk) -> tuple[SonoraAction, ...]:
    """Solo: how the AI's discs may be marked; the player picks (§ the AI's options)."""
    w, s = desk.work, desk.sheet
    if w.limit:
        return tuple(Cell(c, ai=True) for c in ss.bits(ss.ai_cells(desk, w.goal)))
    out: list[SonoraAction] = []
    sizes = sorted({t for t in w.ai_canyon if ss.ai_shape_size(s, t) > 0})
    if len(sizes) > 1:
        out.extend(AiCanyon(t) for t in sizes)
    elif sizes:
        goal = ss.ai_shape_size(s, sizes[0])
        out.extend(Cell(c, ai=True) for c in ss.bits(ss.ai_cells(desk, goal)))
    if w.ai_river:
        out.extend(AiPath(a, b) for a, b in ss.ai_paths(s, w.ai_river))
    out.extend(Node(n, ai=True) for n in ss.ai_circle_moves(desk))
    return tuple(out)


# The write phase's moves, one shared object per value: actions are immutable, and listing
# them is most of a write-phase decision.
_CELL = cache(Cell)
_PATH = cache(Path)
_NODE = cache(Node)
_BOX = cache(Box)
_RUINS = cache(Ruins)


_LAST_AREAS: _Last[Desk, tuple[SonoraAction, ...]] = _Last()


def area_actions(desk: Desk) -> tuple[SonoraAction, ...]:
    """§ Marcar o resto dos discos: the seat's moves on its own sheet, in any order."""
    moves = _LAST_AREAS.get(desk)
    if moves is None:
        moves = _LAST_AREAS.keep(desk, _area_actions(desk))
    return moves


def _area_actions(desk: Desk) -> tuple[SonoraAction, ...]:
    w, s = desk.work, desk.sheet
    if w.done:
        return ()
    if w.discover:
        return tuple(Discover(a) for a in ss.discover_choices(s))
    cells = ss.canyon_cells(desk)
    if w.shape:
        return (*map(_CELL, ss.bits(cells)), END)
    ends = ss.path_ends(desk)
    out: list[SonoraAction] = [*map(_CELL, ss.bits(cells))]
    out.extend(map(_PATH, ends))
    out.extend(map(_NODE, ss.node_moves(desk)))
    out.extend(map(_BOX, ss.box_moves(desk)))
    out.extend(Use(a) for a in range(3) if ss.stored(s, a))
    if not cells and not ends:
        out.append(DONE)
    return tuple(out)


# -- checks ----------------------------------------------------------------------------------


def _illegal(en: str, pt: str) -> IllegalActionError:
    return IllegalActionError(en, pt)


def illegal_reason(state: SonoraState, seat: int, action: SonoraAction) -> IllegalActionError | None:
    """Why `action` breaks a rule for `seat` (a seat to act), or None."""
    if isinstance(action, Flick) and state.phase == FLICK:
        return _flick_reason(state, seat, action)
    known = _LAST_LEGAL.check(state, seat, action)
    if known or (known is None and action in legal_actions(state, seat)):
        return None
    text = _shown(action)
    phase = state.phase
    if phase == FLICK:
        kind = state.stack[-1].kind
        hint = {
            "turn": ("flick a disc from your hand", "piparote um disco da sua mão"),
            "flick": ("flick that disc again", "piparote esse disco de novo"),
            "reflick": ("reflick or keep", "reflick ou keep"),
            "hole": ("choose the area of the disc in the hole", "escolha a área do disco na mosca"),
        }[kind]
        return _illegal(f"{text} is not possible now: {hint[0]}", f"{text} não é possível agora: {hint[1]}")
    return _illegal(
        f"{text} is not possible now (§ A fase de anotar; see the list of moves)",
        f"{text} não é possível agora (§ A fase de anotar; veja a lista de jogadas)",
    )


def _shown(action: SonoraAction) -> str:
    """The action's notation for a message; a value built directly in Python that the notation
    cannot write is shown as Python writes it."""
    try:
        return format_action(action)
    except (InvalidActionError, LookupError, TypeError, ValueError, AttributeError):
        return repr(action)[:120]


def _well_formed_flick(action: Flick) -> bool:
    """Whole numbers everywhere and a disc the notation can write (a value built directly in
    Python may hold anything)."""
    disc = action.disc
    return (
        type(disc) is Disc
        and type(disc.number) is int
        and type(disc.colour) is int
        and -1 <= disc.colour < len(COLOUR_LETTERS)
        and type(action.offset) is int
        and type(action.angle) is int
        and type(action.distance) is int
    )


def _flick_reason(state: SonoraState, seat: int, action: Flick) -> IllegalActionError | None:
    frame = state.stack[-1]
    if not _well_formed_flick(action):
        return _illegal(
            "a flick is a disc (a number 1-5; solo: a colour a/b/c and a number) and whole numbers for "
            "the offset (mm), the angle (tenths of a degree) and the strength (mm)",
            "um piparote é um disco (número de 1 a 5; solo: cor a/b/c e número) e números inteiros para "
            "o deslocamento (mm), o ângulo (décimos de grau) e a força (mm)",
        )
    if frame.kind in ("reflick", "hole"):
        return _illegal(
            "first decide on the disc just flicked (reflick or keep) or the disc in the hole",
            "primeiro decida sobre o disco piparotado (reflick ou keep) ou o disco na mosca",
        )
    d = disc_id(state, seat, action.disc)
    allowed = _hand(state, seat) if frame.kind == "turn" else (frame.disc,)
    if d not in allowed:
        names = ", ".join(disc_text(disc_ref(state, x)) for x in allowed)
        return _illegal(
            f"disc {disc_text(action.disc)} cannot be flicked now; flick one of: {names}",
            f"o disco {disc_text(action.disc)} não pode ser piparotado agora; piparote um de: {names}",
        )
    limit = physics.launch_limit()
    if not -limit <= action.offset <= limit:
        return _illegal(
            f"the launch offset must be from -{limit} to {limit} mm: the disc must lie wholly on "
            "your corner's raised surface (§ Mais regras para piparotar)",
            f"o deslocamento deve ser de -{limit} a {limit} mm: o disco deve estar totalmente na "
            "superfície elevada do seu canto (§ Mais regras para piparotar)",
        )
    if not -ANGLE_LIMIT <= action.angle <= ANGLE_LIMIT:
        return _illegal(
            "the angle must be from -89.9 to 89.9 degrees (forwards from your corner)",
            "o ângulo deve ser de -89.9 a 89.9 graus (para a frente do seu canto)",
        )
    low, high = DISTANCE_RANGE
    if not low <= action.distance <= high:
        return _illegal(
            f"the strength must be from {low} to {high} mm", f"a força deve ser de {low} a {high} mm"
        )
    return None


# -- flick phase -----------------------------------------------------------------------------


def _normal(rng: Rng) -> tuple[float, Rng]:
    """A standard normal draw (Irwin-Hall of four uniforms: arithmetic only, so it is the same
    on every platform)."""
    total = 0.0
    for _ in range(4):
        u, rng = rng.random()
        total += u
    return (total - 2.0) * math.sqrt(3.0), rng


@lru_cache(maxsize=512)
def _simulate(
    resting: tuple[tuple[float, float], ...],
    c: int,
    start: tuple[float, float],
    velocity: tuple[float, float],
) -> physics.Result:
    # A flick depends only on these inputs: search and replays often repeat one exactly.
    return physics.simulate(resting, c, start, velocity, record=False)


@lru_cache(maxsize=1024)
def flight_tracks(throw: Throw) -> tuple[tuple[int, int, tuple[float, ...]], ...]:
    """Each disc the flick moved: (disc, first frame, x y x y ... at the frame rate), replayed
    from its throw (the same simulation as the flick's, with frames recorded)."""
    result = physics.simulate(throw.resting, throw.corner, throw.start, throw.velocity)
    return tuple((throw.discs[i], first, xy) for i, first, xy in result.frames)


def _flick(state: SonoraState, seat: int, action: Flick) -> SonoraState:
    frame = state.stack[-1]
    disc = disc_id(state, seat, action.disc)
    c = corner(state, seat)
    angle, speed_factor, rng = action.angle / 10.0, 1.0, state.rng
    noise = board().physics.noise.get(state.options.hand_noise)
    if noise is not None:
        z1, rng = _normal(rng)
        z2, rng = _normal(rng)
        angle += noise[0] * z1
        speed_factor = max(0.0, 1.0 + noise[1] * z2)
    start = physics.launch_point(c, action.offset)
    vx, vy = physics.launch_velocity(c, angle, action.distance)
    velocity = (vx * speed_factor, vy * speed_factor)
    where, pos = list(state.where), list(state.pos)
    resting = [d for d, w in enumerate(where) if w == BOARD and d != disc]
    spots = tuple([pos[d] for d in resting])
    result = _simulate(spots, c, start, velocity)
    hole_area, knocks = list(state.hole_area), list(state.knocks)
    holes: list[int] = []
    knocked: list[int] = []
    fates: list[tuple[int, int]] = []
    for d, fate, centre in zip((*resting, disc), result.fates, result.positions, strict=True):
        if fate == physics.ON_BOARD:
            where[d], pos[d] = BOARD, centre
            continue
        fates.append((d, fate))
        pos[d] = (0.0, 0.0)
        if fate == physics.IN_HOLE:
            where[d], hole_area[d] = HOLE, -1
            holes.append(d)
        elif d == disc:
            where[d] = OUT  # § Mais regras: your own flick sent it off: disqualified
        elif owner(state, d) == seat and state.options.own_knocked_off == "out":
            where[d] = OUT
        else:
            # § Mais regras: its owner flicks it again at once, every time (interpretation 5).
            where[d], knocks[d] = HAND, knocks[d] + 1
            knocked.append(d)
    set_down: list[int] = []
    for d in [d for d in knocked if knocks[d] > MAX_KNOCKS]:
        knocked.remove(d)
        set_down.append(d)
    stack = list(state.stack[:-1])
    failed = where[disc] == BOARD and not result.left_pad
    if failed:
        # § Mais regras: "pode repetir o piparote" - the disc comes back, never lost for it.
        where[disc], pos[disc] = HAND, (0.0, 0.0)
        if state.options.corner_repeats == "three" and frame.tries >= HOUSE_REPEATS:
            where[disc] = OUT
        elif state.options.corner_repeats == "free" and frame.tries + 1 >= MAX_TRIES:
            set_down.insert(0, disc)
            failed = False
        else:
            stack.append(evolve(frame, tries=frame.tries + 1))
    for d in set_down:
        # The safeguard (interpretations 3 and 5): the disc stays in play, set down in front
        # of its owner's corner instead of being flicked once more.
        resting_now = [pos[o] for o, w in enumerate(where) if w == BOARD and o != d]
        where[d], pos[d] = BOARD, physics.set_down_point(corner(state, owner(state, d)), resting_now)
    if (
        not failed
        and disc not in set_down
        and where[disc] == BOARD
        and state.options.advanced
        and not result.touched
        and CORNER_AREA[c] in physics.zones_of(*pos[disc])
    ):
        where[disc], pos[disc] = OUT, (0.0, 0.0)  # § Variante avançada: straight into its own zone
    n = state.players
    knocked.sort(key=lambda d: ((owner(state, d) - seat) % n, d))
    holes.sort(key=lambda d: ((owner(state, d) - seat) % n, d))
    stack.extend(Frame("flick", owner(state, d), d) for d in reversed(knocked))
    stack.extend(Frame("hole", owner(state, d), d) for d in reversed(holes))
    desk = state.desks[seat]
    if not failed and ss.available(desk.sheet.reflick):
        stack.append(Frame("reflick", seat, disc))
    flight = Flight(
        seat=seat,
        disc=disc,
        corner=c,
        asked=(action.offset, action.angle, action.distance),
        angle=angle,
        speed=math.hypot(*velocity),
        throw=Throw((*resting, disc), spots, c, start, velocity),
        fates=tuple(fates),
        left_pad=result.left_pad,
        set_down=tuple(set_down),
    )
    return evolve(
        state,
        rng=rng,
        where=tuple(where),
        pos=tuple(pos),
        hole_area=tuple(hole_area),
        knocks=tuple(knocks),
        stack=tuple(stack),
        flight=flight,
    )


def _reflick(state: SonoraState, seat: int) -> SonoraState:
    """§ Bonificação Piparotar de Novo: take the disc back and flick it again at once."""
    frame = state.stack[-1]
    disc = frame.disc
    desk = state.desks[seat]
    sheet = evolve(desk.sheet, reflick=(desk.sheet.reflick[0], desk.sheet.reflick[1] + 1))
    stack = tuple(f for f in state.stack[:-1] if not (f.kind == "hole" and f.disc == disc))
    return evolve(
        _with_desk(state, seat, Desk(sheet, desk.work)),
        where=_set(state.where, disc, HAND),
        pos=_set(state.pos, disc, (0.0, 0.0)),
        hole_area=_set(state.hole_area, disc, -1),
        stack=(*stack, Frame("flick", seat, disc)),
    )


# -- write phase -----------------------------------------------------------------------------


def _start_write(state: SonoraState) -> SonoraState:
    state = evolve(state, desks=tuple(Desk(d.sheet, Work()) for d in state.desks))
    if state.solo:
        return evolve(state, phase=COLOURS)
    return _begin_swap(state)


def _begin_swap(state: SonoraState) -> SonoraState:
    desks = []
    for seat, desk in enumerate(state.desks):
        idle = swap_idle(state, seat, desk)
        desks.append(Desk(desk.sheet, evolve(desk.work, done=idle)))
    state = evolve(state, desks=tuple(desks), phase=SWAP)
    if all(d.work.done for d in state.desks):
        return _end_swap(state)
    return evolve(state, shown=state.desks)


def _end_swap(state: SonoraState) -> SonoraState:
    """Carry out every seat's swaps, then set up what each seat scores this round."""
    pos = list(state.pos)
    desks = []
    for desk in state.desks:
        for a, b in desk.work.swaps:
            pos[a], pos[b] = pos[b], pos[a]
        s = desk.sheet
        desks.append(Desk(evolve(s, swap=(s.swap[0], s.swap[1] + len(desk.work.swaps))), desk.work))
    state = evolve(state, pos=tuple(pos), desks=tuple(desks), shown=None)
    zones = [dict(d.work.zones) for d in state.desks]
    desks = [Desk(d.sheet, _scoring_work(state, seat, zones[seat])) for seat, d in enumerate(state.desks)]
    if state.solo:
        ai = _scoring_work(state, 0, zones[0], ai=True)
        desk = ss.ai_ruins(desks[0], ai.ruins)
        work = evolve(desk.work, ai_canyon=ai.canyon, ai_river=ai.river, ai_mud=ai.mud, done=False)
        state = evolve(state, desks=(Desk(desk.sheet, work),), phase=AI)
        return state if ai_actions(state.desks[0]) else _begin_ruins(state)
    return _begin_ruins(evolve(state, desks=tuple(desks)))


def _disc_area(state: SonoraState, disc: int, zones: dict[int, int]) -> tuple[int, int]:
    """(area, multiplier or -1) a disc scores in: the hole's chosen area, or where it lies."""
    if state.where[disc] == HOLE:
        return state.hole_area[disc], -1
    area, mult, _ = placement(*state.pos[disc])
    return (zones[disc], -1) if area < 0 else (area, mult)


def _scoring_work(state: SonoraState, seat: int, zones: dict[int, int], ai: bool = False) -> Work:
    """§ Posições dos discos: the values, shapes and paths the seat's (or the AI's) discs give.

    Lizard and Rabbit circles double a disc's value; Fox and Owl circles count it twice.
    """
    ruins = mud = 0
    canyon: list[int] = []
    river: list[int] = []
    for d in scoring_discs(state, seat, ai):
        if state.where[d] not in (BOARD, HOLE):
            continue
        n = d % DISCS + 1
        area, mult = _disc_area(state, d, zones)
        twice = 2 if mult >= 0 else 1
        if area == RUINS:
            ruins += n * twice
        elif area == MUD:
            mud += n * twice
        elif area == CANYON:
            canyon.extend([n] * twice)
        elif area == RIVER:
            river.extend([n] * twice)
    return Work(ruins=ruins, canyon=tuple(sorted(canyon)), river=tuple(sorted(river)), mud=mud)


def _begin_ruins(state: SonoraState) -> SonoraState:
    """§ Marcar os discos das ruínas: highest value first; ties, the earlier turn first."""
    desks = list(state.desks)
    if state.solo:
        desks[0] = ss.cross_ai_circles(desks[0])
    turn = {seat: i for i, seat in enumerate(order(state))}
    queue = sorted(
        (s for s, d in enumerate(desks) if d.work.ruins > 0 and not ss.ruins_full(d.sheet)),
        key=lambda s: (-desks[s].work.ruins, turn[s]),
    )
    state = evolve(state, desks=tuple(desks), queue=tuple(queue), phase=RUINS_STEP)
    return _next_ruins(state)


def _next_ruins(state: SonoraState) -> SonoraState:
    while state.queue:
        seat = state.queue[0]
        desk = state.desks[seat]
        if desk.work.discover or (desk.work.ruins > 0 and not ss.ruins_full(desk.sheet)):
            return state
        state = evolve(
            _with_desk(state, seat, Desk(desk.sheet, evolve(desk.work, ruins=0))), queue=state.queue[1:]
        )
    return _begin_areas(state)


def _idle_in_areas(desk: Desk) -> bool:
    return area_actions(desk) in ((DONE,), ())


def _begin_areas(state: SonoraState) -> SonoraState:
    desks = tuple(Desk(d.sheet, evolve(d.work, done=_idle_in_areas(d))) for d in state.desks)
    state = evolve(state, desks=desks, phase=AREAS_STEP, queue=())
    if all(d.work.done for d in desks):
        return _end_round(state)
    return evolve(state, shown=desks)


def _end_round(state: SonoraState) -> SonoraState:
    """§ Fim da ronda: discs back, the board turns, the first-player marker passes left."""
    n = len(state.where)
    state = evolve(
        state,
        desks=tuple(Desk(d.sheet, Work()) for d in state.desks),
        shown=None,
        where=(HAND,) * n,
        pos=((0.0, 0.0),) * n,
        hole_area=(-1,) * n,
        knocks=(0,) * n,
        queue=(),
        colours=(-1, -1),
        round=state.round + 1,
    )
    if state.round >= state.options.rounds:
        return evolve(state, phase=OVER)
    state = evolve(state, first=(state.first + 1) % state.players, phase=FLICK)
    return _settle(evolve(state, turns=_turns(state)))


def seat_apply(state: SonoraState, seat: int, desk: Desk, action: SonoraAction) -> Desk:
    """One seat's move in a sealed step (swap or areas): only its own desk changes."""
    w = desk.work
    if state.phase == SWAP:
        if isinstance(action, Swap):
            a, b = disc_id(state, seat, action.a), disc_id(state, seat, action.b)
            zones = tuple((d, z) for d, z in w.zones if d not in (a, b))
            desk = Desk(desk.sheet, evolve(w, swaps=(*w.swaps, (a, b)), zones=zones))
        if isinstance(action, Zone):
            d = disc_id(state, seat, action.disc)
            desk = Desk(desk.sheet, evolve(w, zones=(*w.zones, (d, action.area))))
        elif not isinstance(action, Swap):
            return Desk(desk.sheet, evolve(w, done=True))
        if swap_idle(state, seat, desk):
            desk = Desk(desk.sheet, evolve(desk.work, done=True))
        return desk
    desk = _sheet_move(desk, action, nodes_first=state.options.mud_order == "nodes_first")
    if not desk.work.done and _idle_in_areas(desk):
        desk = Desk(desk.sheet, evolve(desk.work, done=True))
    return desk


def _sheet_move(desk: Desk, action: SonoraAction, nodes_first: bool) -> Desk:
    match action:
        case Discover(animal):
            return ss.discover(desk, animal)
        case Cell(cell, ai=False):
            return ss.add_cell(desk, cell)
        case End():
            return ss.close_shape(desk)
        case Path(end):
            return ss.draw_path(desk, end)
        case Node(node, ai=False):
            return ss.mark_node(desk, node)
        case Box(column):
            return ss.mark_box(desk, column, nodes_first)
        case Use(animal):
            return ss.use(desk, animal)
        case Done():
            return Desk(desk.sheet, evolve(desk.work, done=True))
    raise AssertionError(f"not an areas move: {action!r}")


def _ai_move(desk: Desk, action: SonoraAction) -> Desk:
    w = desk.work
    match action:
        case AiCanyon(size):
            return ss.start_ai_shape(desk, size)
        case Cell(cell, ai=True):
            if not w.limit:
                sizes = sorted({t for t in w.ai_canyon if ss.ai_shape_size(desk.sheet, t) > 0})
                desk = ss.start_ai_shape(desk, sizes[0])
            return ss.add_ai_cell(desk, cell)
        case AiPath(start, end):
            return ss.draw_ai_path(desk, start, end)
        case Node(node, ai=True):
            return ss.fill_circle(desk, node)
    raise AssertionError(f"not an AI move: {action!r}")


def apply_unchecked(state: SonoraState, seat: int, action: SonoraAction) -> SonoraState:
    """The transition; the caller guarantees legality."""
    last = (seat, action)  # the notation is written out only when a view shows it
    phase = state.phase
    if phase in (SWAP, AREAS_STEP):
        # Most moves: one copy of the state takes the seat's desk and the last move together.
        desk = seat_apply(state, seat, state.desks[seat], action)
        state = evolve(state, desks=_set(state.desks, seat, desk), last=last)
        if all(d.work.done for d in state.desks):
            return _end_swap(state) if phase == SWAP else _end_round(state)
        return state
    state = evolve(state, last=last)
    if phase == FLICK:
        if isinstance(action, Flick):
            state = _flick(state, seat, action)
        elif isinstance(action, Reflick):
            state = _reflick(state, seat)
        elif isinstance(action, Keep):
            state = evolve(state, stack=state.stack[:-1])
        elif isinstance(action, Hole):
            d = state.stack[-1].disc
            state = evolve(state, hole_area=_set(state.hole_area, d, action.area), stack=state.stack[:-1])
        return _settle(state)
    if phase == COLOURS:
        assert isinstance(action, Colours)
        return _begin_swap(evolve(state, colours=(action.mine, action.ai)))
    if phase == AI:
        state = _with_desk(state, 0, _ai_move(state.desks[0], action))
        if ai_actions(state.desks[0]):
            return state
        desk = state.desks[0]
        work = evolve(desk.work, ai_canyon=(), ai_river=(), ai_mud=0, shape=0, limit=0, goal=0)
        return _begin_ruins(_with_desk(state, 0, Desk(desk.sheet, work)))
    # RUINS_STEP
    desk = state.desks[seat]
    if isinstance(action, Discover):
        desk = ss.discover(desk, action.animal)
    else:
        assert isinstance(action, Ruins)
        desk, first = ss.cross_ruins(desk, action.building, action.hexes, state.claimed)
        if first:
            state = evolve(state, claimed=_set(state.claimed, action.building, True))
    return _next_ruins(_with_desk(state, seat, desk))


def _settle(state: SonoraState) -> SonoraState:
    """Run the steps nobody chooses: the next turn, or the end of the flick phase."""
    if state.phase != FLICK or state.stack:
        return state
    if state.turns:
        seat = state.turns[0]
        if _hand(state, seat):
            return evolve(state, turns=state.turns[1:], stack=(Frame("turn", seat),))
        return _settle(evolve(state, turns=state.turns[1:]))
    return _start_write(state)


# -- hidden information ----------------------------------------------------------------------


def _random_continue(state: SonoraState, seat: int, desk: Desk, rng: Rng, finish: bool) -> tuple[Desk, Rng]:
    """Play random moves of a sealed step for `seat`: to its end when `finish`, else a few
    that leave it unfinished."""
    steps, rng = rng.below(6)
    for _ in range(200 if finish else steps):
        legal = swap_actions(state, seat, desk) if state.phase == SWAP else area_actions(desk)
        if not legal:
            break
        moves = legal if finish else [a for a in legal if not isinstance(a, Done)]
        if not moves:
            break
        action, rng = rng.choice(moves)
        after = seat_apply(state, seat, desk, action)
        if not finish and after.work.done:
            break
        desk = after
    return desk, rng


def sample_consistent(state: SonoraState, seat: int | None, rng: Rng) -> SonoraState:
    """Re-draw what `seat` cannot know: the generator and, in a sealed step, the others'
    moves since the step began (their done flags stay as they are)."""
    if state.shown is not None:
        desks = list(state.desks)
        for other in range(state.players):
            if other == seat:
                continue
            desk, rng = _random_continue(state, other, state.shown[other], rng, state.desks[other].work.done)
            if desk.work.done != state.desks[other].work.done:
                desk = state.desks[other]
            desks[other] = desk
        state = evolve(state, desks=tuple(desks))
    fresh, _ = rng.next64()
    return evolve(state, rng=Rng.from_seed(fresh))


def check_invariants(state: SonoraState) -> None:
    """Consistency of discs, frames and sheets (tests only)."""
    p = printed()
    assert len(state.where) == colour_sets(state) * DISCS
    for d, w in enumerate(state.where):
        if w != BOARD:
            assert state.pos[d] == (0.0, 0.0), f"disc {label(state, d)} off the board keeps a position"
        else:
            x, y = state.pos[d]
            assert abs(x) <= board().half and abs(y) <= board().half, f"disc {label(state, d)} outside"
        if w == HOLE and state.phase != FLICK:
            assert 0 <= state.hole_area[d] < 4, "a disc in the hole without an area"
    if state.phase == FLICK:
        assert state.stack, "flick phase without a pending decision"
    for desk in state.desks:
        s = desk.sheet
        assert all(0 <= n <= b.hexes for n, b in zip(s.ruins, p.buildings, strict=True))
        assert 0 <= s.reflick[1] <= s.reflick[0] <= p.track_size
        assert 0 <= s.swap[1] <= s.swap[0] <= p.track_size
        assert all(0 <= u <= f <= c for u, f, c in zip(s.spent, s.found, p.discovery, strict=True))
        assert s.visited & s.river_ai == 0, "a riverbed space both visited and AI-filled"
        covered = 0
        for shape in (*s.shapes, *s.ai_shapes):
            assert covered & shape == 0, "canyon shapes overlap"
            covered |= shape
        assert covered & ~p.canyon_white == 0, "a shape outside the white squares"
        assert s.ai_crossed <= s.ai_circled <= p.ai_building


def max_decisions(players: int, options: SonoraOptions) -> int:
    """A bound on a match's decisions (RULES.md, interpretations 3 and 5).

    Per round, the flick decisions (``turn`` and ``flick`` frames) are one per disc, one per
    knock-off of a disc before the safeguard sets it down (at most `MAX_KNOCKS` each), and one
    per Re-flick bonus (at most the track's size per seat); each takes at most `MAX_TRIES`
    flicks (the safeguard sets the disc down after that many failures) and one Re-flick-or-keep
    answer; each fall into the hole asks one more. The sheet is bounded box by box.
    """
    discs = (SOLO_COLOURS if players == 1 else players) * DISCS
    bonuses = players * printed().track_size
    frames = discs * (1 + MAX_KNOCKS) + bonuses
    tries = max(MAX_TRIES, HOUSE_REPEATS + 1)
    flicks = frames * (tries + 1) + discs + bonuses
    writing = players * 120
    sheet = players * 600
    return options.rounds * (flicks + writing) + sheet
