"""Metro's advice to the generic search bot (`tabuleiro.bots.ismcts`).

Random playouts make the search far weaker than the one-tile greedy bot (a random tile on
a random square closes lines at random), so the search looks a few decisions ahead inside
its tree, lets each seat place its tile where the greedy bot would for `PLAYOUT_DEPTH`
more decisions (a drawn tile gets placed; the opponent's best reply counts) and scores
that position statically:

- candidates: a seat chooses among the placements the greedy bot rates best (`TOP`), plus
  every action that is not a placement (draw, pass, central wagon, a face-up share swap);
- playout: the placement the greedy bot's board rates best;
- evaluation: each seat's score so far plus what its open lines promise, valued as the
  greedy bot values them (passages, a growth allowance, the expected loss should the next
  tile close the line early), with the tiles not on the board as the unknown pool;
- observation: what the searching seat sees that the actions since the root do not tell:
  its hand, the tile it drew, its shares.

Every hook reads only the state it is given (a sample drawn by the search) and, for the
seat it acts for, only what that seat may know in it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from random import Random

from tabuleiro.core import SearchHints
from tabuleiro.games.metro.actions import MetroAction, Place, Swap
from tabuleiro.games.metro.bots import Weights, _Board
from tabuleiro.games.metro.state import MetroState

TOP = 4
"""Placements the tree considers per decision, the greedy bot's best first."""

PLAYOUT_DEPTH = 2
"""Decisions played by the greedy placement below the tree before `estimate` scores."""

WEIGHTS = Weights()
_CACHE_LIMIT = 20_000
_boards: dict[Hashable, _Board] = {}
_ranks: dict[Hashable, tuple[int, ...]] = {}


def _public_board(state: MetroState) -> _Board:
    """The board valued from the public side (the pool: every tile not on the board), built
    once per position: a search reaches the same board from many samples."""
    key = (state.board, state.owners, state.options)
    board = _boards.get(key)
    if board is None:
        if len(_boards) >= _CACHE_LIMIT:
            _boards.clear()
        board = _boards[key] = _Board.of_state(state, -1, WEIGHTS)
    return board


def _ranked(state: MetroState, seat: int, places: list[Place]) -> tuple[int, ...]:
    """Indices of the `TOP` placements with the best greedy gain for `seat` (ties: first)."""
    key = (state.board, state.owners, state.options, state.shares, places[0].face, len(places), seat)
    hit = _ranks.get(key)
    if hit is not None:
        return hit
    board = _public_board(state)
    public = board.owner_weight, board.numbers, board.companies
    board.owner_weight, board.numbers, board.companies = _Board.seat_side(state, seat, WEIGHTS)
    try:
        gains = [board.gain(a.face * 4 + a.rotation, a.square) for a in places]
    finally:
        board.owner_weight, board.numbers, board.companies = public
    order = tuple(sorted(range(len(places)), key=lambda i: -gains[i])[:TOP])
    if len(_ranks) >= _CACHE_LIMIT:
        _ranks.clear()
    _ranks[key] = order
    return order


def candidates(state: MetroState, seat: int, legal: Sequence[MetroAction]) -> Sequence[MetroAction]:
    """The greedy bot's `TOP` placements and the actions that are not placements (swaps only
    for the face-up share: the top of a pile is a blind draw the greedy bot never takes)."""
    places = [a for a in legal if isinstance(a, Place)]
    if len(places) <= TOP and len(places) == len(legal):
        return legal
    others = [
        a for a in legal if not isinstance(a, Place) and not (isinstance(a, Swap) and not a.take_face_up)
    ]
    if len(places) <= TOP:
        return [*places, *others]
    return [*(places[i] for i in _ranked(state, seat, places)), *others]


def playout(state: MetroState, seat: int, legal: Sequence[MetroAction], rnd: Random) -> MetroAction:  # noqa: ARG001
    """The placement the greedy bot's board rates best (a pass or other action without one)."""
    places = [a for a in legal if isinstance(a, Place)]
    if not places:
        return legal[0]
    if len(places) == 1:
        return places[0]
    return places[_ranked(state, seat, places)[0]]


def estimate(state: MetroState) -> list[float]:
    """Each seat's expected final score: points so far plus its open lines' worth, the lines
    valued from the public side."""
    board = _public_board(state)
    totals = [float(points) for points in state.scores]
    for d, owner in enumerate(state.owners):
        if owner >= 0 and not board.lines[d][4]:
            totals[owner] += board.values[d]
    if not state.options.companies:
        return totals
    return _company_estimate(state, totals)


def _company_estimate(state: MetroState, profits: list[float]) -> list[float]:
    """Expansion 1: each seat's shares times the companies' ranks by expected profit, plus
    a tenth of the profit of each company it holds most of (§ Expansão 1, Pontuação)."""
    from tabuleiro.games.metro.scoring import PERCENTS

    top = len(profits)
    values = [top - sum(1 for other in profits if other > p) for p in profits]
    holdings = [[0] * top for _ in range(state.players)]
    for seat, shares in enumerate(state.shares):
        for percent, company in zip(PERCENTS, shares, strict=True):
            holdings[seat][company] += percent
    out = []
    for seat in range(state.players):
        total = 0.0
        for c, held in enumerate(holdings[seat]):
            total += held // 10 * values[c]
            if held and held == max(h[c] for h in holdings):
                total += profits[c] / 10
        out.append(total)
    return out


def observation(state: MetroState, seat: int) -> Hashable:
    """What `seat` sees beyond the public actions: its hand, its drawn tile, its shares."""
    drawn = state.drawn if state.turn == seat else -1
    return (state.hands[seat], drawn, state.shares[seat] if state.shares else ())


SEARCH_HINTS = SearchHints(
    iterations=400,
    evaluate=estimate,
    playout=playout,
    playout_depth=PLAYOUT_DEPTH,
    candidates=candidates,
    observation=observation,
    objective="margin",
    margin_scale=15.0,
    exploration=0.15,
)
"""Advice to the generic search: the greedy bot's best placements in the tree, two greedy
placements below it, then `estimate`; the margin as the objective (an estimate's win or loss
is too coarse to choose between good placements) with little exploration, so that the
visits follow the values. 400 iterations take about 0.7 s of one core."""
