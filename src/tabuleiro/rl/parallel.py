"""Every game as a PettingZoo Parallel environment: every seat to act moves at once.

This is the natural form of the simultaneous steps (Avenue's road card, Sonora's scoring,
Volta ao mundo's city draft): the seats to act each give an action, applied in seat order as
sealed choices. In a sequential step only the seat to act has legal actions; the others' masks
are all zero and their actions are ignored.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from tabuleiro.core import MAX_SEED
from tabuleiro.rl.spec import EnvSpec, agent_name


class TabuleiroParallel(ParallelEnv[str, dict[str, Any], int]):
    """A Tabuleiro game for PettingZoo's Parallel API."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "tabuleiro_v0"}

    def __init__(
        self,
        game: str,
        players: int = 2,
        render_mode: str | None = None,
        reward: str = "score",
        max_cycles: int | None = None,
        **options: object,
    ) -> None:
        self.spec_ = EnvSpec.make(game, players, options, reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(s) for s in range(players)]
        self.agents: list[str] = []
        box, mask = self.spec_.observation_box(), self.spec_.mask_box()
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.spec_.actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.state_: Any = None
        self.cycles = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, Any]]:
        spec = self.spec_
        return {
            agent_name(s): {
                "observation": spec.observe(self.state_, s),
                "action_mask": spec.mask(spec.legal_by_index(self.state_, s)),
            }
            for s in range(spec.players)
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        spec = self.spec_
        self.state_ = spec.game.new_state(spec.players, int(self._seeds.integers(0, MAX_SEED)), spec.options)
        self.agents = self.possible_agents[:]
        self.cycles = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        spec, game = self.spec_, self.spec_.game
        for seat in sorted(game.to_act(self.state_)):
            agent = agent_name(seat)
            legal = spec.legal_by_index(self.state_, seat)
            chosen = actions.get(agent)
            if chosen is None or int(chosen) not in legal:
                raise ValueError(f"{agent}: action {chosen} is not legal now (see the action mask)")
            self.state_ = game.apply(self.state_, seat, legal[int(chosen)])
        self.cycles += 1
        observations = self._observations()
        rewards = dict.fromkeys(self.agents, 0.0)
        outcome = game.outcome(self.state_)
        over = outcome is not None
        cut = not over and self.max_cycles is not None and self.cycles >= self.max_cycles
        if outcome is not None:
            rewards = {agent_name(s): r for s, r in enumerate(spec.rewards(outcome))}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.spec_.game.render(self.state_, None, "en")

    def close(self) -> None:
        self.state_ = None


def parallel_env(game: str, players: int = 2, **kwargs: Any) -> TabuleiroParallel:
    """The Parallel environment of `game` (options and `reward`, `render_mode`, `max_cycles`)."""
    return TabuleiroParallel(game, players, **kwargs)
