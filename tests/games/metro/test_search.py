"""Metro's search hints: candidates, evaluation and observation read only what they may."""

from __future__ import annotations

import random

import pytest

from tabuleiro.core import Rng
from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.actions import Draw, Place
from tabuleiro.games.metro.bots import Weights, _Board
from tabuleiro.games.metro.search import TOP, candidates, estimate, observation
from tabuleiro.games.metro.state import MetroState

OPTION_SETS = [{}, {"companies": True, "central_stations": True}, {"station_numbers": True}]


def _positions(options: dict[str, object], seed: int = 3) -> list[MetroState]:
    """Every state of a random 2-player match."""
    rnd = random.Random(seed)
    state = GAME.new_state(2, seed, options)
    out = [state]
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        out.append(state)
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "base")
def test_candidates_are_legal_and_keep_every_action_but_placements(options: dict[str, object]) -> None:
    for state in _positions(options)[:-1:5]:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        chosen = candidates(state, seat, legal)
        assert chosen and all(a in legal for a in chosen)
        assert sum(1 for a in chosen if isinstance(a, Place)) == min(
            TOP, sum(isinstance(a, Place) for a in legal)
        )
        assert (Draw() in legal) == (Draw() in chosen)


def test_candidates_hold_the_placement_the_greedy_board_rates_best() -> None:
    weights = Weights()
    for state in _positions({})[1:-1:4]:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        places = [a for a in legal if isinstance(a, Place)]
        if len(places) <= TOP:
            continue
        board = _Board(GAME.view(state, seat), seat, weights)
        gains = {a: board.gain(a.face * 4 + a.rotation, a.square) for a in places}
        best = max(gains.values())
        chosen = candidates(state, seat, legal)
        assert any(gains[a] >= best - 1.0 for a in chosen if isinstance(a, Place))


@pytest.mark.parametrize("options", [{}, {"station_numbers": True}])
def test_the_estimate_of_a_finished_match_is_its_line_score(options: dict[str, object]) -> None:
    final = _positions(options)[-1]
    outcome = GAME.outcome(final)
    assert outcome is not None
    lines = [row["lines"] for row in outcome.breakdown]
    assert estimate(final) == [float(points) for points in lines]


def test_the_estimate_counts_open_lines_for_their_owner() -> None:
    state = _positions({})[20]
    values = estimate(state)
    assert all(v > s for v, s in zip(values, state.scores, strict=True))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "base")
def test_the_observation_is_the_same_in_states_the_seat_cannot_tell_apart(options: dict[str, object]) -> None:
    differ = 0
    for i, state in enumerate(_positions(options)[1:-1:7]):
        (seat,) = GAME.to_act(state)
        twin = GAME.sample_consistent(state, seat, Rng.from_seed(i))
        assert observation(state, seat) == observation(twin, seat)
        other = 1 - seat
        differ += observation(state, other) != observation(twin, other)
    assert differ > 0
