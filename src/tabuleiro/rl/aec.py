"""Every game as a PettingZoo AEC environment: one agent acts at a time.

Seats in a simultaneous step act one after the other in seat order; each sees only its own
view, so a sealed choice stays hidden from the seats after it exactly as at the table.
Observations are ``{"observation": Box, "action_mask": Box(0/1)}``; the rewards come at the
end (see `EnvSpec.rewards`). An action outside the mask raises ValueError.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tabuleiro.core import MAX_SEED
from tabuleiro.rl.spec import EnvSpec, agent_name


class TabuleiroAEC(AECEnv[str, dict[str, Any], int]):
    """A Tabuleiro game for PettingZoo's agent-environment-cycle API."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "tabuleiro_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        render_mode: str | None = None,
        reward: str = "score",
        max_cycles: int | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        self.spec_ = EnvSpec.make(game, players, options, reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(s) for s in range(players)]
        shared = spaces.Dict(
            {"observation": self.spec_.observation_box(), "action_mask": self.spec_.mask_box()}
        )
        self.observation_spaces = {
            a: spaces.Dict({"observation": shared["observation"], "action_mask": shared["action_mask"]})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.spec_.actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.state_: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        spec = self.spec_
        self.state_ = spec.game.new_state(spec.players, int(self._seeds.integers(0, MAX_SEED)), spec.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.cycles = 0
        self._select()

    def _select(self) -> None:
        to_act = self.spec_.game.to_act(self.state_)
        if to_act:
            self.agent_selection = agent_name(min(to_act))

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        legal = self.spec_.legal_by_index(self.state_, seat)
        return {"observation": self.spec_.observe(self.state_, seat), "action_mask": self.spec_.mask(legal)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        legal = self.spec_.legal_by_index(self.state_, seat)
        if action is None or int(action) not in legal:
            raise ValueError(f"{agent}: action {action} is not legal now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        game = self.spec_.game
        self.state_ = game.apply(self.state_, seat, legal[int(action)])
        self.cycles += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        outcome = game.outcome(self.state_)
        if outcome is not None:
            for s, value in enumerate(self.spec_.rewards(outcome)):
                self.rewards[agent_name(s)] = value
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.spec_.game.render(self.state_, None, "en")

    def close(self) -> None:
        self.state_ = None


def env(game: str, players: int = 2, **kwargs: Any) -> TabuleiroAEC:
    """The AEC environment of `game` (options and `reward`, `render_mode`, `max_cycles` as keywords)."""
    return TabuleiroAEC(game, players, **kwargs)
