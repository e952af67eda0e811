"""What a search bot may use besides its view: a handle that draws states consistent with it.

A search bot never holds the true state. The driver hands it an `InformationHandle`, whose
only way to produce a state is `Game.sample_consistent` on the true state for the bot's
seat: every part the seat cannot know is re-drawn from the bot's own generator. Games
re-draw hidden pools in a fixed order, so the states a handle produces depend only on what
the seat can know and on the generator; two true states the seat cannot tell apart give the
bot the same samples, hence the same move (tests/bots/test_fairness.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from tabuleiro.core import Bot, Game, JsonDict, Rng


class InformationHandle:
    """Draws full states that `seat` cannot tell apart from the true one.

    Attributes:
        game: the game.
        seat: the seat the states are consistent for.
        decisions: how many actions the match has applied so far (the driver's count).
    """

    __slots__ = ("_sample", "decisions", "game", "seat")

    def __init__(self, game: Game[Any, Any, Any], state: Any, seat: int, decisions: int) -> None:
        self.game = game
        self.seat = seat
        self.decisions = decisions
        sample_consistent = game.sample_consistent

        def sample(rng: Rng) -> Any:
            return sample_consistent(state, seat, rng)

        self._sample: Callable[[Rng], Any] = sample

    def sample(self, rng: Rng) -> Any:
        """A state consistent with the seat's view, every hidden part drawn from `rng`."""
        return self._sample(rng)


@runtime_checkable
class SearchingBot(Protocol):
    """A bot that searches: besides its view and legal actions it takes an `InformationHandle`."""

    def act_informed(self, view: JsonDict, legal: Sequence[Any], handle: InformationHandle) -> Any:
        """Choose one of `legal` (never empty)."""
        ...


def decide(bot: Bot[Any], game: Game[Any, Any, Any], state: Any, seat: int, decisions: int) -> Any:
    """The action `bot` chooses for `seat` in `state`: every driver's one way to ask a bot.

    A plain bot gets the seat's view and legal actions; a searching bot gets a handle too.
    """
    legal = game.legal_actions(state, seat)
    view = game.view(state, seat)
    if isinstance(bot, SearchingBot):
        return bot.act_informed(view, legal, InformationHandle(game, state, seat, decisions))
    return bot.act(view, legal)
