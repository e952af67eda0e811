"""The numeric forms for learning agents."""

from tabuleiro.games.avenue import GAME
from tabuleiro.games.avenue.encoding import ACTIONS, OBSERVATION_SIZE, action_index, legal_mask, observation

from .helpers import new


def test_action_indices_cover_every_action_once() -> None:
    assert [action_index(a) for a in ACTIONS] == list(range(43))
    state = GAME.apply(new(2, seed=1), 0, GAME.parse_action("peek"))
    assert legal_mask(GAME.legal_actions(state, 1)) == [1] * 43
    assert legal_mask(GAME.legal_actions(state, 0)) == [0] * 43


def test_observation_has_a_fixed_size_and_follows_the_view() -> None:
    state = new(3, seed=2)
    while GAME.to_act(state):
        for seat in sorted(GAME.to_act(state)):
            obs = observation(GAME.view(state, seat))
            assert len(obs) == OBSERVATION_SIZE
            assert obs[:42] == list(state.roads[seat])
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, legal[len(legal) // 2])
