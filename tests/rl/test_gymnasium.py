"""The single-agent Gymnasium environments: Gymnasium's checker, registration, bots as opponents."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabuleiro.rl
from tabuleiro.games.metro.bots import Weights
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


@pytest.mark.parametrize("game_id", ["metro", "avenue"])
def test_shaping_pays_the_running_score_difference_and_keeps_the_return(game_id: str) -> None:
    plain = gymnasium.make(IDS[game_id], players=2, opponents="random")
    shaped = gymnasium.make(IDS[game_id], players=2, opponents="random", shaping=0.5)
    _, info = plain.reset(seed=9)
    _, shaped_info = shaped.reset(seed=9)
    rng = np.random.default_rng(2)
    total, paid_before_the_end, terminated = 0.0, [], False
    while not terminated:
        assert (info["action_mask"] == shaped_info["action_mask"]).all()
        action = int(rng.choice(info["action_mask"].nonzero()[0]))
        _, reward, terminated, _, info = plain.step(action)
        _, shaped_reward, shaped_terminated, _, shaped_info = shaped.step(action)
        assert shaped_terminated == terminated
        total += shaped_reward
        if not terminated:
            assert reward == 0.0
            paid_before_the_end.append(shaped_reward)
            state = shaped.unwrapped.session.state
            shown = shaped.unwrapped.spec_.game.view(state, 0)
            mine, theirs = _running_scores(game_id, shown)
            assert sum(paid_before_the_end) == pytest.approx(0.5 * (mine - theirs))
    scores = info["scores"]
    assert reward == scores[0] - scores[1]
    assert total == pytest.approx(reward)  # the shaping only moves reward earlier
    assert any(paid_before_the_end)


def _running_scores(game_id: str, view: dict[str, object]) -> tuple[float, float]:
    """Seat 0's and seat 1's running scores as the table shows them (Metro: with the passages of
    their open lines, 1 point each once the line ends, § Pontuação, and the growth the greedy
    bot expects of an open line)."""
    if game_id == "metro":
        scores, lines = view["scores"], view["lines"]
        assert isinstance(scores, list) and isinstance(lines, list)
        for line in lines:
            if line["end"] is None and line["owner"] is not None:
                scores[line["owner"]] += line["tiles"] + Weights().growth
        return scores[0], scores[1]
    sheets = view["sheets"]
    assert isinstance(sheets, list)
    return sheets[0]["score"], sheets[1]["score"]


def test_shaping_needs_a_game_that_shows_a_running_score() -> None:
    with pytest.raises(ValueError, match="running score"):
        gymnasium.make("tabuleiro/DOGS-v0", players=2, shaping=1.0)
