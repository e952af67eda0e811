"""Metro's rules as pure functions over `MetroState`.

A turn is one action of the seat to act (§ Sequência do jogo): place the tile in hand, or
draw one from the pile and place that one; with expansion 1 swap a share instead; with
expansion 2 put a central wagon instead. Lines are followed tile by tile as tiles arrive
and score the moment they reach a station (§ Pontuação e fim do jogo).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, TypeVar

from tabuleiro.core import IllegalActionError, Rng
from tabuleiro.core.evolve import evolve
from tabuleiro.core.last_legal import LastLegal
from tabuleiro.games.metro.actions import (
    DRAW,
    PASS,
    PERCENTS,
    PLACES,
    Central,
    Draw,
    MetroAction,
    Pass,
    Place,
    Swap,
)
from tabuleiro.games.metro.components import (
    CENTRE,
    FACING,
    SIZE,
    SQUARES,
    components,
    crossing,
    pairing,
    square_name,
)
from tabuleiro.games.metro.scoring import line_points
from tabuleiro.games.metro.state import Line, MetroOptions, MetroState

T = TypeVar("T")
_new = object.__new__
_set = object.__setattr__
EMPTY, STATION = -1, -2
SWAP_LIMIT = 25  # § Expansão 1: no swaps once a company reaches 25 points
SWAPS_PER_SEAT = 32
"""The engine's safeguard (interpretation 14): the table may make at most 32 swaps per seat in
a row without a tile being placed. 32 is every share in the game, so each player can still
refresh every share, or go through a whole pile, on consecutive turns while everyone else
swaps too; the safeguard only stops a table that has stopped playing tiles altogether."""
TILES = sum(components().face_counts)
COMPANIES = len(components().colours)
FACES = len(components().faces)
DECK = tuple(face for face, count in enumerate(components().face_counts) for _ in range(count))
"""Every track tile's face, in face order (§ Componentes), before the shuffle."""


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    comp = components()
    pairs = tuple(pairing(code, r) for code in comp.faces for r in range(4))
    off = [0] * (SQUARES * 8)
    into = [-1] * (SQUARES * 8)
    face_at = [0] * (SQUARES * 8)
    for station in comp.stations:
        off[station.square * 8 + station.arrival] = int(station.name)
    for k, face in enumerate(comp.central):
        face_at[face.square * 8 + face.arrival] = k + 1
    for square in range(SQUARES):
        for exit_ in range(8):
            neighbour = crossing(square, exit_)
            into[square * 8 + exit_] = -1 if neighbour is None else neighbour
    return pairs, tuple(off), tuple(into), tuple(face_at)


PAIRS, OFF, INTO, FACE_AT = _tables()
IS_CENTRE = tuple(sq in CENTRE for sq in range(SQUARES))
PLAYABLE = tuple(sq for sq in range(SQUARES) if sq not in CENTRE)
NEIGHBOURS = tuple(
    sum(1 << n for e in (0, 2, 4, 6) if (n := crossing(sq, e)) is not None and n not in CENTRE)
    for sq in range(SQUARES)
)
EDGE_MASK = sum(1 << sq for sq in PLAYABLE if sq // SIZE in (0, SIZE - 1) or sq % SIZE in (0, SIZE - 1))
DEPARTURES: tuple[tuple[int, int], ...] = tuple(
    (s.square, s.departure) for s in (*components().stations, *components().central)
)
STARTS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d, (sq, _) in enumerate(DEPARTURES) if sq == square) for square in range(SQUARES)
)
SEATS = tuple(frozenset({s}) for s in range(8))
NOBODY: frozenset[int] = frozenset()


def centre_is_station(options: MetroOptions) -> bool:
    """Without expansion 3 the centre is a station where lines may end."""
    return not options.central_tracks


def setup(players: int, seed: int, options: MetroOptions) -> MetroState:
    """§ Preparação (and each expansion's): shuffle, deal hands, place wagons."""
    comp = components()
    rng = Rng.from_seed(seed)
    pile, rng = rng.shuffle(DECK)
    board = [EMPTY] * SQUARES
    for square in CENTRE:
        board[square] = STATION
    if options.central_tracks:  # § Expansão 3: 4 of the 8 central tiles, any orientation
        chosen, rng = rng.shuffle(comp.central_faces)
        for square, face in zip(sorted(CENTRE), chosen, strict=False):
            rotation, rng = rng.below(4)
            board[square] = face * 4 + rotation
    hands = []
    for _ in range(players):
        hands.append(tuple(pile[: options.hand_size]))
        pile = pile[options.hand_size :]
    departures = 32 if options.central_tracks else 40
    owners = _wagons(players, options.companies, departures)
    shares: list[list[int]] = [[] for _ in range(players)]
    share_piles, face_up = [], []
    if options.companies:  # § Expansão 1, Preparação
        for _ in PERCENTS:
            stack, rng = rng.shuffle(range(COMPANIES))
            for seat in range(players):
                shares[seat].append(stack[seat])
            face_up.append(stack[players])
            share_piles.append(tuple(stack[players + 1 :]))
    numbers: list[list[int]] = [[] for _ in range(players)]
    if options.station_numbers:  # § Expansão 4, Preparação
        for group in comp.number_groups.values():
            tokens, rng = rng.shuffle(group)
            for seat in range(players):
                k = options.numbers_per_colour
                numbers[seat].extend(tokens[seat * k : (seat + 1) * k])
    owner_count = COMPANIES if options.companies else players
    lines, heads = _opening_lines(departures)
    return MetroState(
        players=players,
        options=options,
        rng=rng,
        board=tuple(board),
        filled=0,
        anchors=EDGE_MASK,
        pile=pile,
        hands=tuple(hands),
        drawn=-1,
        turn=0,
        lines=lines,
        heads=heads,
        owners=owners,
        scores=(0,) * owner_count,
        scored=(),
        shares=tuple(tuple(s) for s in shares),
        revealed=tuple((False,) * len(s) for s in shares),
        share_piles=tuple(share_piles),
        face_up=tuple(face_up),
        central_wagons=(options.central_stations,) * owner_count,
        numbers=tuple(tuple(sorted(n)) for n in numbers),
        swap_streak=(0,) * players,
        placed=0,
        last=None,
    )


@cache
def _wagons(players: int, companies: bool, departures: int) -> tuple[int, ...]:
    """§ Preparação: per departure, the seat (or with expansion 1 the company) whose wagon
    stands there, or -1. One tuple for every match with these settings (an immutable value:
    a central wagon makes a new one)."""
    comp = components()
    colours = [c["id"] for c in comp.colours]
    owners = [-1] * departures
    table = comp.companies if companies else comp.tables[players]
    for colour, stations in table.items():
        for number in stations:
            owners[number - 1] = colours.index(colour)
    return tuple(owners)


# -- following lines ---------------------------------------------------------------------------


@cache
def _opening_lines(departures: int) -> tuple[tuple[Line, ...], tuple[int, ...]]:
    """Every line at its departure, and the line heads: the same for every match (lines are
    immutable values, shared until they move)."""
    lines = tuple((*DEPARTURES[d], 0, 0, 0) for d in range(departures))
    return lines, line_heads(lines)


def walk(board: Sequence[int], line: Line, centre_station: bool) -> Line:
    """Follow `line` through the tiles on `board` until an empty square or a station.

    § Pontuação: a tile passed twice counts twice; passages through central track tiles
    (expansion 3) are counted apart.
    """
    square, entry, passages, central, _ = line
    while True:
        code = board[square]
        if code < 0:
            return (square, entry, passages, central, 0)
        if IS_CENTRE[square]:
            central += 1
        else:
            passages += 1
        out = PAIRS[code][entry]
        k = square * 8 + out
        if OFF[k]:
            return (-1, out, passages, central, OFF[k])
        square = INTO[k]
        if centre_station and IS_CENTRE[square]:
            return (-1, out, passages, central, 32 + FACE_AT[k])
        entry = FACING[out]


def _closing_table(centre_station: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    # CLOSES[code][square]: the departures a tile of `code` on `square` would join to an
    # arrival through that single tile.
    table = []
    for pairs in PAIRS:
        row = []
        for square in range(SQUARES):
            closed = []
            for d in STARTS_AT[square]:
                k = square * 8 + pairs[DEPARTURES[d][1]]
                if OFF[k] or (centre_station and IS_CENTRE[INTO[k]]):
                    closed.append(d)
            row.append(tuple(closed))
        table.append(tuple(row))
    return tuple(table)


CLOSES = {True: _closing_table(True), False: _closing_table(False)}


def _closed_departures(table: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[int, ...]:
    # Per tile code, as a bit set, the departures it joins to an arrival through that single
    # tile when laid on the departure's own square.
    return tuple(sum(1 << d for row in rows for d in row) for rows in table)


CLOSED_BY = {station: _closed_departures(table) for station, table in CLOSES.items()}


def _closes_through_one_tile(state: MetroState, code: int, square: int) -> bool:
    """§ Regras para colocação: would this tile join a protected departure to an arrival
    through this single tile? Protected: departures with a wagon, or every one (option)."""
    closed = CLOSES[centre_is_station(state.options)][code][square]
    if not closed:
        return False
    if state.options.one_tile_rule == "all":
        return any(d < len(state.owners) for d in closed)
    owners = state.owners
    return any(d < len(owners) and owners[d] >= 0 for d in closed)


# -- legal actions -----------------------------------------------------------------------------


MASK_BYTES = SQUARES // 8
"""A square mask (bit `square` for each square) is this many bytes, squares 0-7 in the first."""
ByBytes = tuple[tuple[tuple[T, ...], ...], ...]
"""`by_mask_bytes`'s table: per byte of a square mask, per value of that byte, some items."""


def by_mask_bytes(items: Sequence[T]) -> ByBytes[T]:
    """`items` (one per square, in square order) grouped for `on_squares`: for byte `i` of a
    square mask (squares 8i to 8i+7) and each value of that byte, the items of its squares."""
    return tuple(
        tuple(tuple(items[8 * i + bit] for bit in range(8) if value >> bit & 1) for value in range(256))
        for i in range(MASK_BYTES)
    )


def on_squares(groups: ByBytes[T], mask: int) -> list[T]:
    """The items (`by_mask_bytes`) on the squares of `mask`, in increasing square order: one
    table look-up per byte of the mask, the items joined in C."""
    g0, g1, g2, g3, g4, g5, g6, g7 = groups
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(MASK_BYTES, "little")
    return [*g0[b0], *g1[b1], *g2[b2], *g3[b3], *g4[b4], *g5[b5], *g6[b6], *g7[b7]]


_SQUARE_GROUPS = by_mask_bytes(range(SQUARES))
_PLACE_GROUPS: dict[int, ByBytes[MetroAction]] = {}


def place_groups(code: int) -> ByBytes[MetroAction]:
    """The placements of tile `code` (face * 4 + rotation) on each square, grouped for
    `on_squares`; made the first time a match places that code (about 180 kB each)."""
    groups = _PLACE_GROUPS.get(code)
    if groups is None:
        groups = _PLACE_GROUPS[code] = by_mask_bytes(PLACES[code // 4][code % 4])
    return groups


def squares_in(mask: int) -> list[int]:
    """The squares of a bit mask in increasing order."""
    return on_squares(_SQUARE_GROUPS, mask)


def _departures_in(bits: int) -> list[int]:
    """The departures of a bit set, in increasing order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def open_squares(state: MetroState) -> list[int]:
    """Empty squares on the edge or next to a placed tile (§ Regras para colocação).

    The state keeps both masks up to date as tiles arrive, so nothing rescans the board.
    """
    return squares_in(state.anchors & ~state.filled)


def _protected_of(owners: tuple[int, ...], every_station: bool) -> int:
    return sum(1 << d for d, owner in enumerate(owners) if every_station or owner >= 0)


_LAST_BLOCKING: tuple[tuple[int, ...], bool, bool, tuple[int, ...]] = ((), False, False, ())


def _blocking(owners: tuple[int, ...], every_station: bool, centre_station: bool) -> tuple[int, ...]:
    """Per tile code, the squares (a bit mask) where the tile closes a line the one-tile rule
    protects through that single tile: lines with a wagon, or every line with
    `one_tile_rule=all`.

    Owners change only with a central wagon, so the states of a match share one owners tuple
    for long stretches: the last table is kept for that tuple (the entry is replaced whole).
    """
    global _LAST_BLOCKING
    kept_owners, kept_every, kept_centre, table = _LAST_BLOCKING
    if kept_owners is owners and kept_every == every_station and kept_centre == centre_station:
        return table
    table = _blocking_table(owners, every_station, centre_station)
    _LAST_BLOCKING = (owners, every_station, centre_station, table)
    return table


@lru_cache(maxsize=64)
def _blocking_table(owners: tuple[int, ...], every_station: bool, centre_station: bool) -> tuple[int, ...]:
    """`_blocking`'s table, made once per owners (hashed only when the last one differs)."""
    protected = _protected_of(owners, every_station)
    return tuple(_squares_closing(closed & protected) for closed in CLOSED_BY[centre_station])


def _blocked_squares(state: MetroState) -> tuple[int, ...]:
    """Per tile code, the squares (a bit mask) where the tile closes a protected line through
    that single tile (`_closes_through_one_tile` for every square at once)."""
    options = state.options
    return _blocking(state.owners, options.one_tile_rule == "all", not options.central_tracks)


@lru_cache(maxsize=4096)
def _squares_closing(departures: int) -> int:
    """The start squares of some departures, as a bit mask."""
    mask = 0
    for d in _departures_in(departures):
        mask |= 1 << DEPARTURES[d][0]
    return mask


def placements(state: MetroState, face: int) -> list[MetroAction]:
    """Legal placements of one tile: the one-tile rule applies unless the tile has no other."""
    free = state.anchors & ~state.filled
    blocking = _blocked_squares(state)
    if not state.options.free_orientation:
        groups = place_groups(face * 4)
        blocked = free & blocking[face * 4]
        allowed = on_squares(groups, free & ~blocked)
        return allowed if allowed or not blocked else on_squares(groups, blocked)
    allowed, closing = [], []
    for code in range(face * 4, face * 4 + 4):
        groups = place_groups(code)
        blocked = free & blocking[code]
        allowed += on_squares(groups, free & ~blocked)
        closing += on_squares(groups, blocked)
    return allowed or closing


def _fits_without_closing(state: MetroState, face: int) -> bool:
    rotations = range(4) if state.options.free_orientation else range(1)
    return any(
        not _closes_through_one_tile(state, face * 4 + r, sq) for r in rotations for sq in open_squares(state)
    )


def table_swap_limit(players: int) -> int:
    """Swaps the whole table may make in a row without placing a tile (`SWAPS_PER_SEAT`)."""
    return SWAPS_PER_SEAT * players


def swaps_allowed(state: MetroState, seat: int) -> bool:
    """§ Expansão 1: swaps only while no company has reached 25 points ("Ações podem ser
    trocadas apenas enquanto…"); nothing else limits them, bar the engine's safeguard against
    a table that never places a tile again and the house rule `max_swap_streak` (0 = off)."""
    streak = state.options.max_swap_streak
    return (
        state.options.companies
        and max(state.scores) < SWAP_LIMIT
        and state.table_swaps < table_swap_limit(state.players)
        and not (streak and state.swap_streak[seat] >= streak)
    )


def _central_faces(state: MetroState) -> list[int]:
    """Faces where a central wagon may go (§ Expansão 2, "em qualquer espaço não ocupado"):
    no wagon yet. A face whose line is already complete takes one unless the line passed a
    single tile ("tem que passar por mais de uma peça") or the house rule
    ``central_wagon_on_closed_line=false`` keeps such faces closed."""
    out = []
    for face in range(8):
        line = state.lines[32 + face]
        if state.owners[32 + face] >= 0:
            continue
        if line[4] and not (state.options.central_wagon_on_closed_line and line[2] + line[3] > 1):
            continue
        out.append(face)
    return out


def _central_actions(state: MetroState, seat: int) -> list[Central]:
    if not state.options.central_stations:
        return []
    faces = _central_faces(state)
    if not state.options.companies:
        return [Central(f) for f in faces] if state.central_wagons[seat] else []
    return [
        Central(f, percent)
        for percent, company, shown in zip(PERCENTS, state.shares[seat], state.revealed[seat], strict=True)
        if not shown and state.central_wagons[company]
        for f in faces
    ]


def legal_actions(state: MetroState, seat: int) -> list[MetroAction]:
    """Every legal action of `seat` (only the seat to act has any)."""
    if seat != state.turn:
        return []
    if state.drawn >= 0:
        drawn = placements(state, state.drawn)
        _LAST_LEGAL.keep(state, seat, drawn)
        return drawn
    hand = state.hands[seat]
    actions: list[MetroAction]
    if len(hand) == 1:
        actions = placements(state, hand[0])
    else:
        actions = []
        for face in sorted(set(hand)):
            actions += placements(state, face)
    if state.pile:
        actions.append(DRAW)
    if state.options.companies and swaps_allowed(state, seat):
        for i, percent in enumerate(PERCENTS):
            if not state.revealed[seat][i]:
                actions += [Swap(percent, True), Swap(percent, False)]
    if state.options.central_stations:
        actions += _central_actions(state, seat)
    if not hand:
        actions.append(PASS)
    _LAST_LEGAL.keep(state, seat, actions)
    return actions


_LAST_LEGAL: LastLegal[MetroState, MetroAction] = LastLegal()


picked_from_legal = _LAST_LEGAL.check
"""picked_from_legal(state, seat, action): true when `action` is one of the actions
`legal_actions` just listed for `seat` here; false, or None when no list is kept for them."""


def _place_well_formed(action: Place) -> bool:
    """A tile that exists, a square on the board, a quarter turn 0-3 (a value built directly
    in Python may hold anything)."""
    face, square, rotation = action.face, action.square, action.rotation
    return (
        type(face) is int
        and type(square) is int
        and type(rotation) is int
        and 0 <= face < FACES
        and 0 <= square < SQUARES
        and 0 <= rotation < 4
    )


def _well_formed(action: MetroAction) -> bool:
    """Every field of `action`, not a placement, is a value its notation can write."""
    if isinstance(action, Swap):
        share = action.percent
        return type(share) is int and share in PERCENTS and type(action.take_face_up) is bool
    if isinstance(action, Central):
        percent = action.percent
        return (
            type(action.face) is int
            and 0 <= action.face < 8
            and (percent is None or (type(percent) is int and percent in PERCENTS))
        )
    return isinstance(action, Draw | Pass)


def illegal_reason(state: MetroState, seat: int, action: MetroAction) -> IllegalActionError | None:
    """Why `action` breaks a rule for the seat to act, or None."""
    if _LAST_LEGAL.check(state, seat, action):  # chosen from the list just computed
        return None
    if isinstance(action, Place):
        if not _place_well_formed(action):
            return _not_a_move()
        legal = _placement_is_legal(state, seat, action)
    elif not _well_formed(action):
        return _not_a_move()
    elif state.drawn >= 0:
        legal = False
    elif isinstance(action, Draw):
        legal = bool(state.pile)
    elif isinstance(action, Swap):
        p = PERCENTS.index(action.percent)
        legal = swaps_allowed(state, seat) and not state.revealed[seat][p]
    elif isinstance(action, Central):
        legal = action in _central_actions(state, seat)
    else:
        legal = not state.hands[seat]
    return None if legal else _explain(state, seat, action)


def _not_a_move() -> IllegalActionError:
    return IllegalActionError(
        "not a Metro move: TILE@SQUARE, draw, swap PERCENT up|top, central FACE or pass",
        "não é uma jogada de Metro: PEÇA@CASA, draw, swap PERCENT up|top, central FACE ou pass",
    )


def _placement_is_legal(state: MetroState, seat: int, action: Place) -> bool:
    face, square = action.face, action.square
    held = state.drawn == face if state.drawn >= 0 else face in state.hands[seat]
    if not held or (action.rotation and not state.options.free_orientation):
        return False
    if IS_CENTRE[square] or state.filled >> square & 1 or not state.anchors >> square & 1:
        return False
    if _closes_through_one_tile(state, face * 4 + action.rotation, square):
        return not _fits_without_closing(state, face)
    return True


def _explain(state: MetroState, seat: int, action: MetroAction) -> IllegalActionError:
    def error(en: str, pt: str) -> IllegalActionError:
        return IllegalActionError(en, pt)

    if state.drawn >= 0 and not isinstance(action, Place):
        tile = components().faces[state.drawn]
        return error(f"you drew {tile} and must place it now", f"você comprou {tile} e deve colocá-la agora")
    if isinstance(action, Place):
        tile, where = components().faces[action.face], square_name(action.square)
        held = (state.drawn,) if state.drawn >= 0 else state.hands[seat]
        if action.face not in held:
            return error(f"you have no {tile} tile to place", f"você não tem a peça {tile} para colocar")
        if action.rotation and not state.options.free_orientation:
            return error(
                "tiles keep the board's orientation (§ Regras para colocação: arrows point the same way)",
                "as peças mantêm a orientação do tabuleiro (§ Regras para colocação: setas na mesma direção)",
            )
        if action.square in CENTRE or state.filled >> action.square & 1:
            return error(f"{where} is not an empty square", f"{where} não é um espaço vazio")
        if not state.anchors >> action.square & 1:
            return error(
                f"{where} is not on the edge nor next to a placed tile (§ Regras para colocação)",
                f"{where} não está na borda nem ao lado de uma peça colocada (§ Regras para colocação)",
            )
        return error(
            f"{tile} on {where} would close a line through a single tile while the tile fits elsewhere "
            "(§ Regras para colocação)",
            f"{tile} em {where} fecharia uma linha passando por uma só peça, e a peça cabe em outro lugar "
            "(§ Regras para colocação)",
        )
    if isinstance(action, Draw):
        return error("the pile is empty", "o estoque acabou")
    if isinstance(action, Swap):
        if not state.options.companies:
            return error("swaps belong to expansion 1", "trocas são da expansão 1")
        if max(state.scores) >= SWAP_LIMIT:
            return error(
                "no more swaps: a company has reached 25 points (§ Expansão 1)",
                "não há mais trocas: uma companhia chegou a 25 pontos (§ Expansão 1)",
            )
        if state.table_swaps >= table_swap_limit(state.players):
            limit = table_swap_limit(state.players)
            return error(
                f"the table has swapped {limit} times in a row without placing a tile: place a tile "
                "(or a central wagon) before swapping again (engine safeguard, RULES.md interpretation 14)",
                f"a mesa fez {limit} trocas seguidas sem colocar peça: coloque uma peça (ou um vagão "
                "central) antes de trocar de novo (salvaguarda do motor, RULES.md interpretação 14)",
            )
        streak = state.options.max_swap_streak
        if streak and state.swap_streak[seat] >= streak:
            return error(
                f"at most {streak} swaps in a row (house rule max_swap_streak)",
                f"no máximo {streak} trocas seguidas (regra da casa max_swap_streak)",
            )
        return error(
            "that share is shown and can no longer be swapped",
            "essa ação foi mostrada e não pode ser trocada",
        )
    if isinstance(action, Central):
        if not state.options.central_stations:
            return error("central wagons belong to expansion 2", "vagões centrais são da expansão 2")
        if (action.percent is None) == state.options.companies:
            return error(
                "with expansion 1 name the share to show (central F3 20); without it, no share",
                "com a expansão 1 indique a ação a mostrar (central F3 20); sem ela, nenhuma",
            )
        return error(
            f"F{action.face + 1} cannot take that wagon now (occupied, line complete, or no wagon left)",
            f"F{action.face + 1} não pode receber esse vagão agora (ocupada, linha completa ou sem vagão)",
        )
    return error("you still have a tile to place", "você ainda tem peça para colocar")


# -- applying actions --------------------------------------------------------------------------


def apply_unchecked(state: MetroState, seat: int, action: MetroAction) -> MetroState:
    """Carry out `action` of the seat to act; the caller guarantees it is legal."""
    if isinstance(action, Place):
        return _place(state, seat, action)
    if isinstance(action, Draw):
        return evolve(
            state,
            drawn=state.pile[0],
            pile=state.pile[1:],
            swap_streak=_streak(state, seat, 0),
            last=(seat, action),
        )
    if isinstance(action, Swap):
        return _swap(state, seat, action)
    if isinstance(action, Central):
        return _central(state, seat, action)
    return _end_turn(evolve(state, swap_streak=_streak(state, seat, 0), last=(seat, action)))


def line_heads(lines: Sequence[Line]) -> tuple[int, ...]:
    """Per square, the open lines (a bit set of departures) that wait there for a tile."""
    heads = [0] * SQUARES
    for d, line in enumerate(lines):
        if line[0] >= 0:
            heads[line[0]] |= 1 << d
    return tuple(heads)


def _streak(state: MetroState, seat: int, value: int) -> tuple[int, ...]:
    if state.swap_streak[seat] == value:
        return state.swap_streak
    return (*state.swap_streak[:seat], value, *state.swap_streak[seat + 1 :])


def _place(state: MetroState, seat: int, action: Place) -> MetroState:
    """§ Sequência do jogo: the tile goes down, the lines waiting on its square move on, and
    the seat draws back to hand (unless it placed the tile just drawn)."""
    face, square = action.face, action.square
    fields = state.__dict__.copy()  # the next state's fields, for `_state_of`
    board = list(state.board)
    board[square] = face * 4 + action.rotation
    fields["board"] = tuple(board)
    fields["filled"] = state.filled | 1 << square
    fields["anchors"] = state.anchors | NEIGHBOURS[square]
    fields["placed"] = state.placed + 1
    fields["last"] = (seat, action)
    if state.drawn >= 0:
        fields["drawn"] = -1  # the drawn tile is placed; the hand stays as it was
    else:
        # § Sequência do jogo: draw back to hand while tiles remain.
        pile, hands = state.pile, state.hands
        hand = hands[seat]
        if len(hand) == 1:  # the base game's hand: the tile placed is the tile held
            hand = pile[:1]
        else:
            kept = list(hand)
            kept.remove(face)
            hand = (*kept, *pile[:1])
        fields["pile"] = pile[1:]
        fields["hands"] = (*hands[:seat], hand, *hands[seat + 1 :])
    if state.heads[square]:
        _follow_lines(state, fields, board, square)
    if state.swap_streak[seat]:
        fields["swap_streak"] = _streak(state, seat, 0)
    if state.table_swaps:
        fields["table_swaps"] = 0
    following = (seat + 1) % state.players
    if fields["placed"] < TILES and fields["hands"][following]:
        fields["turn"] = following  # the usual `_next_turn`: the next seat holds a tile
        return _state_of(fields)
    return _end_turn(_state_of(fields))


def _follow_lines(state: MetroState, fields: dict[str, Any], board: list[int], square: int) -> None:
    """The lines whose head waits on `square` move on through the tile just laid there (on
    `board`); those reaching a station score (§ Pontuação e fim do jogo). Writes the new
    lines, heads, scores and scored lines into `fields`."""
    lines, heads, owners, options = state.lines, state.heads, state.owners, state.options
    centre_station = not options.central_tracks  # `centre_is_station`
    new_lines, new_heads = list(lines), list(heads)
    waiting, new_heads[square] = heads[square], 0
    while waiting:
        d = (waiting & -waiting).bit_length() - 1  # departures in increasing order
        waiting &= waiting - 1
        line = walk(board, lines[d], centre_station)
        new_lines[d] = line
        if line[0] >= 0:
            new_heads[line[0]] |= 1 << d
        owner = owners[d]
        if line[4] and owner >= 0:
            points = line_points(d, line, options)[0]
            scores = fields["scores"]
            fields["scores"] = (*scores[:owner], scores[owner] + points, *scores[owner + 1 :])
            fields["scored"] = (*fields["scored"], (d, points))
    fields["lines"], fields["heads"] = tuple(new_lines), tuple(new_heads)


def _state_of(fields: dict[str, Any]) -> MetroState:
    """The state with these fields: a copy of a state's fields (``__dict__``) with some keys
    set, which beats `evolve`'s keyword call when a placement changes a dozen fields."""
    state: MetroState = _new(MetroState)
    _set(state, "__dict__", fields)
    return state


def _swap(state: MetroState, seat: int, action: Swap) -> MetroState:
    """§ Expansão 1, Trocar uma ação: yours to the bottom, then the face-up one or the top one."""
    p = PERCENTS.index(action.percent)
    pile = (*state.share_piles[p], state.shares[seat][p])
    face_up = state.face_up
    if action.take_face_up:
        taken = face_up[p]
        face_up = (*face_up[:p], pile[0], *face_up[p + 1 :])
    else:
        taken = pile[0]
    mine = (*state.shares[seat][:p], taken, *state.shares[seat][p + 1 :])
    return _end_turn(
        evolve(
            state,
            shares=(*state.shares[:seat], mine, *state.shares[seat + 1 :]),
            share_piles=(*state.share_piles[:p], pile[1:], *state.share_piles[p + 1 :]),
            face_up=face_up,
            swap_streak=_streak(state, seat, state.swap_streak[seat] + 1),
            table_swaps=state.table_swaps + 1,
            last=(seat, action),
        )
    )


def _central(state: MetroState, seat: int, action: Central) -> MetroState:
    """§ Expansão 2: a central wagon gives its owner (or its company) one more line."""
    revealed = state.revealed
    if action.percent is None:
        owner = seat
    else:
        p = PERCENTS.index(action.percent)
        owner = state.shares[seat][p]
        mine = (*revealed[seat][:p], True, *revealed[seat][p + 1 :])
        revealed = (*revealed[:seat], mine, *revealed[seat + 1 :])
    d = 32 + action.face
    owners = (*state.owners[:d], owner, *state.owners[d + 1 :])
    wagons = (*state.central_wagons[:owner], False, *state.central_wagons[owner + 1 :])
    scores, scored = state.scores, state.scored
    line = state.lines[d]
    if line[4]:  # option central_wagon_on_closed_line: the complete line scores at once
        points = line_points(d, line, state.options)[0]
        scores = (*scores[:owner], scores[owner] + points, *scores[owner + 1 :])
        scored = (*scored, (d, points))
    return _end_turn(
        evolve(
            state,
            owners=owners,
            central_wagons=wagons,
            revealed=revealed,
            scores=scores,
            scored=scored,
            swap_streak=_streak(state, seat, 0),
            table_swaps=0,
            last=(seat, action),
        )
    )


def _has_something_to_do(state: MetroState, seat: int) -> bool:
    return bool(state.hands[seat]) or swaps_allowed(state, seat) or bool(_central_actions(state, seat))


def _end_turn(state: MetroState) -> MetroState:
    """Pass the turn clockwise to the next seat with something to do; end after the last tile.

    `state` is the copy the action has just made, which nobody else holds yet: the turn is
    written into it instead of copying the state a second time.
    """
    turn = _next_turn(state)
    if turn != state.turn:
        object.__setattr__(state, "turn", turn)
    return state


def _next_turn(state: MetroState) -> int:
    if state.drawn >= 0:
        return state.turn
    if state.placed == TILES:  # § Pontuação e fim do jogo
        return -1
    hands, players = state.hands, state.players
    for step in range(1, players + 1):
        seat = (state.turn + step) % players
        if hands[seat] or _has_something_to_do(state, seat):  # a tile in hand: the usual case
            return seat
    raise AssertionError("tiles remain but nobody holds one")


def to_act(state: MetroState) -> frozenset[int]:
    """The seat to act, or nobody once the game is over."""
    return SEATS[state.turn] if state.turn >= 0 else NOBODY


# -- hidden information ------------------------------------------------------------------------


def sample_consistent(state: MetroState, seat: int | None, rng: Rng) -> MetroState:
    """Re-draw what `seat` cannot know: the pile and others' tiles, others' shares and the share
    piles (expansion 1), others' station numbers (expansion 4), and the generator."""
    others = [s for s in range(state.players) if s != seat]
    drawn_hidden = state.drawn >= 0 and state.turn != seat
    pool = [*state.pile, *(t for s in others for t in state.hands[s])]
    if drawn_hidden:
        pool.append(state.drawn)
    shuffled, rng = rng.shuffle(sorted(pool))
    hands = list(state.hands)
    for s in others:
        hands[s], shuffled = shuffled[: len(hands[s])], shuffled[len(hands[s]) :]
    drawn = state.drawn
    if drawn_hidden:
        drawn, shuffled = shuffled[0], shuffled[1:]
    shares, share_piles = state.shares, state.share_piles
    if state.options.companies:
        shares, share_piles, rng = _redeal_shares(state, others, rng)
    numbers = state.numbers
    if state.options.station_numbers:
        numbers, rng = _redeal_numbers(state, others, rng)
    fresh, _ = rng.next64()
    return evolve(
        state,
        rng=Rng.from_seed(fresh),
        pile=shuffled,
        hands=tuple(hands),
        drawn=drawn,
        shares=shares,
        share_piles=share_piles,
        numbers=numbers,
    )


def _redeal_shares(
    state: MetroState, others: list[int], rng: Rng
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], Rng]:
    shares = [list(s) for s in state.shares]
    piles = []
    for p in range(len(PERCENTS)):
        hidden = [s for s in others if not state.revealed[s][p]]
        pool = [shares[s][p] for s in hidden] + list(state.share_piles[p])
        pool_order, rng = rng.shuffle(sorted(pool))
        for i, s in enumerate(hidden):
            shares[s][p] = pool_order[i]
        piles.append(tuple(pool_order[len(hidden) :]))
    return tuple(tuple(s) for s in shares), tuple(piles), rng


def _redeal_numbers(
    state: MetroState, others: list[int], rng: Rng
) -> tuple[tuple[tuple[int, ...], ...], Rng]:
    numbers = [list(n) for n in state.numbers]
    for group in components().number_groups.values():
        known = {n for s in range(state.players) if s not in others for n in state.numbers[s]}
        pool, rng = rng.shuffle([n for n in group if n not in known])
        k = state.options.numbers_per_colour
        for i, s in enumerate(others):
            numbers[s] = [n for n in numbers[s] if n not in group] + list(pool[i * k : (i + 1) * k])
    return tuple(tuple(sorted(n)) for n in numbers), rng


# -- invariants --------------------------------------------------------------------------------


def check_invariants(state: MetroState) -> None:
    """Conservation of tiles, shares and numbers; scores equal scored lines (tests only)."""
    comp = components()
    placed = [state.board[sq] // 4 for sq in PLAYABLE if state.filled >> sq & 1]
    loose = [*state.pile, *(t for h in state.hands for t in h)] + ([state.drawn] if state.drawn >= 0 else [])
    counts = [0] * len(comp.faces)
    for face in (*placed, *loose):
        counts[face] += 1
    assert tuple(counts) == comp.face_counts, "track tiles not conserved"
    assert len(placed) == state.placed
    assert state.heads == line_heads(state.lines), "line heads differ from the lines"
    ends = [line[4] for line in state.lines if line[4]]
    assert len(ends) == len(set(ends)), "two lines end at the same arrival"
    totals = [0] * len(state.scores)
    for d, points in state.scored:
        totals[state.owners[d]] += points
    assert tuple(totals) == state.scores, "scores differ from the scored lines"
    if state.finished:
        assert all(line[4] for d, line in enumerate(state.lines) if state.owners[d] >= 0), (
            "open line at the end"
        )
    if state.options.companies:
        for p in range(len(PERCENTS)):
            held = [s[p] for s in state.shares] + [state.face_up[p], *state.share_piles[p]]
            assert sorted(held) == list(range(COMPANIES)), "shares not conserved"
    tokens = [n for ns in state.numbers for n in ns]
    assert len(tokens) == len(set(tokens)), "a station number dealt twice"
