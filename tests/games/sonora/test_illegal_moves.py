"""Typical illegal Sonora moves answer with the rule that forbids them, in both languages."""

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.sonora import GAME
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.components import cell_name
from tabuleiro.games.sonora.state import COLOURS, RUINS_STEP, SonoraState

from .helpers import P, new, placed, play, spaces, with_sheet

RUINS_SPOT, RIVER_SPOT = (-60.0, 60.0), (60.0, 60.0)


def says(state: SonoraState, text: str, en: str, pt: str, seat: int = 0) -> None:
    before = GAME.view(state, seat)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, GAME.parse_action(text))
    assert info.value.code == "not_legal"
    assert en in info.value.message("en"), info.value.message("en")
    assert pt in info.value.message("pt"), info.value.message("pt")
    assert GAME.view(state, seat) == before


def test_mais_regras_para_piparotar_the_disc_starts_wholly_on_the_corner() -> None:
    says(new(2), "flick 1 20 0 100", "must lie wholly on your corner's raised surface", "superfície elevada")
    says(new(2), "flick 1 20 0 100", "(§ Mais regras para piparotar)", "(§ Mais regras para piparotar)")


def test_a_disc_already_flicked_is_not_flicked_again_this_round() -> None:
    state = play(new(2), 0, "flick 2 0 0 200", "keep")
    says(state, "flick 2 0 0 200", "disc 2 cannot be flicked now; flick one of: 1, 3, 4, 5", "piparote um de")


def test_the_disc_just_flicked_is_decided_first() -> None:
    state = play(new(2), 0, "flick 2 0 0 200")
    says(state, "flick 1 0 0 200", "reflick or keep", "reflick ou keep")


def test_a_fase_de_anotar_moves_not_allowed_name_the_section() -> None:
    state = placed(new(2), {(0, 1): RUINS_SPOT, (1, 1): RIVER_SPOT})
    says(state, "flick 1 0 0 100", "(§ A fase de anotar", "(§ A fase de anotar")


# § A fase de anotar, step by step ------------------------------------------------------------

MUD_SPOT, CANYON_SPOT = (60.0, -60.0), (-60.0, -60.0)


def test_bonificacao_de_troca_a_swap_needs_a_circled_swap_bonus() -> None:
    state = placed(new(2), {(0, 1): RUINS_SPOT, (0, 5): MUD_SPOT, (1, 1): RIVER_SPOT}, swaps=True)
    state = with_sheet(state, 0, swap=(1, 1))
    says(state, "swap 1 5", "no circled Swap bonus left", "não tem Bonificação de Troca")
    says(state, "swap 1 5", "(§ Bonificação de troca)", "(§ Bonificação de troca)")


def test_bonificacao_de_troca_swaps_only_your_own_discs_on_the_board() -> None:
    state = placed(new(2), {(0, 1): RUINS_SPOT, (0, 5): MUD_SPOT, (1, 1): RIVER_SPOT}, swaps=True)
    says(state, "swap 1 3", "two of your own discs on the board", "2 dos seus discos no tabuleiro")


def test_zonas_do_tabuleiro_a_disc_in_exact_halves_is_placed_before_done() -> None:
    state = placed(new(2), {(0, 3): (0.0, 60.0), (1, 1): RIVER_SPOT}, swaps=True)
    says(state, "done", "first choose the zone of disc 3", "escolha primeiro a zona do disco 3")
    says(state, "zone 3 canyon", "between Ruins or Riverbed", "Ruínas ou Leito do rio")
    says(state, "done", "(§ Zonas do tabuleiro)", "(§ Zonas do tabuleiro)")


def test_a_fase_de_anotar_the_ruins_come_before_the_other_areas() -> None:
    state = placed(new(2), {(0, 5): RUINS_SPOT, (0, 3): RIVER_SPOT, (1, 1): RIVER_SPOT})
    assert state.phase == RUINS_STEP
    says(state, "path R3", "cross your Ruins hexes", "marque os hexágonos das Ruínas")
    says(state, "path R3", "(§ A fase de anotar, passo 2)", "(§ A fase de anotar, passo 2)")


def test_ruinas_cross_no_more_than_the_value_nor_the_building() -> None:
    state = placed(new(2), {(0, 5): RUINS_SPOT, (1, 1): RIVER_SPOT})
    says(state, "ruins H 6", "your Ruins value left is 5", "valor restante nas Ruínas é 5")
    says(state, "ruins H 6", '(§ Ruínas dos "pueblos")', '(§ Ruínas dos "pueblos")')
    hexes = P.buildings[0].hexes
    says(
        state, f"ruins A {hexes + 1}", f"building A has only {hexes} hexes left", f"só tem {hexes} hexágonos"
    )
    says(state, f"ruins A {hexes + 1}", "(§ Regras para as ruínas)", "(§ Regras para as ruínas)")
    full = with_sheet(state, 0, ruins=(hexes, *state.desks[0].sheet.ruins[1:]))
    says(full, "ruins A 1", "building A is finished already", "edifício A já está finalizado")


def test_regras_para_as_formas_a_shape_stays_on_white_squares_next_to_yours() -> None:
    state = placed(new(2), {(0, 2): CANYON_SPOT, (1, 1): MUD_SPOT})
    outside = next(
        cell_name(c)
        for c in range(len(P.canyon_kind))
        if not ss.valid_canyon_cell(c) and c // 10 < P.canyon_rows
    )
    says(state, f"cell {outside}", "the Canyon's white squares", "quadrados brancos do Desfiladeiro")
    says(state, f"cell {outside}", "(§ Regras para as formas)", "(§ Regras para as formas)")
    start = next(ss.bits(P.canyon_start))
    says(state, f"cell {cell_name(start)}", "may not overlap", "não pode sobrepor")
    far = next(
        c
        for c in ss.bits(ss.free_squares(state.desks[0].sheet))
        if not ss.around(ss.region(state.desks[0].sheet)) >> c & 1
    )
    says(state, f"cell {cell_name(far)}", "touches one of your earlier shapes by an edge", "adjacente")
    says(state, f"cell {cell_name(far)}", "(§ Desfiladeiro)", "(§ Desfiladeiro)")


def test_desfiladeiro_no_canyon_disc_no_shape() -> None:
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 1): MUD_SPOT})
    says(state, "cell f10", "no disc (nor Fox) to draw in the Canyon", "nem Raposa")
    says(state, "end", "no canyon shape is being drawn", "nenhuma forma")


def test_regras_para_os_caminhos_the_full_distance_never_through_a_visited_space() -> None:
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 1): MUD_SPOT})
    says(state, "path R2", "that path is 2 spaces long", "esse caminho tem 2 casas")
    says(state, "path R2", "full distance of its disc (3)", "distância total do disco (3)")
    says(state, "path R2", "(§ Regras para os caminhos)", "(§ Regras para os caminhos)")
    state = with_sheet(state, 0, visited=state.desks[0].sheet.visited | spaces("R2"))
    says(
        state,
        "path R3",
        "from R2, the nearest visited space upstream, that path is 1 space long",
        "a partir de R2",
    )
    says(state, "path R2", "may not end on, nor pass through, a space already visited", "já visitada")


def test_rachas_na_lama_nodes_linked_affordable_and_before_the_columns() -> None:
    state = placed(new(2), {(0, 2): MUD_SPOT, (1, 1): RIVER_SPOT})
    marked = state.desks[0].sheet.mud
    nbs = {m for n in ss.bits(marked) for m in P.mud_neighbours[n]}
    far = next(n for n in range(len(P.mud_ids)) if n not in nbs and not marked >> n & 1)
    says(state, f"node {P.mud_ids[far]}", "linked to a node marked before", "ligado a um nó")
    says(state, f"node {P.mud_ids[far]}", "(§ Rachas na lama)", "(§ Rachas na lama)")
    dear = next(n for n in sorted(nbs) if not marked >> n & 1 and ss.node_cost(state.desks[0].sheet, n) > 2)
    cost = ss.node_cost(state.desks[0].sheet, dear)
    says(
        state, f"node {P.mud_ids[dear]}", f"costs {cost} and your Mud cracks value left is 2", f"custa {cost}"
    )
    start = next(ss.bits(marked))
    says(state, f"node {P.mud_ids[start]}", "marked already", "já está marcado")
    boxed = play(state, 0, f"box {P.columns[0][1]}")
    cheap = next(n for n in sorted(nbs) if not marked >> n & 1)
    says(boxed, f"node {P.mud_ids[cheap]}", "nodes come first", "primeiro os nós")


def test_rachas_na_lama_a_box_takes_a_point_left_over() -> None:
    state = placed(new(2), {(0, 1): MUD_SPOT, (0, 3): RIVER_SPOT, (1, 1): RIVER_SPOT})
    column = P.columns[0][1]
    state = play(state, 0, f"box {column}")
    says(state, f"box {column}", "a point of Mud cracks value left over", "não sobra nenhum")


def test_marcar_o_resto_dos_discos_every_disc_is_marked_before_done() -> None:
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 1): MUD_SPOT})
    says(state, "done", "1 riverbed path to draw", "1 caminho no Leito do rio")
    says(state, "done", "(§ Marcar o resto dos discos)", "(§ Marcar o resto dos discos)")


def test_bonificacoes_de_descoberta_use_only_a_circled_animal() -> None:
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 1): MUD_SPOT})
    says(state, "use fox", "no circled, unused Discovery fox", "raposa de Descoberta")
    says(state, "use fox", "(§ Bonificações de Descoberta)", "(§ Bonificações de Descoberta)")
    says(state, "discover owl", "no Discovery bonus to choose", "não tem Bonificação de Descoberta")


def test_the_write_phase_refuses_a_move_of_an_earlier_step_by_its_step() -> None:
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 1): MUD_SPOT})
    says(state, "ruins A 1", "the swaps and the Ruins are over", "as trocas e as Ruínas já acabaram")
    says(state, "ruins A 1", "(§ A fase de anotar, passo 3)", "(§ A fase de anotar, passo 3)")


def test_modo_solitario_keep_one_colour_and_give_the_ai_another() -> None:
    state = placed(new(1), {(0, 1): RUINS_SPOT, (1, 1): RIVER_SPOT, (2, 1): MUD_SPOT})
    assert state.phase == COLOURS
    says(state, "colours a a", "give the AI another one", "dê outra à IA")
    says(state, "colours a a", "(§ Modo solitário, Fase de anotar)", "(§ Modo solitário, Fase de anotar)")
