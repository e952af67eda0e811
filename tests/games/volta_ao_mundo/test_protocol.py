"""Protocol details particular to this game: the fast legality check, notation, bounds."""

import pytest

from tabuleiro.core import InvalidActionError, RngStream
from tabuleiro.games.volta_ao_mundo import GAME, rules
from tabuleiro.games.volta_ao_mundo.state import PLAY


def _random_states(games=6, players=3):
    rng = RngStream(11)
    for seed in range(games):
        state = GAME.new_state(players, seed)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            yield state, seat, legal
            state = GAME.apply(state, seat, rng.choice(legal))


def test_fast_turn_check_agrees_with_the_list_of_legal_actions():
    states = list(_random_states())
    pool = {GAME.format_action(a): a for _, _, legal in states for a in legal}
    checked = 0
    for state, seat, legal in states[::3]:
        if state.phase != PLAY or state.stack[-1].kind != "turn":
            continue
        for action in pool.values():
            known = rules._turn_check(state, seat, action)
            if known is not None:
                assert known == (action in legal), GAME.format_action(action)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    "text",
    [
        "pick LON",
        "move ccu",
        "telegraph o income collect",
        "free buy 5",
        "buy 2 office o",
        "swap 6 o office 1",
        "free swap 1 2",
        "free flip o",
        "effect 3",
        "effect 3 o",
        "effect 2 p4 6",
        "effect 1 SFO",
        "rest",
        "end",
        "leg ALD",
        "detour CMB",
        "lock 2",
        "face b",
        "hold",
        "turn",
        "stop",
        "skip",
        "elephant",
        "pay",
        "delay",
        "sabotage",
        "sabotage 3",
        "plan 6 a",
        "refresh 1 2 3 4 5",
    ],
)
def test_notation_round_trips(text):
    action = GAME.parse_action(text)
    assert GAME.parse_action(GAME.format_action(action)) == action
    assert GAME.action_from_json(GAME.action_to_json(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly LON",
        "move XXX",
        "pick",
        "telegraph 1 fame fame",
        "telegraph 1 fly",
        "buy 6",
        "swap 2 1",
        "swap o 1",
        "free rest",
        "free buy 2 office 1",
        "plan o a",
        "refresh 2 1",
        "refresh",
        "effect 7",
        "face c",
        "effect 1 p5 2",
    ],
)
def test_bad_notation_is_refused_with_a_message(text):
    with pytest.raises(InvalidActionError) as err:
        GAME.parse_action(text)
    assert "Volta ao mundo" in str(err.value) and err.value.message("pt")


def test_max_decisions_bounds_the_game():
    for players in (2, 3, 4):
        bound = GAME.max_decisions(players, GAME.make_options())
        assert bound >= players * rules.TURN_LIMIT
