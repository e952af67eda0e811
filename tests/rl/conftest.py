"""The games the RL environments cover: every registered game with an encoding, and each
encoding with its optional slices (`Encoding.features`) off and all on."""

from typing import Any

from tabuleiro.core import all_games, get_game
from tabuleiro.core.encoding import Encoding

ENCODED = [g.info.id for g in all_games() if g.encoding() is not None]


def _features(game_id: str) -> list[str]:
    encoding = get_game(game_id).encoding()
    return sorted(encoding.features) if encoding is not None else []


VARIANTS = [*ENCODED, *("+".join([g, *_features(g)]) for g in ENCODED if _features(g))]
"""Each encoded game's id (the default encoding), then ``game+feature+...`` for each game whose
encoding offers features, with all of them on."""


def variant(name: str) -> tuple[str, Encoding[Any]]:
    """The game id and the encoding a `VARIANTS` name stands for."""
    game_id, *features = name.split("+")
    encoding = get_game(game_id).encoding()
    assert encoding is not None
    return game_id, encoding.with_features(dict.fromkeys(features, True))
