"""Our games in the adapter protocol of ``bench/peers.py``, for same-run ratios.

    PYTHONPATH=src .venv-peers/bin/python bench/peers.py \
        --plugin src/tabuleiro/sim/peers_plugin.py:cases --only tic_tac_toe --only tabuleiro

Each case drives the public protocol exactly as `tabuleiro bench` does: the lowest seat
to act chooses among its legal actions and the action goes through the checked `apply`.
"""

from __future__ import annotations

import copy
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
