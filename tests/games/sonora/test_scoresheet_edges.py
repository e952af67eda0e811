"""Sonora's scoresheet at its boundaries, every expected value written from the rulebook.

The numbers come from the rulebook's text (§ Pontuação do desfiladeiro: 5, 7, 10, 14, 19,
25, 32, 40, then +5; § Rachas na lama: 2, 4 or 6 per cactus, nodes for "igual ou menor" the
value; § Regras para os caminhos) and, where the rulebook shows a picture only, from the
designed sheet's printed numbers (`data/sheet.v1.json`: riverbed spaces, node values, column
sizes), quoted in the comments. None is computed by the code under test.
"""

from dataclasses import replace

import pytest

from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora import scoring
from tabuleiro.games.sonora.state import Desk, Work

from .helpers import P, cells, desk, node, nodes, space, spaces

# § Pontuação do desfiladeiro -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cacti", "points"),
    [
        (0, 0),
        (1, 5),
        (2, 7),
        (3, 10),
        (4, 14),
        (5, 19),
        (6, 25),
        (7, 32),
        (8, 40),
        (9, 45),
        (10, 50),
        (13, 65),
    ],
)
def test_canyon_table_from_no_cactus_to_past_the_last_row(cacti: int, points: int) -> None:
    # "Cada tipo de cacto dá uma quantidade de pontos igual ao maior número alcançado": no
    # cactus of a type reaches no row (0); "se preencher uma coluna … cada cacto adicional
    # desse tipo vale +5 pontos".
    assert ss.canyon_points(cacti) == points


def test_canyon_each_cactus_type_is_looked_up_on_its_own() -> None:
    # Two cacti of one type and one of another: 7 + 5, not the row of 3 (10).
    kinds: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for cell, kind in enumerate(P.canyon_cactus):
        if kind >= 0:
            kinds[kind].append(cell)
    region = sum(1 << c for c in kinds[0][:2] + kinds[2][:1])
    sheet = desk(shapes=(P.canyon_start, region)).sheet
    assert ss.cactus_counts(sheet) == (2, 0, 1)
    assert scoring.breakdown(sheet)["canyon"] == 12


def test_canyon_only_the_players_shapes_count_not_the_ais() -> None:
    kinds = [c for c, kind in enumerate(P.canyon_cactus) if kind == 0]
    ai = desk(ai_shapes=(1 << kinds[0],)).sheet
    assert ss.cactus_counts(ai) == (0, 0, 0)
    assert scoring.breakdown(ai)["canyon"] == 0


# § Desfiladeiro: drawing ---------------------------------------------------------------------


def test_canyon_nothing_to_draw_without_a_disc() -> None:
    assert ss.canyon_cells(desk()) == 0
    assert ss.canyon_cells(desk(Work(canyon=(1,)))) != 0


def test_canyon_a_shape_stops_at_the_discs_number() -> None:
    # "O tamanho da forma … deve corresponder ao número do disco ou a qualquer número inferior."
    two = desk(Work(canyon=(2,), shape=cells("e11")))
    assert ss.canyon_cells(two) != 0
    full = desk(Work(canyon=(2,), shape=cells("e11", "e10")))
    assert ss.canyon_cells(full) == 0


def test_canyon_a_new_shape_starts_next_to_the_players_shapes_only() -> None:
    # "Cada forma que desenha deve ficar adjacente a uma já desenhada … começando no quadrado
    # 2x2 pré-desenhado"; corners do not count. The start square is f11, g11, f12, g12.
    start = ss.canyon_cells(desk(Work(canyon=(3,))))
    assert start == cells("e11", "e12", "h11", "h12", "f10", "g10")


def test_canyon_closing_a_shape_uses_the_smallest_disc_that_fits() -> None:
    drawn = ss.close_shape(desk(Work(canyon=(1, 3, 5), shape=cells("e11", "e12"))))
    assert drawn.work.canyon == (1, 5)
    assert drawn.sheet.shapes[-1] == cells("e11", "e12")
    assert drawn.work.shape == 0


def test_canyon_a_shape_around_a_bonus_pays_it_at_once() -> None:
    # The designed sheet prints a Swap at h10: "os símbolos que ficarem dentro dos seus desenhos
    # valem-lhe bonificações".
    drawn = ss.close_shape(desk(Work(canyon=(2,), shape=cells("h11", "h10"))))
    assert drawn.sheet.swap == (2, 0)


# § Regras para os caminhos -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("end", "length"), [("L1", 1), ("L4", 4), ("L5", 5), ("LA1", 6), ("LB1", 6), ("R6", 6)]
)
def test_river_a_first_path_runs_from_the_predrawn_x(end: str, length: int) -> None:
    # "começando no X pré-desenhado"; every space counts 1 whatever its number.
    assert ss.path_length(desk().sheet, space(end)) == length


def test_river_a_space_a_path_reached_is_never_an_end_again() -> None:
    # "Não pode passar por nenhuma casa que já tenha visitado (com uma cruz ou com um círculo)".
    sheet = desk(visited=spaces("X", "L1", "L2", "L3", "L4"), circled=spaces("L4")).sheet
    for name in ("X", "L1", "L2", "L3", "L4"):
        assert ss.path_length(sheet, space(name)) == 0, name
    assert ss.path_length(sheet, space("L5")) == 1, "a new path starts from a visited space"
    ends = ss.path_ends(Desk(sheet, Work(river=(1, 2, 3, 4))))
    assert space("L4") not in ends
    assert {space(s) for s in ("L5", "LA1", "LB1", "R1", "R4")} <= set(ends)


def test_river_no_path_past_the_last_space_of_an_arm() -> None:
    # "Se o uso da distância total o levar para além da última casa de um braço … não poderá
    # viajar nessa direção": left arm A ends at LA7, two spaces after LA5.
    upto = spaces("X", "L1", "L2", "L3", "L4", "L5", "LA1", "LA2", "LA3", "LA4", "LA5")
    sheet = desk(visited=upto).sheet
    assert ss.path_length(sheet, space("LA7")) == 2
    reach = {P.river_ids[e] for e in ss.path_ends(Desk(sheet, Work(river=(3,))))}
    assert not reach & {"LA6", "LA7"}
    assert "LB3" in reach and "R3" in reach


def test_river_a_path_must_use_its_exact_length_and_an_owl_any_of_1_to_5() -> None:
    # "Deve percorrer a distância total"; § Coruja: "de qualquer comprimento (1 a 5 casas)".
    assert ss.path_token(Work(river=(3,)), 3) == 1
    assert ss.path_token(Work(river=(3,)), 2) == 0
    assert ss.path_token(Work(owls=1), 1) == 2
    assert ss.path_token(Work(owls=1), 5) == 2
    assert ss.path_token(Work(owls=1), 6) == 0
    assert ss.path_token(Work(owls=1), 0) == 0
    assert ss.path_token(Work(river=(3,), owls=1), 3) == 1, "the disc before the Owl"
    assert ss.path_ends(desk()) == ()


def test_river_a_path_crosses_what_it_passes_and_circles_its_end_only() -> None:
    # "faça uma cruz (X) em cada casa pela qual passa e um círculo na casa onde o seu caminho
    # acaba"; "Não ganha as bonificações das casas que marcou com uma cruz": passing the Fox
    # at L3 to end on L5 (printed 2) gives no Fox.
    drawn = ss.draw_path(desk(Work(river=(5,))), space("L5"))
    assert drawn.sheet.visited == spaces("X", "L1", "L2", "L3", "L4", "L5")
    assert drawn.sheet.circled == spaces("L5")
    assert drawn.work.river == () and drawn.work.canyon == ()
    assert ss.river_points(drawn.sheet) == 2


def test_river_an_owl_path_spends_the_owl_and_keeps_the_disc() -> None:
    drawn = ss.draw_path(desk(Work(river=(4,), owls=2)), space("L2"))
    assert drawn.work.river == (4,) and drawn.work.owls == 1


def test_river_points_add_the_circled_numbers_only() -> None:
    # Printed: L1 1, R4 2, LA7 8, RA6 10; L4 is a Swap symbol (0 points).
    sheet = desk(circled=spaces("L1", "R4", "LA7", "RA6", "L4")).sheet
    assert ss.river_points(sheet) == 1 + 2 + 8 + 10
    assert ss.river_points(desk().sheet) == 0


# § Rachas na lama ----------------------------------------------------------------------------


def test_mud_a_node_costs_up_to_the_value_equal_included() -> None:
    # "marque com um X um número de nós cujo valor total seja igual ou menor": A1 and A3 print 3,
    # A2, A4 and A6 print 2 (all next to the pre-drawn X).
    assert set(ss.node_moves(desk(Work(mud=3)))) == set(nodes_named("A1", "A2", "A3", "A4", "A5", "A6"))
    assert set(ss.node_moves(desk(Work(mud=2)))) == set(nodes_named("A2", "A4", "A6"))
    assert ss.node_moves(desk(Work(mud=1))) == ()
    assert ss.node_moves(desk(Work(mud=0))) == ()


def test_mud_a_node_must_join_a_marked_node() -> None:
    # "Cada nó que marcar deve estar ligado a, pelo menos, 1 outro nó previamente assinalado":
    # B1 (5) joins A1, not X.
    assert node("B1") not in ss.node_moves(desk(Work(mud=20)))
    assert node("B1") in ss.node_moves(desk(Work(mud=20), mud=nodes("X", "A1")))
    assert node("A1") not in ss.node_moves(desk(Work(mud=20), mud=nodes("X", "A1"))), "marked once"


def test_mud_marking_a_node_spends_its_number() -> None:
    # Luís: "ele gasta 3 pontos para marcar um nó": 12 -> 9, then a 2: 9 -> 7.
    after = ss.mark_node(desk(Work(mud=12)), node("A1"))
    assert after.work.mud == 9
    assert after.sheet.mud == nodes("X", "A1")
    assert ss.mark_node(after, node("A6")).work.mud == 7


def test_mud_a_face_pays_when_its_third_node_is_marked() -> None:
    # "Se marcar os 3 nós que rodeiam um símbolo de bonificação, recebe essa bonificação
    # imediatamente": the Swap between X, A2 and A3; one or two of them pay nothing.
    one = ss.mark_node(desk(Work(mud=9)), node("A2"))
    assert one.sheet.swap == (1, 0)
    two = ss.mark_node(one, node("A3"))
    assert two.sheet.swap == (2, 0)


def test_mud_a_box_spends_one_point_and_a_full_column_pays() -> None:
    # "Cada ponto que sobra permite-o assinalar 1 caixa"; "Se marcar todas as caixas numa
    # coluna, recebe a bonificação": the Swap column has 2 boxes.
    one = ss.mark_box(desk(Work(mud=3)), 0, True)
    assert one.work.mud == 2 and one.sheet.columns[0] == 1 and one.sheet.swap == (1, 0)
    two = ss.mark_box(one, 0, True)
    assert two.work.mud == 1 and two.sheet.columns[0] == 2 and two.sheet.swap == (2, 0)
    assert 0 not in ss.box_moves(two), "a full column takes no more boxes"
    assert ss.box_moves(desk(Work(mud=1))) == (0, 1, 2, 3, 4)
    assert ss.box_moves(desk(Work(mud=0))) == ()


def test_mud_after_the_first_box_no_more_nodes() -> None:
    # Interpretation 15: "Assim que tiver riscado os nós desejados, pode usar o valor que sobra".
    boxed = ss.mark_box(desk(Work(mud=9)), 0, True)
    assert boxed.work.columns and ss.node_moves(boxed) == ()
    mixed = ss.mark_box(desk(Work(mud=9)), 0, False)
    assert not mixed.work.columns and ss.node_moves(mixed) != ()


@pytest.mark.parametrize(
    ("marked", "points"),
    [
        (("X",), 0),
        (("X", "A1"), 0),
        (("X", "A1", "A2"), 2),  # a small cactus: 2
        (("X", "A1", "A2", "B2"), 2 + 4),  # and the medium one between A1, A2 and B2: 4
        (("X", "A6", "B10", "B11"), 6),  # the large one between A6, B10 and B11: 6
    ],
)
def test_mud_cacti_score_2_4_or_6_once_enclosed(marked: tuple[str, ...], points: int) -> None:
    # "Os cactos nas Rachas na lama valem 2, 4 ou 6 pontos"; "os 3 nós que rodeiam um Cacto".
    assert ss.mud_points(desk(mud=nodes(*marked)).sheet) == points


def test_mud_rabbit_bonuses_add_5_and_the_discovery_rabbit_6() -> None:
    # § Coelho: "Ganhe +5"; § Descoberta: "dá um valor +6 … (mais 1 do que a Bonificação do
    # Coelho normal)".
    assert ss.gain(desk(Work(mud=2)), "rabbit").work.mud == 7
    used = ss.use(desk(Work(mud=2), found=(0, 0, 1)), ss.RABBIT)
    assert used.work.mud == 8 and used.sheet.spent == (0, 0, 1)


def test_solo_ai_circles_raise_a_nodes_cost_by_one_each() -> None:
    # § Modo solitário: "um nó 7 com 2 círculos preenchidos requer 9 pontos"; C1 prints 7.
    sheet = desk(mud_ai=tuple(2 if i == node("C1") else 0 for i in range(len(P.mud_ids)))).sheet
    assert ss.node_cost(sheet, node("C1")) == 9
    assert ss.node_cost(sheet, node("C2")) == 5


# § Bonificações ------------------------------------------------------------------------------


def test_each_sheet_starts_with_one_reflick_and_one_swap() -> None:
    sheet = ss.new_sheet()
    assert sheet.reflick == (1, 0) and sheet.swap == (1, 0)
    assert ss.available(sheet.reflick) == 1


def test_a_bonus_is_circled_until_the_track_is_full() -> None:
    # Interpretation 16: 10 symbols of each; the 10th is still circled, an 11th is lost.
    nine = replace(ss.new_sheet(), swap=(9, 2))
    ten = ss.gain(Desk(nine, Work()), "swap")
    assert ten.sheet.swap == (10, 2)
    assert ss.gain(ten, "swap").sheet.swap == (10, 2)
    assert ss.available(ten.sheet.swap) == 8


def test_fox_and_owl_bonuses_add_a_shape_of_4_and_a_path() -> None:
    # § Raposa: "Desenhe 1 forma de tamanho "4" ou menor"; § Coruja: "Faça um novo caminho".
    assert ss.gain(desk(Work(canyon=(5,))), "fox").work.canyon == (4, 5)
    assert ss.gain(desk(Work(owls=1)), "owl").work.owls == 2


def test_discovery_circles_an_animal_while_one_is_free() -> None:
    # 3 of each animal in the Discovery area.
    assert ss.gain(desk(), "discovery").work.discover == 1
    assert ss.gain(desk(found=(3, 3, 3)), "discovery").work.discover == 0
    assert ss.discover_choices(desk(found=(3, 0, 2)).sheet) == (1, 2)
    found = ss.discover(desk(Work(discover=2)), ss.OWL)
    assert found.sheet.found == (0, 1, 0) and found.work.discover == 1


# § Ruínas ------------------------------------------------------------------------------------


def test_ruins_cross_from_1_up_to_the_value_or_the_free_hexes() -> None:
    # Building A has 5 hexes, B 9 (the rulebook's example building).
    moves = ss.ruins_moves(desk(Work(ruins=6)))
    assert (0, 5) in moves and (0, 6) not in moves and (0, 1) in moves
    assert (1, 6) in moves and (1, 7) not in moves
    assert ss.ruins_moves(desk(Work(ruins=0))) == ()


def test_ruins_the_first_finisher_takes_the_upper_reward_later_ones_the_lower() -> None:
    # § Exemplo das Ruínas: building B, 9 hexes, 11 points and a Swap first, 5 later.
    first, upper = ss.cross_ruins(desk(Work(ruins=9)), 1, 9, (False,) * 8)
    assert upper and first.sheet.rewards[1] == 1 and first.sheet.swap == (2, 0)
    assert scoring.ruins_points(first.sheet) == 11
    later, upper = ss.cross_ruins(desk(Work(ruins=9)), 1, 9, (False, True) + (False,) * 6)
    assert not upper and later.sheet.rewards[1] == 2 and later.sheet.swap == (1, 0)
    assert scoring.ruins_points(later.sheet) == 5
    part, upper = ss.cross_ruins(desk(Work(ruins=8)), 1, 8, (False,) * 8)
    assert not upper and part.sheet.rewards[1] == 0 and scoring.ruins_points(part.sheet) == 0
    assert part.work.ruins == 0


def nodes_named(*names: str) -> list[int]:
    return [node(n) for n in names]


def test_discovery_stays_open_while_any_one_animal_is_free() -> None:
    assert ss.can_discover(desk(found=(3, 3, 2)).sheet)
    assert ss.can_discover(desk(found=(0, 3, 3)).sheet)
    assert not ss.can_discover(desk(found=(3, 3, 3)).sheet)


# § Modo solitário ----------------------------------------------------------------------------


def test_solo_ai_shape_size_is_0_when_the_ai_cannot_start_anywhere() -> None:
    # Interpretation 17: "an AI disc with no legal shape … is lost". Every white square but
    # the AI's is covered, and the AI squares too: nowhere to start.
    covered = desk(shapes=(P.canyon_start, P.canyon_white & ~P.canyon_start)).sheet
    assert ss.ai_anchors(covered) == 0
    assert ss.ai_shape_size(covered, 3) == 0
    # Only c2 and d2 free, c2 an AI square: a 3 fits 2 squares, a 1 fits 1.
    two = desk(shapes=(P.canyon_start, P.canyon_white & ~P.canyon_start & ~cells("c2", "d2"))).sheet
    assert ss.ai_shape_size(two, 3) == 2
    assert ss.ai_shape_size(two, 1) == 1


def test_tree_path_runs_through_the_fork_and_the_start() -> None:
    # The riverbed is a tree (two arms from the pre-drawn X, each forking once).
    names = [P.river_ids[s] for s in ss.tree_path(space("L2"), space("R1"))]
    assert names == ["L2", "L1", "X", "R1"]
    names = [P.river_ids[s] for s in ss.tree_path(space("LA1"), space("LB2"))]
    assert names == ["LA1", "L5", "LB1", "LB2"]
    assert [P.river_ids[s] for s in ss.tree_path(space("R3"), space("R3"))] == ["R3"]


def test_a_discovery_left_when_the_area_fills_is_lost() -> None:
    # Two Discovery bonuses pending, one animal free: circling it leaves nothing to circle.
    last = ss.discover(desk(Work(discover=2), found=(3, 3, 2)), ss.RABBIT)
    assert last.sheet.found == (3, 3, 3) and last.work.discover == 0


def test_solo_the_players_ruins_value_crosses_only_the_ais_uncrossed_circles() -> None:
    # § Modo solitário: the player's value first crosses the AI's circled hexes: 6 circled,
    # 2 already crossed, so 4 of a value of 9 go there and 5 are left.
    crossed = ss.cross_ai_circles(desk(Work(ruins=9), ai_circled=6, ai_crossed=2))
    assert crossed.sheet.ai_crossed == 6 and crossed.work.ruins == 5
    few = ss.cross_ai_circles(desk(Work(ruins=3), ai_circled=6, ai_crossed=2))
    assert few.sheet.ai_crossed == 5 and few.work.ruins == 0


def test_solo_ai_shape_in_a_single_free_square_is_a_1() -> None:
    # Only c2 (an AI square) is free: a disc 3 draws the largest shape that fits, of 1 square.
    one = desk(shapes=(P.canyon_start, P.canyon_white & ~P.canyon_start & ~cells("c2"))).sheet
    assert ss.ai_shape_size(one, 3) == 1


def test_solo_ai_paths_of_several_lengths_at_once() -> None:
    # From the AI square at the end of arm LA (LA7) upstream: a 1 stays there, a 3 reaches LA5.
    paths = {(P.river_ids[a], P.river_ids[b]) for a, b in ss.ai_paths(desk().sheet, (1, 3))}
    assert {("LA7", "LA7"), ("LA7", "LA5")} <= paths
    assert ("LA7", "LA6") not in paths


def test_solo_ai_shape_size_looks_past_a_boxed_in_ai_square() -> None:
    # c2's neighbours are covered, so a shape there is 1 square; the AI squares j8 and a9 still
    # fit a 3, and the AI "desenha sempre a maior forma que puder".
    boxed = desk(shapes=(P.canyon_start, cells("b2", "d2", "c1", "c3") & P.canyon_white)).sheet
    assert ss.ai_anchors(boxed) & cells("c2")
    assert ss.ai_shape_size(boxed, 3) == 3


def test_solo_an_ai_shape_grows_only_up_to_its_size() -> None:
    # "preenche as suas formas" of the disc's size: a 2-square AI shape takes no third square.
    growing = desk(Work(shape=cells("a9")))
    assert ss.ai_cells(growing, 2) == cells("b9", "a8", "a10") & P.canyon_white
    assert ss.ai_cells(desk(Work(shape=cells("a9", "b9"))), 2) == 0


def test_a_discovery_owl_adds_one_path() -> None:
    # § Descoberta: the Owl is used like the Owl bonus, "um novo caminho" of 1 to 5 spaces.
    used = ss.use(desk(Work(owls=0), found=(0, 1, 0)), ss.OWL)
    assert used.work.owls == 1 and used.sheet.spent == (0, 1, 0)


def test_solo_a_complete_ai_shape_leaves_nothing_being_drawn() -> None:
    # A 2 from the AI square c2: the second square completes it and the next AI disc starts
    # afresh (no shape, size or disc pending).
    drawing = desk(Work(ai_canyon=(2, 4, 5), limit=2, goal=2, shape=cells("c2")))
    done = ss.add_ai_cell(drawing, cells_index("d2"))
    assert done.sheet.ai_shapes == (cells("c2", "d2"),)
    assert (done.work.shape, done.work.goal, done.work.limit, done.work.ai_canyon) == (0, 0, 0, (4, 5))


def cells_index(name: str) -> int:
    return cells(name).bit_length() - 1


def test_river_no_path_crosses_an_ai_filled_space_just_below_a_visited_one() -> None:
    # § Modo solitário: "não pode atravessar … qualquer casa que a IA tenha preenchido".
    # Visited down to LA2, the AI filled LA3: nothing below LA3 can be reached.
    sheet = desk(
        visited=spaces("X", "L1", "L2", "L3", "L4", "L5", "LA1", "LA2"), river_ai=spaces("LA3")
    ).sheet
    assert [ss.path_length(sheet, space(n)) for n in ("LA3", "LA4", "LA5")] == [0, 0, 0]
    assert ss.path_length(sheet, space("LB1")) == 1


def test_solo_an_ai_path_may_run_upstream_from_next_to_its_own() -> None:
    # § Modo solitário: "pode começar … adjacente a um caminho IA já existente", in any
    # direction: with L3 filled, L2 is an anchor and a 2 may run up to L1.
    sheet = desk(river_ai=spaces("L3")).sheet
    paths = {(P.river_ids[a], P.river_ids[b]) for a, b in ss.ai_paths(sheet, (2,))}
    assert ("L2", "L1") in paths and ("L4", "L5") in paths


def test_solo_an_ai_path_uses_the_disc_of_its_length() -> None:
    drawn = ss.draw_ai_path(desk(Work(ai_river=(2, 3, 4))), space("LA7"), space("LA6"))
    assert drawn.sheet.river_ai == spaces("LA7", "LA6")
    assert drawn.work.ai_river == (3, 4)


def test_solo_ai_circles_make_an_affordable_node_too_dear() -> None:
    # "um nó 7 com 2 círculos preenchidos requer 9 pontos": with 7 or 8 left C1 is out of
    # reach, with 9 it is not.
    circles = tuple(2 if i == node("C1") else 0 for i in range(len(P.mud_ids)))
    for value, reachable in ((7, False), (8, False), (9, True)):
        moves = ss.node_moves(desk(Work(mud=value), mud=nodes("X", "A1", "B1"), mud_ai=circles))
        assert (node("C1") in moves) is reachable, value


def test_solo_the_ai_circles_only_nodes_the_player_has_not_marked() -> None:
    # "à volta de qualquer número de diferentes nós que o jogador ainda não tenha marcado".
    moves = ss.ai_circle_moves(desk(Work(ai_mud=1), mud=nodes("X", "A1", "B1", "C1")))
    assert node("C1") not in moves and node("C2") in moves


def test_canyon_squares_are_those_of_the_printed_grid() -> None:
    # 12 rows of 10 squares; a1 and j12 are outside the canyon's white area (designed grid).
    assert ss.valid_canyon_cell(cells_index("c2")) and ss.valid_canyon_cell(cells_index("i11"))
    assert not ss.valid_canyon_cell(cells_index("a1")) and not ss.valid_canyon_cell(cells_index("j12"))
    assert not ss.valid_canyon_cell(-1) and not ss.valid_canyon_cell(120)
