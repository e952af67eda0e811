"""Views are built from pieces kept between calls (each traveller written out once, the cards
in sight, the strand search): they must not depend on what was asked before, and states made
by `apply` (which builds on a private draft) must look exactly like states made afresh."""

import pickle
import random

import pytest

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.state import RaceState

from ..view_cache import assert_views_as_from_new_objects
from .helpers import new

OPTIONS = [
    {},
    {"opening": "reverse", "income": "printed", "end": "all"},
    {"contacts": True, "winding": True, "fame_card_discounts": "others", "idle_day": False},
]


def _positions(options: dict[str, object], seed: int) -> list[tuple[RaceState, int | None]]:
    """A random game's states, each with a sibling (another action from its parent), for the
    deciding seat, another seat and the spectator."""
    rnd = random.Random(seed)
    state = new(3, seed=seed, **options)
    out: list[tuple[RaceState, int | None]] = []
    while seats := GAME.to_act(state):
        seat = min(seats)
        legal = GAME.legal_actions(state, seat)
        sibling = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        state = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        out += [(s, viewer) for s in (state, sibling) for viewer in (None, seat, (seat + 1) % 3)]
    return out


def _fresh(state: RaceState) -> RaceState:
    """An equal state made of new objects, which no kept piece of a view can match."""
    copy: RaceState = pickle.loads(pickle.dumps(state))
    return copy


@pytest.mark.parametrize("options", OPTIONS, ids=["base", "reverse-printed-all", "contacts-winding"])
def test_views_are_the_same_in_any_order_as_from_new_objects(options: dict[str, object]) -> None:
    positions = _positions(options, seed=5)
    assert all(type(state) is RaceState for state, _ in positions)  # no draft escapes `apply`
    assert_views_as_from_new_objects(GAME, positions, _fresh)


def test_apply_leaves_the_state_it_was_given_as_it_was() -> None:
    rnd = random.Random(8)
    state = new(3, seed=8)
    while seats := GAME.to_act(state):
        seat = min(seats)
        legal = GAME.legal_actions(state, seat)
        before = pickle.dumps(state)
        after = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        assert pickle.dumps(state) == before
        state = after
