"""Every registered game passes the conformance harness."""

import pytest

from tabuleiro.core import all_games, get_game
from tabuleiro.testing import check_game

GAMES = all_games()
COUNTS = [(g.info.id, n) for g in GAMES for n in range(g.info.min_players, min(g.info.max_players, 20) + 1)]
OPTIONS = [
    (g.info.id, spec.name, value)
    for g in GAMES
    for spec in g.options_type.specs()
    for value in spec.to_json()["choices"]
    if value != spec.default
]


@pytest.mark.parametrize("game_id", [g.info.id for g in GAMES])
def test_random_playouts_over_100_seeds(game_id: str) -> None:
    game = get_game(game_id)
    players = min(max(game.info.min_players, 3), game.info.max_players)
    report = check_game(game, players, range(100))
    assert report.games == 100
    assert report.illegal_checked > 0 and report.leak_samples_changed > 0


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_every_player_count(game_id: str, players: int) -> None:
    report = check_game(get_game(game_id), players, range(2), full_every=0, leak_every=13)
    assert report.games == 2


@pytest.mark.parametrize(("game_id", "name", "value"), OPTIONS)
def test_every_option_value(game_id: str, name: str, value: object) -> None:
    game = get_game(game_id)
    players = min(max(game.info.min_players, 2), game.info.max_players)
    report = check_game(game, players, range(10), {name: value}, full_every=5)
    assert report.games == 10
