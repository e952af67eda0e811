"""The single-agent Gymnasium environments: Gymnasium's checker, registration, bots as opponents."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabuleiro.rl
from tabuleiro.rl.gym_env import IDS

from .conftest import ENCODED


@pytest.mark.parametrize("game_id", ENCODED)
def test_gymnasium_check_env(game_id: str) -> None:
    env = gymnasium.make(IDS[game_id], players=2, opponents="random", illegal="end")
    check_env(env.unwrapped, skip_render_check=False)


def test_an_illegal_action_ends_the_episode_only_when_asked() -> None:
    strict = gymnasium.make("tabuleiro/Metro-v0", players=2)
    _, info = strict.reset(seed=1)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)
    lenient = gymnasium.make("tabuleiro/Metro-v0", players=2, illegal="end", illegal_reward=-5.0)
    _, info = lenient.reset(seed=1)
    _, reward, terminated, _, info = lenient.step(illegal)
    assert terminated and reward == -5.0 and info["illegal"]


@pytest.mark.parametrize("game_id", ENCODED)
def test_an_episode_against_the_default_bot_ends_with_the_outcome(game_id: str) -> None:
    env = gymnasium.make(IDS[game_id], players=2, seat=1)
    observation, info = env.reset(seed=3)
    assert env.observation_space.contains(observation)
    rng = np.random.default_rng(0)
    terminated = False
    steps = 0
    while not terminated:
        action = int(rng.choice(info["action_mask"].nonzero()[0]))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        steps += 1
    assert set(info) >= {"scores", "winners"}
    assert reward != 0 or len(set(info["scores"])) == 1
    assert steps > 0


def test_every_encoded_game_is_registered() -> None:
    assert {IDS[g] for g in ENCODED} <= set(gymnasium.registry)
    assert tabuleiro.rl.IDS["avenue"] == "tabuleiro/Avenue-v0"


def test_opponents_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="one bot or one per other seat"):
        gymnasium.make("tabuleiro/Avenue-v0", players=3, opponents="random,random,random")
