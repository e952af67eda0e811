"""Component data against the rulebook's component list (§ Conteúdo) and the research."""

from collections import Counter

import pytest

from tabuleiro.core import DataError
from tabuleiro.core.data import load_json
from tabuleiro.games.avenue import components as comp_module
from tabuleiro.games.avenue.components import SQUARES, components, parse_square, square_name

PACKAGE = "tabuleiro.games.avenue"


def test_conteudo_42_road_cards_22_yellow_6_farm_cards_3_maps() -> None:
    comp = components()
    assert len(comp.road_cards) == 42
    assert sum(c.yellow for c in comp.road_cards) == 22
    assert comp.farm_cards == tuple("ABCDEF")
    assert sorted(comp.maps) == ["A", "B", "C"]


def test_road_deck_mix_per_segment() -> None:
    per = Counter((c.segment, c.yellow) for c in components().road_cards)
    for curve in (1, 2, 3, 4):
        assert (per[curve, True], per[curve, False]) == (4, 3)
    for straight in (5, 6):
        assert (per[straight, True], per[straight, False]) == (3, 4)


def test_segments_join_two_sides_and_are_never_rotations_of_each_other() -> None:
    sides = components().segment_sides
    assert sorted(sides) == [1, 2, 3, 4, 5, 6]
    assert len(set(sides.values())) == 6
    assert all(bin(mask).count("1") == 2 for mask in sides.values())


@pytest.mark.parametrize("map_id", ["A", "B", "C"])
def test_maps_have_42_squares_six_farms_two_castles_24_grapes_of_each_colour(map_id: str) -> None:
    board = components().maps[map_id]
    assert len(board.squares) == SQUARES == 42
    assert sorted(board.farm_square) == list("ABCDEF")
    assert sorted(board.castle_square) == ["G", "P"]
    assert sum(s.purple for s in board.squares) == 24
    assert sum(s.green for s in board.squares) == 24
    assert board.designed is (map_id != "A")


def test_map_a_matches_the_published_layout() -> None:
    board = components().maps["A"]
    assert [square_name(board.farm_square[f]) for f in "ABCDEF"] == ["c1", "d3", "a4", "f4", "c5", "d7"]
    assert square_name(board.castle_square["G"]) == "f1" and square_name(board.castle_square["P"]) == "a7"
    assert board.squares[0].token == "GGGP"


def test_maps_b_and_c_reuse_map_a_contents() -> None:
    maps = components().maps
    contents = {m: Counter(s.token for s in maps[m].squares) for m in maps}
    assert contents["A"] == contents["B"] == contents["C"]


def test_square_names_round_trip() -> None:
    assert all(parse_square(square_name(i)) == i for i in range(SQUARES))
    assert parse_square("g1") is None and parse_square("a8") is None and parse_square("") is None


def test_bad_data_names_file_path_and_expectation(monkeypatch: pytest.MonkeyPatch) -> None:
    good = load_json(PACKAGE, "maps.v1.json", 1)
    broken = {
        **good,
        "maps": {"A": {**good["maps"]["A"], "layout": [*good["maps"]["A"]["layout"][:6], "X . . . . ."]}},
    }
    monkeypatch.setattr(comp_module, "load_json", lambda *args: broken)
    with pytest.raises(DataError) as info:
        comp_module._load_maps()
    assert "maps.v1.json" in str(info.value) and "layout[6]" in str(info.value)

    with pytest.raises(DataError, match="schema_version is 1, expected 2"):
        load_json(PACKAGE, "maps.v1.json", 2)
    with pytest.raises(DataError, match="cannot read"):
        load_json(PACKAGE, "missing.v1.json", 1)
