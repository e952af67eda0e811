"""The conformance harness over every allowed combination of expansions and variants."""

from itertools import combinations

import pytest

from tabuleiro.core import OptionError
from tabuleiro.games.metro import GAME
from tabuleiro.sim.simulate import SimConfig, simulate
from tabuleiro.testing import check_game

EXPANSIONS = ("companies", "central_stations", "central_tracks", "station_numbers")
ALLOWED = [
    (),
    ("companies",),
    ("central_stations",),
    ("central_tracks",),
    ("station_numbers",),
    ("companies", "central_stations"),
    ("companies", "central_tracks"),
    ("central_stations", "station_numbers"),
    ("central_tracks", "station_numbers"),
]


def test_allowed_combinations_are_exactly_the_rulebooks() -> None:
    for size in range(5):
        for combo in combinations(EXPANSIONS, size):
            options = dict.fromkeys(combo, True)
            try:
                GAME.new_state(2, 0, options)
            except OptionError:
                assert combo not in ALLOWED
            else:
                assert combo in ALLOWED


@pytest.mark.parametrize("combo", ALLOWED, ids=["+".join(c) or "base" for c in ALLOWED])
@pytest.mark.parametrize("players", [2, 5])
def test_harness_per_combination(combo: tuple[str, ...], players: int) -> None:
    report = check_game(GAME, players, range(4), dict.fromkeys(combo, True), full_every=4, leak_every=5)
    assert report.games == 4 and report.leak_samples_changed > 0


@pytest.mark.parametrize("combo", ALLOWED, ids=["+".join(c) or "base" for c in ALLOWED])
def test_simulation_for_every_player_count(combo: tuple[str, ...]) -> None:
    for players in range(2, 7):
        config = SimConfig(GAME, players, 2, 1, dict.fromkeys(combo, True), ("random",) * players)
        doc = simulate(config)
        # `simulate` raises when a game does not end; each result has one score per seat.
        assert [len(result["scores"]) for result in doc["results"]] == [players, players]


def test_variants_together() -> None:
    check_game(GAME, 3, range(4), {"free_orientation": True, "hand_size": 3, "companies": True}, full_every=2)
