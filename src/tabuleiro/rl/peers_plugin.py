"""The PettingZoo AEC environments in the adapter protocol of ``bench/peers.py``.

Each case plays random legal actions through `tabuleiro.rl.env`, reading the observation and
its mask before every step as training code does, so its steps/s compare with PettingZoo's
classic environments (``pz/tictactoe_v3``, ``pz/connect_four_v3``) measured in the same run:

    PYTHONPATH=src .venv-peers/bin/python bench/peers.py --plugin src/tabuleiro/rl/peers_plugin.py:cases \\
        --only tic_tac_toe --only connect_four --only tabuleiro-rl --no-mcts
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabuleiro.core import all_games
from tabuleiro.rl.aec import TabuleiroAEC


class AecAdapter:
    """reset / legal_actions / step / is_terminal / observe over one AEC environment."""

    def __init__(self, game_id: str, players: int) -> None:
        self.env = TabuleiroAEC(game_id, players)
        self.last: dict[str, Any] = {}

    def reset(self, seed: int | None = None) -> None:
        self.env.reset(seed=seed)
        self.last = self.env.observe(self.env.agent_selection)

    def legal_actions(self) -> Any:
        return self.last["action_mask"].nonzero()[0]

    def step(self, action: Any) -> None:
        self.env.step(int(action))
        if not self.is_terminal():
            self.last = self.env.observe(self.env.agent_selection)

    def is_terminal(self) -> bool:
        return all(self.env.terminations.values())

    def observe(self) -> Any:
        return self.last["observation"]


def _factory(game_id: str, players: int) -> Callable[[], AecAdapter]:
    return lambda: AecAdapter(game_id, players)


def cases() -> list[tuple[str, str, Callable[[], AecAdapter]]]:
    """One case per game with an encoding, 2 players (the classic envs' count)."""
    return [
        (f"tabuleiro-rl/{g.info.id}-2p", f"tabuleiro_rl_{g.info.id}", _factory(g.info.id, 2))
        for g in all_games()
        if g.encoding() is not None
    ]
