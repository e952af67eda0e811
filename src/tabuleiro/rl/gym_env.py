"""Every game as a Gymnasium single-agent environment: the learner takes one seat, bots the rest.

Observation: the seat's Box (as in the PettingZoo envs); action: `Discrete` over the game's
action indices. The legal actions are in ``info["action_mask"]`` and `action_masks()` (the
name maskable-PPO implementations call). Opponents are any bots of the game's ladder
(``opponents="greedy"`` or one per other seat, ``"random,greedy"``); they see only their views.
Reward at the end, as in `EnvSpec.rewards`. With ``shaping=w`` (off by default) each step
also pays w times the change of the seat's running score difference (`EnvSpec.shaping_potential`,
from what its view shows) since its previous step, and the last step takes back what was paid:
potential-based shaping (Ng, Harada and Russell, 1999) with the potential w x that difference
and 0 at the end, so an episode's return is exactly the unshaped one and only the timing of the
reward changes. An action outside the mask raises ValueError, or
with ``illegal="end"`` ends the episode with reward `illegal_reward` and the game unchanged
(the usual convention for checkers and agents that sample without the mask).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from tabuleiro.core import MAX_SEED
from tabuleiro.play import HUMAN, Session
from tabuleiro.rl.spec import EnvSpec

IDS = {
    "avenue": "tabuleiro/Avenue-v0",
    "metro": "tabuleiro/Metro-v0",
    "dogs": "tabuleiro/DOGS-v0",
    "sonora": "tabuleiro/Sonora-v0",
    "volta_ao_mundo": "tabuleiro/VoltaAoMundo-v0",
}
CONTINUOUS_IDS = {"sonora": "tabuleiro/SonoraContinuous-v0"}
"""Games with continuous action parameters, as `continuous.ContinuousGym` (a Box action)."""


class TabuleiroGym(gymnasium.Env[NDArray[Any], np.int64]):
    """One seat of a Tabuleiro game against bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it on Env)

    def __init__(
        self,
        game: str,
        players: int = 2,
        seat: int = 0,
        opponents: str = "",
        reward: str = "score",
        render_mode: str | None = None,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        shaping: float = 0.0,
        **options: object,
    ) -> None:
        self.spec_ = EnvSpec.make(game, players, options, reward)
        if shaping:
            start = self.spec_.game.new_state(players, 0, self.spec_.options)
            if self.spec_.shaping_potential(start, 0) is None:
                raise ValueError(f"shaping needs a running score, and {game}'s view shows none")
        self.shaping = float(shaping)
        self._potential = 0.0
        if illegal not in ("raise", "end"):
            raise ValueError(f"illegal must be 'raise' or 'end', not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        if not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, not {seat}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.seat = seat
        names = [n.strip() for n in opponents.split(",") if n.strip()] or [self.spec_.game.default_bot()]
        if len(names) == 1:
            names *= players - 1
        if len(names) != players - 1:
            raise ValueError(f"opponents: one bot or one per other seat ({players - 1}), got {len(names)}")
        self.seats = [*names[:seat], HUMAN, *names[seat:]]
        self.observation_space = self.spec_.observation_box()
        self.action_space = spaces.Discrete(self.spec_.actions)
        self.session: Session | None = None
        self._legal: dict[int, Any] = {}

    def _obs_info(self) -> tuple[NDArray[np.float32], dict[str, Any]]:
        assert self.session is not None
        state = self.session.state
        self._legal = self.spec_.legal_by_index(state, self.seat)
        return self.spec_.observe(state, self.seat), {"action_mask": self.spec_.mask(self._legal)}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action indices, as booleans."""
        return self.spec_.mask(self._legal).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        spec = self.spec_
        match_seed = int(self.np_random.integers(0, MAX_SEED))
        self.session = Session(spec.game, spec.players, match_seed, spec.options.to_json(), self.seats)
        self.session.run_bots()
        self._potential = self._shaping_potential()
        return self._obs_info()

    def _shaping_potential(self) -> float:
        """`shaping` times the seat's running score difference now (0 without shaping)."""
        if not self.shaping:
            return 0.0
        assert self.session is not None
        potential = self.spec_.shaping_potential(self.session.state, self.seat)
        return 0.0 if potential is None else self.shaping * potential

    def step(self, action: np.int64 | int) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        session = self.session
        if session is None:
            raise RuntimeError("call reset() before step()")
        if int(action) not in self._legal:
            if self.illegal == "raise":
                raise ValueError(f"action {action} is not legal now (see info['action_mask'])")
            obs, info = self._obs_info()
            return obs, self.illegal_reward, True, False, {**info, "illegal": True}
        session.act(self.seat, self._legal[int(action)])
        session.run_bots()
        obs, info = self._obs_info()
        outcome = self.spec_.game.outcome(session.state)
        reward = 0.0 if outcome is None else self.spec_.rewards(outcome)[self.seat]
        potential = 0.0 if outcome is not None else self._shaping_potential()
        reward += potential - self._potential
        self._potential = potential
        if outcome is not None:
            info["scores"] = list(outcome.scores)
            info["winners"] = list(outcome.winners)
        return obs, reward, outcome is not None, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.session is None:
            return None
        return self.spec_.game.render(self.session.state, self.seat, "en")


def register_envs() -> None:
    """Register ``tabuleiro/<Game>-v0`` for every game with an encoding (idempotent)."""
    from tabuleiro.core import get_game

    for game_id, env_id in IDS.items():
        if get_game(game_id).encoding() is not None and env_id not in gymnasium.registry:
            gymnasium.register(
                env_id, entry_point="tabuleiro.rl.gym_env:TabuleiroGym", kwargs={"game": game_id}
            )
    for game_id, env_id in CONTINUOUS_IDS.items():
        if get_game(game_id).encoding() is not None and env_id not in gymnasium.registry:
            gymnasium.register(
                env_id, entry_point="tabuleiro.rl.continuous:ContinuousGym", kwargs={"game": game_id}
            )
