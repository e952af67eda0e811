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

from tabuleiro.core import JsonDict
from tabuleiro.games.metro.actions import format_action
from tabuleiro.games.metro.components import FACING, SQUARES, components, pairing, square_name
from tabuleiro.games.metro.rules import (
    DEPARTURES,
    INTO,
    IS_CENTRE,
    OFF,
    PAIRS,
    STATION,
    centre_is_station,
    open_squares,
    swaps_allowed,
)
from tabuleiro.games.metro.scoring import PERCENTS, line_points, station_name
from tabuleiro.games.metro.state import MetroState

# Names written once: a view names hundreds of squares, tiles and stations.
NAMES = tuple(square_name(square) for square in range(SQUARES))
FACE_NAMES = components().faces
STARTS = tuple(station_name(d) for d in range(40))
ENDS = (None, *(station_name(end, end=True) for end in range(1, 41)))


def _square(state: MetroState, code: int, square: int) -> JsonDict | str | None:
    if code == STATION:
        return "station"
    if code < 0:
        return None
    return {
        "tile": FACE_NAMES[code // 4],
        "rotation": code % 4,
        "central": not (state.filled >> square & 1),
    }


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


def _lines(state: MetroState) -> list[JsonDict]:
    out = []
    owners, options = state.owners, state.options
    for d, line in enumerate(state.lines):
        owner = owners[d]
        entry: JsonDict = {
            "start": STARTS[d],
            "owner": owner if owner >= 0 else None,
            "tiles": line[2],
            "central_tiles": line[3],
            "at": NAMES[line[0]] if line[0] >= 0 else None,
            "end": ENDS[line[4]],
            "points": line_points(d, line, options)[0] if line[4] and owner >= 0 else None,
            "path": _path(state, d),
        }
        out.append(entry)
    return out


def view(state: MetroState, seat: int | None) -> JsonDict:
    """The JSON-safe view for `seat` (None: a spectator)."""
    comp = components()
    colours = [c["id"] for c in comp.colours]
    options = state.options
    out: JsonDict = {
        "game": "metro",
        "seat": seat,
        "players": state.players,
        "expansions": {
            "companies": options.companies,
            "central_stations": options.central_stations,
            "central_tracks": options.central_tracks,
            "station_numbers": options.station_numbers,
        },
        "free_orientation": options.free_orientation,
        "scoring": {
            "central_tracks_score": options.central_tracks_score,
            "number_lines": options.number_lines,
            "one_tile_rule": options.one_tile_rule,
        },
        "centre_is_station": centre_is_station(options),
        "board": [_square(state, code, sq) for sq, code in enumerate(state.board)],
        "open_squares": [NAMES[sq] for sq in open_squares(state)],
        "lines": _lines(state),
        "owners": "companies" if options.companies else "players",
        "colours": colours[: len(state.scores)],
        "scores": list(state.scores),
        "scored": [{"start": STARTS[d], "points": p} for d, p in state.scored],
        "pile": len(state.pile),
        "hand_sizes": [len(h) for h in state.hands],
        "turn": state.turn if state.turn >= 0 else None,
        "to_act": [state.turn] if state.turn >= 0 else [],
        "drawing": state.drawn >= 0,
        "tiles_placed": state.placed,
        "last": {"seat": state.last[0], "action": format_action(state.last[1])} if state.last else None,
        "finished": state.finished,
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
            "swaps_allowed": seat is not None and swaps_allowed(state, seat),
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
    if seat is not None:
        private: JsonDict = {
            "hand": [comp.faces[f] for f in state.hands[seat]],
            "drawn": comp.faces[state.drawn] if state.drawn >= 0 and state.turn == seat else None,
        }
        if options.companies:
            private["shares"] = [
                {"percent": p, "company": colours[c], "shown": shown}
                for p, c, shown in zip(PERCENTS, state.shares[seat], state.revealed[seat], strict=True)
            ]
        if options.station_numbers:
            private["numbers"] = list(state.numbers[seat])
        out["private"] = private
    return out
