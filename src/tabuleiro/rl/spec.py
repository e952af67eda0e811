"""What every environment shares: a game with its encoding, spaces, masks and rewards.

Environments reach a game only through the registry and the protocol (`Game.encoding()`
gives the fixed-shape observation and the action indices).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from tabuleiro.core import Game, OptionError, Outcome, SetupError, get_game
from tabuleiro.core.encoding import Encoding

Reward = Literal["score", "win"]
REWARDS: tuple[Reward, ...] = ("score", "win")


def agent_name(seat: int) -> str:
    """The PettingZoo agent of a seat."""
    return f"player_{seat}"


@dataclass(frozen=True)
class EnvSpec:
    """One game at one player count and options, as a learning environment sees it; `encoding`
    has the optional slices asked for turned on (`options` holds the rules options only)."""

    game: Game[Any, Any, Any]
    players: int
    options: Any
    encoding: Encoding[Any]
    reward: Reward
    _last: list[Any] = field(default_factory=lambda: [None, -1, None, None], compare=False, repr=False)

    @classmethod
    def make(cls, game_id: str, players: int, options: Mapping[str, object], reward: str) -> EnvSpec:
        """The spec for `game_id`. `options` holds the game's rules options and the encoding's
        optional slices (`Encoding.features`, e.g. Metro's ``placements=True``), told apart by
        name.

        Raises:
            SetupError: an unknown game, a bad player count or reward, or a game without an
                encoding.
            OptionError: a name that is neither a rules option nor an encoding feature, or a
                bad value.
        """
        game = get_game(game_id)
        encoding = game.encoding()
        if encoding is None:
            raise SetupError(
                f"{game_id} has no encoding for learning agents yet",
                f"{game.info.name_pt} ainda não tem codificação para agentes de aprendizado",
                code="no_encoding",
            )
        rules = {k: v for k, v in options.items() if k not in encoding.features}
        chosen = {k: v for k, v in options.items() if k in encoding.features}
        known = [s.name for s in game.make_options({}).specs()]
        unknown = [k for k in rules if k not in known]
        if unknown:
            names = ", ".join([*known, *encoding.features]) or "none"
            raise OptionError(
                f"unknown option {unknown[0]!r}; {game_id}'s options and encoding features are: {names}",
                f"opção desconhecida {unknown[0]!r}; as opções e recursos de codificação de "
                f"{game.info.name_pt} são: {names}",
                code="unknown_option",
            )
        game.new_state(players, 0, rules)  # refuses a bad player count or option
        if reward not in REWARDS:
            raise SetupError(
                f"reward must be one of {', '.join(REWARDS)}, not {reward!r}",
                f"a recompensa deve ser uma de {', '.join(REWARDS)}, não {reward!r}",
                code="bad_reward",
            )
        typed = game.make_options(rules)
        return cls(game, players, typed, encoding.with_features(chosen), reward)

    @property
    def actions(self) -> int:
        """The size of the discrete action space."""
        return self.encoding.action_count(self.players, self.options)

    def observation_box(self) -> spaces.Box:
        """The observation's Box, with each slice's documented bounds."""
        slices = self.encoding.layout(self.players, self.options)
        low = np.concatenate([np.full(s.stop - s.start, s.low, np.float32) for s in slices])
        high = np.concatenate([np.full(s.stop - s.start, s.high, np.float32) for s in slices])
        return spaces.Box(low, high, dtype=np.float32)

    def mask_box(self) -> spaces.Box:
        """The action mask's space: one 0/1 per action index."""
        return spaces.Box(0, 1, (self.actions,), dtype=np.int8)

    def view(self, state: Any, seat: int) -> Any:
        """The seat's view, kept for the last (state, seat) asked: an observation, its mask and
        the step after it all read the same view."""
        kept = self._last
        if kept[0] is not state or kept[1] != seat:
            kept[:] = [state, seat, self.game.view(state, seat), None]
        return kept[2]

    def observe(self, state: Any, seat: int) -> NDArray[np.float32]:
        """The seat's observation, built from its view only."""
        view = self.view(state, seat)
        return np.asarray(self.encoding.observe(view, self.players, self.options), dtype=np.float32)

    def legal_by_index(self, state: Any, seat: int) -> dict[int, Any]:
        """The seat's legal actions by index (empty when it is not to act)."""
        if seat not in self.game.to_act(state):
            return {}
        view = self.view(state, seat)
        kept = self._last
        if kept[3] is None:
            kept[3] = self.encoding.legal_indices(view, self.game.legal_actions(state, seat))
        legal: dict[int, Any] = kept[3]
        return legal

    def mask(self, legal: Mapping[int, Any]) -> NDArray[np.int8]:
        """1 at each legal index."""
        out = np.zeros(self.actions, dtype=np.int8)
        out[list(legal)] = 1
        return out

    def rewards(self, outcome: Outcome) -> list[float]:
        """Final rewards per seat.

        ``score``: the seat's score minus the mean of the others' (negated where the lowest
        score wins; the score itself when alone). ``win``: +1 to each winner and -1 to the
        others, 0 to everyone when all share the win (and so always 0 alone).
        """
        if self.reward == "win":
            n = len(outcome.scores)
            winners = set(outcome.winners)
            if len(winners) == n:
                return [0.0] * n
            return [1.0 if s in winners else -1.0 for s in range(n)]
        return self.score_differences(outcome.scores)

    def score_differences(self, scores: Sequence[float]) -> list[float]:
        """Each seat's score minus the mean of the others' (negated where the lowest score
        wins; the score itself when alone)."""
        sign = -1.0 if self.game.info.lower_wins else 1.0
        n = len(scores)
        if n == 1:
            return [sign * float(scores[0])]
        total = float(sum(scores))
        return [sign * (scores[s] - (total - scores[s]) / (n - 1)) for s in range(n)]

    def shaping_potential(self, state: Any, seat: int) -> float | None:
        """The seat's running score difference as its view shows it (`score_differences` of
        `Encoding.progress_scores`: the scores so far and the points in the making), or None
        where the view shows no running score."""
        shown = self.encoding.progress_scores(self.view(state, seat), self.players)
        return None if shown is None else self.score_differences(shown)[seat]
