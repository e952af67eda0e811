"""Volta ao mundo's search hints: legal choices, an evaluation in days, fair observations."""

from __future__ import annotations

import random

from tabuleiro.bots import decide, make_bot
from tabuleiro.core import Rng
from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.actions import Buy, End, Move
from tabuleiro.games.volta_ao_mundo.movement import strands
from tabuleiro.games.volta_ao_mundo.search import BUYS, candidates, estimate, observation, playout
from tabuleiro.games.volta_ao_mundo.state import FINISHED, PLAY, RaceState


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
        assert len({a.market for a in chosen if isinstance(a, Buy)}) <= BUYS


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
