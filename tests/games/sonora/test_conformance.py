"""The conformance harness on option combinations the shared test does not play together."""

import pytest

from tabuleiro.games.sonora import GAME
from tabuleiro.testing import check_game

ALL_ON = {
    "advanced": True,
    "hand_noise": "normal",
    "own_knocked_off": "reflick",
    "corner_repeats": "three",
    "mud_order": "any",
    "rounds": 5,
}


@pytest.mark.parametrize("players", [1, 4])
def test_harness_with_every_option_switched_on(players: int) -> None:
    report = check_game(GAME, players, range(100, 103), ALL_ON, full_every=0, leak_every=11)
    assert report.games == 3 and report.illegal_checked > 0
