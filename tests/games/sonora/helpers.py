"""Building Sonora positions for scenario tests: discs placed by hand, sheets set directly."""

from dataclasses import replace

from tabuleiro.games.sonora import GAME, rules
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.components import printed
from tabuleiro.games.sonora.state import BOARD, HOLE, OUT, SWAP, Desk, SonoraState, Work

P = printed()


def new(players: int = 2, seed: int = 0, **options: object) -> SonoraState:
    return GAME.new_state(players, seed, options)


def disc(state: SonoraState, seat_or_colour: int, number: int) -> int:
    return seat_or_colour * rules.DISCS + number - 1


def placed(
    state: SonoraState,
    board: dict[tuple[int, int], tuple[float, float]],
    hole: dict[tuple[int, int], int] | None = None,
    swaps: bool = False,
) -> SonoraState:
    """`state` at the end of its flick phase with the given discs on the board (the rest
    out), and its write phase begun: the "place a disc at (x, y)" testing hook. Unless
    `swaps`, every seat declines its Swap bonuses."""
    where = [OUT] * len(state.where)
    pos = [(0.0, 0.0)] * len(state.where)
    area = [-1] * len(state.where)
    for (s, n), xy in board.items():
        d = disc(state, s, n)
        where[d], pos[d] = BOARD, xy
    for (s, n), a in (hole or {}).items():
        d = disc(state, s, n)
        where[d], area[d] = HOLE, a
    state = replace(state, where=tuple(where), pos=tuple(pos), hole_area=tuple(area), turns=(), stack=())
    state = rules._settle(state)
    if not swaps:
        state = skip_swaps(state)
    return state


def skip_swaps(state: SonoraState) -> SonoraState:
    """Every seat still in the swap step says done."""
    while state.phase == SWAP:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.parse_action("done"))
    return state


def with_sheet(state: SonoraState, seat: int, **changes: object) -> SonoraState:
    desks = list(state.desks)
    desks[seat] = Desk(replace(desks[seat].sheet, **changes), desks[seat].work)
    return replace(state, desks=tuple(desks))


def desk(work: Work | None = None, **sheet: object) -> Desk:
    return Desk(replace(ss.new_sheet(), **sheet), work or Work())


def play(state: SonoraState, seat: int, *texts: str) -> SonoraState:
    for text in texts:
        state = GAME.apply(state, seat, GAME.parse_action(text))
    return state


def legal(state: SonoraState, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def cells(*names: str) -> int:
    mask = 0
    for name in names:
        col, row = "abcdefghij".index(name[0]), int(name[1:]) - 1
        mask |= 1 << (row * 10 + col)
    return mask


def space(name: str) -> int:
    return P.river_ids.index(name)


def node(name: str) -> int:
    return P.mud_ids.index(name)


def spaces(*names: str) -> int:
    return sum(1 << space(n) for n in names)


def nodes(*names: str) -> int:
    return sum(1 << node(n) for n in names)
