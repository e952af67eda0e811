"""Avenue's rulebook, section by section; worked examples are named after their rule."""

from dataclasses import replace

import pytest

from tabuleiro.core import IllegalActionError, competition_ranks
from tabuleiro.games.avenue import GAME
from tabuleiro.games.avenue.actions import PEEK
from tabuleiro.games.avenue.components import components
from tabuleiro.games.avenue.scoring import (
    breakdown,
    castle_grapes,
    farm_grapes,
    row_score,
    tiebreak_value,
)
from tabuleiro.games.avenue.state import Row

from .helpers import everyone, new, on_table, sq, with_roads

MAP_A = components().maps["A"]
FARM_D_5 = {"f4": 1, "f3": 6, "e4": 2, "e3": 4}
FARM_F_5 = {"d7": 1, "c7": 2, "c6": 6, "d6": 6, "d5": 4}
FARM_A_5 = {"c1": 5, "b1": 3, "b2": 6, "d1": 5}
FARM_B_1 = {"d3": 2, "d2": 6}


def score_round(state, farm: str, roads: dict[str, int], harmless: str = "f6"):
    """Play the fourth yellow card of a round whose farm is `farm`, with `roads` drawn."""
    state = with_roads(replace(state, farms=(*state.farms[:-1], farm)), 0, roads)
    return everyone(on_table(state, 5, True, 3), harmless)


# § Preparação -------------------------------------------------------------------------


def test_preparacao_decks_shuffled_first_farm_and_road_card_revealed() -> None:
    state = new(3, seed=4)
    assert len(state.farms) == 1 and len(state.farm_deck) == 5
    assert sorted((*state.farms, *state.farm_deck)) == list("ABCDEF")
    assert len(state.table) == 1 and len(state.road_deck) == 41
    assert state.waiting == frozenset({0, 1, 2})
    assert new(3, seed=4) == state
    assert new(3, seed=5).road_deck != state.road_deck


# § Desenhando a estrada ----------------------------------------------------------------


def test_desenhando_segment_drawn_exactly_as_shown_never_rotated() -> None:
    state = on_table(new(2), segment=2, yellow=False, yellows_before=0)
    state = everyone(state, "c3", "d5")
    assert state.roads[0][sq("c3")] == 2 and state.roads[1][sq("d5")] == 2
    assert sum(1 for x in state.roads[0] if x) == 1


def test_desenhando_dead_ends_and_the_sheet_border_are_allowed() -> None:
    state = on_table(new(1), segment=1, yellow=False, yellows_before=0)  # N-W at a1 points off the sheet
    assert GAME.illegal_reason(state, 0, GAME.parse_action("a1")) is None
    assert everyone(state, "a1").roads[0][0] == 1


def test_observacoes_only_one_segment_per_square() -> None:
    state = with_roads(new(1), 0, {"b2": 6})
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, 0, GAME.parse_action("b2"))
    assert info.value.code == "not_legal"
    assert "b2 already has a road" in str(info.value)
    assert "já tem uma estrada" in info.value.message("pt")
    assert GAME.parse_action("b2") not in GAME.legal_actions(state, 0)


# § Olhando a próxima carta de fazenda --------------------------------------------------


def test_olhando_peek_shows_the_top_farm_card_to_that_player_only() -> None:
    state = GAME.apply(new(2, seed=8), 0, PEEK)
    top = state.farm_deck[0]
    assert GAME.view(state, 0)["private"] == {"pending": "peek", "peeked_farm": top}
    assert GAME.view(state, 1)["private"]["peeked_farm"] is None
    assert "peeked_farm" not in str(GAME.view(state, None))
    assert top not in GAME.view(state, 1)["farms"]


def test_olhando_peek_replaces_drawing_and_only_once_per_round() -> None:
    state = everyone(on_table(new(2), 5, False, 0), "peek", "peek")  # several players may peek
    assert state.roads[0] == bytes(42) and state.peeked == (True, True)
    assert PEEK not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="once per round"):
        GAME.apply(state, 0, PEEK)


def test_olhando_peeked_card_is_the_next_farm_and_peeking_is_allowed_again() -> None:
    state = everyone(on_table(new(1), 5, True, 2), "peek")
    seen = GAME.view(state, 0)["private"]["peeked_farm"]
    state = everyone(on_table(state, 5, True, 3), "a2")  # fourth yellow: the round is scored
    assert state.farms[-1] == seen and state.round == 2
    assert PEEK in GAME.legal_actions(state, 0)


# § Jogando uma rodada: simultaneous choices ---------------------------------------------


def test_jogando_choices_are_sealed_until_everyone_has_chosen() -> None:
    state = GAME.apply(on_table(new(3), 6, False, 0), 1, GAME.parse_action("d4"))
    others = GAME.view(state, 0)
    assert others["sheets"][1]["committed"] is True
    assert others["sheets"][1]["roads"] == [0] * 42
    assert "d4" not in str(others) and GAME.view(state, 1)["private"]["pending"] == "d4"
    state = GAME.apply(state, 0, GAME.parse_action("a1"))
    state = GAME.apply(state, 2, GAME.parse_action("f7"))
    assert GAME.view(state, 0)["last"] == ["a1", "d4", "f7"]
    assert state.roads[1][sq("d4")] == 6


# § Pontuação ---------------------------------------------------------------------------


def test_pontuacao_only_after_the_fourth_yellow_card_and_everyone_acted() -> None:
    state = everyone(on_table(new(2), 5, True, 2), "a2", "a2")  # third yellow
    assert state.rows == ((), ()) and state.round == 1
    state = everyone(on_table(state, 5, False, 3), "b2", "b2")  # grey cards never score
    assert state.rows == ((), ()) and state.round == 1
    state = GAME.apply(on_table(state, 5, True, 3), 0, GAME.parse_action("c2"))
    assert state.rows == ((), ())  # seat 1 has not acted yet
    state = GAME.apply(state, 1, GAME.parse_action("c2"))
    assert len(state.rows[0]) == 1 and state.round == 2 and state.yellow <= 1


def test_pontuacao_farm_D_linked_to_5_grapes() -> None:
    roads = with_roads(new(1), 0, FARM_D_5).roads[0]
    assert farm_grapes(MAP_A, roads, "D") == 5
    state = score_round(new(1), "D", FARM_D_5)
    assert state.rows[0] == (Row(5, 5),)


def test_pontuacao_farm_F_5_then_farm_A_5_scores_0_and_the_next_only_needs_more_than_0() -> None:
    state = score_round(new(1), "F", FARM_F_5)
    assert state.rows[0] == (Row(5, 5),)
    state = score_round(state, "A", FARM_A_5, harmless="a6")
    assert state.rows[0][-1] == Row(5, 0)
    state = score_round(state, "B", FARM_B_1, harmless="e7")
    assert state.rows[0][-1] == Row(1, 1)
    assert [row_score(5, 0), row_score(5, 5), row_score(1, 0)] == [5, 0, 1]


def test_observacoes_a_zero_first_farm_still_costs_5() -> None:
    state = score_round(new(1), "C", {})
    assert state.rows[0] == (Row(0, 0),)
    assert breakdown(MAP_A, state.roads[0], [0, 2, 3, 4, 5])["zeros"] == -5
    assert breakdown(MAP_A, state.roads[0], [1, 2, 3, 4, 5])["zeros"] == 0


def test_observacoes_a_grape_scores_for_two_farms_in_different_rounds() -> None:
    shared = {"d3": 5, "e3": 5, "f3": 4, "f4": 6}  # farm B - G - GG - farm D
    state = score_round(new(1), "D", shared)
    assert state.rows[0] == (Row(3, 3),)
    state = score_round(state, "B", {"f5": 6}, harmless="a6")  # the same grapes, plus one
    assert state.rows[0][-1] == Row(4, 4)


def test_observacoes_a_road_through_a_farm_or_castle_continues() -> None:
    through_farm = with_roads(new(1), 0, {"c3": 5, "d3": 5, "e3": 5, "f3": 4, "f4": 6}).roads[0]
    assert farm_grapes(MAP_A, through_farm, "D") == 3 + 1 + 2  # c3 GPP is beyond farm B
    through_castle = {"f4": 6, "f3": 6, "f2": 6, "f1": 4, "e1": 5, "d1": 3, "d2": 6}
    roads = with_roads(new(1), 0, through_castle).roads[0]
    assert farm_grapes(MAP_A, roads, "D") == 2 + 2 + 1  # f3 GG, then past the castle: d1 GG, d2 P
    assert castle_grapes(MAP_A, roads, "G") == 4 and castle_grapes(MAP_A, roads, "P") == 0


def test_observacoes_a_feature_counts_only_with_a_road_on_its_own_square() -> None:
    roads = with_roads(new(1), 0, {"f4": 6}).roads[0]  # the road reaches f5 (P) and f3 (GG)
    assert farm_grapes(MAP_A, roads, "D") == 0
    assert farm_grapes(MAP_A, bytes(42), "D") == 0


# § Antes da próxima rodada ------------------------------------------------------------


def test_antes_da_proxima_rodada_cards_go_to_discard_without_reshuffling() -> None:
    state = on_table(new(1), 5, True, 3)
    deck_after = state.road_deck[1:]
    state = everyone(state, "a2")
    assert state.road_discard and len(state.road_discard) == 4
    assert state.road_deck == deck_after and len(state.table) == 1


def test_antes_da_proxima_rodada_discard_reshuffled_when_the_deck_runs_out() -> None:
    state = on_table(new(1, seed=2), 5, False, 1)
    discard = tuple(c for c in state.road_deck)
    state = replace(state, road_deck=(), road_discard=discard)
    state = everyone(state, "a2")
    assert state.road_discard == ()
    assert sorted((*state.road_deck, *state.table)) == sorted(
        (*discard, *on_table(new(1), 5, False, 1).table)
    )
    assert state.table[-1] in discard
    GAME.check_invariants(state)


# § Final do jogo e pontuação final ------------------------------------------------------


def test_final_five_scorings_end_the_game_and_one_farm_is_never_scored() -> None:
    state = new(1, seed=12)
    while GAME.to_act(state):
        state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert len(state.rows[0]) == 5 and len(state.farms) == 5 and len(state.farm_deck) == 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sorted(state.farms) == sorted(set(state.farms)) and state.farm_deck[0] not in state.farms
    assert list(outcome.breakdown[0]) == [
        "farm_1",
        "farm_2",
        "farm_3",
        "farm_4",
        "farm_5",
        "castle_purple",
        "castle_green",
        "zeros",
    ]


def test_final_castles_score_their_own_colour() -> None:
    purple = {"a7": 2, "a6": 6, "a5": 3, "b5": 4}  # castle - (b7 G, no road) - a6 - a5 PP - b5
    roads = with_roads(new(1), 0, purple).roads[0]
    assert castle_grapes(MAP_A, roads, "P") == 2
    roads = with_roads(new(1), 0, {"a7": 2, "a6": 6, "a5": 6, "a4": 6, "a3": 3, "b3": 4}).roads[0]
    assert castle_grapes(MAP_A, roads, "P") == 2  # a3 G is on the road but green


def test_final_tie_goes_to_the_highest_single_scoring_space() -> None:
    a = {
        "farm_1": 2,
        "farm_2": 3,
        "farm_3": 0,
        "farm_4": 9,
        "farm_5": 10,
        "castle_purple": 0,
        "castle_green": 0,
        "zeros": -5,
    }
    b = {
        "farm_1": 3,
        "farm_2": 4,
        "farm_3": 5,
        "farm_4": 6,
        "farm_5": 1,
        "castle_purple": 0,
        "castle_green": 0,
        "zeros": 0,
    }
    assert sum(a.values()) == sum(b.values()) == 19
    assert competition_ranks([(19, tiebreak_value(a, False)), (19, tiebreak_value(b, False))]) == (1, 2)
    c = {**b, "castle_green": 12}
    assert tiebreak_value(c, False) == 6 and tiebreak_value(c, True) == 12
    assert competition_ranks([(19, 10), (19, 10)]) == (1, 1)


def test_final_tiebreak_option_is_used_by_the_outcome() -> None:
    state = new(2, seed=1, tiebreak_castles=True)
    assert state.options.tiebreak_castles is True
    while GAME.to_act(state):
        for seat in sorted(GAME.to_act(state)):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-2])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores[0] == outcome.scores[1]
    assert outcome.details[0]["tiebreak"] == max(
        v for k, v in outcome.breakdown[0].items() if k.startswith(("farm_", "castle_"))
    )


# § Observações: solo and many players ---------------------------------------------------


@pytest.mark.parametrize("players", [1, 20])
def test_observacoes_solo_and_many_players_use_the_same_rules(players: int) -> None:
    state = new(players, seed=3)
    while GAME.to_act(state):
        for seat in sorted(GAME.to_act(state)):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[seat % 3])
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.scores) == players
    assert all(len(rows) == 5 for rows in state.rows)
