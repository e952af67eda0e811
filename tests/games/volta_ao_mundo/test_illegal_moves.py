"""Typical illegal moves of Around the World in 80 Days answer with the rule that forbids them.

Each move is played through `GAME.apply` from notation; the message, in English and in
Portuguese, must name the rulebook section (or RULES.md interpretation) and the state must stay
as it was.
"""

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.actions import Swap
from tabuleiro.games.volta_ao_mundo.state import DRAFT, RaceState

from .helpers import COMP, mover, new, play, with_market


def refused(state: RaceState, text: str, seat: int = 0) -> IllegalActionError:
    action = GAME.parse_action(text)
    before = GAME.view(state, seat)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, action)
    assert info.value.code == "not_legal"
    assert GAME.view(state, seat) == before
    return info.value


def says(state: RaceState, text: str, en: str, pt: str, seat: int = 0) -> None:
    error = refused(state, text, seat)
    assert en in error.message("en"), error.message("en")
    assert pt in error.message("pt"), error.message("pt")


# § Início do jogo -------------------------------------------------------------------------------


def test_inicio_do_jogo_the_draft_keeps_a_card_of_your_hand() -> None:
    state = new(2)
    other = next(c for c in range(len(COMP.city_ids)) if c not in state.hands[0])
    says(state, f"pick {COMP.city_ids[other]}", "is not in your hand", "não está na sua mão")
    says(state, f"pick {COMP.city_ids[other]}", "(§ Início do jogo)", "(§ Início do jogo)")


def test_inicio_do_jogo_the_start_city_is_one_of_the_five_kept() -> None:
    state = new(2)
    while state.phase == DRAFT:
        for seat in sorted(GAME.to_act(state)):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    kept = state.travellers[0].drafted
    other = next(c for c in range(len(COMP.city_ids)) if c not in kept)
    says(state, f"start {COMP.city_ids[other]}", "not one of your five city cards", "cinco cartas de cidade")


# § Ambientação and § Movimento ----------------------------------------------------------------------


def test_ambientacao_never_back_to_a_visited_city() -> None:
    says(mover("T1"), "move ADE", "already been to ADE", "já passou por ADE")
    says(mover("T1"), "move ADE", "(§ Ambientação)", "(§ Ambientação)")


def test_ambientacao_the_start_city_again_only_after_both_oceans() -> None:
    state = mover("T1", where="PAR", origin="LON", path=())
    says(state, "move LON", "after crossing the Atlantic and the Pacific", "cruzar o Atlântico e o Pacífico")


def test_movimento_a_move_follows_a_route_of_the_map() -> None:
    says(mover("T1"), "move NYC", "no route joins BOM and NYC", "nenhuma rota liga BOM a NYC")
    says(mover("T1"), "move NYC", "§ Movimento", "§ Movimento")


# § O turno ------------------------------------------------------------------------------------------


def test_turno_never_the_same_main_action_twice() -> None:
    state = play(mover("T1"), 0, "move ALD")
    says(state, "move TRN", "never the same action twice", "nunca a mesma ação")
    says(state, "move TRN", "two different main actions", "duas ações principais diferentes")


def test_turno_two_main_actions_before_end() -> None:
    says(mover("T1"), "end", "two different main actions; 0 taken so far", "0 feitas")


def test_turno_one_free_action_per_turn() -> None:
    state = play(mover("T1", "M01"), 0, "free flip 2")
    says(state, "free flip 1", "one free action per turn", "uma ação livre por turno")
    says(state, "free flip 1", "interpretation 7", "interpretação 7")


def test_turno_a_card_moves_one_space() -> None:
    state = mover("T1", "M01", "M04")
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, 0, Swap(0, 2, free=True))
    assert "a card moves one space" in info.value.message("en")
    assert "uma carta anda um espaço" in info.value.message("pt")


def test_descansar_rest_is_the_turns_only_action() -> None:
    state = play(mover("T1", "M01"), 0, "free flip 2")
    says(state, "rest", "Rest is a turn's only action", "Descansar é a única ação do turno")


def test_descansar_takes_no_free_action() -> None:
    state = play(mover("T1", "M01"), 0, "rest")
    says(state, "free flip 2", "a Rest takes no free action", "o Descanso não tem ação livre")
    says(state, "move ALD", "during a Rest", "no Descanso")


def test_descansar_refreshing_the_market_is_a_rest_action() -> None:
    says(mover("T1"), "refresh 1", "is a Rest action", "ação do Descanso")


# § Mercado, § Telégrafo, § Efeitos --------------------------------------------------------------------


def test_mercado_a_card_costs_its_price() -> None:
    state = with_market(mover("T1", coins=1), "M46", "M01", "M04", "M07", "M10")
    says(state, "buy 1", "costs 7 coins and you have 1", "custa 7 moedas e você tem 1")
    says(state, "buy 1", "(§ Mercado)", "(§ Mercado)")


def test_telegrafo_only_a_telegraph_card_telegraphs() -> None:
    says(mover("M01", "T1"), "telegraph 1 fame", "not a telegraph card", "não é uma carta de telégrafo")


def test_telegrafo_after_use_the_card_turns_to_its_office() -> None:
    says(mover(("T1", "b")), "telegraph 1 fame", "Escritório back", "verso Escritório")


def test_telegrafo_two_options_need_an_improved_card() -> None:
    says(mover("T1"), "telegraph 1 income collect", "one option at a time", "uma opção por vez")


def test_efeitos_a_padlock_face_never_turns_by_hand() -> None:
    says(mover("T1", "M43"), "free flip 2", "padlock face", "cadeado")
    says(mover("T1", "M43"), "free flip 2", "interpretation 11", "interpretação 11")


def test_efeitos_passive_effects_are_not_used_as_an_action() -> None:
    says(mover("M01"), "effect 1", "no active effect", "não mostra um efeito ativo")


def test_a_move_of_another_decision_names_the_pending_decision() -> None:
    says(new(2), "move LON", "the pending decision is keeping one city card", "ficar com uma carta")


def test_efeitos_the_charter_flies_to_a_city_not_visited() -> None:
    says(mover("M46"), "effect 1 ADE", "already been to ADE", "já passou por ADE")


def test_efeitos_the_lawyer_removes_a_sabotage_card() -> None:
    says(mover("M47", "M01"), "effect 1 2", "the Lawyer removes a sabotage card", "o Advogado remove")
