"""Tabuleiro's games as reinforcement-learning environments (the ``rl`` extra).

- `env(game, players, **options)`: PettingZoo AEC; `parallel_env(...)`: PettingZoo Parallel;
- ``gymnasium.make("tabuleiro/Avenue-v0", players=2, opponents="greedy")``: one seat against
  bots (ids registered on import);
- ``import tabuleiro.rl.openspiel``: every game registered with OpenSpiel as
  ``tabuleiro_<game id>``.

Each game's observation layout (what each slice means) is its package's ``encoding.py``. The
keywords of every environment (and OpenSpiel's parameters) take the game's rules options and
its encoding's optional slices by name (`Encoding.features`, off unless asked for: Metro's
``placements=True``); any other name is an error.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        f"tabuleiro.rl needs the rl extra ({missing.name} is missing): pip install -e '.[rl]'"
    ) from None

from tabuleiro.rl.aec import TabuleiroAEC, env
from tabuleiro.rl.gym_env import IDS, TabuleiroGym, register_envs
from tabuleiro.rl.parallel import TabuleiroParallel, parallel_env

register_envs()

__all__ = ["IDS", "TabuleiroAEC", "TabuleiroGym", "TabuleiroParallel", "env", "parallel_env"]
