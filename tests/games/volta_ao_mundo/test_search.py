"""Volta ao mundo's search hints: legal choices, an evaluation in days, fair observations."""

from __future__ import annotations

import random

from tabuleiro.bots import decide, make_bot
from tabuleiro.core import Rng
from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.actions import Buy, End, Move
from tabuleiro.games.volta_ao_mundo.bots import ROUTES, GreedyBot, leg_cost
from tabuleiro.games.volta_ao_mundo.components import SHIP, components
from tabuleiro.games.volta_ao_mundo.movement import strands
from tabuleiro.games.volta_ao_mundo.search import (
    BUYS,
    NO_DISCOUNT,
    _savings,
    candidates,
    estimate,
    greedy_playout,
    observation,
    playout,
)
from tabuleiro.games.volta_ao_mundo.state import DRAFT, FINISHED, PLAY, START, Placed, RaceState, evolve
from tabuleiro.games.volta_ao_mundo.view import BOT_KEYS, bot_view, view


def _greedy_match(seed: int = 5) -> list[RaceState]:
    """Every state of a 2-player match between greedy bots."""
    state = GAME.new_state(2, seed)
    bots = [make_bot(GAME, "greedy", s, seed + s) for s in range(2)]
    out = [state]
    decisions = 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, decide(bots[seat], GAME, state, seat, decisions))
        decisions += 1
        out.append(state)
    return out


MATCH = _greedy_match()


def test_candidates_are_legal_keep_every_safe_move_and_end_and_few_purchases() -> None:
    turns = [s for s in MATCH if s.phase == PLAY and s.stack and s.stack[-1].kind == "turn"]
    assert len(turns) > 20
    for state in turns:
        seat = state.stack[-1].seat
        legal = GAME.legal_actions(state, seat)
        chosen = candidates(state, seat, legal)
        assert chosen and all(a in legal for a in chosen)
        t = state.travellers[seat]
        safe = [a for a in legal if isinstance(a, Move) and not strands(state, t, a.city)]
        assert all(a in chosen for a in safe)
        assert (End() in legal) == (End() in chosen)
        greedy = GreedyBot(seat, 0).act(view(state, seat), legal)
        assert greedy in chosen
        others = [a for a in chosen if isinstance(a, Buy) and a != greedy]
        assert len({a.market for a in others}) <= BUYS


def test_the_playout_policy_answers_a_legal_action_everywhere() -> None:
    rnd = random.Random(1)
    for state in MATCH[:-1]:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        assert playout(state, seat, legal, rnd) in legal


def test_the_estimate_of_a_finished_traveller_is_its_days() -> None:
    final = MATCH[-1]
    outcome = GAME.outcome(final)
    assert outcome is not None
    values = estimate(final)
    for seat, t in enumerate(final.travellers):
        if t.status == FINISHED:
            assert values[seat] == outcome.scores[seat]
        else:
            assert values[seat] > outcome.scores[seat]


def test_the_estimate_expects_more_days_than_the_track_shows_during_the_race() -> None:
    racing = [s for s in MATCH if s.phase == PLAY and s.trip is None][5:40]
    for state in racing:
        values = estimate(state)
        assert all(v > t.days for v, t in zip(values, state.travellers, strict=True) if t.status != FINISHED)


def test_the_observation_is_the_same_in_states_the_seat_cannot_tell_apart() -> None:
    differ = 0
    for i, state in enumerate(MATCH[:-1:6]):
        seat = min(GAME.to_act(state))
        twin = GAME.sample_consistent(state, seat, Rng.from_seed(i))
        assert observation(state, seat) == observation(twin, seat)
        differ += any(observation(state, s) != observation(twin, s) for s in range(2) if s != seat)
    assert differ > 0


def test_the_bot_view_is_the_part_of_the_view_the_greedy_bot_reads() -> None:
    for state in MATCH[:-1:3]:
        for seat in range(2):
            whole = view(state, seat)
            assert bot_view(state, seat) == {key: whole[key] for key in BOT_KEYS}


def test_the_playout_plays_what_the_greedy_bot_plays_from_the_whole_view() -> None:
    rnd = random.Random(3)
    for state in MATCH[:-1:2]:
        if state.phase in (DRAFT, START):
            continue
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        assert greedy_playout(state, seat, legal, rnd) == GreedyBot(seat, 0).act(view(state, seat), legal)


def _ship_legs(count: int) -> list[int]:
    legs = [i for i, r in enumerate(ROUTES) if r.transport == SHIP and leg_cost(i, NO_DISCOUNT) >= 3]
    return legs[:count]


def _with_card(state: RaceState, seat: int, card: str, lock: bool = False) -> RaceState:
    index = next(i for i, c in enumerate(components().cards) if c.id == card)
    t = state.travellers[seat]
    tableau = (Placed(index, 0, lock), *t.tableau[1:])
    return evolve(
        state,
        travellers=tuple(
            evolve(x, tableau=tableau) if s == seat else x for s, x in enumerate(state.travellers)
        ),
    )


def test_a_card_saves_on_its_face_up_then_turns_over_unless_locked() -> None:
    state = next(s for s in MATCH if s.phase == PLAY)
    legs = _ship_legs(2)
    # M04: face A a ship day off, face B a carriage day off; M12: two ship days, then one.
    plain = _with_card(state, 0, "M04").travellers[0]
    assert _savings(plain, legs, False) == 1.0
    locked = _with_card(state, 0, "M04", lock=True).travellers[0]
    assert _savings(locked, legs, False) == 2.0
    both = _with_card(state, 0, "M12").travellers[0]
    assert _savings(both, legs, False) == 3.0


def test_during_the_race_the_estimate_is_the_same_in_every_sample_of_a_seat() -> None:
    """The evaluation reads the travellers and the Move in progress, public during the race,
    so every state a seat cannot tell apart from the true one gets the same estimate."""
    racing = [s for s in MATCH if s.phase == PLAY][::7]
    assert len(racing) > 5
    for i, state in enumerate(racing):
        seat = min(GAME.to_act(state))
        twin = GAME.sample_consistent(state, seat, Rng.from_seed(i))
        assert estimate(twin) == estimate(state)
