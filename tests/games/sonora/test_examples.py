"""Every worked example of the rulebook, rebuilt on the designed board and sheet."""

from dataclasses import replace

from tabuleiro.games.sonora import GAME, scoring
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.components import CANYON, MUD, RIVER, RUINS
from tabuleiro.games.sonora.state import AI, AREAS_STEP, RUINS_STEP, Work

from .helpers import P, cells, desk, legal, new, node, nodes, placed, play, skip_swaps, spaces

RUINS_SPOT = (-60.0, 60.0)
RUINS_SPOT_2 = (-80.0, 80.0)
LIZARD = (35.0, 100.0)
OWL = (35.0, -100.0)
CANYON_SPOTS = ((-60.0, -60.0), (-80.0, -80.0), (-40.0, -30.0))
MUD_SPOTS = ((60.0, -60.0), (80.0, -80.0), (40.0, -30.0))


def test_ruins_example_maria_13_finishes_building_b() -> None:
    # § Exemplo das Ruínas: discs 2 and 3 in the Ruins zone, disc 4 on a Lizard: 2 + 3 + 2x4.
    state = placed(new(2), {(0, 2): RUINS_SPOT, (0, 3): RUINS_SPOT_2, (0, 4): LIZARD, (1, 5): (-40.0, 30.0)})
    assert state.phase == RUINS_STEP
    assert state.queue == (0, 1), "the highest Ruins value scores first"
    assert state.desks[0].work.ruins == 13
    state = play(state, 0, "ruins B 9")
    maria = state.desks[0].sheet
    assert maria.rewards[1] == 1 and state.claimed[1], "the first to finish B takes the upper reward"
    assert maria.swap == (2, 0), "B's upper reward: a Swap bonus"
    assert scoring.ruins_points(maria) == 11
    state = play(state, 0, "ruins C 4")
    assert state.desks[0].sheet.ruins[2] == 4
    assert state.queue == (1,), "then the next player scores their Ruins"
    state = play(state, 1, "ruins B 5")
    assert state.desks[1].sheet.ruins[1] == 5


def test_ruins_later_finisher_takes_the_lower_reward() -> None:
    state = placed(
        new(2), {(0, 5): RUINS_SPOT, (0, 4): RUINS_SPOT_2, (1, 5): (-40.0, 30.0), (1, 4): (-60.0, 30.0)}
    )
    assert state.queue == (0, 1), "tied at 9: the player whose turn came first scores first"
    state = play(state, 0, "ruins B 9")
    state = play(state, 1, "ruins B 9")
    assert state.desks[0].sheet.rewards[1] == 1
    assert state.desks[1].sheet.rewards[1] == 2
    assert scoring.ruins_points(state.desks[1].sheet) == P.buildings[1].lower_points == 5


def test_canyon_example_guilherme_shapes() -> None:
    # § Exemplo do desfiladeiro: discs 5, 4 and 2; a "5" against the start square (2 cacti),
    # a "2" on a Swap, then a "3" drawn with the 4 (2 more cacti).
    spots = dict(zip([(0, 5), (0, 4), (0, 2)], CANYON_SPOTS, strict=True))
    state = placed(new(2), {**spots, (1, 1): (60.0, 60.0)})
    assert state.phase == AREAS_STEP
    assert state.desks[0].work.canyon == (2, 4, 5)
    assert "cell e10" not in legal(state, 0), "a square touching the start only at a corner is not adjacent"
    state = play(state, 0, "cell e11", "cell d11", "cell d10", "cell c10", "cell e10")
    sheet, work = state.desks[0].sheet, state.desks[0].work
    assert sheet.shapes[-1] == cells("e11", "d11", "d10", "c10", "e10"), "a 5-square shape closes by itself"
    assert work.canyon == (2, 4) and ss.cactus_counts(sheet) == (1, 0, 1)
    state = play(state, 0, "cell h11", "cell h10", "end")
    assert state.desks[0].sheet.swap == (2, 0), "the shape around the Swap symbol gives a Swap"
    assert state.desks[0].work.canyon == (4,), "a 2-square shape uses the disc 2, not the 4"
    assert "cell g9" not in legal(state, 0), "shapes may not overlap or leave the white squares"
    state = play(state, 0, "cell i11", "cell i10", "cell i9", "end")
    sheet = state.desks[0].sheet
    assert sheet.shapes[-1] == cells("i11", "i10", "i9")
    assert ss.cactus_counts(sheet) == (1, 1, 2), "four cacti in all"
    assert state.desks[0].work.canyon == ()


def test_riverbed_example_marta_two_owl_paths() -> None:
    # § Exemplo do leito do rio: disc 4 on an Owl: two paths of 4.
    state = placed(new(2), {(0, 4): OWL, (1, 1): (60.0, 60.0)})
    assert state.desks[0].work.river == (4, 4)
    assert "path L4" in legal(state, 0) and "path R4" in legal(state, 0)
    assert "path L3" not in legal(state, 0), "a path runs its full length"
    state = play(state, 0, "path L4")
    sheet = state.desks[0].sheet
    assert sheet.visited == spaces("X", "L1", "L2", "L3", "L4") and sheet.circled == spaces("L4")
    assert sheet.swap == (2, 0), "the fourth space's Swap"
    state = play(state, 0, "path R4")
    sheet = state.desks[0].sheet
    assert sheet.circled == spaces("L4", "R4")
    assert ss.river_points(sheet) == 2


def test_mud_cracks_example_luis_12() -> None:
    # § Exemplo das rachas na lama: 5 + 4 + 3 = 12.
    spots = dict(zip([(0, 5), (0, 4), (0, 3)], MUD_SPOTS, strict=True))
    state = placed(new(2), {**spots, (1, 1): (60.0, 60.0)})
    assert state.desks[0].work.mud == 12
    assert "node B1" not in legal(state, 0), "a node must join a marked node"
    state = play(state, 0, "node A1", "node A2")
    assert ss.mud_points(state.desks[0].sheet) == 2, "the triangle X-A1-A2 encloses a small cactus"
    state = play(state, 0, "node B1")
    assert state.desks[0].work.mud == 2
    assert "node A6" in legal(state, 0), "he could mark a 2 node instead"
    state = play(state, 0, "box swap", "box swap")
    assert state.desks[0].sheet.columns[0] == 2
    assert state.desks[0].sheet.swap == (2, 0), "the full column gives its Swap"


def test_final_scoring_example_daniel_118() -> None:
    # § Fim do jogo: 40 + 14 + 36 + 28 = 118.
    b = {x.id: i for i, x in enumerate(P.buildings)}
    rewards = [0] * 8
    rewards[b["B"]], rewards[b["D"]], rewards[b["E"]], rewards[b["F"]] = 1, 1, 2, 2
    ruins = [P.buildings[i].hexes if rewards[i] else 0 for i in range(8)]
    ruins[b["A"]] = 3  # a fifth building started, not finished: no points
    circled = spaces("L1", "R1", "R4", "L5", "LB2", "RA1")
    visited = circled | spaces("X", "L2", "L3", "L4", "LB1", "R2", "R3", "R5", "R6")
    cacti = {0: [], 1: [], 2: []}
    for cell, kind in enumerate(P.canyon_cactus):
        if kind >= 0:
            cacti[kind].append(cell)
    region = sum(1 << c for c in cacti[0][:3] + cacti[1][:5] + cacti[2][:2])
    sheet = desk(
        ruins=tuple(ruins),
        rewards=tuple(rewards),
        visited=visited,
        circled=circled,
        shapes=(P.canyon_start, region),
        mud=nodes("X", "A1", "A2", "A4", "A5", "A6", "B1", "B10", "B11", "B2", "B8", "C2"),
    ).sheet
    lines = scoring.breakdown(sheet)
    assert lines == {"ruins": 40, "riverbed": 14, "canyon": 36, "mudcracks": 28}
    assert [ss.canyon_points(n) for n in ss.cactus_counts(sheet)] == [10, 19, 7]
    enclosed = scoring.details(sheet)["enclosed"]
    assert [P.cactus_points[k] * enclosed.count(k) for k in "SML"] == [8, 8, 12], "2x, 4x, 6x"
    assert sum(lines.values()) == 118


def test_canyon_table_after_eight_adds_five() -> None:
    assert [ss.canyon_points(n) for n in range(1, 11)] == [5, 7, 10, 14, 19, 25, 32, 40, 45, 50]


def test_solo_example_node_7_with_two_ai_circles_costs_9() -> None:
    # § Modo solitário, Rachas na lama: "um nó 7 com 2 círculos preenchidos requer 9 pontos".
    state = new(1)
    state = placed(state, {(0, 5): MUD_SPOTS[0], (0, 4): MUD_SPOTS[1], (1, 2): MUD_SPOTS[2]})
    state = skip_swaps(play(state, 0, "colours a b"))
    assert state.phase == AI
    assert state.desks[0].work.ai_mud == 2
    state = play(state, 0, "ai circle C1", "ai circle C1")
    sheet = state.desks[0].sheet
    assert sheet.mud_ai[node("C1")] == 2 and ss.node_cost(sheet, node("C1")) == 9
    assert state.phase == AREAS_STEP and state.desks[0].work.mud == 9
    state = play(state, 0, "node A1", "node B1")
    assert "node C1" not in legal(state, 0), "1 point left: C1 now costs 9"
    work = replace(state.desks[0].work, mud=9)
    assert node("C1") in ss.node_moves(replace(state.desks[0], work=work))


def test_areas_are_numbered_like_the_score_column() -> None:
    assert (RUINS, RIVER, CANYON, MUD) == (0, 1, 2, 3)
    assert list(scoring.breakdown(desk().sheet)) == ["ruins", "riverbed", "canyon", "mudcracks"]
    assert GAME.info.min_players == 1 and GAME.info.max_players == 4
    assert Work().done is False
