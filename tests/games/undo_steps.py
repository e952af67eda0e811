"""Finding typical moves for the take-back tests: seeded random playouts of a real game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabuleiro.core import Game, RngStream, get_game


@dataclass(frozen=True)
class Found:
    """One move of a playout, with the states around it."""

    game: Game[Any, Any, Any]
    before: Any
    seat: int
    action: Any
    after: Any

    @property
    def undoable(self) -> bool:
        return self.game.undoable(self.before, self.seat, self.action, self.after)


def find(
    game_id: str,
    players: int,
    wanted: Callable[[Game[Any, Any, Any], Any, int, Any], bool],
    *,
    seeds: range = range(20),
    options: dict[str, object] | None = None,
    steps: int = 2000,
) -> Found:
    """The first move `wanted(game, before, seat, action)` in seeded random playouts (the
    lowest seat to act plays a uniformly random legal action)."""
    game = get_game(game_id)
    for seed in seeds:
        state = game.new_state(players, seed, options)
        rng = RngStream(seed)
        for _ in range(steps):
            if game.is_terminal(state):
                break
            seat = min(game.to_act(state))
            action = rng.choice(game.legal_actions(state, seat))
            after = game.apply(state, seat, action)
            if wanted(game, state, seat, action):
                return Found(game, state, seat, action, after)
            state = after
    raise AssertionError(f"no wanted move of {game_id} in seeds {seeds}")


def of_type(name: str) -> Callable[[Game[Any, Any, Any], Any, int, Any], bool]:
    """Moves whose action class is called `name`."""
    return lambda _game, _state, _seat, action: type(action).__name__ == name
