"""Our games in the adapter protocol of ``bench/peers.py``, for same-run ratios.

    PYTHONPATH=src .venv-peers/bin/python bench/peers.py \
        --plugin src/tabuleiro/sim/peers_plugin.py:cases --only tic_tac_toe --only tabuleiro

Each case drives the public protocol exactly as `tabuleiro bench` does: the lowest seat
to act chooses among its legal actions and the action goes through the checked `apply`.

`rollouts` gives the search figure beside OpenSpiel's MCTS bots: flat Monte-Carlo from a
game's opening, each root action in turn followed by a uniformly random playout to the end,
the way a search bot plays out (`apply_unchecked` on actions taken from `legal_actions`).
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable
from typing import Any

from tabuleiro.core import Game, get_game


class ProtocolAdapter:
    """reset / legal_actions / step / is_terminal / clone / observe over one game."""

    def __init__(self, game: Game[Any, Any, Any], players: int) -> None:
        self.game = game
        self.players = players
        self.state: Any = game.new_state(players, 0)
        self.seat = 0

    def reset(self, seed: int | None = None) -> None:
        self.state = self.game.new_state(self.players, (seed or 0) & ((1 << 53) - 1))
        self.seat = min(self.game.to_act(self.state))

    def legal_actions(self) -> Any:
        return self.game.legal_actions(self.state, self.seat)

    def step(self, action: Any) -> None:
        self.state = self.game.apply(self.state, self.seat, action)
        seats = self.game.to_act(self.state)
        self.seat = min(seats) if seats else -1

    def is_terminal(self) -> bool:
        return self.seat < 0

    def clone(self) -> ProtocolAdapter:
        # States are immutable: sharing one is a full, independent clone.
        return copy.copy(self)

    def observe(self) -> Any:
        return self.game.view(self.state, self.seat)


def _factory(game_id: str, players: int) -> Callable[[], ProtocolAdapter]:
    return lambda: ProtocolAdapter(get_game(game_id), players)


def cases() -> list[tuple[str, str, Callable[[], ProtocolAdapter]]]:
    """(name, game key, factory) for every registered game at a typical player count."""
    return [
        ("tabuleiro/avenue-4p", "tabuleiro_avenue", _factory("avenue", 4)),
        ("tabuleiro/metro-4p", "tabuleiro_metro", _factory("metro", 4)),
        ("tabuleiro/dogs-4p", "tabuleiro_dogs", _factory("dogs", 4)),
        ("tabuleiro/sonora-4p", "tabuleiro_sonora", _factory("sonora", 4)),
        ("tabuleiro/volta_ao_mundo-4p", "tabuleiro_volta_ao_mundo", _factory("volta_ao_mundo", 4)),
    ]


class FlatRollouts:
    """Flat Monte-Carlo searches from the opening of one game, for ``bench/peers.py``'s MCTS
    table (duck-typed like its ``MctsCase``: setup, run).

    A search is `sims` rollouts: the root actions of the first seat to act in turn, each
    followed by a uniformly random playout to the end of the game.
    """

    impl = "flat-mc"

    def __init__(self, game_id: str, players: int, sims: int = 200) -> None:
        self.name = f"tabuleiro-flat-mc/{game_id}-{players}p"
        self.game_string = game_id
        self.game_key = f"tabuleiro_{game_id}"
        self.players = players
        self.sims = sims

    def setup(self) -> None:
        """The game, its opening and the root actions."""
        self.game = get_game(self.game_string)
        self.root = self.game.new_state(self.players, 0)
        self.seat = min(self.game.to_act(self.root))
        self.actions = list(self.game.legal_actions(self.root, self.seat))
        self.rnd = random.Random(1)

    def _rollout(self, first: Any) -> None:
        game, rnd = self.game, self.rnd
        to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply_unchecked
        state = apply(self.root, self.seat, first)
        while seats := to_act(state):
            seat = min(seats)
            legal = legal_actions(state, seat)
            state = apply(state, seat, legal[rnd.randrange(len(legal))])

    def run(self, seconds: float) -> tuple[int, float, int]:
        """Rollouts for about `seconds` (a whole game each, so a slow game may run over);
        returns (rollouts, elapsed, whole searches)."""
        actions, done = self.actions, 0
        start = time.perf_counter()
        while True:
            self._rollout(actions[done % len(actions)])
            done += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return done, elapsed, done // self.sims


def rollouts() -> list[FlatRollouts]:
    """Flat Monte-Carlo rollouts from the opening of every game at 4 players."""
    return [FlatRollouts(game_id, 4) for game_id in ("avenue", "metro", "dogs", "sonora", "volta_ao_mundo")]
