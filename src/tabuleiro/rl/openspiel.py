"""Every game with an encoding registered with OpenSpiel as ``tabuleiro_<game id>``.

Import this module to register them; then ``pyspiel.load_game("tabuleiro_metro",
{"players": 3, "companies": True})``. Parameters: ``players``, ``seed`` (the stream of match
seeds; each new initial state draws the next), every game option under its own name and
every optional slice of the game's encoding (`Encoding.features`, False by default: Metro's
``placements``).

How the games map onto OpenSpiel's types:

- Dynamics SEQUENTIAL: a simultaneous step is played seat after seat, each seat seeing only its
  own view, so a sealed choice is hidden exactly as at the table (what OpenSpiel's turn-based
  simultaneous games do).
- Chance SAMPLED_STOCHASTIC (DETERMINISTIC for a game without chance): the engine draws cards
  and tiles from the seeded generator inside its state; there are no explicit chance nodes.
- Information from the game's declaration; utility ZERO_SUM: the returns are each seat's score
  minus the mean of the others' (negated where the fewest points win), which add up to 0.
- Observation: the game's encoding of the seat's view (its layout in the game's
  ``encoding.py``); the observation string is the view as JSON.
- Information state: the view plus what the seat did. The information-state string is the view
  followed by the seat's own actions in order; the information-state tensor is the observation
  tensor followed by how many times the seat took each action index (the slice
  ``own_actions``, `num_distinct_actions` counts), so states with the same string have the
  same tensor. It is not a full perfect-recall record: a view shows what the
  seat may know now (the board, the public records, its own hand and notes), not everything
  it once saw (a Volta ao mundo seat does not keep the draft hands it passed on), and the
  tensor drops the order of the seat's own actions.
- `resample_from_infostate` re-draws what the seat cannot know with the game's
  `sample_consistent`.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from tabuleiro.core import MAX_SEED, Rng, all_games, get_game
from tabuleiro.rl.spec import EnvSpec

_Dyn = pyspiel.GameType.Dynamics
_Chance = pyspiel.GameType.ChanceMode
_Info = pyspiel.GameType.Information


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game."""
    return f"tabuleiro_{game_id}"


def _defaults(game_id: str) -> dict[str, Any]:
    """The game's parameters and their defaults: players, seed, its rules options and its
    encoding's optional slices (`Encoding.features`, all off)."""
    game = get_game(game_id)
    params: dict[str, Any] = {"players": max(game.info.min_players, 2), "seed": 0}
    params.update(game.make_options({}).to_json())
    encoding = game.encoding()
    params.update(dict.fromkeys(encoding.features if encoding else (), False))
    return params


def _game_type(game_id: str) -> Any:
    game = get_game(game_id)
    info = game.info
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Tabuleiro {info.name_en}",
        dynamics=_Dyn.SEQUENTIAL,
        chance_mode=_Chance.DETERMINISTIC if info.chance == "none" else _Chance.SAMPLED_STOCHASTIC,
        information=_Info.PERFECT_INFORMATION
        if info.information == "perfect"
        else _Info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game_id),
    )


class TabuleiroSpielGame(pyspiel.Game):
    """One Tabuleiro game, at the players and options its parameters name.

    `register_all` makes one subclass per game, naming it in `GAME_ID`: OpenSpiel keeps the
    registered class for the life of the process.
    """

    GAME_ID = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        merged = {**_defaults(game_id), **(params or {})}
        options = {k: v for k, v in merged.items() if k not in ("players", "seed")}
        self.env_spec = EnvSpec.make(game_id, int(merged["players"]), options, "score")
        spec = self.env_spec
        bound = 2.0 * spec.encoding.score_bound
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions,
            max_chance_outcomes=0,
            num_players=spec.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=spec.game.max_decisions(spec.players, spec.options),
        )
        super().__init__(_game_type(game_id), info, merged)
        self._seeds = np.random.default_rng(int(merged["seed"]))

    def new_initial_state(self) -> TabuleiroSpielState:
        return TabuleiroSpielState(self, int(self._seeds.integers(0, MAX_SEED)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TabuleiroObserver:
        return TabuleiroObserver(self.env_spec, iig_obs_type)


class TabuleiroSpielState(pyspiel.State):
    """A match: the engine's immutable state and each seat's own actions so far."""

    def __init__(self, game: TabuleiroSpielGame, seed: int) -> None:
        super().__init__(game)
        self.env_spec = game.env_spec
        spec = self.env_spec
        self.match = spec.game.new_state(spec.players, seed, spec.options)
        self.own: list[list[int]] = [[] for _ in range(spec.players)]

    def current_player(self) -> int:
        to_act = self.env_spec.game.to_act(self.match)
        return min(to_act) if to_act else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.env_spec.legal_by_index(self.match, player))

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        legal = self.env_spec.legal_by_index(self.match, seat)
        self.match = self.env_spec.game.apply(self.match, seat, legal[action])
        self.own[seat].append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        legal = self.env_spec.legal_by_index(self.match, player) if player >= 0 else {}
        found = legal.get(action)
        return self.env_spec.game.format_action(found) if found is not None else f"action {action}"

    def is_terminal(self) -> bool:
        return self.env_spec.game.is_terminal(self.match)

    def returns(self) -> list[float]:
        outcome = self.env_spec.game.outcome(self.match)
        return [0.0] * self.env_spec.players if outcome is None else self.env_spec.rewards(outcome)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabuleiroSpielState:
        """A state `player_id` cannot tell apart from this one, hidden parts re-drawn."""
        clone = self.clone()
        rng = Rng(int(probability_sampler() * MAX_SEED))
        clone.match = self.env_spec.game.sample_consistent(self.match, player_id, rng)
        return clone  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return self.env_spec.game.render(self.match, None, "en")


class TabuleiroObserver:
    """OpenSpiel's observer interface over a game's encoding of one seat's view."""

    def __init__(self, spec: EnvSpec, iig_obs_type: Any) -> None:
        self.spec = spec
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.size = spec.encoding.size(spec.players, spec.options)
        extra = spec.actions if self.perfect_recall else 0
        self.tensor = np.zeros(self.size + extra, np.float32)
        self.dict = {
            s.name: self.tensor[s.start : s.stop] for s in spec.encoding.layout(spec.players, spec.options)
        }
        if self.perfect_recall:
            self.dict["own_actions"] = self.tensor[self.size :]

    def set_from(self, state: TabuleiroSpielState, player: int) -> None:
        """The seat's observation; with perfect recall also the counts of its own actions."""
        self.tensor[: self.size] = self.spec.observe(state.match, player)
        if self.perfect_recall:
            self.tensor[self.size :] = np.bincount(state.own[player], minlength=self.spec.actions)

    def string_from(self, state: TabuleiroSpielState, player: int) -> str:
        view = json.dumps(self.spec.game.view(state.match, player), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            return f"{view} own:{state.own[player]}"
        return view


def register_all() -> list[str]:
    """Register every game that has an encoding (once); their OpenSpiel names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in all_games():
        if game.encoding() is None:
            continue
        name = short_name(game.info.id)
        names.append(name)
        if name not in registered:
            cls = type(f"Tabuleiro_{game.info.id}", (TabuleiroSpielGame,), {"GAME_ID": game.info.id})
            pyspiel.register_game(_game_type(game.info.id), cls)
    return names


REGISTERED = register_all()
