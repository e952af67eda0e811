"""Building Metro positions for scenario tests."""

from dataclasses import replace

from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.components import components, parse_square
from tabuleiro.games.metro.rules import (
    DEPARTURES,
    EDGE_MASK,
    NEIGHBOURS,
    centre_is_station,
    line_heads,
    walk,
)
from tabuleiro.games.metro.scoring import line_points
from tabuleiro.games.metro.state import MetroOptions, MetroState

FACES = components().faces


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def new(players: int = 2, seed: int = 0, **options: object) -> MetroState:
    return GAME.new_state(players, seed, MetroOptions.parse(options))


def _take(state: MetroState, face: int) -> MetroState:
    """Remove one tile of `face` from the pile (or, failing that, from a hand)."""
    if face in state.pile:
        pile = list(state.pile)
        pile.remove(face)
        return replace(state, pile=tuple(pile))
    for seat, hand in enumerate(state.hands):
        if face in hand:
            rest = list(hand)
            rest.remove(face)
            refill = state.pile[:1]
            hands = (*state.hands[:seat], (*rest, *refill), *state.hands[seat + 1 :])
            return replace(state, hands=hands, pile=state.pile[1:])
    raise AssertionError(f"no {FACES[face]} tile left")


def lay(state: MetroState, tiles: dict[str, str], rotations: dict[str, int] | None = None) -> MetroState:
    """`state` with tiles laid on squares (``{"h2": "aaaa"}``) and every line re-traced.

    Lines completed by the laid tiles are scored for their owners, as if played.
    """
    board = list(state.board)
    filled, anchors, placed = state.filled, state.anchors, state.placed
    for name, code in tiles.items():
        square, face = sq(name), FACES.index(code)
        state = _take(state, face)
        board[square] = face * 4 + (rotations or {}).get(name, 0)
        filled |= 1 << square
        anchors |= NEIGHBOURS[square]
        placed += 1
    centre = centre_is_station(state.options)
    lines = tuple(walk(board, (*DEPARTURES[d], 0, 0, 0), centre) for d in range(len(state.lines)))
    scores = [0] * len(state.scores)
    scored = []
    for d, line in enumerate(lines):
        if line[4] and state.owners[d] >= 0:
            points = line_points(d, line, state.options)[0]
            scores[state.owners[d]] += points
            scored.append((d, points))
    return replace(
        state,
        board=tuple(board),
        filled=filled,
        anchors=anchors | EDGE_MASK,
        placed=placed,
        lines=lines,
        heads=line_heads(lines),
        scores=tuple(scores),
        scored=tuple(scored),
    )


def give(state: MetroState, seat: int, code: str) -> MetroState:
    """`state` with `seat` to act holding exactly one tile of `code` (others keep theirs)."""
    face = FACES.index(code)
    pool = [*state.pile, *state.hands[seat]]
    pool.remove(face)
    keep = len(state.hands[seat]) - 1
    hand = (face, *pool[:keep])
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    return replace(state, hands=hands, pile=tuple(pool[keep:]), turn=seat, drawn=-1)


def play(state: MetroState, seat: int, text: str) -> MetroState:
    return GAME.apply(state, seat, GAME.parse_action(text))
