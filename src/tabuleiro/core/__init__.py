"""The core of Tabuleiro: the game protocol and what every game builds on.

Standard library only. Games import from here; nothing here imports a game.
"""

from tabuleiro.core.errors import (
    DataError,
    IllegalActionError,
    InvalidActionError,
    Lang,
    OptionError,
    RecordError,
    SetupError,
    TabuleiroError,
)
from tabuleiro.core.match import MatchRecord, Replay, new_record, replay
from tabuleiro.core.narration import Event, Narration, plain, seat_mark
from tabuleiro.core.options import Options, OptionSpec, bool_option, choice_option, int_option
from tabuleiro.core.protocol import Bot, BotFactory, Game, GameInfo, JsonDict, Outcome, competition_ranks
from tabuleiro.core.registry import all_games, catalogue, get_game, register
from tabuleiro.core.rng import MAX_SEED, Rng, RngStream, derive_seed
from tabuleiro.core.search import SearchHints
from tabuleiro.core.undo import UNDO, UndoWindow

__all__ = [
    "MAX_SEED",
    "UNDO",
    "Bot",
    "BotFactory",
    "DataError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidActionError",
    "JsonDict",
    "Lang",
    "MatchRecord",
    "Narration",
    "OptionError",
    "OptionSpec",
    "Options",
    "Outcome",
    "RecordError",
    "Replay",
    "Rng",
    "RngStream",
    "SearchHints",
    "SetupError",
    "TabuleiroError",
    "UndoWindow",
    "all_games",
    "bool_option",
    "catalogue",
    "choice_option",
    "competition_ranks",
    "derive_seed",
    "get_game",
    "int_option",
    "new_record",
    "plain",
    "register",
    "replay",
    "seat_mark",
]
