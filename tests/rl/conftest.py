"""The games the RL environments cover: every registered game with an encoding."""

from tabuleiro.core import all_games

ENCODED = [g.info.id for g in all_games() if g.encoding() is not None]
