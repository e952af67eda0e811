"""Encodings that reuse what they worked out for earlier views give the same numbers as from
scratch, whatever order the views come in (several matches at once, seats in turn, a match
read backwards), so that nothing carries over from one position or match to another."""

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tabuleiro.core import RngStream, get_game
from tabuleiro.games.metro import encoding as metro
from tabuleiro.games.volta_ao_mundo import encoding as volta

from .conftest import VARIANTS, variant


def _forget_metro() -> None:
    metro._LAST_LINES.clear()
    metro._LAST_BOARD.clear()


def _forget_volta() -> None:
    volta._TRAVELLERS.clear()


MATCHES: dict[str, tuple[Callable[[], None], list[tuple[int, int, Mapping[str, object]]]]] = {
    "metro": (
        _forget_metro,
        [
            (2, 0, {}),
            (3, 1, {"free_orientation": True, "hand_size": 3}),
            (2, 2, {"companies": True, "central_stations": True}),
            (2, 3, {"station_numbers": True, "central_tracks": True, "central_tracks_score": True}),
            (4, 4, {}),
        ],
    ),
    "volta_ao_mundo": (_forget_volta, [(2, 0, {}), (3, 1, {})]),
}


def _views(game_id: str) -> list[tuple[Any, int, Any]]:
    """(view, players, options) for every seat at every position of each match, in order."""
    game = get_game(game_id)
    out = []
    for players, seed, raw in MATCHES[game_id][1]:
        choose = RngStream(seed + 5)
        state = game.new_state(players, seed, raw)
        options = game.options_of(state)
        while game.to_act(state) and len(out) < 400 * (seed + 1):
            out.extend((game.view(state, seat), players, options) for seat in range(players))
            seat = min(game.to_act(state))
            state = game.apply(state, seat, choose.choice(game.legal_actions(state, seat)))
    return out


@pytest.mark.parametrize("name", [name for name in VARIANTS if name.split("+")[0] in MATCHES])
def test_observations_do_not_depend_on_the_views_read_before(name: str) -> None:
    game_id, encoding = variant(name)
    forget = MATCHES[game_id][0]
    views = _views(game_id)
    fresh = []
    for view, players, options in views:
        forget()
        fresh.append(list(encoding.observe(view, players, options)))
    orders = {
        "in play": list(range(len(views))),
        "backwards": list(range(len(views)))[::-1],
        "shuffled": random.Random(1).sample(range(len(views)), len(views)),
    }
    for name, order in orders.items():
        forget()
        for i in order:
            view, players, options = views[i]
            assert list(encoding.observe(view, players, options)) == fresh[i], (name, i)
