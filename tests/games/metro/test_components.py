"""Component data against the rulebook's component list (§ Componentes do jogo)."""

from collections import Counter
from itertools import permutations

from tabuleiro.games.metro.components import CENTRE, LETTER_OFFSET, components, pairing

RULEBOOK = {
    "track_tiles": 60,
    "wagons": 61,
    "score_markers": 6,
    "shares": 32,
    "company_wagons": 8,
    "company_score_markers": 2,
    "central_wagons": 8,
    "central_track_tiles": 8,
    "station_numbers": 32,
}


def test_componentes_60_track_tiles_of_24_faces() -> None:
    comp = components()
    assert sum(comp.face_counts) == RULEBOOK["track_tiles"]
    assert len(comp.faces) == 24
    # Every way to join the 4 even exits to the 4 odd exits appears once.
    pairings = {tuple(sorted((e, pairing(code)[e]) for e in (0, 2, 4, 6))) for code in comp.faces}
    every = {tuple(sorted(zip((0, 2, 4, 6), odds, strict=True))) for odds in permutations((1, 3, 5, 7))}
    assert pairings == every


def test_deck_is_unchanged_by_turning_the_board() -> None:
    comp = components()
    count = dict(zip(comp.faces, comp.face_counts, strict=True))
    by_pairing = {pairing(c): c for c in comp.faces}
    for code in comp.faces:
        assert count[by_pairing[pairing(code, 1)]] == count[code]


def test_componentes_61_wagons_enough_for_every_table() -> None:
    comp = components()
    most = Counter()
    for table in comp.tables.values():
        for colour, stations in table.items():
            most[colour] = max(most[colour], len(stations))
    assert sum(most.values()) == RULEBOOK["wagons"]
    assert len({c for table in comp.tables.values() for c in table}) == RULEBOOK["score_markers"]


def test_wagon_tables_3_and_5_players_leave_16_and_17_empty() -> None:
    tables = components().tables
    for players in (3, 5, 6):
        used = sorted(n for v in tables[players].values() for n in v)
        assert used == [n for n in range(1, 33) if n not in (16, 17)]
    for players in (2, 4):
        assert sorted(n for v in tables[players].values() for n in v) == list(range(1, 33))
    assert tables[5]["yellow"] == (1, 5, 10, 14, 22, 28)  # the corrected table, not the garbled text
    assert "research" in components().table_sources[3]


def test_componentes_expansions() -> None:
    comp = components()
    assert len(comp.companies) * len(comp.percentages) == RULEBOOK["shares"]
    new_colours = [c for c in comp.companies if all(c not in t for t in comp.tables.values())]
    assert sum(len(comp.companies[c]) for c in new_colours) == RULEBOOK["company_wagons"]
    assert len(new_colours) == RULEBOOK["company_score_markers"]
    assert len(comp.central) == RULEBOOK["central_wagons"]
    assert len(comp.central_faces) == RULEBOOK["central_track_tiles"] and comp.central_designed
    assert sum(len(g) for g in comp.number_groups.values()) == RULEBOOK["station_numbers"]
    assert comp.numbers_designed


def test_board_8x8_with_a_2x2_centre_and_32_stations() -> None:
    comp = components()
    assert {27, 28, 35, 36} == CENTRE and 64 - len(CENTRE) == RULEBOOK["track_tiles"]
    assert [s.name for s in comp.stations] == [str(n) for n in range(1, 33)]
    assert all(s.departure % 2 == 0 and s.arrival % 2 == 1 for s in (*comp.stations, *comp.central))
    corners = Counter(s.square for s in comp.stations)
    assert sorted(sq for sq, n in corners.items() if n == 2) == [0, 7, 56, 63]


def test_letter_code() -> None:
    assert pairing("aaaa") == (5, 4, 7, 6, 1, 0, 3, 2)
    assert pairing("dddd") == (1, 0, 3, 2, 5, 4, 7, 6)
    assert set(LETTER_OFFSET) == set("abcd")
