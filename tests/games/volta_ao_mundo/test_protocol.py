"""Protocol details particular to this game: the fast legality check, notation, bounds."""

from collections import Counter

import pytest

from tabuleiro.core import InvalidActionError, RngStream
from tabuleiro.games.volta_ao_mundo import DECISIONS_PER_TURN, GAME, MOVE_DECISIONS, rules
from tabuleiro.games.volta_ao_mundo.actions import Leg
from tabuleiro.games.volta_ao_mundo.state import PLAY

from .helpers import mover, play, traveller, with_events

BOARD = rules.BOARD


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
        "sponsor 2",
        "sponsor o",
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
        "sponsor",
        "sponsor 7",
    ],
)
def test_bad_notation_is_refused_with_a_message(text):
    with pytest.raises(InvalidActionError) as err:
        GAME.parse_action(text)
    assert "Around the World in 80 Days" in str(err.value) and "Volta ao mundo" in err.value.message("pt")


def _longest_move(state):
    """The most decisions left before the Move being resolved ends, over every choice."""
    if state.trip is None or state.stack[-1].kind == "turn":
        return 0
    seat = state.stack[-1].seat
    return 1 + max(_longest_move(GAME.apply(state, seat, a)) for a in GAME.legal_actions(state, seat))


def test_max_decisions_the_longest_move_stays_within_the_move_allowance():
    # Every choice tried: the Perfect connection's extra space, two more spaces, one more
    # space done twice (a face chosen), a lock repeated (a face chosen), lock tokens spent
    # or kept.
    state = mover(
        "M26:lock", "M33", "M21:lock", "M27", "M32", "M28:lock", where="PAR", path=(), weather="W01"
    )
    state = with_events(traveller(state, 0, fame=15), "E09")
    longest = 1 + _longest_move(play(state, 0, "move TRN"))
    assert 10 <= longest <= MOVE_DECISIONS <= DECISIONS_PER_TURN


def test_max_decisions_playouts_stay_within_the_per_turn_allowance():
    # Every extra space taken, to make moves long; `opening=reverse` adds purchases before
    # the first turn.
    rng = RngStream(4)
    for seed in range(20):
        options = GAME.make_options({"opening": "reverse", "winding": seed % 2 == 1})
        state = GAME.new_state(4, seed, options)
        per_turn: Counter[int] = Counter()
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            per_turn[state.turn_index] += 1
            legal = GAME.legal_actions(state, seat)
            legs = [a for a in legal if isinstance(a, Leg)]
            state = GAME.apply(state, seat, rng.choice(legs or legal))
        assert per_turn.pop(0) <= 4 * (BOARD.draft_keep + 1) + 2 * 3  # draft, start, opening
        assert max(per_turn.values()) <= DECISIONS_PER_TURN
        assert len(per_turn) <= 4 * rules.TURN_LIMIT
