"""Every registered game refuses malformed action values (the harness's malformed-action check).

Each game is played with its default options, and again with options that bring its other
action types into play (expansions, solo, the opening market).
"""

import pytest

from tabuleiro.core import all_games, get_game
from tabuleiro.testing import check_malformed

# Options under which action types absent from the defaults appear.
EXTRA_OPTIONS: dict[str, list[tuple[int, dict[str, object]]]] = {
    "metro": [
        (3, {"companies": True, "central_stations": True, "free_orientation": True, "hand_size": 2}),
        (2, {"station_numbers": True, "central_tracks": True}),
    ],
    "sonora": [(1, {"advanced": True}), (3, {"own_knocked_off": "reflick"})],
    "volta_ao_mundo": [(2, {"opening": "reverse", "contacts": True, "winding": True})],
    "dogs": [(2, {"centre_passable": True, "resource_cards": "convert", "full_pen_bonus": "refill"})],
    "avenue": [(1, {"map": "B"})],
}
# Every this many decisions a position is checked: games with long playouts (DOGS: about 900
# decisions) or slow ones (Sonora's physics) are sampled more sparsely to keep CI fast.
EVERY = {"avenue": 10, "dogs": 40, "metro": 8, "sonora": 12, "volta_ao_mundo": 12}
SEEDS = {"sonora": 1}

CASES = [
    (g.info.id, players, options)
    for g in all_games()
    for players, options in [
        (min(max(g.info.min_players, 3), g.info.max_players), {}),
        *EXTRA_OPTIONS.get(g.info.id, []),
    ]
]


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CASES,
    ids=[f"{g}-{n}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for g, n, o in CASES],
)
def test_apply_refuses_every_malformed_action_without_changing_the_state(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    seeds = range(SEEDS.get(game_id, 2))
    report = check_malformed(get_game(game_id), players, seeds, options, every=EVERY.get(game_id, 10))
    assert report.games == len(seeds)
    assert report.positions > 0 and report.refused > 0


def test_extra_options_name_registered_games() -> None:
    assert {g.info.id for g in all_games()} >= set(EXTRA_OPTIONS) | set(EVERY) | set(SEEDS)
