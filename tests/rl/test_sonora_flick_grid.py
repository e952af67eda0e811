"""Sonora's discretised flicks: the documented grid, offered whole, every point a legal flick."""

from tabuleiro.core import get_game
from tabuleiro.games.sonora.actions import Flick
from tabuleiro.games.sonora.encoding import ENCODING, GRID, flick_index
from tabuleiro.games.sonora.rules import FLICK_GRID


def test_the_grid_holds_every_flick_the_rules_list_and_has_126_points_per_disc() -> None:
    assert set(FLICK_GRID) <= set(GRID)
    assert len(GRID) == len(set(GRID)) == 3 * 7 * 6


def test_legal_indices_offer_the_whole_grid_for_each_flickable_disc_and_each_is_legal() -> None:
    game = get_game("sonora")
    for players in (1, 2):
        state = game.new_state(players, 4)
        seat = min(game.to_act(state))
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        discs = {a.disc for a in legal if isinstance(a, Flick)}
        assert discs, "the first decision is a flick"
        by_index = ENCODING.legal_indices(view, legal)
        assert len(by_index) == 126 * len(discs)
        for action in legal:
            assert by_index[ENCODING.action_index(action, view)] == action
        for index, action in by_index.items():
            assert isinstance(action, Flick)
            assert ENCODING.action_index(action, view) == index
            assert game.illegal_reason(state, seat, action) is None, action
        steep = Flick(next(iter(discs)), 10, 750, 450)  # a point off FLICK_GRID, played
        assert steep in by_index.values()
        after = game.apply(state, seat, steep)
        assert after != state


def test_a_flick_off_the_grid_takes_the_index_of_its_nearest_grid_point() -> None:
    game = get_game("sonora")
    state = game.new_state(2, 4)
    seat = min(game.to_act(state))
    disc = next(a.disc for a in game.legal_actions(state, seat) if isinstance(a, Flick))
    assert flick_index(Flick(disc, 3, 262, 910)) == flick_index(Flick(disc, 0, 250, 900))
    assert flick_index(Flick(disc, -19, -899, 1)) == flick_index(Flick(disc, -10, -750, 100))
