"""`apply` builds the next state on a private draft (`core.evolve.draft`): the state it was
given stays as it was, and what it returns is an ordinary state that later actions copy."""

import pickle
import random

import pytest

from tabuleiro.games.dogs import GAME
from tabuleiro.games.dogs.state import DogsState

from .helpers import new


@pytest.mark.parametrize("players", [2, 4])
def test_apply_leaves_the_state_it_was_given_as_it_was(players: int) -> None:
    rnd = random.Random(players)
    state = new(players, seed=players)
    seen = 0
    while (seats := GAME.to_act(state)) and seen < 1500:
        seat = min(seats)
        legal = GAME.legal_actions(state, seat)
        before = pickle.dumps(state)
        after = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        assert pickle.dumps(state) == before
        assert type(after) is DogsState
        state, seen = after, seen + 1
    assert seen > 100
