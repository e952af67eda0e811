"""The search bot is fair: it cannot tell apart two true states its seat cannot tell apart.

Non-interference: for a state S of a seeded match and S' = a re-draw of everything the acting
seat cannot know (same view), the ``mcts`` bot with the same seed and iteration budget
chooses the same action from S and from S', at several points of a match of every game. A
control bot that searches the true state itself instead of the handle's samples does
change its move, so the test can fail.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabuleiro.bots import InformationHandle, MctsBot, decide
from tabuleiro.core import Game, Rng, get_game

GAMES = ["avenue", "metro", "dogs", "volta_ao_mundo", "sonora"]
ITERATIONS = {"sonora": 6, "dogs": 25, "volta_ao_mundo": 25}
POINTS = 4


def _points(game: Game[Any, Any, Any], seed: int) -> list[tuple[Any, int, int]]:
    """(state, seat, decisions) at every decision of a random match where the seat to act
    has a choice that the search weighs (more than one of the game's candidates: DOGS plays
    its greedy bot's move at once where that is its only candidate)."""
    candidates = game.search_hints().candidates
    rnd = random.Random(seed)
    state = game.new_state(2, seed)
    decisions = 0
    out = []
    while game.to_act(state):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and (candidates is None or len(candidates(state, seat, legal)) > 1):
            out.append((state, seat, decisions))
        state = game.apply(state, seat, legal[rnd.randrange(len(legal))])
        decisions += 1
    return out


def _twins(game_id: str, points: int = POINTS) -> list[tuple[Game[Any, Any, Any], Any, Any, int, int]]:
    """At POINTS decisions spread over a match (start, middle, late): the true state and a
    twin with everything the acting seat cannot know re-drawn."""
    game = get_game(game_id)
    found = _points(game, 11)
    count = points
    out = []
    for i in range(count):
        state, seat, decisions = found[i * (len(found) - 1) // count]
        twin = game.sample_consistent(state, seat, Rng.from_seed(decisions + 1000))
        assert twin != state
        out.append((game, state, twin, seat, decisions))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_mcts_moves_the_same_from_states_its_seat_cannot_tell_apart(game_id: str) -> None:
    twins = _twins(game_id)
    assert len(twins) == POINTS
    for game, state, twin, seat, decisions in twins:
        assert game.view(state, seat) == game.view(twin, seat)
        moves = []
        for true_state in (state, twin):
            bot = MctsBot(game, seat, 5, iterations=ITERATIONS.get(game_id, 60))
            moves.append(decide(bot, game, true_state, seat, decisions))
            assert bot.last is not None and bot.last.iterations == ITERATIONS.get(game_id, 60)
        assert moves[0] == moves[1], f"{game_id} at decision {decisions}"


class _PeekingHandle(InformationHandle):
    """A cheating handle: hands out the true state itself."""

    def __init__(self, game: Game[Any, Any, Any], state: Any, seat: int, decisions: int) -> None:
        super().__init__(game, state, seat, decisions)
        self._sample = lambda rng: state


@pytest.mark.parametrize("game_id", ["avenue", "metro"])
def test_a_bot_that_peeks_is_caught_by_the_same_comparison(game_id: str) -> None:
    differ = 0
    for game, state, twin, seat, decisions in _twins(game_id, 10):
        moves = []
        for true_state in (state, twin):
            bot = MctsBot(game, seat, 5, iterations=60)
            handle = _PeekingHandle(game, true_state, seat, decisions)
            moves.append(
                bot.act_informed(game.view(true_state, seat), game.legal_actions(true_state, seat), handle)
            )
        differ += moves[0] != moves[1]
    assert differ > 0


def test_the_bot_never_receives_the_state_only_a_handle() -> None:
    game = get_game("avenue")
    state = game.new_state(2, 3)
    seen: list[object] = []

    class Spy(MctsBot):
        def act_informed(self, view: Any, legal: Any, handle: InformationHandle) -> Any:
            seen.extend([view, handle])
            return super().act_informed(view, legal, handle)

    bot = Spy(game, 0, 1, iterations=5)
    decide(bot, game, state, 0, 0)
    assert seen[0] == game.view(state, 0)
    assert isinstance(seen[1], InformationHandle)
    assert not any(value is state for value in vars(bot).values())
    assert not hasattr(seen[1], "state")
