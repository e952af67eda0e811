"""The designed board and scoresheet: totals the rulebook and the research fix."""

from tabuleiro.games.sonora.components import (
    AI_START,
    CACTUS_TYPES,
    START,
    board,
    printed,
)
from tabuleiro.games.sonora.scoresheet import bits


def test_board_has_eight_circles_two_per_animal_and_a_hole() -> None:
    b = board()
    assert b.designed
    assert sorted(m.animal for m in b.multipliers) == sorted(["lizard", "owl", "fox", "rabbit"] * 2)
    assert b.hole_radius > b.disc_radius, "a disc can fall in"
    assert b.physics.restitution_disc == 0.8


def test_lizard_circle_in_the_mud_cracks_zone() -> None:
    # § Círculos multiplicadores: "o círculo com o Lagarto ... está na zona das Rachas na lama".
    assert any(m.animal == "lizard" and m.x > 0 and m.y < 0 for m in board().multipliers)


def test_ruins_eight_buildings_from_5_to_22_hexes_and_building_b() -> None:
    p = printed()
    assert [b.id for b in p.buildings] == list("ABCDEFGH")
    assert min(b.hexes for b in p.buildings) == 5 and max(b.hexes for b in p.buildings) == 22
    b = p.buildings[1]
    assert (b.hexes, b.upper_bonus, b.upper_points) == (9, "swap", 11), "Maria's building B"
    assert all(b.lower_points < b.upper_points for b in p.buildings)


def test_riverbed_is_a_tree_from_the_x_with_four_ai_arms() -> None:
    p = printed()
    assert p.river_parent[0] == -1 and all(x >= 0 for x in p.river_parent[1:])
    assert len(p.river_children[0]) == 2, "a fork right after the X"
    assert len(p.river_ai_start) == 4 and all(not p.river_children[s] for s in p.river_ai_start)
    ids = p.river_ids
    assert p.river_bonus[ids.index("L4")] == "swap" and p.river_points[ids.index("R4")] == 2, "Marta"


def test_canyon_grid_start_square_ai_squares_and_three_cactus_types() -> None:
    p = printed()
    assert sum(1 for k in p.canyon_kind if k == START) == 4
    assert sum(1 for k in p.canyon_kind if k == AI_START) == 3
    assert sorted({c for c in p.canyon_cactus if c >= 0}) == list(range(CACTUS_TYPES))
    assert p.canyon_table == (5, 7, 10, 14, 19, 25, 32, 40) and p.canyon_overflow == 5


def test_white_squares_all_reach_the_start() -> None:
    p = printed()
    seen, todo = set(bits(p.canyon_start)), list(bits(p.canyon_start))
    while todo:
        for n in p.canyon_neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(bits(p.canyon_white))


def test_mud_cracks_lattice_faces_and_columns() -> None:
    p = printed()
    assert len(p.mud_ids) == 37 and len(p.face_nodes) == 54
    assert p.cactus_points == {"S": 2, "M": 4, "L": 6}
    outer = [i for i, c in enumerate(p.mud_ai_circles) if c]
    assert len(outer) == 18 and all(p.mud_ai_circles[i] == 3 for i in outer)
    assert any(p.mud_value[i] == 7 for i in outer), "the solo example's node 7 is outer"
    assert p.columns[0] == (2, "swap"), "Luís fills a 2-box column for a Swap"


def test_bonus_track_and_discovery_area() -> None:
    p = printed()
    assert (p.start_reflick, p.start_swap) == (1, 1), "§ Bonificações de piparote: one of each to start"
    assert p.discovery_rabbit == 6 and p.bonus_rabbit == 5
    assert p.fox_size == 4 and p.owl_max == 5
