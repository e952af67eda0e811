"""Sonora's continuous Box action in the single-agent Gymnasium env."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabuleiro.rl  # noqa: F401  (registers the envs)
from tabuleiro.rl.continuous import ContinuousGym

HEADS = 2596  # 20 disc slots + the 2,576 actions that are not flicks (sonora/encoding.py)


def test_gymnasium_check_env_on_the_continuous_sonora_env() -> None:
    env = gymnasium.make("tabuleiro/SonoraContinuous-v0", players=2, opponents="random")
    assert env.action_space.shape == (HEADS + 3,)
    check_env(env.unwrapped, skip_render_check=True)


def test_a_box_action_flicks_the_highest_scoring_legal_disc_with_its_parameters() -> None:
    env = ContinuousGym("sonora", players=2, seat=0, opponents="random")
    _, info = env.reset(seed=2)
    legal_heads = info["head_mask"].nonzero()[0]
    assert 0 < len(legal_heads) <= 5 and all(h < 20 for h in legal_heads)  # the hand's discs
    action = np.full(HEADS + 3, -1.0, dtype=np.float32)
    disc = int(legal_heads[-1])
    action[disc] = 1.0
    # offset +19 mm (the pad's edge), angle 0.5 * 89.9 = 44.95 -> 45.0 degrees, strength 450.5 -> 450 mm
    action[HEADS:] = [1.0, 0.5, 0.0]
    assert env.session is not None
    before = env.session.state
    flick = env.decode(action)
    assert (flick.offset, flick.angle, flick.disc.number) == (19, 450, disc + 1)
    assert flick.distance in (450, 451)
    env.step(action)
    asked = env.session.game.view(env.session.state, 0)["flick"]
    assert env.session.state != before
    assert asked["seat"] == 0 and asked["asked"]["offset"] == 19 and asked["asked"]["angle"] == 45.0


def test_an_episode_of_random_box_actions_ends_with_the_outcome() -> None:
    env = gymnasium.make("tabuleiro/SonoraContinuous-v0", players=2, seat=1)
    env.reset(seed=5)
    env.action_space.seed(5)
    terminated, steps = False, 0
    while not terminated:
        _, _, terminated, truncated, info = env.step(env.action_space.sample())
        assert not truncated
        steps += 1
    assert set(info) >= {"scores", "winners"} and steps > 5


def test_a_game_without_continuous_parameters_is_refused() -> None:
    with pytest.raises(ValueError, match="no continuous action parameters"):
        ContinuousGym("avenue", players=2)
