"""Views are built from pieces kept between calls: they must not depend on what was asked before."""

import pickle
import random

import pytest

from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.state import MetroState

from ..view_cache import assert_views_as_from_new_objects
from .helpers import new

OPTIONS = [
    {},
    {"companies": True, "central_stations": True},
    {"central_tracks": True, "station_numbers": True, "central_tracks_score": True},
    {"free_orientation": True, "hand_size": 3, "one_tile_rule": "all"},
]


def _positions(options: dict[str, object], seed: int) -> list[tuple[MetroState, int | None]]:
    """A random game's states, each with a sibling (another action from its parent), for every
    seat and the spectator."""
    rnd = random.Random(seed)
    state = new(3, seed=seed, **options)
    out: list[tuple[MetroState, int | None]] = []
    while seats := GAME.to_act(state):
        seat = min(seats)
        legal = GAME.legal_actions(state, seat)
        sibling = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        state = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        out += [(s, viewer) for s in (state, sibling) for viewer in (None, 0, 1, 2)]
    return out


def _fresh(state: MetroState) -> MetroState:
    """An equal state made of new objects, which no kept piece of a view can match."""
    copy: MetroState = pickle.loads(pickle.dumps(state))
    return copy


@pytest.mark.parametrize(
    "options", OPTIONS, ids=["base", "companies-central", "tracks-numbers", "free-hand3"]
)
def test_views_are_the_same_in_any_order_as_from_new_objects(options: dict[str, object]) -> None:
    positions = _positions(options, seed=3)
    assert_views_as_from_new_objects(GAME, positions, _fresh)


def test_a_view_changes_with_an_owner_given_by_a_central_wagon() -> None:
    state = new(2, seed=4, central_stations=True)
    before = GAME.view(state, 0)
    after = GAME.apply(state, 0, GAME.parse_action("central F3"))
    line = GAME.view(after, 0)["lines"][34]
    assert before["lines"][34]["owner"] is None and line["owner"] == 0 and line["start"] == "F3"
