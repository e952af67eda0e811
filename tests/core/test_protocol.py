"""The checked apply pipeline and setup validation, shared by every game."""

import pytest

from tabuleiro.core import IllegalActionError, SetupError, get_game
from tabuleiro.games.avenue.actions import DRAWS, PEEK


def test_checks_run_in_order_and_leave_the_state_alone() -> None:
    game = get_game("avenue")
    state = game.new_state(2, 1)
    after = game.apply(state, 0, DRAWS[0])
    with pytest.raises(IllegalActionError) as info:
        game.apply(after, 0, DRAWS[1])
    assert info.value.code == "already_committed"
    with pytest.raises(IllegalActionError) as info:
        game.apply(after, 5, DRAWS[1])
    assert info.value.code == "not_your_turn"
    assert info.value.seat == 5
    assert game.legal_actions(after, 1)[0] == DRAWS[0]
    assert game.apply(after, 1, PEEK) is not after


def test_game_over_comes_first() -> None:
    game = get_game("avenue")
    state = game.new_state(1, 3)
    while game.to_act(state):
        state = game.apply(state, 0, game.legal_actions(state, 0)[0])
    with pytest.raises(IllegalActionError) as info:
        game.apply(state, 0, DRAWS[41])
    assert info.value.code == "game_over"
    assert info.value.message("pt") == "a partida terminou"


@pytest.mark.parametrize(
    ("players", "seed", "code"),
    [(0, 1, "bad_player_count"), (101, 1, "bad_player_count"), (2, -1, "bad_seed"), (2, 2**53, "bad_seed")],
)
def test_setup_is_validated(players: int, seed: int, code: str) -> None:
    with pytest.raises(SetupError) as info:
        get_game("avenue").new_state(players, seed)
    assert info.value.code == code


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(SetupError, match="known games: avenue"):
        get_game("monopoly")
