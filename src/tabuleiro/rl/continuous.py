"""A single-agent Gymnasium environment with a continuous `Box` action, for games whose
actions carry continuous parameters (Sonora's flicks: offset, angle, strength).

The action is a parameterised action flattened into one Box (the P-DQN / "parameterised
action space" reading): ``heads`` scores in [-1, 1], one per head of the game's encoding
(Sonora: one per disc slot for its flicks, one per other action), then the continuous
parameters in [-1, 1], scaled to their bounds. The env plays the legal action whose head
scores highest (ties: the lowest index), with the parameters filled in when it takes them,
so every Box action is a legal move. ``info["head_mask"]`` marks the heads legal now (a
policy may mask its scores with it); ``info["action_mask"]`` is the discrete env's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from tabuleiro.rl.gym_env import TabuleiroGym


class ParametricEncoding(Protocol):
    """What an encoding offers for a continuous action (Sonora's does)."""

    def head_count(self, players: int, options: Any) -> int: ...

    def head(self, index: int) -> int: ...

    def parameters(self) -> Sequence[tuple[str, float, float]]: ...

    def with_parameters(self, action: Any, values: Sequence[float]) -> Any: ...


def parametric(encoding: object) -> ParametricEncoding | None:
    """The encoding as a `ParametricEncoding`, or None when it has no continuous parameters."""
    needed = ("head_count", "head", "parameters", "with_parameters")
    return cast(ParametricEncoding, encoding) if all(hasattr(encoding, n) for n in needed) else None


class ContinuousGym(TabuleiroGym):
    """One seat against bots, with the flattened parameterised Box action (module docstring)."""

    def __init__(self, game: str = "sonora", **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        encoding = parametric(self.spec_.encoding)
        if encoding is None:
            raise ValueError(f"{game} has no continuous action parameters; use its discrete env")
        self.parametric = encoding
        self.heads = encoding.head_count(self.spec_.players, self.spec_.options)
        bounds = encoding.parameters()
        self.low = np.array([low for _, low, _ in bounds], dtype=np.float64)
        self.high = np.array([high for _, _, high in bounds], dtype=np.float64)
        self.size = self.heads + len(bounds)
        self.action_space = spaces.Box(-1.0, 1.0, (self.size,), dtype=np.float32)  # type: ignore[assignment]

    def head_mask(self) -> NDArray[np.int8]:
        """1 at each head with a legal action now."""
        out = np.zeros(self.heads, dtype=np.int8)
        out[[self.parametric.head(i) for i in self._legal]] = 1
        return out

    def decode(self, action: NDArray[Any]) -> Any:
        """The legal move a Box action stands for."""
        values = np.asarray(action, dtype=np.float64).reshape(-1)
        if values.shape != (self.size,) or not np.all(np.isfinite(values)):
            raise ValueError(f"the action must be {self.size} finite numbers")
        scores = np.clip(values[: self.heads], -1.0, 1.0)
        index = max(sorted(self._legal), key=lambda i: scores[self.parametric.head(i)])
        unit = (np.clip(values[self.heads :], -1.0, 1.0) + 1.0) / 2.0
        params = self.low + unit * (self.high - self.low)
        return self.parametric.with_parameters(self._legal[index], [float(p) for p in params])

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        return {**info, "head_mask": self.head_mask()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        obs, info = super().reset(seed=seed, options=options)
        return obs, self._info(info)

    def step(self, action: Any) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        session = self.session
        if session is None:
            raise RuntimeError("call reset() before step()")
        session.act(self.seat, self.decode(action))
        session.run_bots()
        obs, info = self._obs_info()
        outcome = self.spec_.game.outcome(session.state)
        reward = 0.0 if outcome is None else self.spec_.rewards(outcome)[self.seat]
        if outcome is not None:
            info["scores"] = list(outcome.scores)
            info["winners"] = list(outcome.winners)
        return obs, reward, outcome is not None, False, self._info(info)
