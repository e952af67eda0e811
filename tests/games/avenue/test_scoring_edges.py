"""Avenue's roads and scoring at their boundaries.

Expected values come from the rulebook and the segment table of RULES.md interpretation 3,
written out here by hand (1 = N–W, 2 = N–E, 3 = E–S, 4 = S–W, 5 = W–E, 6 = N–S), never from
the engine's own tables: two squares are joined only when *both* segments reach their common
side (§ Observações importantes: "uma estrada que chega até a beira não é suficiente"), and
the sheet has edges: a road leaving it goes nowhere.
"""

from itertools import product

import pytest

from tabuleiro.games.avenue.components import components
from tabuleiro.games.avenue.scoring import breakdown, network, row_score, tiebreak_value

from .helpers import sq

SIDES = {1: "NW", 2: "NE", 3: "ES", 4: "SW", 5: "WE", 6: "NS"}
MAP_A = components().maps["A"]


def sheet(roads: dict[str, int]) -> list[int]:
    out = [0] * 42
    for name, segment in roads.items():
        out[sq(name)] = segment
    return out


def joined(roads: dict[str, int], start: str) -> set[str]:
    names = {sq(n): n for n in (f"{c}{r}" for c in "abcdef" for r in range(1, 8))}
    return {names[s] for s in network(sheet(roads), sq(start))}


# Roads that only point at a square --------------------------------------------------------------


def test_a_road_pointing_east_at_a_square_without_a_west_side_does_not_join_it() -> None:
    roads = {"c3": 5, "d3": 6}  # c3 W–E reaches d3's west side; d3 N–S does not
    assert joined(roads, "c3") == {"c3"} and joined(roads, "d3") == {"d3"}


def test_a_road_pointing_west_at_a_square_without_an_east_side_does_not_join_it() -> None:
    roads = {"c3": 6, "d3": 5}
    assert joined(roads, "c3") == {"c3"} and joined(roads, "d3") == {"d3"}


def test_a_road_pointing_north_or_south_at_a_square_without_that_side_does_not_join_it() -> None:
    assert joined({"c3": 6, "c2": 5}, "c3") == {"c3"}  # c2 W–E has no south side
    assert joined({"c3": 6, "c4": 5}, "c3") == {"c3"}  # c4 W–E has no north side
    assert joined({"c3": 5, "c2": 6}, "c2") == {"c2"}
    assert joined({"c3": 5, "c4": 6}, "c4") == {"c4"}


@pytest.mark.parametrize(("first", "second"), [("c3", "d3"), ("c3", "c4"), ("a1", "b1"), ("f6", "f7")])
def test_links_are_symmetric_and_need_both_sides(first: str, second: str) -> None:
    across = "EW" if first[1] == second[1] else "SN"  # first's side, then second's side
    for a, b in product(SIDES, SIDES):
        expected = across[0] in SIDES[a] and across[1] in SIDES[b]
        roads = {first: a, second: b}
        assert (second in joined(roads, first)) is expected, (first, a, second, b)
        assert (first in joined(roads, second)) is expected, (second, b, first, a)


# Sheet edges -----------------------------------------------------------------------------------


@pytest.mark.parametrize("row", range(1, 7))
def test_a_road_leaving_the_east_edge_does_not_wrap_to_the_next_row(row: int) -> None:
    east, next_west = f"f{row}", f"a{row + 1}"
    roads = {east: 5, next_west: 5}  # both W–E: f's east side faces the sheet's edge
    assert joined(roads, east) == {east} and joined(roads, next_west) == {next_west}


@pytest.mark.parametrize("column", "abcdef")
def test_a_road_leaving_the_north_edge_does_not_wrap_to_the_bottom_row(column: str) -> None:
    roads = {f"{column}1": 6, f"{column}7": 6}
    assert joined(roads, f"{column}1") == {f"{column}1"}
    assert joined(roads, f"{column}7") == {f"{column}7"}


def test_a_road_along_a_whole_row_and_a_whole_column_stays_on_the_sheet() -> None:
    row = {f"{c}4": 5 for c in "abcdef"}
    assert joined(row, "a4") == set(row)
    column = {f"c{r}": 6 for r in range(1, 8)}
    assert joined(column, "c7") == set(column)
    corners = {"a1": 3, "b1": 4, "a2": 2, "b2": 1}  # a closed ring in the top-left corner
    assert joined(corners, "b2") == set(corners)


@pytest.mark.parametrize("segment", sorted(SIDES))
def test_a_lone_road_joins_no_empty_neighbour(segment: int) -> None:
    for square in ("c3", "a1", "f7"):
        assert joined({square: segment}, square) == {square}


def test_a_square_without_a_road_joins_nothing_even_between_two_roads() -> None:
    assert network(sheet({"c3": 5, "e3": 5}), sq("d3")) == []
    assert joined({"c3": 5, "e3": 5}, "c3") == {"c3"}


# Pontuação: the row rule and the penalty -----------------------------------------------------------


@pytest.mark.parametrize(
    ("grapes", "previous", "written"),
    [(0, 0, 0), (1, 0, 1), (5, 5, 0), (6, 5, 6), (4, 5, 0), (24, 23, 24), (48, 0, 48)],
)
def test_pontuacao_a_row_must_be_greater_than_the_one_above(grapes: int, previous: int, written: int) -> None:
    # "cada número na coluna de pontuação deve ser maior que aquele diretamente acima dele"
    assert row_score(grapes, previous) == written


@pytest.mark.parametrize(
    ("rows", "penalty"),
    [([], 0), ([1, 2, 3, 4, 5], 0), ([0, 2, 3, 4, 5], -5), ([1, 0, 3, 0, 5], -10), ([0, 0, 0, 0, 0], -25)],
)
def test_final_minus_5_for_every_row_holding_0(rows: list[int], penalty: int) -> None:
    # "-5 pontos para cada fazenda com pontuação 0"
    assert breakdown(MAP_A, bytes(42), rows)["zeros"] == penalty


def test_final_the_sheet_lines_are_the_rows_as_written() -> None:
    lines = breakdown(MAP_A, bytes(42), [2, 0, 7, 9, 11])
    assert [lines[f"farm_{i}"] for i in range(1, 6)] == [2, 0, 7, 9, 11]
    assert lines["castle_purple"] == lines["castle_green"] == 0


def test_final_tiebreak_highest_single_space_and_an_empty_sheet_is_0() -> None:
    assert tiebreak_value({"zeros": -25}, True) == 0
    lines = {"farm_1": 3, "farm_2": 0, "castle_purple": 7, "castle_green": 2, "zeros": -5}
    assert tiebreak_value(lines, True) == 7 and tiebreak_value(lines, False) == 3
