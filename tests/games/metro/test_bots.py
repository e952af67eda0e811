"""Metro bots act only on views, keep to the legal actions and the greedy bot clearly beats
random play."""

from dataclasses import replace

import pytest

from tabuleiro.bots import make_bot
from tabuleiro.core import derive_seed, get_game
from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.actions import Place
from tabuleiro.games.metro.bots import Weights, _Board
from tabuleiro.sim.simulate import SimConfig, simulate

from .helpers import give, lay, new

OPTION_SETS = [
    {"companies": True},
    {"central_stations": True},
    {"central_tracks": True},
    {"station_numbers": True},
    {"companies": True, "central_stations": True},
    {"free_orientation": True, "hand_size": 3},
    {"central_tracks": True, "central_tracks_score": True, "one_tile_rule": "all"},
    {"station_numbers": True, "number_lines": "wagons", "central_stations": True},
    {"companies": True, "max_swap_streak": 2, "central_wagon_on_closed_line": False},
]


def test_greedy_beats_random_in_simulation() -> None:
    config = SimConfig(get_game("metro"), 2, 60, 7, {}, ("greedy", "random"))
    summary = simulate(config)["summary"]
    assert summary["win_rate"][0] >= 0.8
    assert summary["mean_score"][0] > summary["mean_score"][1] + 40


def test_greedy_beats_random_from_the_second_seat() -> None:
    config = SimConfig(get_game("metro"), 2, 60, 7, {}, ("random", "greedy"))
    summary = simulate(config)["summary"]
    assert summary["win_rate"][1] >= 0.8
    assert summary["mean_score"][1] > summary["mean_score"][0] + 40


def test_greedy_beats_random_with_four_players() -> None:
    config = SimConfig(get_game("metro"), 4, 30, 7, {}, ("greedy", "random", "random", "random"))
    assert simulate(config)["summary"]["win_rate"][0] >= 0.7


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o))
@pytest.mark.parametrize("players", [2, 3])
def test_greedy_only_returns_legal_actions(options: dict[str, object], players: int) -> None:
    for game in range(2):
        seed = derive_seed(31, game)
        state = GAME.new_state(players, seed, options)
        bots = [make_bot(GAME, "greedy", seat, seed + seat) for seat in range(players)]
        while not GAME.is_terminal(state):
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            action = bots[seat].act(GAME.view(state, seat), legal)
            assert action in legal, GAME.format_action(action)
            state = GAME.apply(state, seat, action)
        GAME.check_invariants(state)


def test_greedy_keeps_its_own_line_open() -> None:
    # Yellow's line from station 7 runs through b1 and waits at a1; the aaaa tile there would
    # end it at station 9 after two tiles, the first legal placement.
    state = replace(give(lay(new(2), {"b1": "cbaa"}), 0, "aaaa"), pile=())
    legal = GAME.legal_actions(state, 0)
    assert GAME.apply(state, 0, legal[0]).scores == (2, 0)
    action = make_bot(GAME, "greedy", 0, 1).act(GAME.view(state, 0), legal)
    after = GAME.apply(state, 0, action)
    assert isinstance(action, Place)
    assert after.lines[6][4] == 0
    assert after.scores == (0, 0)


def test_greedy_closes_a_rival_line_short() -> None:
    # Yellow's line from station 23 runs through g8 and waits at h8: blue's acba there ends
    # it at station 25 after two tiles.
    state = replace(give(lay(new(2), {"g8": "accd"}), 1, "acba"), pile=())
    legal = GAME.legal_actions(state, 1)
    action = make_bot(GAME, "greedy", 1, 1).act(GAME.view(state, 1), legal)
    assert GAME.format_action(action) == "acba@h8"
    assert GAME.apply(state, 1, action).scores == (2, 0)


def test_greedy_acts_on_the_view_alone() -> None:
    state = GAME.apply(new(2, seed=3), 0, GAME.parse_action("draw"))
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    action = make_bot(GAME, "greedy", 0, 5).act(view, legal)
    assert isinstance(action, Place)
    assert action in legal


@pytest.mark.parametrize("rule", ["all", "wagons"])
def test_greedy_takes_a_number_line_without_a_wagon_only_when_it_scores(rule: str) -> None:
    # § Expansão 4: blue (seat 1) holds station 5; F1's printed track, with no wagon, waits at
    # d3 below two baac tiles. aaaa on d3 runs it up to station 5: 3 tiles, doubled from the
    # centre = 6 for the number under the rulebook's reading, nothing under number_lines=wagons.
    state = new(2, seed=11, station_numbers=True, number_lines=rule)
    assert 5 in GAME.view(state, 1)["private"]["numbers"]
    state = replace(give(lay(state, {"d1": "baac", "d2": "baac"}), 1, "aaaa"), pile=())
    legal = GAME.legal_actions(state, 1)
    action = make_bot(GAME, "greedy", 1, 1).act(GAME.view(state, 1), legal)
    assert (GAME.format_action(action) == "aaaa@d3") == (rule == "all")


@pytest.mark.parametrize(
    "options",
    [
        {"central_tracks": True},
        {"central_tracks": True, "central_tracks_score": True},
        {"station_numbers": True},
        {"station_numbers": True, "number_lines": "wagons", "central_stations": True},
    ],
    ids=lambda o: "+".join(f"{k}={v}" for k, v in o.items()),
)
def test_greedy_counts_line_points_as_the_scoring_options_say(options: dict[str, object]) -> None:
    # The bot's own count of every finished line and of its station numbers, made from its
    # view, agrees with the final sheet under each scoring option.
    state = GAME.new_state(3, 5, options)
    bots = [make_bot(GAME, "greedy", seat, 40 + seat) for seat in range(3)]
    while not GAME.is_terminal(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(
            state, seat, bots[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        )
    outcome = GAME.outcome(state)
    assert outcome is not None
    for seat in range(3):
        board = _Board(GAME.view(state, seat), seat, Weights())
        for entry in outcome.details[seat]["lines"]:
            d = int(entry["start"]) - 1 if not entry["start"].startswith("F") else 31 + int(entry["start"][1])
            assert board._points(d, board.lines[d]) == entry["points"]
        numbers = sum(board._number_bonus(d, line) for d, line in enumerate(board.lines))
        assert numbers == outcome.breakdown[seat].get("station_numbers", 0)
