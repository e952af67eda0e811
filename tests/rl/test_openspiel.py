"""OpenSpiel's own random simulation test on every encoded game, and its resampling."""

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel has no wheel for this platform (the rl extra skips it)"
)

from tabuleiro.rl import openspiel  # noqa: E402

from .conftest import ENCODED  # noqa: E402

SIMS = {"sonora": 1}
"""Whole random games per game: Sonora's are long (about 500 decisions, each flick simulated)."""


@pytest.mark.parametrize("game_id", ENCODED)
def test_openspiel_random_sim_test(game_id: str) -> None:
    game = pyspiel.load_game(openspiel.short_name(game_id), {"players": 2, "seed": 3})
    pyspiel.random_sim_test(game, num_sims=SIMS.get(game_id, 3), serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", ENCODED)
def test_resample_from_infostate_keeps_what_the_player_knows(game_id: str) -> None:
    game = pyspiel.load_game(openspiel.short_name(game_id), {"players": 2, "seed": 5})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player() if not state.is_terminal() else 0
    again = state.resample_from_infostate(player, rng.random)
    assert again.information_state_string(player) == state.information_state_string(player)
    assert again.observation_tensor(player) == state.observation_tensor(player)
    assert again.legal_actions(player) == state.legal_actions(player)


def test_game_type_is_declared_from_the_game() -> None:
    game = pyspiel.load_game("tabuleiro_avenue", {"players": 3})
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_players() == 3 and game.num_distinct_actions() == 43
    assert game.observation_tensor_size() == 76 + 4 * 42 + 2


@pytest.mark.parametrize("game_id", ["metro", "avenue"])
def test_information_state_tensor_is_the_observation_and_the_seats_own_action_counts(game_id: str) -> None:
    game = pyspiel.load_game(openspiel.short_name(game_id), {"players": 2, "seed": 2})
    kind = game.get_type()
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    actions = game.num_distinct_actions()
    assert game.information_state_tensor_size() == game.observation_tensor_size() + actions
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    taken: list[list[int]] = [[], []]
    for _ in range(10):
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        taken[player].append(action)
        state.apply_action(action)
    for player in (0, 1):
        tensor = state.information_state_tensor(player)
        size = game.observation_tensor_size()
        assert tensor[:size] == state.observation_tensor(player)
        counts = tensor[size:]
        assert sum(counts) == len(taken[player])
        for action in set(taken[player]):
            assert counts[action] == taken[player].count(action)
