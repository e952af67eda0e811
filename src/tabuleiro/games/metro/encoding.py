"""Fixed-size numeric forms of Metro for learning agents.

Actions (1,074 indices):

    [0:1024)     place the tile of hand slot h (0..2, 3 = the tile just drawn) on square q
                 turned r quarters: 256 * h + 4 * q + r (squares numbered row * 8 + col, a1 = 0)
    [1024]       draw                                  [1025:1033) swap: 2 * (percent/10 - 1) + (face-up)
    [1033:1073)  central wagon on face F (0..7) showing no share (+0) or the 10..40% share (+1..4): 5 * F + k
    [1073]       pass

Observation of one seat, built from its view only; seats are counted from the observer
(0 = itself, 1 = the next seat clockwise, ...), so the same position reads the same from
every chair. For P players:

    [0:512)      each square's tracks: for exit e (0..7) of square q, at 8 * q + e, the exit it
                 joins, 0..7 (-1: no tile)
    [512:576)    each square: 0 empty, 1 tile, 2 printed central tile, 3 central station
    [576:776)    each of the 40 lines (32 edge stations, F1..F8): owner relative to the seat
                 (players; companies 0..7; -1 none), tiles, central tiles, finished, points
    [776:784)    score of each owner (seats relative to the observer, or the 8 companies)
    [784:880)    the seat's hand slots 0..2 and the drawn tile: one-hot over the 24 faces
    [880:888)    pile, drawing, tiles placed, hand sizes' sum, expansions 1..4 on
    [888:920)    the seat's shares: for 10/20/30/40%, the company one-hot (8 each)
    [920:956)    face-up shares (4 x 8 one-hot) and the share piles' sizes (4)
    [956:964)    central wagons still free (expansion 2), by owner (seats relative to the observer,
                 or the 8 companies)
    [964:996)    the seat's secret station numbers (expansion 4), 1..32 as a 0/1 each
    [996:1252)   where the open lines wait: for square q, at 4 * q, the observer's lines waiting
                 there and their passages so far, then the same for everyone else's lines (with
                 expansion 1 the companies own the lines, so all count as everyone else's)
    [1252:8420)  what each placement would do at once: for placement index i (as in the actions,
                 256 * h + 4 * q + r), at 7 * i, the points it would score on the observer's
                 lines, on everyone else's, how many of the observer's lines it extends and
                 leaves open, how many it closes, the same two counts for everyone else's
                 lines, and the change of the observer's shaping potential (its running score
                 and open lines' promise, as `progress_scores`, minus the mean of the others';
                 0 with expansion 1)

The last two slices repeat what the tracks, lines and hand already imply, in the form a
placement needs: which empty squares extend whose lines, and what each tile in hand would do
there. They are filled for every tile the seat holds (its hand and drawn tile) on every square
where an open line waits, legal or not (elsewhere a tile touches no line, so all is 0); the
seat can work all of it out from its own view, so nothing unseen enters.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from typing import Any

from tabuleiro.core import JsonDict
from tabuleiro.core.encoding import Encoding, Layout, Slice
from tabuleiro.games.metro.actions import PERCENTS, Central, Draw, MetroAction, Place, Swap
from tabuleiro.games.metro.bots import Weights
from tabuleiro.games.metro.components import FACING, SQUARES, components, square_name
from tabuleiro.games.metro.rules import DEPARTURES, EMPTY, FACE_AT, INTO, IS_CENTRE, OFF, PAIRS, STATION, walk
from tabuleiro.games.metro.state import Line
from tabuleiro.games.metro.view import CENTRAL_CELLS, PLACED_CELLS

LINES = 40
COMPANIES = 8
EXPANSIONS = ("companies", "central_stations", "central_tracks", "station_numbers")
PLACES = 4 * SQUARES * 4
DRAW_INDEX = PLACES
SWAP_BASE = DRAW_INDEX + 1
CENTRAL_BASE = SWAP_BASE + 2 * len(PERCENTS)
PASS_INDEX = CENTRAL_BASE + 8 * (1 + len(PERCENTS))
PLACEMENT_FEATURES = (
    "own_points",
    "others_points",
    "own_extended",
    "own_closed",
    "others_extended",
    "others_closed",
    "potential_change",
)
"""What the ``placements`` slice gives for each placement index, in this order."""
ACTIONS = PASS_INDEX + 1
SQUARES_AT = SQUARES * 8
"""Where the ``squares`` slice starts, after the tracks; then the offsets below, in order."""
LINES_AT = SQUARES_AT + SQUARES
SCORES_AT = LINES_AT + LINES * 5
HAND_AT = SCORES_AT + COMPANIES
TABLE_AT = HAND_AT + 4 * 24
SHARES_AT = TABLE_AT + 8
FACE_UP_AT = SHARES_AT + len(PERCENTS) * COMPANIES
WAGONS_AT = FACE_UP_AT + len(PERCENTS) * (COMPANIES + 1)
NUMBERS_AT = WAGONS_AT + 8
HEADS_AT = NUMBERS_AT + 32
PLACEMENTS_AT = HEADS_AT + SQUARES * 4
SIZE = PLACEMENTS_AT + PLACES * len(PLACEMENT_FEATURES)
SCORE_BOUND = 1000
GROWTH = Weights().growth
"""Passages an open line is still expected to gain (the greedy bot's tuned estimate): what
`progress_scores` adds per open line, so that closing a line early shows as a loss at once."""


_EMPTY = (-1,) * 8
_SQUARE = {square_name(q): q for q in range(SQUARES)}


def _joins(tracks: Sequence[Sequence[int]], rotation: int) -> tuple[int, ...]:
    """For each exit 0..7 of a placed tile, the exit its track leads to."""
    out = [-1] * 8
    for a, b in tracks:
        a2, b2 = (a + 2 * rotation) % 8, (b + 2 * rotation) % 8
        out[a2], out[b2] = b2, a2
    return tuple(out)


def _board_codes(board: Sequence[JsonDict | str | None], faces: dict[str, int]) -> list[int]:
    """The board as the rules' square codes (face * 4 + rotation; EMPTY, STATION): by the
    shared cells' identities where the view's cells are all shared, else cell by cell."""
    try:
        return list(map(_shared_codes().__getitem__, map(id, board)))
    except KeyError:
        return [_cell_code(cell, faces) for cell in board]


def _cell_code(cell: JsonDict | str | None, faces: dict[str, int]) -> int:
    """One square as the rules' code."""
    if cell == "station":
        return STATION
    if cell is None:
        return EMPTY
    assert isinstance(cell, dict)
    return faces[cell["tile"]] * 4 + int(cell["rotation"])


def _cell_numbers(cell: JsonDict | str | None, tracks: JsonDict) -> tuple[bytes, bytes]:
    """One square's ``tracks`` (8 joins) and ``squares`` (its kind) as float32 bytes."""
    if cell is None or cell == "station":
        return array("f", _EMPTY).tobytes(), array("f", [0 if cell is None else 3]).tobytes()
    assert isinstance(cell, dict)
    joins = _joins(tracks[cell["tile"]], cell["rotation"])
    return array("f", joins).tobytes(), array("f", [2 if cell["central"] else 1]).tobytes()


_SHARED_CELLS = {id(cell): cell for cell in (*PLACED_CELLS, *CENTRAL_CELLS)}
"""The board cells the view module makes once and shares by every view, by identity (they
live as long as the program, so their identities are never reused)."""
_CELL_TRACKS: dict[int, bytes] = {}
_CELL_KINDS: dict[int, bytes] = {}
"""`_cell_numbers` of each shared cell met so far, by the cell's identity."""


def _board_bytes(board: Sequence[JsonDict | str | None], tracks: JsonDict) -> bytes:
    """The ``tracks`` and ``squares`` slices as float32 bytes. The view's cells are shared
    objects, so each one's numbers are looked up by identity and joined without a Python loop;
    a board with a cell met for the first time, or not shared, is worked out cell by cell."""
    ids = list(map(id, board))
    try:
        return b"".join(map(_CELL_TRACKS.__getitem__, ids)) + b"".join(map(_CELL_KINDS.__getitem__, ids))
    except KeyError:
        pass
    numbers = [_cell_numbers(cell, tracks) for cell in board]
    for key, cell, (joins, kind) in zip(ids, board, numbers, strict=True):
        if _SHARED_CELLS.get(key) is cell:
            _CELL_TRACKS[key], _CELL_KINDS[key] = joins, kind
    return b"".join(joins for joins, _ in numbers) + b"".join(kind for _, kind in numbers)


def _lines_and_heads(
    obs: array[float], lines: Sequence[JsonDict], seat: int, players: int, companies: bool
) -> dict[int, list[tuple[bool, Line, bool]]]:
    """The ``lines`` slice and the ``heads`` slice (per square: the open lines of the seat
    waiting there and their passages, then the other owned lines'; every owned line is someone
    else's with expansion 1; lines nobody owns, as with fewer players, are left out).

    Returns the open owned lines by the square where each waits, for `_placements`: whether it
    starts at an edge station, the rules' `Line` (square, entry exit, passages, central
    passages, 0) and whether it is the seat's. The view's entry gives the head square and the
    last tile's leaving exit, so the line need not be walked again from its station."""
    waiting: dict[int, list[tuple[bool, Line, bool]]] = {}
    for i in range(len(lines), LINES):
        obs[LINES_AT + 5 * i] = -1
    for d, line in enumerate(lines[:LINES]):
        base = LINES_AT + 5 * d
        owner, tiles, central = line["owner"], line["tiles"], line["central_tiles"]
        who = -1 if owner is None else owner if companies else (owner - seat) % players
        if who:
            obs[base] = who
        if tiles:
            obs[base + 1] = tiles
        if central:
            obs[base + 2] = central
        if line["end"] is not None:
            obs[base + 3] = 1
            if line["points"]:
                obs[base + 4] = line["points"]
        elif owner is not None and line["at"]:
            square = _SQUARE[line["at"]]
            own = not companies and owner == seat
            head = HEADS_AT + 4 * square + (0 if own else 2)
            obs[head] += 1
            obs[head + 1] += tiles + central
            if d < len(DEPARTURES):
                path = line["path"]
                exit_ = FACING[path[-1][2]] if path else DEPARTURES[d][1]
                waiting.setdefault(square, []).append((d < 32, (square, exit_, tiles, central, 0), own))
    return waiting


def _placements(
    obs: array[float],
    view: JsonDict,
    slots: Sequence[str | None],
    waiting: dict[int, list[tuple[bool, Line, bool]]],
    players: int,
    companies: bool,
) -> None:
    """The ``placements`` slice: per placement index, the `PLACEMENT_FEATURES` of putting the
    tile of that hand slot there (§ Pontuação: a line scores its passages once it ends,
    doubled at the central station; printed central tracks only with ``central_tracks_score``).

    Only placements on squares where a line waits are written (the rest stay 0). The first
    step of each line's walk, through the new tile, is taken here: mostly the line then waits
    at an empty square and `walk` is not needed. A face held twice is worked out once."""
    width = len(PLACEMENT_FEATURES)
    faces = _faces()
    board = _board_codes(view["board"], faces)
    centre_station: bool = view["centre_is_station"]
    central_scores: bool = view["scoring"]["central_tracks_score"]
    rival = 0.0 if companies else 1.0 / max(players - 1, 1)
    rotations = range(4) if view["free_orientation"] else range(1)
    raw = memoryview(obs).cast("B")
    done: dict[str, int] = {}
    for slot, code in enumerate(slots):
        if code is None:
            continue
        start = 4 * (PLACEMENTS_AT + width * 256 * slot)
        if code in done:
            raw[start : start + 4 * width * 256] = raw[done[code] : done[code] + 4 * width * 256]
            continue
        done[code] = start
        face = faces[code]
        for square, lines in waiting.items():
            centre = IS_CENTRE[square]
            for rotation in rotations:
                tile = face * 4 + rotation
                board[square] = tile
                base = PLACEMENTS_AT + width * (256 * slot + 4 * square + rotation)
                for edge, line, own in lines:
                    exit_ = PAIRS[tile][line[1]]
                    k = square * 8 + exit_
                    passages = line[2] if centre else line[2] + 1
                    central = line[3] + 1 if centre else line[3]
                    if OFF[k]:
                        end = OFF[k]
                    elif centre_station and IS_CENTRE[INTO[k]]:
                        end = 32 + FACE_AT[k]
                    elif board[INTO[k]] < 0:
                        end = 0
                    else:
                        after = walk(board, (INTO[k], FACING[exit_], passages, central, 0), centre_station)
                        end, passages, central = after[4], after[2], after[3]
                    if end:
                        points = (passages + (central if central_scores else 0)) * (
                            2 if edge and end > 32 else 1
                        )
                        obs[base + (0 if own else 1)] += points
                        obs[base + (3 if own else 5)] += 1
                        change = points - line[2] - GROWTH
                    else:
                        obs[base + (2 if own else 4)] += 1
                        change = passages - line[2]
                    obs[base + 6] += change if own else -rival * change
                board[square] = EMPTY


@cache
def _shared_codes() -> dict[int, int]:
    """`_cell_code` of each shared cell, by the cell's identity."""
    return {key: _cell_code(cell, _faces()) for key, cell in _SHARED_CELLS.items()}


@cache
def _companies() -> dict[str, int]:
    """Each company's colour id's position among the 8 companies."""
    return {c: i for i, c in enumerate(components().companies)}


@cache
def _faces() -> dict[str, int]:
    """Each face code's position among the 24 faces."""
    return {code: i for i, code in enumerate(components().faces)}


class MetroEncoding(Encoding[MetroAction]):
    """Metro's observation (the module docstring's layout) and its 1,074 actions."""

    score_bound = SCORE_BOUND

    def layout(self, players: int, options: Any) -> Sequence[Slice]:
        faces = len(components().faces)
        out = Layout()
        out.add("tracks", SQUARES * 8, -1, 7, "for each square and exit, the exit its track joins")
        out.add("squares", SQUARES, 0, 3, "empty, tile, printed central tile, central station")
        out.add("lines", LINES * 5, -1, 200, "per line: owner, tiles, central tiles, finished, points")
        out.add("scores", COMPANIES, -SCORE_BOUND, SCORE_BOUND, "each owner's score")
        out.add("hand", 4 * faces, 0, 1, "hand slots 0..2 and the drawn tile, one-hot faces")
        out.add("table", 8, 0, 100, "pile, drawing, tiles placed, hand sizes, expansions 1..4")
        out.add("shares", len(PERCENTS) * COMPANIES, 0, 1, "the seat's shares by percent")
        out.add("face_up", len(PERCENTS) * (COMPANIES + 1), 0, 20, "face-up shares and pile sizes")
        out.add("central_wagons", 8, 0, 1, "central wagons still free, by owner")
        out.add("numbers", 32, 0, 1, "the seat's secret station numbers")
        out.add("heads", SQUARES * 4, 0, 200, "open lines waiting at each square: own, passages, others'")
        out.add(
            "placements",
            PLACES * len(PLACEMENT_FEATURES),
            -SCORE_BOUND,
            SCORE_BOUND,
            "per placement index: points, lines extended and closed (own, others'), potential change",
        )
        return out.slices

    def observe(self, view: JsonDict, players: int, options: Any) -> Sequence[float]:
        """The module docstring's layout as a float32 array. It starts as zeros; the board
        comes as joined per-cell bytes and the rest is written number by number where not 0."""
        faces = _faces()
        seat = view["seat"]
        companies = view["owners"] == "companies"
        obs = array("f", bytes(4 * SIZE))
        memoryview(obs).cast("B")[: 4 * LINES_AT] = _board_bytes(view["board"], view["tile_tracks"])
        waiting = _lines_and_heads(obs, view["lines"], seat, players, companies)
        scores = view["scores"]
        for k in range(len(scores)):
            obs[SCORES_AT + k] = scores[k] if companies else scores[(seat + k) % players]
        private = view["private"]
        slots = [*private["hand"], *[None] * (3 - len(private["hand"])), private["drawn"]]
        for slot, code in enumerate(slots):
            if code is not None:
                obs[HAND_AT + 24 * slot + faces[code]] = 1
        expansions = view["expansions"]
        table = [view["pile"], int(view["drawing"]), view["tiles_placed"], sum(view["hand_sizes"])]
        obs[TABLE_AT : TABLE_AT + 8] = array("f", table + [int(expansions[name]) for name in EXPANSIONS])
        self._shares(obs, private, view.get("shares"))
        wagons = view.get("central_wagons") or ()
        for k in range(len(wagons)):
            if wagons[k if companies else (seat + k) % players]:
                obs[WAGONS_AT + k] = 1
        for n in set(private.get("numbers", [])):
            if n in range(1, 33):
                obs[NUMBERS_AT + n - 1] = 1
        _placements(obs, view, slots, waiting, players, companies)
        return obs

    @staticmethod
    def _shares(obs: array[float], private: JsonDict, market: JsonDict | None) -> None:
        """The seat's shares and the face-up ones (company one-hots), and the piles' sizes."""
        colours = _companies()
        for s in private.get("shares", []):
            company = colours.get(s["company"])
            if company is not None and s["percent"] in PERCENTS:
                obs[SHARES_AT + COMPANIES * PERCENTS.index(s["percent"]) + company] = 1
        if not market:
            return
        for p, percent in enumerate(PERCENTS):
            company = colours.get(market["face_up"].get(str(percent)))
            if company is not None:
                obs[FACE_UP_AT + (COMPANIES + 1) * p + company] = 1
            obs[FACE_UP_AT + (COMPANIES + 1) * p + COMPANIES] = market["piles"][str(percent)]

    def progress_scores(self, view: JsonDict, players: int) -> Sequence[float] | None:
        """Each seat's score plus what its open lines promise: their passages so far (1 point
        each once the line ends, § Pontuação) and `GROWTH` more each, which a line closed early
        forfeits; None with expansion 1, where the scores are the companies'."""
        if view["owners"] == "companies":
            return None
        out = [float(s) for s in view["scores"]]
        for line in view["lines"]:
            if line["end"] is None and line["owner"] is not None:
                out[line["owner"]] += line["tiles"] + GROWTH
        return out

    def action_count(self, players: int, options: Any) -> int:
        return ACTIONS

    def action_index(self, action: MetroAction, view: JsonDict) -> int:
        if isinstance(action, Place):
            private = view["private"]
            code = components().faces[action.face]
            slots = [*private["hand"], *[None] * (3 - len(private["hand"])), private["drawn"]]
            slot = 3 if private["drawn"] == code else slots.index(code)
            return 256 * slot + 4 * action.square + action.rotation
        if isinstance(action, Draw):
            return DRAW_INDEX
        if isinstance(action, Swap):
            return SWAP_BASE + 2 * PERCENTS.index(action.percent) + int(action.take_face_up)
        if isinstance(action, Central):
            shown = 0 if action.percent is None else 1 + PERCENTS.index(action.percent)
            return CENTRAL_BASE + 5 * action.face + shown
        return PASS_INDEX


ENCODING = MetroEncoding()
