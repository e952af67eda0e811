"""What each seat may know of a Metro match.

Public: the board, every line's progress and owner, scores (company profits with expansion
1), pile size and hand sizes, face-up and shown shares, central wagons, how many station
numbers each seat holds, the previous action, the scoring options; once the game is over,
every seat's shares (expansion 1) and station numbers (expansion 4), so that the final sheet
can be checked. Private to one seat: its hand, the tile it just drew, its shares (expansion
1) and its station numbers (expansion 4). Hidden from everyone: the order of the pile and of
the share piles, and the generator.
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from operator import is_not, itemgetter

from tabuleiro.core import JsonDict
from tabuleiro.core.memo import last_for_one
from tabuleiro.games.metro.actions import PLACES, MetroAction, Place, format_action
from tabuleiro.games.metro.components import CENTRE, FACING, SQUARES, components, pairing, square_name
from tabuleiro.games.metro.rules import (
    DEPARTURES,
    INTO,
    IS_CENTRE,
    OFF,
    PAIRS,
    STATION,
    by_mask_bytes,
    centre_is_station,
    on_squares,
    squares_in,
    swaps_allowed,
)
from tabuleiro.games.metro.scoring import PERCENTS, line_points, station_name
from tabuleiro.games.metro.state import Line, MetroOptions, MetroState

# Names written once: a view names hundreds of squares, tiles and stations.
NAMES = tuple(square_name(square) for square in range(SQUARES))
NAME_GROUPS = by_mask_bytes(NAMES)
FACE_NAMES = components().faces
STARTS = tuple(station_name(d) for d in range(40))
ENDS = (None, *(station_name(end, end=True) for end in range(1, 41)))
CENTRE_MASK = sum(1 << square for square in CENTRE)

# Views are read, never changed, by their receivers (as Avenue's map picture): the pieces
# below are made once and shared by every view that shows them.


def _cells(central: bool) -> tuple[JsonDict | str | None, ...]:
    # Indexed by the board's code itself: tiles 0.., then STATION (-2) and empty (-1) from the end.
    tiles = [
        {"tile": FACE_NAMES[code // 4], "rotation": code % 4, "central": central}
        for code in range(4 * len(FACE_NAMES))
    ]
    return (*tiles, "station", None)


PLACED_CELLS, CENTRAL_CELLS = _cells(False), _cells(True)
"""A square of the board picture by the board's code: a tile placed by a player, or not."""
assert PLACED_CELLS[STATION] == "station" and PLACED_CELLS[-1] is None

_LINE_ENTRIES: dict[int, tuple[Line, int, int, MetroOptions, JsonDict]] = {}
"""Per line object (by identity): the line, its departure, owner and options, and its entry."""
_LINE_ENTRIES_MAX = 8192


def _path(state: MetroState, departure: int) -> list[list[int | str]]:
    """The tiles a line runs through so far: [square, entry exit, leaving exit] per tile."""
    square, entry = DEPARTURES[departure]
    board, centre_station = state.board, centre_is_station(state.options)
    path: list[list[int | str]] = []
    while board[square] >= 0:
        out = PAIRS[board[square]][entry]
        path.append([NAMES[square], entry, out])
        k = square * 8 + out
        if OFF[k]:
            break
        square = INTO[k]
        if centre_station and IS_CENTRE[square]:
            break
        entry = FACING[out]
    return path


@cache
def _static() -> JsonDict:
    """Component facts a board picture needs: each face's tracks at rotation 0 (turn a tile by
    adding 2 per quarter turn to every exit) and where each station sits."""
    comp = components()
    return {
        "tile_tracks": {
            code: [[e, p] for e, p in enumerate(pairing(code)) if e % 2 == 0] for code in comp.faces
        },
        "stations": [
            {"name": s.name, "square": square_name(s.square), "departure": s.departure, "arrival": s.arrival}
            for s in (*comp.stations, *comp.central)
        ],
    }


@last_for_one
def _settings(options: MetroOptions) -> JsonDict:
    """The parts of a view that the options alone decide."""
    return {
        "expansions": {
            "companies": options.companies,
            "central_stations": options.central_stations,
            "central_tracks": options.central_tracks,
            "station_numbers": options.station_numbers,
        },
        "scoring": {
            "central_tracks_score": options.central_tracks_score,
            "number_lines": options.number_lines,
            "one_tile_rule": options.one_tile_rule,
        },
    }


COLOURS = tuple([c["id"] for c in components().colours][:owners] for owners in range(9))
"""COLOURS[owners]: the colours of the first `owners` owners (seats, or companies)."""


def _board(state: MetroState) -> list[JsonDict | str | None]:
    """The board picture. Tiles off the centre are all placed by players; only the centre
    may hold tiles nobody placed, the printed central tracks of expansion 3."""
    board = state.board
    cells = list(itemgetter(*board)(PLACED_CELLS))  # every square's cell in one C call
    if state.options.central_tracks:
        for square in squares_in(CENTRE_MASK & ~state.filled):
            cells[square] = CENTRAL_CELLS[board[square]]
    return cells


def _line(state: MetroState, d: int) -> JsonDict:
    line, owner = state.lines[d], state.owners[d]
    return {
        "start": STARTS[d],
        "owner": owner if owner >= 0 else None,
        "tiles": line[2],
        "central_tiles": line[3],
        "at": NAMES[line[0]] if line[0] >= 0 else None,
        "end": ENDS[line[4]],
        "points": line_points(d, line, state.options)[0] if line[4] and owner >= 0 else None,
        "path": _path(state, d),
    }


_LAST_LINES: tuple[MetroState | None, list[JsonDict]] = (None, [])


def _lines(state: MetroState) -> list[JsonDict]:
    """Every line's entry; an entry is remade only for a line that moved or changed owner.

    A line is a tuple made anew each time the line moves and shared unchanged by the states
    after, and the tiles it runs through never change: the same line object, owner and
    options always give the same entry. The entries of the last view asked for serve first:
    the next state's view differs by a line or two, new line objects each time, made at once.
    Otherwise each line's own entry serves (entries hold their line, so an identity is not
    reused while its entry lives): views asked out of order, or of several matches in turn.
    """
    global _LAST_LINES
    lines, owners, options = state.lines, state.owners, state.options
    last, last_entries = _LAST_LINES
    if last is not None and last.owners is owners and last.options is options:
        if last.lines is lines:
            return last_entries
        out = list(last_entries)
        for d in compress(range(len(lines)), map(is_not, lines, last.lines)):
            out[d] = _line(state, d)
    else:
        out = [_line_entry(state, d) for d in range(len(lines))]
    _LAST_LINES = (state, out)
    return out


def _line_entry(state: MetroState, d: int) -> JsonDict:
    line, owner, options = state.lines[d], state.owners[d], state.options
    kept = _LINE_ENTRIES.get(id(line))
    if kept is None or kept[0] is not line or kept[1] != d or kept[2] != owner or kept[3] is not options:
        if len(_LINE_ENTRIES) >= _LINE_ENTRIES_MAX:
            _LINE_ENTRIES.clear()
        kept = _LINE_ENTRIES[id(line)] = (line, d, owner, options, _line(state, d))
    return kept[4]


_SCORED_ENTRIES: dict[tuple[int, int], JsonDict] = {}
"""Per (departure, points), its entry in the list of scored lines (at most 40 × the longest line)."""


def _scored_entry(d: int, points: int) -> JsonDict:
    entry = _SCORED_ENTRIES[d, points] = {"start": STARTS[d], "points": points}
    return entry


@last_for_one
def _scored(scored: tuple[tuple[int, int], ...]) -> list[JsonDict]:
    entries = _SCORED_ENTRIES
    return [entries.get(line) or _scored_entry(*line) for line in scored]


PLACE_TEXTS = tuple(tuple(tuple(map(format_action, row)) for row in rows) for rows in PLACES)
"""PLACE_TEXTS[face][rotation][square]: every placement's notation, written once."""


@last_for_one
def _last(last: tuple[int, MetroAction] | None) -> JsonDict | None:
    if not last:
        return None
    seat, action = last
    if type(action) is Place:
        return {"seat": seat, "action": PLACE_TEXTS[action.face][action.rotation][action.square]}
    return {"seat": seat, "action": format_action(action)}


@last_for_one
def _public(state: MetroState) -> JsonDict:
    """Everything a spectator sees (`view` adds the seat and what it alone knows)."""
    options, turn = state.options, state.turn
    settings = _settings(options)
    colours = COLOURS[len(state.scores)]
    out: JsonDict = {
        "players": state.players,
        "expansions": settings["expansions"],
        "free_orientation": options.free_orientation,
        "scoring": settings["scoring"],
        "centre_is_station": centre_is_station(options),
        "board": _board(state),
        "open_squares": on_squares(NAME_GROUPS, state.anchors & ~state.filled),
        "lines": _lines(state),
        "owners": "companies" if options.companies else "players",
        "colours": colours,
        "scores": list(state.scores),
        "scored": _scored(state.scored),
        "pile": len(state.pile),
        "hand_sizes": list(map(len, state.hands)),
        "turn": turn if turn >= 0 else None,
        "to_act": [turn] if turn >= 0 else [],
        "drawing": state.drawn >= 0,
        "tiles_placed": state.placed,
        "last": _last(state.last),
        "finished": turn < 0,
        **_static(),
    }
    if options.companies:
        out["shares"] = {
            "face_up": {str(p): colours[c] for p, c in zip(PERCENTS, state.face_up, strict=True)},
            "piles": {str(p): len(pile) for p, pile in zip(PERCENTS, state.share_piles, strict=True)},
            "shown": [
                [
                    {"percent": p, "company": colours[c]}
                    for p, c, shown in zip(PERCENTS, state.shares[s], state.revealed[s], strict=True)
                    if shown
                ]
                for s in range(state.players)
            ],
            "swaps_allowed": False,
            "table_swaps": state.table_swaps,
        }
        if state.finished:  # § Expansão 1, Pontuação e fim do jogo: everyone's shares are counted
            out["shares"]["held"] = [
                [
                    {"percent": p, "company": colours[c]}
                    for p, c in zip(PERCENTS, state.shares[s], strict=True)
                ]
                for s in range(state.players)
            ]
    if options.central_stations:
        out["central_wagons"] = list(state.central_wagons)
    if options.station_numbers:
        out["numbers_held"] = [len(n) for n in state.numbers]
        if state.finished:  # § Expansão 4: "No fim do jogo, os jogadores revelam seus números"
            out["numbers_revealed"] = [list(n) for n in state.numbers]
    return out


def view(state: MetroState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator).

    The public part is made once per state and shared by every seat's view of it.
    """
    out: JsonDict = {"game": "metro", "seat": seat, **_public(state)}
    if seat is None:
        return out
    options = state.options
    if options.companies:  # § Expansão 1: whether this seat may swap now
        out["shares"] = {**out["shares"], "swaps_allowed": swaps_allowed(state, seat)}
    faces = FACE_NAMES
    private: JsonDict = {
        "hand": [faces[f] for f in state.hands[seat]],
        "drawn": faces[state.drawn] if state.drawn >= 0 and state.turn == seat else None,
    }
    if options.companies:
        colours = out["colours"]
        private["shares"] = [
            {"percent": p, "company": colours[c], "shown": shown}
            for p, c, shown in zip(PERCENTS, state.shares[seat], state.revealed[seat], strict=True)
        ]
    if options.station_numbers:
        private["numbers"] = list(state.numbers[seat])
    out["private"] = private
    return out
