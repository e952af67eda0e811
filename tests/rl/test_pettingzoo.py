"""PettingZoo's own test suites on every encoded game, AEC and Parallel."""

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from tabuleiro.core import get_game
from tabuleiro.rl import env, parallel_env

from .conftest import ENCODED


def _players(game_id: str) -> int:
    info = get_game(game_id).info
    return min(max(info.min_players, 3), info.max_players)


@pytest.mark.parametrize("game_id", ENCODED)
def test_pettingzoo_api_test(game_id: str) -> None:
    api_test(env(game_id, _players(game_id)), num_cycles=300)


@pytest.mark.parametrize("game_id", ENCODED)
def test_pettingzoo_parallel_api_test(game_id: str) -> None:
    parallel_api_test(parallel_env(game_id, _players(game_id)), num_cycles=300)


@pytest.mark.parametrize("game_id", ENCODED)
def test_pettingzoo_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game_id, 2), num_cycles=100)


@pytest.mark.parametrize("game_id", ENCODED)
def test_a_whole_game_ends_with_zero_sum_score_rewards(game_id: str) -> None:
    aec = env(game_id, 3 if get_game(game_id).info.max_players >= 3 else 2)
    aec.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() > 0, f"{agent} is to act with no legal action"
        aec.step(int(rng.choice(mask.nonzero()[0])))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert any(totals.values()), "a finished game pays the seats"


def test_max_cycles_truncates_every_agent() -> None:
    # PettingZoo's max_cycles_test samples actions without the mask, which these games refuse.
    par = parallel_env("avenue", 2, max_cycles=3)
    observations, _ = par.reset(seed=1)
    for cycle in range(3):
        actions = {a: int(o["action_mask"].nonzero()[0][0]) for a, o in observations.items()}
        observations, _, terminations, truncations, _ = par.step(actions)
        assert not any(terminations.values())
        assert all(truncations.values()) == (cycle == 2)
    assert par.agents == []


def test_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    aec = env("avenue", 2)
    aec.reset(seed=2)
    aec.step(0)  # player_0 draws on a1
    aec.step(5)  # player_1 draws on f1; the next card is revealed
    before, agent = aec.state_, aec.agent_selection
    assert aec.observe(agent)["action_mask"][0] == 0
    with pytest.raises(ValueError, match="not legal"):
        aec.step(0)  # a1 already has a road
    assert aec.state_ is before and aec.agent_selection == agent


def test_bad_game_reward_or_options_are_refused_with_clear_errors() -> None:
    from tabuleiro.core import TabuleiroError

    with pytest.raises(TabuleiroError, match="unknown game"):
        env("chess")
    with pytest.raises(TabuleiroError, match="reward must be one of"):
        env("avenue", reward="elo")
    with pytest.raises(TabuleiroError):
        env("avenue", 2, map="Z")
