"""DOGS' search hints: candidates read only what the seat may know, and the search on them
is reproducible and answers at once where the greedy bot's move is the only candidate."""

from __future__ import annotations

import random

from tabuleiro.bots import MctsBot, decide
from tabuleiro.core import Rng
from tabuleiro.games.dogs import GAME
from tabuleiro.games.dogs.bots import SEARCH_HINTS, SEARCH_WIDTH, GreedyBot, candidates
from tabuleiro.games.dogs.state import DogsState

KINDS = ("fuel", "move", "bonus", "arrange", "offer", "place", "box", "feed", "salary")
"""The kinds of decision (`Frame.kind`)."""


def _decisions(seed: int = 3) -> list[tuple[DogsState, int, int]]:
    """(state, seat, decisions so far) at every decision with a choice of a greedy match."""
    state = GAME.new_state(2, seed)
    bots = {s: GreedyBot(s, seed + s) for s in range(2)}
    out = []
    done = 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if len(legal) > 1:
            out.append((state, seat, done))
        state = GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), legal))
        done += 1
    return out


def test_candidates_are_the_same_in_states_the_seat_cannot_tell_apart() -> None:
    differ = 0
    for i, (state, seat, _) in enumerate(_decisions()[::9]):
        twin = GAME.sample_consistent(state, seat, Rng.from_seed(i))
        differ += twin != state
        legal = GAME.legal_actions(state, seat)
        assert candidates(state, seat, legal) == candidates(twin, seat, GAME.legal_actions(twin, seat))
    assert differ > 5


def test_the_evaluation_reads_the_state_it_is_given_and_tracks_the_score() -> None:
    # The evaluation of a drawn state is a function of that state alone (the same state, the
    # same values; a twin that differs only in hidden things the evaluation reads may differ),
    # and at the last decision of a match it is within a few points of the final scores.
    assert SEARCH_HINTS.evaluate is not None
    found = _decisions(4)
    for state, _, _ in found[::25]:
        assert list(SEARCH_HINTS.evaluate(state)) == list(SEARCH_HINTS.evaluate(state))
    state, seat, _ = found[-1]
    bots = {s: GreedyBot(s, 4 + s) for s in range(2)}
    estimate = SEARCH_HINTS.evaluate(state)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), legal))
    outcome = GAME.outcome(state)
    assert outcome is not None
    for value, score in zip(estimate, outcome.scores, strict=True):
        assert abs(value - score) <= 6


def test_a_searched_decision_is_reproducible_and_a_lone_candidate_is_played_at_once() -> None:
    searched = lone = 0
    for state, seat, done in _decisions(5)[::7][:12]:
        legal = GAME.legal_actions(state, seat)
        width = len(candidates(state, seat, legal))
        runs = []
        for _ in range(2):
            bot = MctsBot(GAME, seat, 7, iterations=12)
            move = decide(bot, GAME, state, seat, done)
            assert bot.last is not None
            runs.append((move, [(a.action, a.visits, a.value) for a in bot.last.actions]))
        assert runs[0] == runs[1]
        move, stats = runs[0]
        assert move in candidates(state, seat, legal)
        if width == 1:
            assert move == GreedyBot(seat, 0).act(GAME.view(state, seat), legal)
            assert sum(v for _, v, _ in stats) == 0
            lone += 1
        else:
            assert sum(v for _, v, _ in stats) == 12
            searched += 1
    assert searched and lone
    assert set(SEARCH_WIDTH) <= set(KINDS)


def test_the_greedy_playout_ignores_its_generator() -> None:
    assert SEARCH_HINTS.playout is not None
    for state, seat, _ in _decisions(6)[::20]:
        legal = GAME.legal_actions(state, seat)
        moves = {SEARCH_HINTS.playout(state, seat, legal, random.Random(r)) for r in range(3)}
        assert len(moves) == 1
