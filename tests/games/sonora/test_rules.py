"""Sonora's rules: the round, the flick phase, the write phase, the bonuses, solo mode."""

from dataclasses import replace

import pytest

from tabuleiro.core import IllegalActionError, InvalidActionError
from tabuleiro.games.sonora import GAME, physics, rules
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.components import CANYON, MUD, RIVER, RUINS
from tabuleiro.games.sonora.state import (
    AI,
    AREAS_STEP,
    BOARD,
    COLOURS,
    FLICK,
    HAND,
    HOLE,
    OUT,
    OVER,
    RUINS_STEP,
    SWAP,
    Frame,
    Sheet,
    SonoraState,
)

from .helpers import P, cells, disc, legal, new, node, placed, play, skip_swaps, space, spaces, with_sheet

RUINS_SPOT, RIVER_SPOT, MUD_SPOT, CANYON_SPOT = (-60.0, 60.0), (60.0, 60.0), (60.0, -60.0), (-60.0, -60.0)


def answer(state: SonoraState, distance: int = 60) -> SonoraState:
    """Play the current flick-phase decision plainly: keep, the lowest disc (each a little
    further round than the last), Ruins for the hole."""
    frame = state.stack[-1]
    if frame.kind == "reflick":
        return play(state, frame.seat, "keep")
    if frame.kind == "hole":
        return play(state, frame.seat, "hole ruins")
    first = next(a for a in GAME.legal_actions(state, frame.seat))
    angle = 12 * (sum(w == BOARD for w in state.where) % 8) - 40
    return play(state, frame.seat, f"flick {GAME.format_action(first).split()[1]} 0 {angle} {distance}")


def flick_phase(state: SonoraState, distance: int = 60) -> tuple[SonoraState, list[int]]:
    turns = []
    start = state.round
    while state.phase == FLICK and state.round == start:
        if state.stack[-1].kind == "turn" and not state.stack[-1].tries:
            turns.append(state.stack[-1].seat)
        state = answer(state, distance)
    return state, turns


def at(state: SonoraState, board: dict[tuple[int, int], tuple[float, float]], seat: int = 0) -> SonoraState:
    """`state` in its flick phase with these discs resting on the board and `seat` to flick."""
    where, pos = list(state.where), list(state.pos)
    for (s, n), xy in board.items():
        where[disc(state, s, n)], pos[disc(state, s, n)] = BOARD, xy
    return replace(state, where=tuple(where), pos=tuple(pos), stack=(Frame("turn", seat),))


# -- the round -------------------------------------------------------------------------------


def test_each_player_flicks_2_2_then_1_disc_clockwise_from_the_first() -> None:
    state, turns = flick_phase(new(3))
    assert turns == [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 1, 2]
    assert state.phase != FLICK


def test_board_turns_and_first_player_passes_left_each_round() -> None:
    state = new(2)
    assert [rules.corner(state, s) for s in range(2)] == [0, 2], "seat 0 faces the Ruins corner"
    state = replace(state, round=1)
    assert [rules.corner(state, s) for s in range(2)] == [3, 1], "90 degrees clockwise"
    solo = new(1)
    assert [rules.corner(replace(solo, round=k), 0) for k in range(5)] == [0, 3, 2, 1, 0]


@pytest.mark.parametrize("rounds", [5, 6, 7])
def test_the_game_lasts_the_chosen_number_of_rounds(rounds: int) -> None:
    state = new(2, seed=3, rounds=rounds)
    firsts = []
    while not state.finished:
        if state.phase == FLICK:
            firsts.append((state.round, state.first))
            state, _ = flick_phase(state)
            continue
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    assert state.round == rounds and state.phase == OVER
    assert sorted(set(firsts)) == [(k, k % 2) for k in range(rounds)]
    assert GAME.outcome(state) is not None


# -- the flick phase -------------------------------------------------------------------------


def test_reflick_bonus_takes_the_disc_back_and_flicks_it_again() -> None:
    state = play(new(2), 0, "flick 1 0 0 60")
    assert state.stack[-1] == Frame("reflick", 0, disc(state, 0, 1)), "each player starts with one Re-flick"
    state = play(state, 0, "reflick")
    assert state.where[disc(state, 0, 1)] == HAND
    assert state.stack[-1] == Frame("flick", 0, disc(state, 0, 1))
    assert legal(state, 0)[0].startswith("flick 1 "), "only that disc, at once"
    assert state.desks[0].sheet.reflick == (1, 1)
    state = play(state, 0, "flick 1 0 10 80")
    assert state.where[disc(state, 0, 1)] == BOARD
    assert state.stack[-1].kind == "turn", "no Re-flick bonus left to offer"


def test_se_nao_piparotar_com_forca_suficiente_pode_repetir_o_piparote() -> None:
    # § Mais regras para piparotar: "Se não piparotar com força suficiente para sair do seu
    # canto de lançamento, pode repetir o piparote" - a right, as often as it takes; the disc
    # is never put out of the round for it (the old reading left it out at the 4th failure).
    state = new(2)
    for tries in range(1, 8):
        state = play(state, 0, "flick 1 0 0 5")
        assert state.where[disc(state, 0, 1)] == HAND, f"failure {tries}: the disc comes back"
        assert state.stack[-1] == Frame("turn", 0, tries=tries), "the same turn, flicked again"
        assert state.flight is not None and not state.flight.left_pad
    state = play(state, 0, "flick 1 0 0 100")
    assert state.where[disc(state, 0, 1)] == BOARD
    state = play(state, 0, "keep")
    assert state.stack[-1] == Frame("turn", 0), "the turn's second disc"


def test_a_disc_that_keeps_failing_to_leave_the_corner_is_set_down_never_lost() -> None:
    # Interpretation 3: the engine's safeguard after 10 failed flicks sets the disc down just
    # in front of the corner, wholly off the pad (designed pad: legs of 70 mm; disc radius
    # 12.5 mm), where it scores like any disc at rest.
    state = new(2)
    for _ in range(9):
        state = play(state, 0, "flick 1 0 0 5")
    assert state.where[disc(state, 0, 1)] == HAND
    state = play(state, 0, "flick 1 0 0 5")
    assert state.where[disc(state, 0, 1)] == BOARD, "set down, not out"
    depth = 70 / 2**0.5 + 12.5  # the centre of a disc wholly off the Ruins pad, on the diagonal
    x, y = state.pos[disc(state, 0, 1)]
    assert x == pytest.approx(-140 + depth / 2**0.5, abs=0.01)
    assert y == pytest.approx(140 - depth / 2**0.5, abs=0.01)
    assert rules.placement(x, y)[0] == RUINS, "in the zone of its corner"
    assert state.flight is not None and state.flight.set_down == (disc(state, 0, 1),)
    assert "set down in front of its corner" in GAME.render(state, 1, "en")
    state = play(state, 0, "keep")
    assert state.stack[-1] == Frame("turn", 0), "the turn goes on with the second disc"


def test_house_rule_three_repeats_then_the_disc_is_out() -> None:
    # Option corner_repeats=three keeps the old reading: 3 repeats, a 4th failure is out.
    state = new(2, corner_repeats="three")
    for _ in range(3):
        state = play(state, 0, "flick 1 0 0 5")
        assert state.where[disc(state, 0, 1)] == HAND
    state = play(state, 0, "flick 1 0 0 5")
    assert state.where[disc(state, 0, 1)] == OUT
    assert state.stack[-1] == Frame("turn", 0), "the turn's second disc"


def test_flicking_your_own_disc_off_the_board_disqualifies_it() -> None:
    state = play(new(2), 0, "flick 1 0 0 900")
    assert state.where[disc(state, 0, 1)] == OUT
    assert state.stack[-1].kind == "reflick", "a Re-flick bonus may still bring it back"
    state = play(state, 0, "reflick")
    assert state.where[disc(state, 0, 1)] == HAND


def test_a_disc_knocked_off_by_another_player_is_flicked_again_by_its_owner() -> None:
    state = at(new(2), {(1, 1): (85.0, -85.0)})
    state = play(state, 0, "flick 1 0 0 900", "keep")
    knocked = disc(state, 1, 1)
    assert state.where[knocked] == HAND
    assert state.stack[-1] == Frame("flick", 1, knocked), "at once, even out of turn"
    assert GAME.to_act(state) == {1}
    state = play(state, 1, "flick 1 0 0 100")
    assert state.where[knocked] == BOARD


def knock_off_again(state: SonoraState) -> SonoraState:
    """Seat 1's disc 1 back at (85, -85) in front of its corner, seat 0's discs back in hand
    and seat 0 on the round's first turn (the testing hook); then seat 0 flicks straight across
    at full strength and knocks it off."""
    where, pos = list(state.where), list(state.pos)
    for d in range(rules.DISCS):
        where[d], pos[d] = HAND, (0.0, 0.0)
    state = replace(state, where=tuple(where), pos=tuple(pos), turns=(0, 1, 1, 0, 0, 1, 1, 0, 1))
    state = at(state, {(1, 1): (85.0, -85.0)})
    return play(state, 0, "flick 1 0 0 900", "keep")


def test_ele_imediatamente_piparota_de_novo_esse_disco_every_time() -> None:
    # § Mais regras para piparotar: "Se, com o seu piparote, empurrar um disco de outro jogador
    # para fora do tabuleiro, ele imediatamente piparota de novo esse disco a partir do seu
    # canto de lançamento" - every time, not only 3 times a round (the old cap left it out at
    # the 4th). Each re-flick is a new flick of the disc, which comes to rest again.
    state = new(2)
    knocked = disc(state, 1, 1)
    for times in range(1, 7):
        state = knock_off_again(state)
        assert state.where[knocked] == HAND, f"knocked off {times} times: back to its owner"
        assert state.stack[-1] == Frame("flick", 1, knocked), "at once, even out of turn"
        assert state.knocks[knocked] == times
        state = play(state, 1, "flick 1 0 0 100")
        assert state.where[knocked] == BOARD, "flicked again from its owner's corner"
        if state.stack[-1].kind == "reflick":
            state = play(state, 1, "keep")


def test_a_disc_knocked_off_more_than_ten_times_in_a_round_is_set_down_and_the_round_ends() -> None:
    # Interpretation 5: the safeguard that bounds a match: the 11th knock-off of one disc in a
    # round sets it down in front of its owner's corner (it stays in play) instead of a re-flick.
    state = new(2)
    knocked = disc(state, 1, 1)
    for _ in range(10):
        state = knock_off_again(state)
        state = play(state, 1, "flick 1 0 0 100")
        if state.stack[-1].kind == "reflick":
            state = play(state, 1, "keep")
    state = knock_off_again(state)
    assert state.where[knocked] == BOARD, "set down, not out"
    assert state.flight is not None and state.flight.set_down == (knocked,)
    x, y = state.pos[knocked]
    assert x > 0 and y < 0, "in front of seat 1's corner, the Mud cracks corner"
    assert not physics.on_pad(2, x, y)
    assert state.stack[-1].kind == "turn" and state.stack[-1].seat == 0, "seat 0's turn goes on"
    state, _ = flick_phase(state)
    assert state.phase != FLICK, "the flick phase ends"


@pytest.mark.parametrize(("rule", "fate"), [("out", OUT), ("reflick", HAND)])
def test_your_own_resting_disc_knocked_off_by_your_flick(rule: str, fate: int) -> None:
    state = at(new(2, own_knocked_off=rule), {(0, 2): (85.0, -85.0)})
    state = play(state, 0, "flick 1 0 0 900", "keep")
    assert state.where[disc(state, 0, 2)] == fate


def test_a_disc_in_the_hole_is_scored_where_its_owner_chooses() -> None:
    state = at(new(2), {(1, 2): (-30.0, 30.0)})
    state = play(state, 0, "flick 1 0 0 146", "keep")
    struck = disc(state, 1, 2)
    assert state.where[struck] == HOLE, "knocked into the hole"
    assert state.stack[-1] == Frame("hole", 1, struck), "its owner chooses, even out of turn"
    assert legal(state, 1) == ["hole ruins", "hole riverbed", "hole canyon", "hole mudcracks"]
    state = play(state, 1, "hole canyon")
    assert state.hole_area[struck] == CANYON


def test_own_disc_in_the_hole() -> None:
    state = play(new(2), 0, "flick 1 0 0 161", "keep")
    assert state.where[disc(state, 0, 1)] == HOLE
    state = play(state, 0, "hole mudcracks")
    state = placed(state, {(1, 1): RIVER_SPOT}, hole={(0, 1): MUD})
    assert state.desks[0].work.mud == 1


def test_advanced_variant_disqualifies_a_flick_straight_into_your_own_zone() -> None:
    plain = play(new(2), 0, "flick 1 0 0 60")
    assert plain.where[disc(plain, 0, 1)] == BOARD
    advanced = play(new(2, advanced=True), 0, "flick 1 0 0 60")
    assert advanced.where[disc(advanced, 0, 1)] == OUT
    across = play(new(2, advanced=True), 0, "flick 1 0 0 250")
    assert across.where[disc(across, 0, 1)] == BOARD


def test_hand_noise_is_seeded_and_changes_the_flick() -> None:
    quiet = play(new(2, seed=4), 0, "flick 1 0 0 200")
    noisy = play(new(2, seed=4, hand_noise="shaky"), 0, "flick 1 0 0 200")
    again = play(new(2, seed=4, hand_noise="shaky"), 0, "flick 1 0 0 200")
    assert noisy.pos == again.pos, "the same seed, the same hand"
    assert noisy.pos != quiet.pos
    assert noisy.flight is not None and noisy.flight.angle != 0.0


def test_flicks_off_the_grid_are_legal_within_bounds() -> None:
    state = new(2)
    assert "flick 2 -7 3.7 333" not in legal(state, 0)
    assert play(state, 0, "flick 2 -7 3.7 333").where[disc(state, 0, 2)] == BOARD
    for text, rule in [
        ("flick 2 20 0 100", "offset"),
        ("flick 2 0 90 100", "angle"),
        ("flick 2 0 0 901", "strength"),
        ("flick 2 0 0 0", "strength"),
    ]:
        with pytest.raises(IllegalActionError, match=rule):
            GAME.apply(state, 0, GAME.parse_action(text))
    with pytest.raises(IllegalActionError) as error:
        GAME.apply(state, 1, GAME.parse_action("flick 2 0 0 100"))
    assert error.value.code == "not_your_turn"


def test_notation_round_trips_and_rejects_nonsense() -> None:
    for text in [
        "flick 3 -19 -12.5 250",
        "ruins H 12",
        "cell a4",
        "ai path LA7 LA5",
        "box discovery",
        "swap b2 c5",
    ]:
        assert GAME.format_action(GAME.parse_action(text)) == text
    for text in ["flick 6 0 0 1", "flick 3 0 1.25 10", "ruins Z 1", "cell k1", "path Q9", "hole moon", ""]:
        with pytest.raises(InvalidActionError):
            GAME.parse_action(text)


# -- the write phase -------------------------------------------------------------------------


def test_swap_step_is_sealed_then_swaps_positions() -> None:
    state = placed(
        new(2), {(0, 1): RUINS_SPOT, (0, 5): MUD_SPOT, (1, 1): RIVER_SPOT, (1, 2): CANYON_SPOT}, swaps=True
    )
    assert state.phase == SWAP and GAME.to_act(state) == {0, 1}
    before = GAME.view(state, 1)
    state = play(state, 0, "swap 1 5")
    assert state.desks[0].work.done, "no Swap bonus left: the seat is done"
    assert GAME.view(state, 1)["sheets"][0] == {**before["sheets"][0], "done": True}
    assert GAME.view(state, 0)["mine"]["work"]["swaps"] == [["1", "5"]]
    assert GAME.view(state, 1)["last"] == {"seat": 0, "action": None}, "what was chosen stays hidden"
    assert GAME.view(state, 0)["last"] == {"seat": 0, "action": "swap 1 5"}, "written out for the seat"
    assert GAME.has_committed(state, 0)
    with pytest.raises(IllegalActionError) as error:
        GAME.apply(state, 0, GAME.parse_action("done"))
    assert error.value.code == "already_committed"
    state = play(state, 1, "done")
    assert state.pos[disc(state, 0, 5)] == RUINS_SPOT and state.pos[disc(state, 0, 1)] == MUD_SPOT
    assert state.desks[0].sheet.swap == (1, 1)
    assert state.desks[0].work.ruins == 5 and state.desks[0].work.mud == 1


def test_swap_idle_answers_as_the_swap_step_list_does() -> None:
    # rules.swap_idle decides, without listing them, whether a seat's swap moves are only 'done'.
    import random

    seen = {True: 0, False: 0}
    for players, seed in ((1, 1), (2, 2), (3, 3), (4, 4), (4, 5)):
        rnd = random.Random(seed)
        state = GAME.new_state(players, seed)
        while state.round < 2 and (seats := GAME.to_act(state)):
            if state.phase == SWAP:
                for seat, desk in enumerate(state.desks):
                    for asked in (desk, replace(desk, work=replace(desk.work, done=False))):
                        idle = rules.swap_idle(state, seat, asked)
                        assert idle == (rules.swap_actions(state, seat, asked) == (rules.DONE,))
                        seen[idle] += 1
            seat = min(seats)
            moves = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, moves[rnd.randrange(len(moves))])
    state = placed(new(2), {(0, 3): (0.0, 60.0), (1, 1): RIVER_SPOT}, swaps=True)
    assert not rules.swap_idle(state, 0, state.desks[0]), "a disc in exact halves waits for its zone"
    assert seen[True] and seen[False]


def test_a_disc_in_exact_halves_goes_where_its_owner_chooses() -> None:
    state = placed(new(2), {(0, 3): (0.0, 60.0), (1, 1): RIVER_SPOT}, swaps=True)
    assert legal(state, 0) == ["zone 3 ruins", "zone 3 riverbed"], "no 'done' before choosing"
    state = skip_swaps(play(state, 0, "zone 3 riverbed"))
    assert state.desks[0].work.river == (3,)


def test_multipliers_double_or_count_twice() -> None:
    circle = {m.animal: (m.x, m.y) for m in reversed(rules.board().multipliers)}
    state = placed(
        new(2),
        {
            (0, 1): circle["lizard"],
            (0, 2): circle["rabbit"],
            (0, 3): circle["fox"],
            (0, 4): circle["owl"],
            (1, 1): RIVER_SPOT,
        },
    )
    assert state.phase == RUINS_STEP and state.desks[0].work.ruins == 2, "Lizard: 1 counts 2"
    state = play(state, 0, "ruins A 2")
    work = state.desks[0].work
    assert (work.mud, work.canyon, work.river) == (4, (3, 3), (4, 4)), "Rabbit doubles; Fox, Owl: twice"


def test_every_disc_touching_the_same_multiplier_gets_its_bonus() -> None:
    # § Círculos multiplicadores: "Se vários discos estiverem a tocar no mesmo círculo
    # multiplicador, todos eles ganham a bonificação."
    lizard = next(m for m in rules.board().multipliers if m.animal == "lizard")
    left, right = (lizard.x - 20.0, lizard.y), (lizard.x + 20.0, lizard.y)
    assert rules.placement(*left)[1] == rules.placement(*right)[1] >= 0, "both touch the one circle"
    state = placed(new(2), {(0, 1): left, (0, 2): right, (1, 1): RIVER_SPOT})
    assert state.phase == RUINS_STEP and state.desks[0].work.ruins == 2 * 1 + 2 * 2


def test_ruins_ties_go_to_the_player_whose_turn_came_first_this_round() -> None:
    # § Ruínas: "o jogador empatado cujo turno foi o anterior anota primeiro"; in the second
    # round the first-player marker has passed to seat 1, so seat 1 now scores first.
    spots = {(0, 5): RUINS_SPOT, (0, 4): (-80.0, 80.0), (1, 5): (-40.0, 30.0), (1, 4): (-60.0, 30.0)}
    state = placed(replace(new(2), round=1, first=1), spots)
    assert state.desks[0].work.ruins == state.desks[1].work.ruins == 9
    assert state.queue == (1, 0)
    state = placed(
        replace(new(3), round=2, first=2), {**spots, (2, 5): (-100.0, 100.0), (2, 4): (-20.0, 50.0)}
    )
    assert state.queue == (2, 0, 1), "clockwise from the first player"


def test_ruins_value_must_all_be_spent() -> None:
    state = placed(new(2), {(0, 5): RUINS_SPOT, (1, 1): RIVER_SPOT})
    assert state.phase == RUINS_STEP and "done" not in legal(state, 0)
    assert legal(state, 0)[:5] == ["ruins A 1", "ruins A 2", "ruins A 3", "ruins A 4", "ruins A 5"]
    state = play(state, 0, "ruins H 3", "ruins H 2")
    assert state.phase == AREAS_STEP


def test_areas_step_is_simultaneous_and_sealed() -> None:
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 2): RIVER_SPOT})
    assert state.phase == AREAS_STEP and GAME.to_act(state) == {0, 1}
    hidden = GAME.view(state, 1)["sheets"][0]
    state = play(state, 0, "path R3")
    assert GAME.view(state, 1)["sheets"][0]["sheet"] == hidden["sheet"], "sealed until everyone is done"
    assert GAME.view(state, 0)["mine"]["sheet"]["riverbed"]["circled"] == ["R3"]
    assert GAME.view(state, None)["sheets"][0]["sheet"] == hidden["sheet"]
    assert GAME.view(state, None)["mine"] is None
    state = play(state, 1, "path L2")
    assert state.phase == FLICK and state.round == 1
    assert GAME.view(state, 1)["sheets"][0]["sheet"]["riverbed"]["circled"] == ["R3"]


def test_riverbed_paths_follow_forks_never_revisit_and_may_be_lost() -> None:
    state = placed(new(2), {(0, 5): RIVER_SPOT, (0, 2): (40.0, 30.0), (1, 1): MUD_SPOT})
    assert set(legal(state, 0)) >= {"path L2", "path R2", "path L5", "path R5"}
    state = play(state, 0, "path L5")
    assert "path LA1" not in legal(state, 0), "a path may start from any visited space, length 2"
    assert {"path LA2", "path LB2", "path R2"} <= set(legal(state, 0))
    assert "path L4" not in legal(state, 0), "no path through visited spaces"


def test_a_disc_with_no_legal_path_is_disqualified() -> None:
    state = placed(new(2), {(0, 5): RIVER_SPOT, (1, 1): MUD_SPOT})
    every = spaces(*(s for s in P.river_ids if s not in ("LA7", "RB7")))
    state = with_sheet(state, 0, visited=every)
    assert legal(state, 0) == ["done"]
    state = play(state, 0, "done")
    assert state.desks[0].work.done


def test_owl_bonus_draws_one_path_of_1_to_5_this_phase() -> None:
    # § Bonificação da Coruja: "Faça um novo caminho de qualquer comprimento (1 a 5 casas)".
    state = placed(new(2), {(0, 5): RIVER_SPOT, (1, 1): MUD_SPOT})
    state = play(state, 0, "path R5")
    assert state.desks[0].work.owls == 1, "the path ends on the Owl"
    ends = set(legal(state, 0))
    assert {"path L1", "path L5", "path R6", "path RA1", "path RB4"} <= ends
    assert "path RA5" not in ends and "path LA1" not in ends, "at most 5 spaces"
    assert "done" not in ends, "an Animal bonus is used in the write phase that gives it"
    state = play(state, 0, "path L1")
    assert state.desks[0].work.owls == 0 and state.desks[0].sheet.circled == spaces("R5", "L1")


def test_canyon_shape_size_bounds_and_fox_bonus() -> None:
    state = placed(new(2), {(0, 2): CANYON_SPOT, (1, 1): MUD_SPOT})
    state = play(state, 0, "cell f10")
    assert state.desks[0].work.shape == cells("f10")
    state = play(state, 0, "cell f9")
    assert state.desks[0].sheet.shapes[-1] == cells("f10", "f9"), "a 2 closes at 2 squares"
    state = placed(new(2), {(0, 4): CANYON_SPOT, (1, 1): MUD_SPOT})
    assert "end" not in legal(state, 0)
    state = play(state, 0, "cell e11", "cell e12", "cell d12")
    assert "end" in legal(state, 0), "a smaller shape than the disc is allowed"
    state = play(state, 0, "end")
    assert cells("e11", "e12", "d12") in state.desks[0].sheet.shapes


def test_fox_bonus_shape_of_four_must_be_drawn_this_phase() -> None:
    state = placed(new(2), {(0, 1): CANYON_SPOT, (1, 1): MUD_SPOT})
    state = with_sheet(state, 0, shapes=(P.canyon_start, cells("d9", "d10", "e10")))
    state = play(state, 0, "cell c9")
    assert state.desks[0].work.canyon == (4,), "the Fox square: a shape of up to 4"
    assert "done" not in legal(state, 0)


def test_mud_columns_and_rabbit_bonus() -> None:
    state = placed(new(2), {(0, 5): MUD_SPOT, (0, 4): (80.0, -80.0), (1, 1): RIVER_SPOT})
    assert state.desks[0].work.mud == 9
    state = play(state, 0, "node A2", "node B2", "node B3")
    assert state.desks[0].work.mud == 9 - 2 - 3 - 4 + 5, "the triangle A2-B2-B3 holds a Rabbit: +5"
    state = play(state, 0, *["box reflick"] * 3)
    assert state.desks[0].sheet.reflick == (2, 0)


def test_assim_que_tiver_riscado_os_nos_desejados_pode_usar_o_valor_que_sobra_nas_colunas() -> None:
    # § Rachas na lama: "Assim que tiver riscado os nós desejados, pode usar o valor que sobra
    # dos seus discos nas colunas de bonificação" - nodes first, then the leftover in the
    # columns: once a box is marked, no more nodes this write phase (the old reading mixed them).
    spots = {(0, 5): MUD_SPOT, (0, 4): (80.0, -80.0), (0, 3): (40.0, -30.0), (1, 1): RIVER_SPOT}
    state = placed(new(2), spots)
    assert state.desks[0].work.mud == 12
    state = play(state, 0, "node A1")
    assert "node A2" in legal(state, 0) and "box swap" in legal(state, 0)
    state = play(state, 0, "box swap")
    assert state.desks[0].work.mud == 12 - 3 - 1
    assert not [a for a in legal(state, 0) if a.startswith("node ")], "the nodes are done"
    assert "box swap" in legal(state, 0), "the leftover still goes in the columns"
    with pytest.raises(IllegalActionError):
        play(state, 0, "node A2")
    # Option mud_order=any keeps the old reading: nodes and boxes in any order.
    state = play(placed(new(2, mud_order="any"), spots), 0, "node A1", "box swap", "node A2")
    assert state.desks[0].sheet.mud & (1 << node("A2"))


def test_discovery_choice_and_use() -> None:
    state = placed(new(2), {(0, 1): CANYON_SPOT, (1, 1): MUD_SPOT})
    state = play(state, 0, "cell g10")
    assert state.desks[0].work.discover == 1, "the shape covers a Discovery symbol"
    assert legal(state, 0) == ["discover fox", "discover owl", "discover rabbit"]
    state = play(state, 0, "discover rabbit")
    assert state.desks[0].sheet.found == (0, 0, 1)
    assert "use rabbit" in legal(state, 0)
    state = play(state, 0, "use rabbit")
    assert state.desks[0].work.mud == 6, "the Discovery Rabbit is worth 6"


def test_discovery_is_limited_to_the_printed_animals() -> None:
    sheet = ss.new_sheet()
    full = replace(sheet, found=(3, 3, 2))
    assert ss.discover_choices(full) == (2,)
    gone = replace(sheet, found=(3, 3, 3))
    desk = ss.gain(rules.Desk(gone, rules.Work()), "discovery")
    assert desk.work.discover == 0, "nothing left to circle: the bonus is lost"


def test_bonus_track_is_limited() -> None:
    sheet = replace(ss.new_sheet(), reflick=(P.track_size, 3))
    desk = ss.gain(rules.Desk(sheet, rules.Work()), "reflick")
    assert desk.sheet.reflick == (P.track_size, 3)


# -- solo ------------------------------------------------------------------------------------


def test_solo_flicks_fifteen_discs_then_chooses_colours() -> None:
    state, turns = flick_phase(new(1))
    assert turns == [0] * 15
    assert state.phase == COLOURS
    assert legal(state, 0) == [
        "colours a b",
        "colours a c",
        "colours b a",
        "colours b c",
        "colours c a",
        "colours c b",
    ]


def test_solo_ai_ruins_circles_are_crossed_first() -> None:
    state = placed(
        new(1), {(1, 4): RUINS_SPOT, (1, 2): (-80.0, 80.0), (0, 5): (-40.0, 30.0), (0, 4): (-60.0, 30.0)}
    )
    state = skip_swaps(play(state, 0, "colours a b"))
    sheet = state.desks[0].sheet
    assert sheet.ai_circled == 6 and sheet.ai_crossed == 6, "the AI circles 6; the player's 9 cross them"
    assert state.phase == RUINS_STEP and state.desks[0].work.ruins == 3


def test_solo_ai_canyon_draws_the_largest_shape_from_an_ai_square() -> None:
    state = placed(new(1), {(1, 3): CANYON_SPOT, (0, 1): RIVER_SPOT})
    state = skip_swaps(play(state, 0, "colours a b"))
    assert state.phase == AI
    assert legal(state, 0) == ["ai cell c2", "ai cell j8", "ai cell a9"]
    state = play(state, 0, "ai cell a9", "ai cell b9")
    assert state.desks[0].work.shape == cells("a9", "b9")
    assert "ai cell c9" in legal(state, 0) and "ai cell f1" not in legal(state, 0)
    state = play(state, 0, "ai cell c9")
    assert state.desks[0].sheet.ai_shapes == (cells("a9", "b9", "c9"),)
    assert state.desks[0].sheet.swap == (1, 0) and state.desks[0].sheet.found == (0, 0, 0), (
        "the AI gains nothing"
    )
    assert ss.free_squares(state.desks[0].sheet) & cells("c9") == 0


def test_solo_ai_draws_a_smaller_shape_when_the_largest_does_not_fit() -> None:
    # § Modo solitário, Desfiladeiro: "A IA desenha sempre a maior forma que puder, a menos
    # que não consiga encaixar legalmente essa forma".
    state = placed(new(1), {(1, 3): CANYON_SPOT, (0, 1): RIVER_SPOT})
    cover = P.canyon_white & ~P.canyon_start & ~cells("c2", "d2")
    state = with_sheet(state, 0, shapes=(P.canyon_start, cover))
    state = skip_swaps(play(state, 0, "colours a b"))
    assert state.phase == AI and legal(state, 0) == ["ai cell c2"], "the only free AI square"
    state = play(state, 0, "ai cell c2")
    assert state.desks[0].work.goal == 2, "a 3 that fits only 2 squares draws a 2"
    state = play(state, 0, "ai cell d2")
    assert state.desks[0].sheet.ai_shapes == (cells("c2", "d2"),)
    assert state.phase == AREAS_STEP


def test_solo_player_chooses_which_ai_disc_draws_first() -> None:
    # § Modo solitário: when the AI could use a disc in several ways the player chooses.
    state = placed(new(1), {(1, 2): CANYON_SPOT, (1, 4): (-80.0, -80.0), (0, 1): RIVER_SPOT})
    state = skip_swaps(play(state, 0, "colours a b"))
    assert legal(state, 0) == ["ai canyon 2", "ai canyon 4"]
    state = play(state, 0, "ai canyon 4")
    assert (state.desks[0].work.limit, state.desks[0].work.goal) == (4, 4)
    assert legal(state, 0) == ["ai cell c2", "ai cell j8", "ai cell a9"]


def test_solo_ai_paths_extend_its_own_and_avoid_the_players_marks() -> None:
    # § Modo solitário, Leito do rio: start on an AI square or next to an AI path; never
    # cross or end on a space the player marked.
    state = placed(new(1), {(1, 2): RIVER_SPOT, (0, 1): MUD_SPOT})
    played = spaces("X", "L1", "L2", "L3", "L4", "L5", "LB1", "LB2", "LB3", "LB4", "LB5")
    state = with_sheet(state, 0, visited=played, circled=spaces("LB5"), river_ai=spaces("LA7", "LA6"))
    state = skip_swaps(play(state, 0, "colours a b"))
    assert legal(state, 0) == ["ai path LA5 LA4", "ai path RA6 RA5", "ai path RB7 RB6"]


def test_solo_ai_shapes_jump_over_the_players_shapes() -> None:
    state = placed(new(1), {(1, 2): CANYON_SPOT, (0, 1): RIVER_SPOT})
    state = with_sheet(
        state, 0, shapes=(P.canyon_start, cells("e10", "e9", "d9")), ai_shapes=(cells("b9", "c9"),)
    )
    anchors = ss.ai_anchors(state.desks[0].sheet)
    assert anchors & cells("e8"), "next to the player's shape that touches the AI's"
    assert anchors & cells("a9") and not anchors & cells("b9")


def test_solo_ai_paths_start_at_the_bottom_and_block_the_player() -> None:
    state = placed(new(1), {(1, 2): RIVER_SPOT, (0, 3): (40.0, 30.0)})
    state = skip_swaps(play(state, 0, "colours a b"))
    assert state.phase == AI
    assert legal(state, 0) == ["ai path LA7 LA6", "ai path LB6 LB5", "ai path RA6 RA5", "ai path RB7 RB6"]
    state = play(state, 0, "ai path LA7 LA6")
    assert state.desks[0].sheet.river_ai == spaces("LA7", "LA6")
    assert state.phase == AREAS_STEP
    sheet = replace(state.desks[0].sheet, visited=spaces("X", "L1", "L2", "L3", "L4", "L5", "LA1", "LA2"))
    assert ss.path_length(sheet, space("LA3")) == 1
    assert ss.path_length(sheet, space("LA6")) == 0, "no path ends on an AI-filled space"
    blocked = replace(sheet, river_ai=spaces("LA4"))
    assert ss.path_length(blocked, space("LA5")) == 0, "nor crosses one"


def test_solo_ai_mud_circles_only_on_outer_nodes_not_marked() -> None:
    state = placed(new(1), {(1, 1): MUD_SPOT, (0, 1): RIVER_SPOT})
    state = skip_swaps(play(state, 0, "colours a b"))
    assert {a.split()[-1] for a in legal(state, 0)} == {f"C{i}" for i in range(1, 19)}
    state = play(state, 0, "ai circle C7")
    assert state.desks[0].sheet.mud_ai[node("C7")] == 1


def _rulebook_score(sheet: Sheet) -> int:
    """A sheet's final score counted the rulebook's way (§ Fim do jogo e pontuação final),
    from its marks and the printed sheet only, without the scoring code."""
    table = [0, 5, 7, 10, 14, 19, 25, 32, 40]
    ruins = sum(
        (b.upper_points, b.lower_points)[reward - 1]
        for reward, b in zip(sheet.rewards, P.buildings, strict=True)
        if reward
    )
    river = sum(P.river_points[s] for s in range(len(P.river_ids)) if sheet.circled >> s & 1)
    covered = 0
    for shape in sheet.shapes:
        covered |= shape
    counts = [0, 0, 0]
    for cell, kind in enumerate(P.canyon_cactus):
        if kind >= 0 and covered >> cell & 1:
            counts[kind] += 1
    canyon = sum(table[n] if n < len(table) else 40 + 5 * (n - 8) for n in counts)
    mud = sum(
        {"S": 2, "M": 4, "L": 6}.get(P.face_symbol[f], 0)
        for f, face in enumerate(P.face_nodes)
        if all(sheet.mud >> n & 1 for n in face)
    )
    return ruins + river + canyon + mud


def test_solo_outcome_scores_the_players_sheet_only() -> None:
    # § Modo solitário: "Em vez de ganhar pontos, a IA usa os seus discos para tornar cada área
    # de marcação mais difícil"; the player scores their own sheet as usual.
    state = new(1, rounds=5)
    while not state.finished:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.scores) == 1
    sheet = state.desks[0].sheet
    assert sheet.ai_shapes or sheet.river_ai or any(sheet.mud_ai), "the AI marked the sheet"
    assert outcome.scores[0] == _rulebook_score(sheet) > 0


def test_ties_go_to_the_most_discoveries() -> None:
    from tabuleiro.games.sonora import scoring

    state = replace(new(2), phase=OVER)
    state = with_sheet(state, 1, found=(1, 0, 0))
    assert scoring.outcome(state).ranks == (2, 1)
    assert scoring.outcome(replace(state, desks=(state.desks[0], state.desks[0]))).ranks == (1, 1)


def test_areas_have_the_score_column_order() -> None:
    assert (RUINS, RIVER, CANYON, MUD) == (0, 1, 2, 3)
