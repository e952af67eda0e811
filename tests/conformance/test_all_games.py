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
# Sonora simulates every flick with pymunk (about 100 flicks a game, each probed several
# times by the harness): fewer seeds here keep CI in budget; tests/games/sonora/
# test_conformance.py adds option combinations.
SEEDS = {"sonora": 25}
OPTION_SEEDS = {"sonora": 4}


# The playouts run in blocks of seeds, so parallel test workers share a long game's load;
# Sonora's games cost about ten times the others', so its blocks are smaller.
BLOCK = 25
BLOCKS = {"sonora": 5}
PLAYOUTS = [
    (g.info.id, first)
    for g in GAMES
    for first in range(0, SEEDS.get(g.info.id, 100), BLOCKS.get(g.info.id, BLOCK))
]


@pytest.mark.parametrize(("game_id", "first_seed"), PLAYOUTS)
def test_random_playouts_over_100_seeds(game_id: str, first_seed: int) -> None:
    game = get_game(game_id)
    players = min(max(game.info.min_players, 3), game.info.max_players)
    seeds = range(first_seed, min(first_seed + BLOCKS.get(game_id, BLOCK), SEEDS.get(game_id, 100)))
    report = check_game(game, players, seeds)
    assert report.games == len(seeds)
    assert report.illegal_checked > 0 and report.leak_samples_changed > 0


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_every_player_count(game_id: str, players: int) -> None:
    report = check_game(get_game(game_id), players, range(2), full_every=0, leak_every=13)
    assert report.games == 2


@pytest.mark.parametrize(("game_id", "name", "value"), OPTIONS)
def test_every_option_value(game_id: str, name: str, value: object) -> None:
    game = get_game(game_id)
    players = min(max(game.info.min_players, 2), game.info.max_players)
    seeds = OPTION_SEEDS.get(game_id, 10)
    report = check_game(game, players, range(seeds), {name: value}, full_every=5)
    assert report.games == seeds
