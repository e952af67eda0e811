"""Metro's rulebook, section by section; worked examples are named after their rule."""

from dataclasses import replace

import pytest

from tabuleiro.core import IllegalActionError, OptionError
from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.actions import DRAW, PLACES, Place
from tabuleiro.games.metro.components import CENTRE, components, square_name
from tabuleiro.games.metro.rules import DEPARTURES, FACING, INTO, OFF, PAIRS, open_squares, walk
from tabuleiro.games.metro.scoring import line_points

from .helpers import FACES, give, lay, new, play, sq

# Station 31's line: h2 aaaa, g2 aaaa, f2 bbbb, f3 cccc, e3 dacc, d3 adad, e3 again -> F2.
SEVEN_PASSAGES = {"h2": "aaaa", "g2": "aaaa", "f2": "bbbb", "f3": "cccc", "e3": "dacc"}


# § Preparação ----------------------------------------------------------------------------


def test_preparacao_wagons_follow_the_table_for_each_player_count() -> None:
    tables = components().tables
    for players in range(2, 7):
        state = new(players)
        for colour_index, stations in enumerate(tables[players].values()):
            assert all(state.owners[n - 1] == colour_index for n in stations)
        owned = sum(1 for o in state.owners[:32] if o >= 0)
        assert owned == (30 if players in (3, 5, 6) else 32)
        assert all(o == -1 for o in state.owners[32:])  # the centre belongs to nobody


def test_preparacao_each_player_holds_one_hidden_tile_from_a_60_tile_pile() -> None:
    state = new(4, seed=3)
    assert [len(h) for h in state.hands] == [1, 1, 1, 1] and len(state.pile) == 56
    assert state.turn == 0  # the youngest player (seat 0) starts
    assert "private" not in GAME.view(state, None) and GAME.view(state, 2)["private"]["hand"]


# § Sequência do jogo ------------------------------------------------------------------------


def test_sequencia_placing_the_hand_tile_draws_a_new_one_and_passes_left() -> None:
    state = new(3, seed=1)
    tile = FACES[state.hands[0][0]]
    top = state.pile[0]
    state = play(state, 0, f"{tile}@{square_name(open_squares(state)[0])}")
    assert state.hands[0] == (top,) and len(state.pile) == 56 and state.turn == 1


def test_sequencia_drawing_means_placing_that_tile_and_keeping_the_hand() -> None:
    state = new(2, seed=2)
    hand = state.hands[0]
    state = play(state, 0, "draw")
    assert state.turn == 0 and state.drawn >= 0
    assert {type(a) for a in GAME.legal_actions(state, 0)} == {Place}
    assert all(a.face == state.drawn for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalActionError, match="must place it now"):
        GAME.apply(state, 0, DRAW)
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.hands[0] == hand and state.turn == 1 and state.drawn == -1


def test_sequencia_no_drawing_once_the_pile_is_empty() -> None:
    state = replace(new(2, seed=2), pile=())
    assert DRAW not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="pile is empty"):
        GAME.apply(state, 0, DRAW)


# § Regras para colocação de peças ---------------------------------------------------------------


def test_colocacao_on_an_empty_edge_square_or_next_to_a_placed_tile() -> None:
    state = new(2)
    edge = {sq for sq in range(64) if sq // 8 in (0, 7) or sq % 8 in (0, 7)}
    assert set(open_squares(state)) == edge
    state = lay(state, {"b2": "aaaa"})  # b2 is an edge-adjacent inner square? no: b2 is inner
    assert {sq("c2"), sq("b3")} <= set(open_squares(state))
    assert sq("d3") not in open_squares(state)  # next to the centre, not to a tile
    with pytest.raises(IllegalActionError, match="not on the edge nor next to a placed tile"):
        GAME.apply(give(state, 0, "bbbb"), 0, GAME.parse_action("bbbb@d3"))


def test_colocacao_tiles_keep_the_board_orientation() -> None:
    state = give(new(2), 0, "bbad")
    assert all(a.rotation == 0 for a in GAME.legal_actions(state, 0) if isinstance(a, Place))
    with pytest.raises(IllegalActionError, match="orientation"):
        GAME.apply(state, 0, GAME.parse_action("bbad@a1r1"))


def test_colocacao_a_line_may_not_close_through_a_single_tile() -> None:
    # dada on h1 sends station 1's departure (exit 0) straight back to its arrival (exit 1).
    state = give(new(2), 0, "dada")
    assert state.owners[0] == 0
    legal = GAME.legal_actions(state, 0)
    assert GAME.parse_action("dada@h1") not in legal and GAME.parse_action("dada@a4") in legal
    assert GAME.parse_action("dada@g1") not in legal  # station 2 (blue) would close the same way
    with pytest.raises(IllegalActionError, match="single tile"):
        GAME.apply(state, 0, GAME.parse_action("dada@h1"))


def test_colocacao_unless_there_is_absolutely_no_other_way_to_place_the_tile() -> None:
    state = new(2)
    tiles = sorted([*state.pile, *(t for h in state.hands for t in h)])
    tiles.remove(FACES.index("dada"))
    squares = [square_name(s) for s in range(64) if s not in CENTRE and s != sq("h1")]
    state = give(lay(state, {name: FACES[t] for name, t in zip(squares, tiles, strict=True)}), 0, "dada")
    assert open_squares(state) == [sq("h1")]
    assert GAME.legal_actions(state, 0) == [GAME.parse_action("dada@h1")]
    after = play(state, 0, "dada@h1")
    assert after.finished and after.lines[0][4] == 1 and after.lines[0][2] == 1


def test_colocacao_option_all_protects_stations_without_wagons() -> None:
    # 3 players: station 16 (a8, left) has no wagon; accd on a8 turns exit 6 back to 7.
    loose = give(new(3), 0, "accd")
    strict = give(new(3, one_tile_rule="all"), 0, "accd")
    assert loose.owners[15] == -1
    assert GAME.parse_action("accd@a8") in GAME.legal_actions(loose, 0)
    assert GAME.parse_action("accd@a8") not in GAME.legal_actions(strict, 0)


# § Pontuação e fim do jogo --------------------------------------------------------------------


def test_pontuacao_seven_tiles_one_used_twice_ending_at_the_central_station_is_14() -> None:
    state = give(lay(new(2), SEVEN_PASSAGES), 0, "adad")
    assert state.owners[30] == 0 and state.lines[30][4] == 0
    after = play(state, 0, "adad@d3")
    line = after.lines[30]
    assert line[2] == 7 and line[4] == 34  # seven passages, ends at F2
    assert line_points(30, line, after.options) == (14, True)
    assert after.scores[0] - state.scores[0] == 14 and after.scored[-1] == (30, 14)


def test_pontuacao_printed_central_tracks_never_score() -> None:
    state = lay(new(2), SEVEN_PASSAGES)
    line = walk(state.board, state.lines[30], True)
    assert line[3] == 0  # no passage through the centre is counted


def test_pontuacao_closed_loops_are_harmless_and_every_line_ends_at_a_station() -> None:
    for seed in range(5):
        state = new(4, seed=seed)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, legal[seed % len(legal)])
        assert all(line[4] for line in state.lines)
        used = set()
        for d in range(len(state.lines)):
            square, entry = DEPARTURES[d]
            while True:
                out = PAIRS[state.board[square]][entry]
                used.add((square, min(entry, out)))
                k = square * 8 + out
                if OFF[k] or INTO[k] in CENTRE:
                    break
                square, entry = INTO[k], FACING[out]
        for square in set(range(64)) - CENTRE:
            for even in (0, 2, 4, 6):
                if (square, min(even, PAIRS[state.board[square]][even])) in used:
                    continue
                # A track no line uses must belong to a closed loop.
                s, e = square, even
                for _ in range(600):
                    out = PAIRS[state.board[s]][e]
                    k = s * 8 + out
                    assert not OFF[k] and INTO[k] not in CENTRE, "an unused track reaches a station"
                    s, e = INTO[k], FACING[out]
                    if (s, e) == (square, even):
                        break
                else:
                    raise AssertionError("track neither in a line nor in a loop")


def test_pontuacao_game_ends_when_every_tile_is_placed_and_every_line_scored() -> None:
    state = new(2, seed=9)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    assert state.placed == 60 and state.finished
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sum(outcome.scores) == sum(p for _, p in state.scored)
    assert len(outcome.overview["lines"]) == 32
    entry = outcome.details[0]["lines"][0]
    assert set(entry) == {"owner", "start", "end", "tiles", "central_tiles", "doubled", "points"}


# § Variações -----------------------------------------------------------------------------


def test_variacao_free_orientation_offers_every_rotation() -> None:
    state = give(new(2, free_orientation=True), 0, "bbad")
    rotations = {a.rotation for a in GAME.legal_actions(state, 0) if isinstance(a, Place)}
    assert rotations == {0, 1, 2, 3}
    turned = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place) and a.rotation == 1)
    assert GAME.apply(state, 0, turned).board[turned.square] == FACES.index("bbad") * 4 + 1


@pytest.mark.parametrize("size", [2, 3])
def test_variacao_two_or_three_tiles_in_hand(size: int) -> None:
    state = new(4, hand_size=size)
    assert all(len(h) == size for h in state.hands) and len(state.pile) == 60 - 4 * size
    faces = {a.face for a in GAME.legal_actions(state, 0) if isinstance(a, Place)}
    assert faces == set(state.hands[0])


# § Compatibility of the expansions ---------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{"companies": True, "station_numbers": True}, {"central_stations": True, "central_tracks": True}],
)
def test_forbidden_expansion_combinations_are_refused(options: dict[str, bool]) -> None:
    with pytest.raises(OptionError) as info:
        new(2, **options)
    assert info.value.code == "incompatible_options" and "Compatível com" in str(info.value)


def test_places_table_is_complete() -> None:
    assert PLACES[3][2][17] == Place(3, 17, 2)
