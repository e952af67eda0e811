"""Metro's scoring at its boundaries, every expected value taken from the rulebook's numbers.

§ Pontuação: 1 point per tile passage, doubled when the line ends at the central station
(any of its eight faces F1–F8), never for a line that starts there (expansion 2).
§ Expansão 1: companies worth 8 down to 1 by profit; a tenth of the profit, rounded down,
for the majority holders. § Expansão 4: a station number scores the line ending there.
"""

from dataclasses import replace

import pytest

from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.components import components
from tabuleiro.games.metro.scoring import (
    company_values,
    line_points,
    line_record,
    number_points,
    station_name,
)
from tabuleiro.games.metro.state import MetroOptions, MetroState

from .helpers import give, lay, new, play

COLOURS = [c["id"] for c in components().colours]
BASE = MetroOptions.parse({})

# § Pontuação -------------------------------------------------------------------------------


@pytest.mark.parametrize("end", range(33, 41), ids=[f"F{i}" for i in range(1, 9)])
def test_pontuacao_a_line_ending_at_any_face_of_the_central_station_is_doubled(end: int) -> None:
    # "Se a linha está conectada à estação central … o total … é dobrado": 5 tiles -> 10.
    assert line_points(4, (-1, 0, 5, 0, end), BASE) == (10, True)


@pytest.mark.parametrize("end", [1, 2, 16, 17, 31, 32])
def test_pontuacao_a_line_ending_at_an_edge_station_is_not_doubled(end: int) -> None:
    assert line_points(4, (-1, 0, 5, 0, end), BASE) == (5, False)


@pytest.mark.parametrize("departure", [0, 31])
def test_pontuacao_first_and_last_edge_departures_double_at_the_centre(departure: int) -> None:
    assert line_points(departure, (-1, 0, 3, 0, 33), BASE) == (6, True)
    assert line_points(departure, (-1, 0, 3, 0, 40), BASE) == (6, True)


@pytest.mark.parametrize("departure", range(32, 40), ids=[f"F{i}" for i in range(1, 9)])
def test_estacoes_lines_starting_at_the_centre_never_double(departure: int) -> None:
    # Expansão 2: "Linhas de metrô começando do meio não marcam pontos de vitória em dobro."
    assert line_points(departure, (-1, 0, 4, 0, 34), BASE) == (4, False)
    assert line_points(departure, (-1, 0, 4, 0, 9), BASE) == (4, False)


def test_pontuacao_central_track_passages_score_only_under_the_house_rule() -> None:
    line = (-1, 0, 6, 2, 20)
    assert line_points(4, line, BASE) == (6, False)
    assert line_points(4, line, MetroOptions.parse({"central_tracks_score": True})) == (8, False)


def test_pontuacao_station_5_down_column_d_into_f1_scores_3_doubled_to_6() -> None:
    # Played: station 5's departure (yellow, seat 0 with 2 players) runs down d1, d2 and d3
    # into the central station at F1; three tiles, doubled: 6 points.
    state = lay(new(2), {"d1": "aaaa", "d2": "aaaa"})
    assert state.owners[4] == 0 and state.lines[4][4] == 0
    after = play(give(state, 0, "aaaa"), 0, "aaaa@d3")
    assert after.lines[4][2] == 3 and after.lines[4][4] == 33
    assert after.scores[0] - state.scores[0] == 6
    assert (4, 6) in after.scored
    assert line_record(after, 4, 6) == {
        "owner": 0,
        "start": "5",
        "end": "F1",
        "tiles": 3,
        "central_tiles": 0,
        "doubled": True,
        "points": 6,
    }


def test_station_names_run_1_to_32_then_f1_to_f8() -> None:
    # Departures are numbered from 0; ends from 1 (0 is an open line).
    assert [station_name(d) for d in (0, 4, 31, 32, 39)] == ["1", "5", "32", "F1", "F8"]
    assert [station_name(e, end=True) for e in (1, 5, 32, 33, 40)] == ["1", "5", "32", "F1", "F8"]


# § Expansão 1: company values and majorities ---------------------------------------------------


def test_companhias_eight_different_profits_are_worth_8_down_to_1() -> None:
    # "A companhia … com mais pontos de lucro vale 8 … A companhia com menos pontos … vale 1."
    assert company_values([70, 60, 50, 40, 30, 20, 10, 0]) == (8, 7, 6, 5, 4, 3, 2, 1)
    assert company_values([0, 10, 20, 30, 40, 50, 60, 70]) == (1, 2, 3, 4, 5, 6, 7, 8)


def test_companhias_equal_profits_share_the_higher_value() -> None:
    assert company_values([5] * 8) == (8,) * 8
    assert company_values([0, 0, 0, 0, 0, 0, 0, 1]) == (7, 7, 7, 7, 7, 7, 7, 8)
    assert company_values([9, 9, 1, 1, 1, 0, 0, 0]) == (8, 8, 6, 6, 6, 3, 3, 3)


def _companies(shares: tuple[tuple[str, ...], ...], profits: dict[str, int]) -> MetroState:
    """A finished 2-player companies game: `shares` name the companies of each seat's 10, 20,
    30 and 40% shares; `profits` the companies' profit (others 0)."""
    state = new(2, companies=True)
    held = tuple(tuple(COLOURS.index(c) for c in seat) for seat in shares)
    return replace(state, shares=held, scores=tuple(profits.get(c, 0) for c in COLOURS), turn=-1)


@pytest.mark.parametrize(
    ("profit", "bonus"),
    [(0, 0), (1, 0), (9, 0), (10, 1), (11, 1), (19, 1), (20, 2), (29, 2), (38, 3), (99, 9), (100, 10)],
)
def test_companhias_majority_bonus_is_a_tenth_of_the_profit_rounded_down(profit: int, bonus: int) -> None:
    # "Esse bônus é um décimo dos pontos de lucro da companhia …, arredondado para baixo."
    # Seat 0 holds 60% yellow (profit 0) and 40% black; seat 1 holds 10% black and 90% blue.
    state = _companies(
        (("yellow", "yellow", "yellow", "black"), ("black", "blue", "blue", "blue")), {"black": profit}
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.breakdown[0]["majorities"] == bonus
    assert outcome.breakdown[1]["majorities"] == 0  # blue made no profit
    # Values: black 8 when it leads alone (else every company 8); the others 7.
    if profit:
        assert outcome.breakdown[0]["shares"] == (1 + 2 + 3) * 7 + 4 * 8
        assert outcome.breakdown[1]["shares"] == 1 * 8 + (2 + 3 + 4) * 7
    else:
        assert outcome.breakdown[0]["shares"] == outcome.breakdown[1]["shares"] == 10 * 8
    assert outcome.scores[0] == outcome.breakdown[0]["shares"] + bonus


def test_companhias_tied_majorities_each_gain_the_whole_bonus_and_nobody_gains_for_an_unheld_company() -> (
    None
):
    # "No caso de empate, os jogadores ganham o total dos bônus": 30% black each, profit 25
    # -> 2 each. Red (profit 30) is held by nobody: nobody gains its 3.
    state = _companies(
        (("black", "black", "yellow", "yellow"), ("blue", "blue", "black", "blue")),
        {"black": 25, "red": 30},
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [b["majorities"] for b in outcome.breakdown] == [2, 2]
    assert set(outcome.details[0]["majorities"]) == {"yellow", "black"}
    assert set(outcome.details[1]["majorities"]) == {"blue", "black"}


def test_companhias_a_share_of_n_times_10_percent_is_worth_n_times_the_value() -> None:
    # "ação de 40% = 4x o valor …; ação de 10% = 1x o valor". Yellow leads (8), blue second (7).
    state = _companies(
        (("yellow", "blue", "blue", "yellow"), ("blue", "yellow", "yellow", "blue")),
        {"yellow": 20, "blue": 10},
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    # Seat 0: 50% yellow (5 x 8) + 50% blue (5 x 7) = 75; the others are worth 6 and unheld.
    assert outcome.breakdown[0]["shares"] == 75
    assert outcome.breakdown[1]["shares"] == 75
    # Both hold 50% of each: tied majorities, 2 (yellow) + 1 (blue) each.
    assert outcome.scores == (78, 78)


# § Expansão 4: station numbers -----------------------------------------------------------------


def _numbers(lines: dict[int, tuple[int, int, int, int, int]], **options: object) -> MetroState:
    state = new(2, station_numbers=True, central_stations=True, **options)
    all_lines = list(state.lines)
    for departure, line in lines.items():
        all_lines[departure] = line
    return replace(state, lines=tuple(all_lines))


def test_estacoes_numeradas_a_number_with_no_line_ending_there_scores_0() -> None:
    state = _numbers({})
    assert all(line[4] == 0 for line in state.lines)
    for number in (1, 7, 32):
        assert number_points(state, number) == 0
    ended = _numbers({3: (-1, 0, 4, 0, 8)})
    assert number_points(ended, 7) == 0 and number_points(ended, 9) == 0


def test_estacoes_numeradas_the_line_ending_at_the_number_gives_its_points() -> None:
    # Station 4's line (departure 3) ends at station 8 through 4 tiles: 4 points for number 8,
    # whoever holds it; station 1 and 32 ends as the first and last numbers.
    state = _numbers({3: (-1, 0, 4, 0, 8), 5: (-1, 0, 2, 0, 1), 6: (-1, 0, 7, 0, 32)})
    assert [number_points(state, n) for n in (8, 1, 32)] == [4, 2, 7]


def test_estacoes_numeradas_a_line_from_the_centre_scores_double_for_the_number() -> None:
    # "Linhas de metrô que começam em uma estação central marcam o dobro de pontos": 3 tiles -> 6.
    for departure in (32, 39):
        assert number_points(_numbers({departure: (-1, 0, 3, 0, 12)}), 12) == 6


def test_estacoes_numeradas_house_rule_wagons_only_counts_lines_with_a_wagon() -> None:
    line = (-1, 0, 3, 0, 12)
    state = _numbers({33: line})
    assert state.owners[33] == -1
    assert number_points(state, 12) == 6
    assert number_points(_numbers({33: line}, number_lines="wagons"), 12) == 0
    for seat in (0, 1):  # a wagon of the first seat counts as much as any other
        owned = replace(
            _numbers({33: line}, number_lines="wagons"), owners=(*state.owners[:33], seat, *state.owners[34:])
        )
        assert number_points(owned, 12) == 6
