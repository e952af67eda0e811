"""A maskable actor-critic whose action logits score each action from its own features.

Used by `train_maskable_ppo.py` for games whose observation has a per-action slice (Metro's
``placements``: 7 numbers for each of the 1,024 placement indices). A plain MLP would have to
learn which of 7,168 inputs belongs to which of 1,074 outputs; here one small network, shared
by all those actions, turns each action's features into a score, which is added to the logit
that an MLP on the rest of the observation gives every action (the other actions, and a
context bias for the placements). The value head sees the rest of the observation only.

The observation is scaled here rather than by `VecNormalize` (which would give each of the
shared head's inputs its own scale): each number is divided by its slice's bound, and the
per-action features by `feature_scale`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn


class ScaledObservation(BaseFeaturesExtractor):  # type: ignore[misc]
    """The observation divided by fixed per-number scales."""

    def __init__(self, observation_space: spaces.Box, scales: list[float]) -> None:
        super().__init__(observation_space, int(np.prod(observation_space.shape)))
        self.register_buffer("scales", torch.tensor(scales, dtype=torch.float32))

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return observations.flatten(1) / self.scales


class SplitExtractor(nn.Module):
    """Policy latent: an MLP on the observation without the per-action slice, followed by that
    slice unchanged; value latent: another MLP on the same reduced observation."""

    def __init__(self, size: int, start: int, stop: int, hidden: list[int]) -> None:
        super().__init__()
        self.start, self.stop = start, stop
        rest = size - (stop - start)
        self.policy_net = _mlp(rest, hidden)
        self.value_net = _mlp(rest, hidden)
        self.latent_dim_pi = hidden[-1] + stop - start
        self.latent_dim_vf = hidden[-1]

    def _rest(self, features: torch.Tensor) -> torch.Tensor:
        return torch.cat([features[:, : self.start], features[:, self.stop :]], dim=1)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        return torch.cat([self.policy_net(self._rest(features)), features[:, self.start : self.stop]], dim=1)

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        return self.value_net(self._rest(features))  # type: ignore[no-any-return]

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)


class PerActionHead(nn.Module):
    """Logits: a linear map of the context for every action, plus, for the first `count`
    actions, a score from each one's `width` features by a network they all share."""

    def __init__(self, context: int, actions: int, count: int, width: int, hidden: int) -> None:
        super().__init__()
        self.context_size, self.actions, self.count, self.width = context, actions, count, width
        self.context = nn.Linear(context, actions)
        self.score = nn.Sequential(nn.Linear(width, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, latent: torch.Tensor) -> torch.Tensor:
        logits = self.context(latent[:, : self.context_size])
        per_action = latent[:, self.context_size :].reshape(-1, self.count, self.width)
        scores = self.score(per_action).squeeze(-1)
        return logits + nn.functional.pad(scores, (0, self.actions - self.count))


def _mlp(size: int, hidden: list[int]) -> nn.Sequential:
    layers: list[nn.Module] = []
    for width in hidden:
        layers += [nn.Linear(size, width), nn.Tanh()]
        size = width
    return nn.Sequential(*layers)


class PerActionPolicy(MaskableActorCriticPolicy):  # type: ignore[misc]
    """MaskablePPO's policy with `SplitExtractor` and `PerActionHead` (see the module doc).

    ``per_action=(start, stop, count, width)``: the slice's place in the observation, which
    holds `width` numbers for each of the actions 0..count-1; ``hidden``: the MLPs' layers;
    ``score_hidden``: the shared scoring network's one hidden layer."""

    def __init__(
        self,
        *args: Any,
        per_action: tuple[int, int, int, int],
        hidden: list[int],
        score_hidden: int = 32,
        **kwargs: Any,
    ) -> None:
        self.per_action, self.hidden, self.score_hidden = per_action, hidden, score_hidden
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        start, stop, _, _ = self.per_action
        self.mlp_extractor = SplitExtractor(self.features_dim, start, stop, self.hidden)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        _, _, count, width = self.per_action
        self.action_net = PerActionHead(
            self.hidden[-1], int(self.action_space.n), count, width, self.score_hidden
        )
        if self.ortho_init:
            self.action_net.context.apply(partial(self.init_weights, gain=0.01))
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)
