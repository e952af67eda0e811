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
    [1252:8420)  (only with the ``placements`` feature, off by default: 1,252 numbers without
                 it) what each placement would do at once: for placement index i (as in the
                 actions, 256 * h + 4 * q + r), at 7 * i, the points it would score on the
                 observer's lines, on everyone else's, how many of the observer's lines it
                 extends and leaves open, how many it closes, the same two counts for everyone
                 else's lines, and the change of the observer's shaping potential (its running
                 score and open lines' promise, as `progress_scores`, minus the mean of the
                 others'; 0 with expansion 1)

The last two slices repeat what the tracks, lines and hand already imply, in the form a
placement needs: which empty squares extend whose lines, and what each tile in hand would do
there. The placements are filled for every tile the seat holds (its hand and drawn tile) on
every square where an open line waits, legal or not (elsewhere a tile touches no line, so all
is 0); the seat can work all of it out from its own view, so nothing unseen enters.

The ``placements`` slice is an encoding feature (`Encoding.with_features`), not a rules
option: ``tabuleiro.rl.env("metro", placements=True)``, ``gymnasium.make("tabuleiro/Metro-v0",
placements=True)`` or the OpenSpiel parameter ``placements=True``. It is 7,168 of the 8,420
numbers and most of the cost of an observation, so it is off unless a learner asks for it (the
per-action policy of ``examples/train_maskable_ppo.py`` scores each placement from it).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from itertools import compress
from operator import is_not
from types import MappingProxyType
from typing import Any, NamedTuple

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
"""The observation's length with the ``placements`` feature (`PLACEMENTS_AT` without it)."""
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


class _Board(NamedTuple):
    """A view's board as the rules' square codes and as the ``tracks`` and ``squares`` slices
    (float32 bytes)."""

    cells: Sequence[JsonDict | str | None]
    codes: tuple[int, ...]
    tracks: bytes
    kinds: bytes
    walks: tuple[list[Line | None], list[Line | None]]
    """`_walk` results kept for the boards read one after the other that only gained tiles
    since these lists were made (tiles, once placed, stay): per entry (square * 8 + entry
    exit), where a line entering there ends, with the passages added on the way (its first
    three numbers are (square, exit, passages)); by whether the centre is a station."""


_LAST_BOARD: list[_Board] = []
"""The last board read: the next view's board differs from it by a tile or two."""
_PATCH_MAX = 8
"""Above this many changed squares a board is read whole again."""


def _no_walks() -> tuple[list[Line | None], list[Line | None]]:
    """Empty `_Board.walks`."""
    return [None] * (SQUARES * 8), [None] * (SQUARES * 8)


def _cell(cell: JsonDict | str | None, tracks: JsonDict) -> tuple[int, bytes, bytes]:
    """One square's code and its `_cell_numbers`, kept by identity for the shared cells."""
    key = id(cell)
    if _SHARED_CELLS.get(key) is cell:
        if key not in _CELL_TRACKS:
            _CELL_TRACKS[key], _CELL_KINDS[key] = _cell_numbers(cell, tracks)
        return _shared_codes()[key], _CELL_TRACKS[key], _CELL_KINDS[key]
    return _cell_code(cell, _faces()), *_cell_numbers(cell, tracks)


def _board(cells: Sequence[JsonDict | str | None], tracks: JsonDict) -> _Board:
    """The board's codes and numbers. The view's cells are shared objects: a board that differs
    from the last one read by a few cells (by identity) is patched there; otherwise each
    cell's numbers are looked up by identity and joined without a Python loop, or worked out
    cell by cell for cells met for the first time or not shared."""
    last = _LAST_BOARD[0] if _LAST_BOARD else None
    if last is not None and last.cells is cells:
        return last
    changed: list[int] | None = None
    if last is not None and len(last.cells) == len(cells):
        changed = list(compress(range(len(cells)), map(is_not, cells, last.cells)))
    if last is not None and changed is not None and len(changed) <= _PATCH_MAX:
        codes, joins, kinds = list(last.codes), bytearray(last.tracks), bytearray(last.kinds)
        for q in changed:
            codes[q], joins[32 * q : 32 * q + 32], kinds[4 * q : 4 * q + 4] = _cell(cells[q], tracks)
        grown = all(last.codes[q] == EMPTY for q in changed)
        out = _Board(cells, tuple(codes), bytes(joins), bytes(kinds), last.walks if grown else _no_walks())
    else:
        numbers = [_cell(cell, tracks) for cell in cells]
        out = _Board(
            cells,
            tuple(code for code, _, _ in numbers),
            b"".join(j for _, j, _ in numbers),
            b"".join(k for _, _, k in numbers),
            _no_walks(),
        )
    _LAST_BOARD[:] = [out]
    return out


class Waits(NamedTuple):
    """An open owned line waiting at a square, with what `_placements` needs of it at hand."""

    departure: int
    edge: bool
    """It starts at an edge station (its points double at the central station)."""
    line: Line
    """The rules' line: (square, entry exit, passages, central passages, 0)."""
    extended: int
    """Where a placement that leads it on adds 1: ``own_extended`` or ``others_extended``."""
    change: float
    """What a placement that leads it on to an empty square adds to ``potential_change``."""
    passages: int
    central: int
    """Its passages and central passages once through a tile placed where it waits."""
    scored: int
    closed: int
    """Where a placement that ends it adds its points and 1: the observer's or the others'."""
    weight: float
    """What a change of its owner's potential counts for the observer: 1, or minus a rival's
    share (`progress_scores`: the observer's minus the mean of the others')."""


Waiting = tuple[Waits, ...]
"""The open owned lines waiting at one square, by departure."""


class _Lines(NamedTuple):
    """The ``lines`` and ``heads`` slices of one seat's observation, and the open lines by the
    square where each waits, for the view's list of line entries they were read from."""

    entries: Sequence[JsonDict]
    numbers: array[float]
    heads: array[float]
    head_of: tuple[tuple[int, int, int] | None, ...]
    """Per departure: where its line adds to ``heads`` (offset, passages), or None."""
    waiting: dict[int, Waiting]


_LAST_LINES: dict[tuple[int, int, bool], _Lines] = {}
"""The last `_Lines` worked out per (seat, players, companies): the next view's entries are
mostly the same objects (the view shares each line's entry until the line moves)."""


def _line_numbers(
    d: int, line: JsonDict, seat: int, players: int, companies: bool
) -> tuple[tuple[float, ...], tuple[int, int, int] | None, Waits | None]:
    """One line's five ``lines`` numbers, where it adds to ``heads`` (offset, passages) and its
    waiting entry (None where it does not wait: finished, nobody's, or not at a square).

    The view's entry gives the head square and the last tile's leaving exit, so the line need
    not be walked again from its station."""
    owner, tiles, central = line["owner"], line["tiles"], line["central_tiles"]
    who = -1 if owner is None else owner if companies else (owner - seat) % players
    if line["end"] is not None:
        return (who, tiles, central, 1, line["points"] or 0), None, None
    numbers = (who, tiles, central, 0, 0)
    if owner is None or not line["at"]:
        return numbers, None, None
    square = _SQUARE[line["at"]]
    own = not companies and owner == seat
    head = (4 * square + (0 if own else 2), tiles + central, square)
    if d >= len(DEPARTURES):
        return numbers, head, None
    path = line["path"]
    exit_ = FACING[path[-1][2]] if path else DEPARTURES[d][1]
    centre = IS_CENTRE[square]
    waits = (square, exit_, tiles, central, 0)
    passages, central = (tiles, central + 1) if centre else (tiles + 1, central)
    change = passages - tiles
    if own:
        return numbers, head, Waits(d, d < 32, waits, 2, change, passages, central, 0, 3, 1.0)
    weight = -(0.0 if companies else 1.0 / max(players - 1, 1))
    return numbers, head, Waits(d, d < 32, waits, 4, weight * change + 0.0, passages, central, 1, 5, weight)


def _lines_and_heads(entries: Sequence[JsonDict], seat: int, players: int, companies: bool) -> _Lines:
    """The ``lines`` slice and the ``heads`` slice (per square: the open lines of the seat
    waiting there and their passages, then the other owned lines'; every owned line is someone
    else's with expansion 1; lines nobody owns, as with fewer players, are left out), with the
    open owned lines by the square where each waits, for `_placements`.

    Worked out from the last result for the same seat, players and owners where the view lists
    as many lines: only the lines whose entry changed are read again (the numbers are whole,
    so taking a line's passages off ``heads`` and adding the new ones is exact)."""
    key = (seat, players, companies)
    last = _LAST_LINES.get(key)
    if last is not None and last.entries is entries:
        return last
    if last is None or len(last.entries) != len(entries):
        numbers = array("f", bytes(4 * 5 * LINES))
        heads = array("f", bytes(4 * 4 * SQUARES))
        head_of: list[tuple[int, int, int] | None] = [None] * len(entries)
        changed: Sequence[int] = range(len(entries))
        waiting: dict[int, Waiting] = {}
        for i in range(len(entries), LINES):
            numbers[5 * i] = -1
    else:
        numbers, heads, head_of = last.numbers[:], last.heads[:], list(last.head_of)
        changed = list(compress(range(len(entries)), map(is_not, entries, last.entries)))
        waiting = dict(last.waiting)
    for d in changed:
        if d >= LINES:
            continue
        old = head_of[d]
        if old is not None:
            heads[old[0]] -= 1
            heads[old[0] + 1] -= old[1]
            kept = tuple(item for item in waiting.get(old[2], ()) if item[0] != d)
            if kept:
                waiting[old[2]] = kept
            else:
                waiting.pop(old[2], None)
        line_numbers, head, item = _line_numbers(d, entries[d], seat, players, companies)
        numbers[5 * d : 5 * d + 5] = array("f", line_numbers)
        head_of[d] = head
        if head is not None:
            heads[head[0]] += 1
            heads[head[0] + 1] += head[1]
        if item is not None:
            waiting[item[2][0]] = tuple(sorted((*waiting.get(item[2][0], ()), item)))
    out = _Lines(entries, numbers, heads, tuple(head_of), waiting)
    _LAST_LINES[key] = out
    return out


def _walk(
    board: list[int],
    walks: list[Line | None],
    square: int,
    tile: int,
    into: int,
    entry: int,
    centre_station: bool,
) -> Line:
    """`walk` from `into`, entered at `entry`, with passages counted from 0, once `tile` is put on
    the empty `square`. A walk on the board without the tile is kept in `walks` while the
    square where it waits stays empty (one that ends at a station stays so): from one position
    to the next most lines run through the same tiles. Where it waits on `square` itself, it
    goes on through the tile."""
    kept = walks[into * 8 + entry]
    if kept is None or not (kept[4] or board[kept[0]] < 0):
        kept = walks[into * 8 + entry] = walk(board, (into, entry, 0, 0, 0), centre_station)
    if kept[0] != square:
        return kept
    board[square] = tile
    out = walk(board, kept, centre_station)
    board[square] = EMPTY
    return out


_ENDS = {
    centre_station: tuple(
        OFF[k] or (32 + FACE_AT[k] if centre_station and INTO[k] >= 0 and IS_CENTRE[INTO[k]] else 0)
        for k in range(SQUARES * 8)
    )
    for centre_station in (False, True)
}
"""Per exit k (square * 8 + exit) of a new tile: where a line leaving there ends at once, at a
station or, where it is a station, the centre (as `walk` numbers the ends; 0: it goes on); by
whether the centre is a station."""


def _placements(
    obs: array[float],
    view: JsonDict,
    board: list[int],
    walks_by_centre: tuple[list[Line | None], list[Line | None]],
    slots: Sequence[str | None],
    waiting: dict[int, Waiting],
) -> None:
    """The ``placements`` slice: per placement index, the `PLACEMENT_FEATURES` of putting the
    tile of that hand slot there (`_tile_features`, turned each way where any orientation is
    allowed). Only placements on squares where a line waits are written (the rest stay 0). A
    face held twice is worked out once."""
    width = len(PLACEMENT_FEATURES)
    faces = _faces()
    centre_station: bool = view["centre_is_station"]
    central_scores: bool = view["scoring"]["central_tracks_score"]
    rotations = range(4) if view["free_orientation"] else range(1)
    walks = walks_by_centre[centre_station]
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
        for rotation in rotations:
            at = PLACEMENTS_AT + width * (256 * slot + rotation)
            _tile_features(
                obs, board, walks, waiting, 4 * faces[code] + rotation, at, centre_station, central_scores
            )


def _tile_features(
    obs: array[float],
    board: list[int],
    walks: list[Line | None],
    waiting: dict[int, Waiting],
    tile: int,
    at: int,
    centre_station: bool,
    central_scores: bool,
) -> None:
    """The `PLACEMENT_FEATURES` of `tile` (face * 4 + rotation) on each square where lines
    wait, square q's at ``at + 28 * q`` (§ Pontuação: a line scores its passages once it ends,
    doubled at the central station; printed central tracks only with ``central_tracks_score``).

    Each line waiting there is led through the tile: it ends at once at a station or the
    centre (`_ENDS`), waits on an empty square, or runs on through placed tiles (`_walk`).
    Where one line waits each feature is written once, so it is set rather than added to (an
    item of a float32 array costs less to set than to update; a negative zero is made
    positive, as adding it to the zero there would)."""
    pairs, ends, width = PAIRS[tile], _ENDS[centre_station], len(PLACEMENT_FEATURES)
    for square, lines in waiting.items():
        out = square * 8
        base = at + 4 * width * square
        if len(lines) == 1:
            _, edge, line, extended, change, passages, central, scored, closed, weight = lines[0]
            exit_ = pairs[line[1]]
            end = ends[out + exit_]
            if not end:
                into = INTO[out + exit_]
                if board[into] < 0:
                    obs[base + extended] = 1
                    obs[base + 6] = change
                    continue
                after = _walk(board, walks, square, tile, into, FACING[exit_], centre_station)
                end, passages, central = after[4], passages + after[2], central + after[3]
                if not end:
                    obs[base + extended] = 1
                    obs[base + 6] = weight * (passages - line[2]) + 0.0
                    continue
            points = (passages + (central if central_scores else 0)) * (2 if edge and end > 32 else 1)
            obs[base + scored] = points
            obs[base + closed] = 1
            obs[base + 6] = weight * (points - line[2] - GROWTH) + 0.0
            continue
        for _, edge, line, extended, change, passages, central, scored, closed, weight in lines:
            exit_ = pairs[line[1]]
            end = ends[out + exit_]
            if not end:
                into = INTO[out + exit_]
                if board[into] < 0:
                    obs[base + extended] += 1
                    obs[base + 6] += change
                    continue
                after = _walk(board, walks, square, tile, into, FACING[exit_], centre_station)
                end, passages, central = after[4], passages + after[2], central + after[3]
                if not end:
                    obs[base + extended] += 1
                    obs[base + 6] += weight * (passages - line[2])
                    continue
            points = (passages + (central if central_scores else 0)) * (2 if edge and end > 32 else 1)
            obs[base + scored] += points
            obs[base + closed] += 1
            obs[base + 6] += weight * (points - line[2] - GROWTH)


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
    """Metro's observation (the module docstring's layout) and its 1,074 actions; the
    ``placements`` slice only when `placements` is set."""

    score_bound = SCORE_BOUND
    features = MappingProxyType(
        {"placements": "what each placement index would do at once (7 numbers each, 7,168 in all)"}
    )

    def __init__(self, placements: bool = False) -> None:
        self.placements = placements

    def configured(self, on: frozenset[str]) -> MetroEncoding:
        return WITH_PLACEMENTS if "placements" in on else ENCODING

    @property
    def features_on(self) -> frozenset[str]:
        return frozenset({"placements"} if self.placements else ())

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
        if not self.placements:
            return out.slices
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
        obs = array("f", bytes(4 * (SIZE if self.placements else PLACEMENTS_AT)))
        board = _board(view["board"], view["tile_tracks"])
        raw = memoryview(obs).cast("B")
        raw[: 4 * SQUARES_AT] = board.tracks
        raw[4 * SQUARES_AT : 4 * LINES_AT] = board.kinds
        lines = _lines_and_heads(view["lines"], seat, players, companies)
        obs[LINES_AT:SCORES_AT] = lines.numbers
        obs[HEADS_AT:PLACEMENTS_AT] = lines.heads
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
        if self.placements:
            _placements(obs, view, list(board.codes), board.walks, slots, lines.waiting)
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
WITH_PLACEMENTS = MetroEncoding(placements=True)
