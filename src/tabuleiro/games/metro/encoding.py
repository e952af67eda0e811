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
    [956:964)    central wagons still free (expansion 2), by face
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
from tabuleiro.games.metro.components import SQUARES, components, square_name
from tabuleiro.games.metro.rules import DEPARTURES, EMPTY, STATION, walk
from tabuleiro.games.metro.state import Line

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
SCORE_BOUND = 1000
GROWTH = Weights().growth
"""Passages an open line is still expected to gain (the greedy bot's tuned estimate): what
`progress_scores` adds per open line, so that closing a line early shows as a loss at once."""


_EMPTY = (-1,) * 8
_JOINS: dict[tuple[str, int], tuple[int, ...]] = {}
"""`_joins` by (face, rotation): the faces' tracks are fixed component data."""
_SQUARE = {square_name(q): q for q in range(SQUARES)}


def _joins(tracks: Sequence[Sequence[int]], rotation: int) -> tuple[int, ...]:
    """For each exit 0..7 of a placed tile, the exit its track leads to."""
    out = [-1] * 8
    for a, b in tracks:
        a2, b2 = (a + 2 * rotation) % 8, (b + 2 * rotation) % 8
        out[a2], out[b2] = b2, a2
    return tuple(out)


def _heads(lines: Sequence[JsonDict], seat: int | None) -> list[float]:
    """Per square: the open lines of `seat` waiting there and their passages, then the other
    owned lines' (every owned line is someone else's when `seat` is None; lines nobody owns,
    as with fewer players, are left out)."""
    out = [0.0] * (SQUARES * 4)
    for line in lines:
        square = _SQUARE.get(line["at"]) if line["end"] is None and line["at"] else None
        if square is None or line["owner"] is None:
            continue
        base = 4 * square + (0 if seat is not None and line["owner"] == seat else 2)
        out[base] += 1
        out[base + 1] += line["tiles"] + line["central_tiles"]
    return out


def _board_codes(view: JsonDict, faces: dict[str, int]) -> list[int]:
    """The board as the rules' square codes (face * 4 + rotation; EMPTY, STATION)."""
    board = [EMPTY] * SQUARES
    for square, cell in enumerate(view["board"]):
        if cell == "station":
            board[square] = STATION
        elif cell is not None:
            board[square] = faces[cell["tile"]] * 4 + cell["rotation"]
    return board


def _placements(view: JsonDict, slots: Sequence[str | None], players: int, companies: bool) -> array[float]:
    """The ``placements`` slice: per placement index, the `PLACEMENT_FEATURES` of putting the
    tile of that hand slot there (§ Pontuação: a line scores its passages once it ends,
    doubled at the central station; printed central tracks only with ``central_tracks_score``).
    Mostly zeros, it is a float32 array: numpy takes it without a per-number conversion."""
    width = len(PLACEMENT_FEATURES)
    out = array("f", bytes(4 * PLACES * width))
    faces = _faces()
    board = _board_codes(view, faces)
    centre_station: bool = view["centre_is_station"]
    central_scores: bool = view["scoring"]["central_tracks_score"]
    seat = None if companies else view["seat"]
    rival = 0.0 if companies else 1.0 / max(players - 1, 1)
    waiting: dict[int, list[tuple[int, Line, bool]]] = {}
    for d, entry in enumerate(view["lines"]):
        if entry["end"] is not None or entry["owner"] is None or d >= len(DEPARTURES):
            continue
        square, exit_ = DEPARTURES[d]
        line = walk(board, (square, exit_, 0, 0, 0), centre_station)
        if line[0] >= 0:
            waiting.setdefault(line[0], []).append((d, line, entry["owner"] == seat))
    rotations = range(4) if view["free_orientation"] else range(1)
    for slot, code in enumerate(slots):
        if code is None:
            continue
        face = faces[code]
        for square, lines in waiting.items():
            for rotation in rotations:
                board[square] = face * 4 + rotation
                base = width * (256 * slot + 4 * square + rotation)
                for d, line, own in lines:
                    after = walk(board, line, centre_station)
                    if after[4]:
                        passages = after[2] + (after[3] if central_scores else 0)
                        points = passages * (2 if d < 32 and after[4] > 32 else 1)
                        out[base + (0 if own else 1)] += points
                        out[base + (3 if own else 5)] += 1
                        change = points - line[2] - GROWTH
                    else:
                        out[base + (2 if own else 4)] += 1
                        change = after[2] - line[2]
                    out[base + 6] += change if own else -rival * change
                board[square] = EMPTY
    return out


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
        out.add("central_wagons", 8, 0, 1, "central wagons still free, by face")
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
        comps = components()
        faces = _faces()
        seat = view["seat"]
        tracks = view["tile_tracks"]
        out: list[float] = []
        kinds: list[float] = []
        for cell in view["board"]:
            if cell is None or cell == "station":
                out += _EMPTY
                kinds.append(0 if cell is None else 3)
            else:
                key = (cell["tile"], cell["rotation"])
                joins = _JOINS.get(key)
                if joins is None:
                    joins = _JOINS[key] = _joins(tracks[key[0]], key[1])
                out += joins
                kinds.append(2 if cell["central"] else 1)
        out += kinds
        companies = view["owners"] == "companies"
        for i in range(LINES):
            line = view["lines"][i] if i < len(view["lines"]) else None
            if line is None:
                out += [-1, 0, 0, 0, 0]
                continue
            owner = line["owner"]
            who = -1 if owner is None else owner if companies else (owner - seat) % players
            out += [
                who,
                line["tiles"],
                line["central_tiles"],
                int(line["end"] is not None),
                line["points"] or 0,
            ]
        scores = list(view["scores"])
        if not companies:
            scores = [scores[(seat + k) % players] for k in range(players)]
        out += scores + [0] * (COMPANIES - len(scores))
        private = view["private"]
        slots = [*private["hand"], *[None] * (3 - len(private["hand"])), private["drawn"]]
        for code in slots:
            one_hot = [0.0] * len(faces)
            if code is not None:
                one_hot[faces[code]] = 1.0
            out += one_hot
        expansions = view["expansions"]
        out += [view["pile"], int(view["drawing"]), view["tiles_placed"], sum(view["hand_sizes"])]
        out += [int(expansions[name]) for name in EXPANSIONS]
        colours = list(comps.companies)
        held = {s["percent"]: s["company"] for s in private.get("shares", [])}
        for percent in PERCENTS:
            out += [float(held.get(percent) == c) for c in colours]
        market = view.get("shares")
        for percent in PERCENTS:
            up = market["face_up"].get(str(percent)) if market else None
            out += [float(up == c) for c in colours] + [market["piles"][str(percent)] if market else 0]
        wagons = view.get("central_wagons") or [False] * 8
        out += [float(w) for w in wagons]
        numbers = set(private.get("numbers", []))
        out += [float(n in numbers) for n in range(1, 33)]
        out += _heads(view["lines"], None if companies else seat)
        observation = array("f", out)
        observation.extend(_placements(view, slots, players, companies))
        return observation

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
