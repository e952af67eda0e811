"""Avenue scoring: road networks, farm rows, castles, penalties and the ranking.

§ Pontuação: a farm scores the grapes (either colour) on squares joined to it by roads;
the number must be greater than the row above or the row holds 0. § Final do jogo: each
castle scores the grapes of its colour joined to it, −5 per row holding 0; ties go to the
player with the highest single scoring space.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabuleiro.games.avenue.components import COLS, OPPOSITE, ROWS, SQUARES, STEP, AvenueMap, components

ZERO_PENALTY = -5
ROUNDS = 5
FARM_LINES = tuple(f"farm_{i + 1}" for i in range(ROUNDS))
"""The score sheet's line for each farm row."""


Link = tuple[int, int, int]


def _links() -> tuple[tuple[tuple[Link, ...], ...], ...]:
    # For each segment id, each square: (side bit, neighbour square, the neighbour's
    # side bit that must be drawn for the two segments to meet).
    sides = components().segment_sides
    table: list[tuple[tuple[Link, ...], ...]] = []
    for segment in range(max(sides) + 1):
        mask = sides.get(segment, 0)
        per_square: list[tuple[Link, ...]] = []
        for square in range(SQUARES):
            r, c = divmod(square, COLS)
            out: list[Link] = []
            for bit, (dr, dc) in STEP.items():
                rr, cc = r + dr, c + dc
                if mask & bit and 0 <= rr < ROWS and 0 <= cc < COLS:
                    out.append((bit, rr * COLS + cc, OPPOSITE[bit]))
            per_square.append(tuple(out))
        table.append(tuple(per_square))
    return tuple(table)


_LINKS = _links()
_SIDES = [components().segment_sides.get(s, 0) for s in range(len(_LINKS))]
_JOINS = tuple(tuple(tuple((other, needed) for _, other, needed in links) for links in row) for row in _LINKS)
"""`_LINKS` without the side bit: what a flood fill follows."""
_GRAPES = {key: tuple(square.grapes for square in board.squares) for key, board in components().maps.items()}
"""Per map sheet, the grape icons of either colour on each square (scored every round)."""


def network(roads: bytes | Sequence[int], start: int) -> list[int]:
    """The squares joined to `start` by drawn roads, `start` included, in order.

    Empty when `start` has no road: a feature counts only when a segment is drawn on its
    own square (§ Observações importantes). Farms and castles do not break a road.
    """
    return sorted(_reached(roads, start))


def _reached(roads: bytes | Sequence[int], start: int) -> set[int]:
    """`network`'s squares as a set."""
    if not roads[start]:
        return set()
    seen = {start}
    stack = [start]
    while stack:
        square = stack.pop()
        for other, needed in _JOINS[roads[square]][square]:
            if other not in seen and _SIDES[roads[other]] & needed:
                seen.add(other)
                stack.append(other)
    return seen


def farm_grapes(board: AvenueMap, roads: bytes | Sequence[int], farm: str) -> int:
    """Grapes of either colour joined to `farm` (§ Pontuação)."""
    grapes = _GRAPES[board.id]
    return sum([grapes[s] for s in _reached(roads, board.farm_square[farm])])


def castle_grapes(board: AvenueMap, roads: bytes | Sequence[int], colour: str) -> int:
    """Grapes of the castle's own colour joined to it (§ Final do jogo)."""
    start = board.castle_square[colour]
    if not roads[start]:  # no road on the castle's own square yet
        return 0
    reached = _reached(roads, start)
    squares = board.squares
    if colour == "P":
        return sum(squares[s].purple for s in reached)
    return sum(squares[s].green for s in reached)


def row_score(grapes: int, previous: int) -> int:
    """The points written for a farm: its grapes if more than the row above, else 0.

    The first row compares with 0, so an unconnected first farm also writes 0.
    """
    return grapes if grapes > previous else 0


def breakdown(board: AvenueMap, roads: bytes | Sequence[int], row_scores: Sequence[int]) -> dict[str, int]:
    """The score sheet's additive lines; their sum is the score.

    Keys: ``farm_1``..``farm_5`` (rows written so far), ``castle_purple``,
    ``castle_green`` and ``zeros`` (−5 per row holding 0).
    """
    return sheet_lines(row_scores, castle_grapes(board, roads, "P"), castle_grapes(board, roads, "G"))


def sheet_lines(row_scores: Sequence[int], purple: int, green: int) -> dict[str, int]:
    """`breakdown` from the rows written and the castles' grapes (`castle_grapes`)."""
    out = {FARM_LINES[i]: score for i, score in enumerate(row_scores)}
    out["castle_purple"] = purple
    out["castle_green"] = green
    out["zeros"] = ZERO_PENALTY * sum(1 for score in row_scores if score == 0)
    return out


def tiebreak_value(lines: dict[str, int], with_castles: bool) -> int:
    """The highest single scoring space: "o jogador empatado com o maior valor individual em
    algum dos espaços de pontuação, vence" — the farm rows and the two castle boxes (the
    house rule ``tiebreak_castles=false`` leaves the castles out)."""
    keys = [k for k in lines if k.startswith("farm_") or (with_castles and k.startswith("castle_"))]
    return max((lines[k] for k in keys), default=0)
