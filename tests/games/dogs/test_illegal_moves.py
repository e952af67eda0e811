"""Typical illegal DOGS moves answer with the rule that forbids them, in both languages.

Each position is set up with one pending decision and the move is played through
`GAME.apply`; the message must cite the rulebook section (or the RULES.md interpretation)
that forbids it, and the state must stay exactly as it was.
"""

from dataclasses import replace

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.dogs import GAME
from tabuleiro.games.dogs.components import BLOCK, components
from tabuleiro.games.dogs.state import ACTIONS, ARRANGE, FEEDING, FUEL, MOVE, OUT, SALARY, DogsState, Frame

from .helpers import b, card, kennel, new, pen, sp

COMP = components()


def refused(state: DogsState, seat: int, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, GAME.parse_action(text))
    assert info.value.code == "not_legal"
    return info.value


def says(state: DogsState, seat: int, text: str, en: str, pt: str) -> None:
    """`text` is refused with a message holding `en` (English) and `pt` (Portuguese)."""
    error = refused(state, seat, text)
    assert en in error.message("en"), error.message("en")
    assert pt in error.message("pt"), error.message("pt")


def deciding(state: DogsState, frame: Frame, phase: int) -> DogsState:
    return replace(state, phase=phase, queue=(), stack=(frame,))


# § Fase 1 ---------------------------------------------------------------------------------------


def test_fase1_a_move_beyond_the_gas_in_the_garage_is_refused_naming_the_cost() -> None:
    state = kennel(new(4), 0, gas=3)  # C4 is 4 spaces from the centre
    says(state, 0, "move C4", "costs 4 gas and you have 3", "custa 4 de gasolina e você tem 3")
    says(state, 0, "move C4", "(§ Fase 1)", "(§ Fase 1)")


def test_fase1_importante_the_last_gas_is_kept_for_the_way_home() -> None:
    state = kennel(new(4), 0, gas=4)
    says(state, 0, "move C4", "keep at least 1 gas", "guarde pelo menos 1 ficha")
    says(state, 0, "move C4", "§ Fase 1, IMPORTANTE", "§ Fase 1, IMPORTANTE")


def test_fase1_a_pick_up_stops_only_on_a_space_with_a_dog() -> None:
    state = new(4)
    state = replace(state, spaces=(*state.spaces[:2], -1, *state.spaces[3:]))  # C2 emptied
    says(state, 0, "move C2", "C2 has no dog", "C2 não tem cão")
    says(state, 0, "move C2", "interpretation 1", "interpretação 1")


def test_fase1_two_pick_ups_never_share_a_space() -> None:
    state = kennel(new(4), 1, position=sp("C1"))
    says(state, 0, "move C1", "another pick-up is on C1", "outra pick-up está em C1")


def test_dois_jogadores_a_blocking_token_is_never_a_destination() -> None:
    state = new(2)
    spaces = list(state.spaces)
    spaces[sp("C2")] = BLOCK
    says(replace(state, spaces=tuple(spaces)), 0, "move C2", "blocking token", "ficha de bloqueio")
    says(replace(state, spaces=tuple(spaces)), 0, "move C2", "§ Partidas com dois jogadores", "§ Partidas")


def test_fase1_home_before_leaving_the_centre_and_stay_once_out() -> None:
    state = new(4)
    says(state, 0, "home", "'stay'", "'stay'")
    out = kennel(state, 0, position=sp("C1"), trip=OUT)
    assert GAME.legal_actions(out, 0)[-1] == GAME.parse_action("home")
    says(out, 0, "stay", "'home' brings it back for exactly 1 gas", "exatamente 1 gasolina")


def test_fase1_buying_gas_costs_coins_and_never_passes_9() -> None:
    state = deciding(kennel(new(4), 0, coins=1, gas=3), Frame("fuel", 0), FUEL)
    says(state, 0, "fuel 2", "you have 1 coin: each coin buys 3 gas", "cada moeda compra 3 fichas")
    full = deciding(kennel(new(4), 0, coins=3, gas=7), Frame("fuel", 0), FUEL)
    says(full, 0, "fuel 1", "never more than 9 gas", "nunca mais de 9")


def test_garagem_the_homecoming_bonus_is_no_gas_for_a_full_garage() -> None:
    state = deciding(kennel(new(4), 0, gas=9), Frame("bonus", 0), MOVE)
    says(state, 0, "bonus gas", "(§ Garagem)", "(§ Garagem)")


def test_a_move_of_another_decision_names_the_pending_decision() -> None:
    says(new(4), 0, "fuel 1", "the pending decision is moving your pick-up", "mover a pick-up")


# Placing dogs (end of phase 1) -------------------------------------------------------------------


def arranging(pool: tuple[int, ...], lifts: int, **changes: object) -> DogsState:
    return deciding(kennel(new(4), 0, **changes), Frame("arrange", 0, pool=pool, lifts=lifts), ARRANGE)


def test_baias_a_pen_holds_two_breeds_in_two_rows() -> None:
    state = arranging((b("poodle"),), 3, pens=(pen(beagle=2, labrador=1), ()))
    says(state, 0, "put poodle 1", "at most two breeds", "no máximo duas raças")
    says(state, 0, "put poodle 1", "§ Baias construídas", "§ Baias construídas")


def test_prefeitura_a_pen_not_built_takes_no_dog() -> None:
    state = arranging((b("poodle"),), 1)
    says(state, 0, "put poodle 3", "pen 3 is not built", "a baia 3 não está construída")


def test_fase1_only_the_dogs_brought_home_wait_for_a_pen() -> None:
    state = arranging((b("poodle"),), 1)
    says(state, 0, "put labrador 1", "no labrador is waiting", "nenhum labrador espera")
    says(state, 0, "done", "1 dog still waits", "1 cão ainda espera lugar: coloque-o")


def test_fase1_a_dog_is_donated_only_without_room() -> None:
    state = arranging((b("poodle"),), 1)
    says(state, 0, "donate poodle", "a dog is donated only when there is no room", "só se doa um cão")


def test_enfermaria_more_than_6_sick_dogs_means_donating_one_first() -> None:
    state = arranging((), 0, infirmary=(b("poodle"),) * 7)
    says(state, 0, "done", "more than 6: donate a sick dog first", "mais de 6: doe um cão doente")


def test_fase2_dogs_are_not_redistributed_after_phase_1() -> None:
    state = deciding(
        kennel(new(4), 0, pens=(pen(poodle=2), ())),
        Frame("arrange", 0, pool=(b("labrador"),), lifts=0),
        ACTIONS,
    )
    says(state, 0, "lift poodle 1", "only at the end of phase 1", "só mudam de baia no final da fase 1")


# § Fase 2 -------------------------------------------------------------------------------------------


def placing(state: DogsState) -> DogsState:
    return deciding(state, Frame("place", 0), ACTIONS)


def test_fase2_a_box_takes_two_meeples() -> None:
    state = new(4)
    state = placing(replace(state, meeples=((1, 2), (), (), (), ())))
    says(state, 0, "place prefeitura no-card", "the Prefeitura box is full: at most 2", "no máximo 2")


def test_fase2_the_card_taken_is_one_of_the_box() -> None:
    state = new(4)
    missing = next(c for c in range(12) if c not in state.boxes[0])
    name = COMP.cards[missing].name
    says(placing(state), 0, f"place prefeitura {name}", "the Prefeitura box has no", "não tem a carta")


def test_entrada_livre_needs_the_card_and_a_full_box() -> None:
    state = placing(new(4))
    says(state, 0, "place feira use-free", "you do not hold the Free entry card", "Entrada Livre")
    held = placing(kennel(new(4), 0, cards=(card("free"),)))
    says(held, 0, "place feira use-free", "Free entry is for a full box", "não está cheio")


def in_box(box: int, used: int = 0, **changes: object) -> DogsState:
    return deciding(kennel(new(4), 0, **changes), Frame("box", 0, box=box, used=used), ACTIONS)


def test_prefeitura_a_pen_costs_2_coins() -> None:
    says(in_box(0, coins=1), 0, "build", "a pen costs 2 coins and you have 1", "custa 2 moedas")
    says(in_box(0, coins=1), 0, "build discount", "Discount card", "carta Desconto")


def test_each_box_does_its_own_action() -> None:
    says(in_box(1), 0, "build", "action of the Prefeitura box", "ação do box Prefeitura")
    says(in_box(0), 0, "buy poodle", "action of the Feira de Cães box", "§ Feira de Cães")


def test_armazem_exchanges_at_most_two_tokens() -> None:
    says(in_box(1, used=2), 0, "exchange food gas", "at most two tokens", "no máximo duas fichas")
    says(in_box(1, food=0), 0, "exchange food gas", "you have no food", "não tem food")


def test_pet_shop_each_coin_buys_two_tokens() -> None:
    says(in_box(2, coins=0), 0, "shop food food", "each coin buys two tokens", "cada moeda compra duas")


def test_veterinario_each_cure_costs_1_medicine() -> None:
    state = in_box(3, medicine=0, infirmary=(b("poodle"),))
    says(state, 0, "cure poodle", "each cure costs 1 medicine", "cada cura custa 1 ficha")


def test_feira_sells_only_the_breeds_on_its_card_and_buys_at_10_minus_the_dogs() -> None:
    state = new(4)
    shown = COMP.fair_cards[state.fair_cards[0]]
    other = next(x for x in range(len(COMP.breed_ids)) if x not in shown)
    name = COMP.breed_ids[other]
    seller = in_box(4, pens=(((other, 2),), ()))
    says(seller, 0, f"sell {name} 1", "only those breeds are sold", "só essas raças são vendidas")
    buyer = replace(in_box(4, coins=5), fair=(b("poodle"),) * 4)  # 10 - 4 = 6 coins
    says(buyer, 0, "buy poodle", "10 − 4 = 6 coins", "10 − 4 = 6 moedas")
    says(buyer, 0, "buy labrador", "there is no labrador at the Fair", "não há labrador na Feira")
    says(in_box(4, used=1), 0, "buy poodle", "one deal per visit", "um negócio por visita")


# § Fase 3 -------------------------------------------------------------------------------------------


def feeding(**changes: object) -> DogsState:
    return deciding(kennel(new(4), 0, **changes), Frame("feed", 0), FEEDING)


def test_fase3_tarefa1_without_food_for_every_pen_a_dog_goes_to_the_infirmary() -> None:
    state = feeding(food=1, pens=(pen(poodle=2), pen(labrador=1)))
    says(state, 0, "feed", "you have 1 food for 2 pens", "§ Fase 3, tarefa 1")
    fed = feeding(food=2, pens=(pen(poodle=2), pen(labrador=1)))
    says(fed, 0, "starve 1 poodle", "food for every pen", "ração para todas as baias")


def test_fase3_tarefa2_a_working_helper_is_paid_while_possible() -> None:
    state = deciding(kennel(new(4), 0, coins=1), Frame("salary", 0), SALARY)
    says(state, 0, "no-rehire", "must be paid while you can", "§ Fase 3, tarefa 2")
    says(state, 0, "salary card", "Helper card", "carta Ajudante")


# § Uso das cartas -----------------------------------------------------------------------------------


def test_uso_das_cartas_a_card_not_held_cannot_be_used() -> None:
    says(new(4), 0, "use swap C1 C2", "you do not hold the Dog swap card", "§ Uso das cartas")


def test_troca_de_caes_keeps_each_dog_in_its_area() -> None:
    state = kennel(new(4), 0, cards=(card("swap"),))
    says(state, 0, "use swap C1 K1", "city dogs always stay in the city", "interpretação 7")


def test_cards_of_phase_1_wait_for_phase_1() -> None:
    state = placing(kennel(new(4), 0, cards=(card("swap"),)))
    says(state, 0, "use swap C1 C2", "during phase 1, before moving", "durante a fase 1")


def test_a_refused_move_leaves_the_state_as_it_was() -> None:
    state = kennel(new(4), 0, gas=3)
    before = GAME.view(state, 0)
    refused(state, 0, "move C4")
    assert GAME.view(state, 0) == before
    assert GAME.illegal_reason(state, 0, GAME.parse_action("move C1")) is None
