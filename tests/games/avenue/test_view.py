"""What each seat may know: hidden decks, sealed choices and peeks stay hidden."""

import json
import pickle
import random
from collections import Counter

from tabuleiro.core import Rng
from tabuleiro.games.avenue import GAME
from tabuleiro.games.avenue.actions import PEEK
from tabuleiro.games.avenue.state import AvenueState

from ..view_cache import assert_views_as_from_new_objects
from .helpers import new


def test_views_never_carry_deck_order_or_the_generator() -> None:
    state = new(2, seed=5)
    for seat in (0, 1, None):
        text = str(GAME.view(state, seat))
        assert "rng" not in text and "farm_deck': [" not in text
        assert GAME.view(state, seat)["road_deck"] == 41


def test_sample_consistent_redraws_both_decks_and_keeps_what_the_seat_saw() -> None:
    state = GAME.apply(new(2, seed=5), 0, PEEK)
    tops = Counter()
    farm_orders = set()
    for i in range(200):
        other = GAME.sample_consistent(state, 1, Rng.from_seed(i))
        tops[other.farm_deck[0]] += 1
        farm_orders.add(other.farm_deck)
        assert other.road_deck != state.road_deck or i > 0
        mine = GAME.sample_consistent(state, 0, Rng.from_seed(i))
        assert mine.farm_deck[0] == state.farm_deck[0]  # seat 0 peeked: the top card is known
        assert mine.pending[0] == PEEK
    assert len(tops) == 5 and len(farm_orders) > 50  # seat 1 knows nothing of the farm deck


def test_sample_consistent_redraws_other_seats_sealed_choices() -> None:
    state = GAME.apply(new(3, seed=1), 2, GAME.parse_action("c4"))
    choices = {GAME.sample_consistent(state, 0, Rng.from_seed(i)).pending[2] for i in range(100)}
    assert len(choices) > 20
    assert all(
        GAME.sample_consistent(state, 2, Rng.from_seed(i)).pending[2] == state.pending[2] for i in range(10)
    )


def test_render_in_both_languages_labels_designed_maps() -> None:
    state = new(2, seed=1, map="C")
    assert "(criado pelo Tabuleiro)" in GAME.render(state, 0, "pt")
    assert "(designed by Tabuleiro)" in GAME.render(state, None, "en")
    assert "designed" not in GAME.render(new(1), 0, "en").splitlines()[0]
    assert GAME.view(state, None)["map"]["designed"] is True


def _positions(seed: int) -> list[tuple[AvenueState, int | None]]:
    """A random game's states, each with a sibling (another choice from its parent), for every
    seat and the spectator."""
    rnd = random.Random(seed)
    state = new(3, seed=seed)
    out: list[tuple[AvenueState, int | None]] = []
    while seats := GAME.to_act(state):
        seat = rnd.choice(sorted(seats))
        legal = GAME.legal_actions(state, seat)
        sibling = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        state = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
        out += [(s, viewer) for s in (state, sibling) for viewer in (None, 0, 1, 2)]
    return out


def test_views_are_the_same_in_any_order_as_from_new_objects() -> None:
    # Views keep pieces (sheets, the table, the public part) between calls: an equal state made
    # of new objects, which no kept piece can match, must give the same view, keys in the same
    # order, whatever was asked before.
    positions = _positions(seed=2)
    assert_views_as_from_new_objects(GAME, positions, lambda s: pickle.loads(pickle.dumps(s)), json.dumps)
