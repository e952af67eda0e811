"""DOGS § Uso das cartas no jogo, each card on its own, and the phase 2 worked examples that use
cards; then the rule options."""

from dataclasses import replace

import pytest

from tabuleiro.bots import make_bot
from tabuleiro.core import IllegalActionError
from tabuleiro.games.dogs import GAME, rules
from tabuleiro.games.dogs.actions import Place
from tabuleiro.games.dogs.components import BLOCK, CITY, COUNTRY, LOST, SICK, dog
from tabuleiro.games.dogs.state import ACTIONS, MOVE, Frame

from .helpers import b, card, kennel, legal, new, pen, play, sp


def actions_phase(
    players: int = 4,
    seat: int = 0,
    boxes: dict[int, tuple[str, ...]] | None = None,
    options: dict[str, object] | None = None,
    **changes,
):
    state = kennel(new(players, **(options or {})), seat, **changes)
    if boxes:
        dealt = list(state.boxes)
        for box, names in boxes.items():
            dealt[box] = tuple(sorted(card(n) for n in names))
        state = replace(state, boxes=tuple(dealt))
    return replace(state, phase=ACTIONS, queue=(), stack=(Frame("place", seat),))


def with_spaces(state, **tokens: int):
    spaces = list(state.spaces)
    for name, token in tokens.items():
        spaces[sp(name)] = token
    return replace(state, spaces=tuple(spaces))


# Receba recursos --------------------------------------------------------------------------------


def test_option_resource_cards_keep_used_when_the_holder_decides_gas_never_above_9() -> None:
    state = kennel(new(4, resource_cards="keep"), 0, cards=(card("food2"), card("gas3")), gas=8)
    assert {"use food2", "use gas3"} <= set(legal(state, 0))
    state = play(state, 0, "use food2")
    assert state.kennels[0].food == 2 + 2 and state.kennels[0].cards == (card("gas3"),)
    state = play(state, 0, "use gas3")
    assert state.kennels[0].gas == 9 and not state.kennels[0].cards
    assert state.discard[-2:] == (card("food2"), card("gas3")) and GAME.to_act(state) == {0}


def test_fase2_armazem_example_gas_card_then_exchanged_for_food_and_medicine() -> None:
    # "escolhe a carta que lhe permite receber do estoque geral imediatamente duas fichas de
    # gasolina, e usa-as para fazer a troca ... A carta escolhida vai para a pilha de descarte."
    state = actions_phase(boxes={1: ("gas2", "helper")}, gas=6, food=2, medicine=2)
    state = play(state, 0, "place armazem gas2")
    assert state.kennels[0].gas == 6 + 2 and state.discard[-1] == card("gas2")
    state = play(play(state, 0, "exchange gas food"), 0, "exchange gas medicine")
    k = state.kennels[0]
    assert (k.gas, k.food, k.medicine) == (6, 3, 3) and card("gas2") not in k.cards


def test_fase2_pet_shop_example_coins_card_used_at_once_for_a_bigger_purchase() -> None:
    # "se a carta no Pet Shop fosse uma carta do tipo Receba moedas, o jogador poderia usá-las
    # imediatamente, se desejasse, para aumentar sua compra"
    state = actions_phase(boxes={2: ("coins2", "helper")}, coins=0)
    state = play(state, 0, "place petshop coins2")
    assert state.kennels[0].coins == 2 and "shop food food" in legal(state, 0)
    state = play(play(state, 0, "shop food food"), 0, "shop medicine medicine")
    k = state.kennels[0]
    assert (k.coins, k.food, k.medicine) == (0, 4, 4)


def test_fase2_pet_shop_example_second_meeple_takes_the_other_card_and_buys_four_tokens() -> None:
    # "pega a carta do ajudante, uma vez que o jogador ... já ocupou este local e escolheu a primeira
    # carta ... usa duas moedas ... para comprar quatro fichas ... 2 fichas de ração e 2 ... medicamentos"
    state = actions_phase(seat=1, boxes={2: ("helper",)}, coins=2, food=0, medicine=0)
    state = replace(state, meeples=((), (), (0,), (), ()))
    assert [a for a in legal(state, 1) if a.startswith("place petshop")] == ["place petshop helper"]
    state = play(play(state, 1, "place petshop helper"), 1, "shop food medicine")
    state = play(state, 1, "shop food medicine")
    k = state.kennels[1]
    assert (k.coins, k.food, k.medicine) == (0, 2, 2) and k.cards == (card("helper"),)
    assert state.meeples[2] == (0, 1) and state.boxes[2] == ()


def test_fase2_prefeitura_example_card_kept_for_another_round() -> None:
    # "escolhe a carta do Veterinário (guardando-a para usar em outra rodada) e ... ativar sua baia"
    state = actions_phase(boxes={0: ("vet", "food1")}, coins=3)
    state = play(play(play(state, 0, "place prefeitura vet"), 0, "build"), 0, "done")
    k = state.kennels[0]
    assert card("vet") in k.cards and len(k.pens) == 3 and k.coins == 1


# Receba 1 cão ---------------------------------------------------------------------------------------


def test_cartas_receba_1_cao_a_dog_from_the_chosen_supply_onto_the_pick_up() -> None:
    state = new(4)
    city = (dog(b("bulldog"), SICK), *state.bags[CITY][1:])
    state = kennel(replace(state, bags=(city, state.bags[COUNTRY])), 0, cards=(card("dog"),))
    assert {"use dog city", "use dog country"} <= set(legal(state, 0))
    after = play(state, 0, "use dog city")
    assert after.kennels[0].truck == (dog(b("bulldog"), SICK),) and after.bags[CITY] == city[1:]
    assert after.phase == MOVE and GAME.to_act(after) == {0}  # then move, go home or stay


def test_cartas_receba_1_cao_lost_dog_goes_to_the_fair_for_1_coin() -> None:
    state = new(4)
    country = (dog(b("poodle"), LOST), *state.bags[COUNTRY])
    state = kennel(replace(state, bags=(state.bags[CITY], country)), 0, cards=(card("dog"),))
    after = play(state, 0, "use dog country")
    assert after.fair == (b("poodle"),) and after.kennels[0].coins == 3 + 1 and not after.kennels[0].truck


def test_cartas_receba_1_cao_skips_blocking_tokens_which_stay_in_the_supply() -> None:
    state = new(2)
    city = (BLOCK, dog(b("golden")), dog(b("bulldog")))
    state = kennel(replace(state, bags=(city, state.bags[COUNTRY])), 0, cards=(card("dog"),))
    after = play(state, 0, "use dog city")
    assert after.kennels[0].truck == (dog(b("golden")),) and after.bags[CITY] == (BLOCK, dog(b("bulldog")))


def test_cartas_receba_1_cao_only_in_phase_1_before_going_home() -> None:
    state = kennel(new(4), 0, cards=(card("dog"),))
    assert "use dog city" not in legal(actions_phase(cards=(card("dog"),)), 0)
    state = play(play(play(play(state, 0, "move C1"), 1, "stay"), 2, "stay"), 3, "stay")
    assert "use dog city" in legal(state, 0) and "home" in legal(state, 0)


# Troca de cães ----------------------------------------------------------------------------------------


def test_cartas_troca_de_caes_swaps_two_dogs_on_the_board_before_moving() -> None:
    state = with_spaces(new(4), C1=dog(b("bulldog")), C4=dog(b("golden")))
    state = kennel(state, 0, cards=(card("swap"),))
    assert "use swap C1 C4" in legal(state, 0)
    state = play(state, 0, "use swap C1 C4")
    assert state.spaces[sp("C1")] == dog(b("golden")) and state.spaces[sp("C4")] == dog(b("bulldog"))
    state = play(state, 0, "move C1")
    assert state.kennels[0].truck == (dog(b("golden")),) and state.kennels[0].gas == 5


def test_preparacao_caes_da_cidade_sempre_na_area_urbana_no_swap_across_the_border() -> None:
    # "Cães da cidade são sempre colocados na área urbana do tabuleiro ... Cães do campo são
    # sempre colocados na área rural": Troca de cães swaps two dogs of the same area only.
    state = with_spaces(new(4), C1=dog(b("bulldog")), K4=dog(b("poodle")), K5=dog(b("labrador")))
    state = kennel(state, 0, cards=(card("swap"),))
    swaps = [a.split()[2:] for a in legal(state, 0) if a.startswith("use swap")]
    assert swaps and all(x[0] == y[0] for x, y in swaps)  # C with C, K with K
    assert "use swap C1 K4" not in legal(state, 0) and "use swap K4 K5" in legal(state, 0)
    with pytest.raises(IllegalActionError):
        play(state, 0, "use swap C1 K4")


def test_cartas_troca_de_caes_not_in_phase_2() -> None:
    state = actions_phase(cards=(card("swap"),))
    assert not any(a.startswith("use swap") for a in legal(state, 0))


# Cão Adestrado, Cão Premiado ------------------------------------------------------------------------------


def selling(*cards: str):
    """A phase 2 visit to the Feira with two Poodles in pen 1 and a Fair card showing Poodles."""
    state = actions_phase(pens=(pen(poodle=2), ()), cards=tuple(card(c) for c in cards))
    fair_cards = rules.components().fair_cards
    top = next(i for i in state.fair_cards if b("poodle") in fair_cards[i])
    state = replace(state, fair_cards=(top, *(i for i in state.fair_cards if i != top)))
    return play(state, 0, f"place feira {rules.components().cards[state.boxes[4][0]].name}")


def test_cartas_cao_adestrado_one_more_coin_on_a_sale() -> None:
    state = selling("trained")
    assert "sell poodle 1 trained" in legal(state, 0)
    after = play(state, 0, "sell poodle 1 trained")
    assert after.kennels[0].coins == 3 + 2 + 1 and card("trained") not in after.kennels[0].cards
    plain = play(state, 0, "sell poodle 1")
    assert plain.kennels[0].coins == 3 + 2 and card("trained") in plain.kennels[0].cards


def test_cartas_cao_premiado_two_more_coins_on_a_sale() -> None:
    state = selling("prize")
    after = play(state, 0, "sell poodle 1 prize")
    assert after.kennels[0].coins == 3 + 2 + 2 and after.fair[-1] == b("poodle")
    assert after.kennels[0].pens[0] == pen(poodle=1)


# Desconto -----------------------------------------------------------------------------------------------


def test_cartas_desconto_a_pen_for_1_coin_at_the_prefeitura() -> None:
    state = actions_phase(coins=1, cards=(card("discount"),))
    state = play(state, 0, f"place prefeitura {rules.components().cards[state.boxes[0][0]].name}")
    assert "build" not in legal(state, 0) and "build discount" in legal(state, 0)
    after = play(state, 0, "build discount")
    k = after.kennels[0]
    assert len(k.pens) == 3 and k.coins == 0 and card("discount") not in k.cards
    assert after.discard[-1] == card("discount")


# Entrada Livre with two players ---------------------------------------------------------------------


def test_dois_jogadores_entrada_livre_second_meeple_does_the_action_without_the_card() -> None:
    state = actions_phase(2, boxes={2: ("food1",)}, coins=1, cards=(card("free"),))
    state = replace(state, meeples=((), (), (1,), (), ()))
    assert "place petshop food1" not in legal(state, 0) and "place petshop use-free" in legal(state, 0)
    state = play(play(state, 0, "place petshop use-free"), 0, "shop food food")
    k = state.kennels[0]
    assert state.boxes[2] == (card("food1"),) and card("food1") not in k.cards and k.food == 4


# Phase 2 worked examples -----------------------------------------------------------------------------------


def test_fase2_veterinario_example_three_cures_into_the_2pt_pen() -> None:
    infirmary = (b("poodle"), b("poodle"), b("golden"))
    state = actions_phase(
        infirmary=infirmary, medicine=3, pens=(pen(labrador=4), pen(bulldog=4), ()), bonus=(True, True, False)
    )
    state = play(state, 0, f"place veterinario {rules.components().cards[state.boxes[3][0]].name}")
    for breed in ("poodle", "poodle", "golden"):
        state = play(play(state, 0, f"cure {breed}"), 0, f"put {breed} 3")
    k = state.kennels[0]
    assert k.pens[2] == pen(poodle=2, golden=1) and k.medicine == 0 and not k.infirmary


def test_fase2_feira_twice_two_deals_in_a_round() -> None:
    # "selecionou o box da Feira DUAS VEZES na Fase 2, recebeu as duas cartas ... e fez dois negócios"
    state = actions_phase(3, boxes={4: ("food1", "gas1")}, pens=(pen(golden=1), ()), coins=9)
    state = replace(state, fair=(b("poodle"), b("labrador")), queue=(1, 2, 0))
    state = play(play(state, 0, "place feira food1"), 0, "trade golden 1 poodle")
    state = play(play(state, 0, "put poodle 1"), 0, "done")
    for seat in (1, 2):
        box = next(a for a in legal(state, seat) if a.startswith("place") and "feira" not in a)
        state = play(play(state, seat, box), seat, "done")
    state = play(state, 0, "place feira gas1")
    state = play(play(state, 0, "buy labrador"), 0, "put labrador 1")
    k = state.kennels[0]
    assert k.pens[0] == pen(poodle=1, labrador=1) and (k.food, k.gas) == (2 + 1, 6 + 1)  # both cards
    assert state.fair == (b("golden"),) and k.coins == 9 - 8


def test_fase2_full_pen_bonus_also_at_the_end_of_phase_1() -> None:
    state = kennel(new(4), 0, truck=tuple([dog(b("poodle"))] * 4))
    state = replace(state, phase=rules.ARRANGE, queue=(1, 2, 3))
    state = rules._settle(rules._begin_arrange(replace(state, stack=()), 0))
    for _ in range(4):
        state = play(state, 0, "put poodle 1")
    state = play(state, 0, "done")
    assert state.kennels[0].coins == 3 + 1 and state.kennels[0].bonus[0]


# Options ------------------------------------------------------------------------------------------------


def test_option_centre_passable_lets_pick_ups_cross_the_centre() -> None:
    closed = rules.distances(new(4), sp("C1"))[sp("K8")]
    opened = rules.distances(new(4, centre_passable=True), sp("C1"))[sp("K8")]
    assert opened == 1 < closed  # C1 → X → K8 enters one paw-print space


def test_option_full_pen_bonus_refill_pays_again_after_the_pen_was_refilled() -> None:
    def refill(option: str) -> int:
        state = kennel(new(4, full_pen_bonus=option), 0, pens=(pen(poodle=4), ()), bonus=(True, False))
        state = rules._full_pen_bonus(kennel(state, 0, pens=(pen(poodle=3), ())), 0)
        state = rules._full_pen_bonus(kennel(state, 0, pens=(pen(poodle=4), ())), 0)
        return state.kennels[0].coins

    assert refill("once") == 3 and refill("refill") == 3 + 1


def take_from_petshop(resource_cards: str, name: str, **changes):
    """Seat 0 places a meeple on the Pet Shop and takes the card `name`."""
    boxes = {2: (name, "helper")}
    state = actions_phase(boxes=boxes, options={"resource_cards": resource_cards}, **changes)
    return play(state, 0, f"place petshop {name}")


def test_option_resource_cards_keep_holds_the_card_until_the_holder_uses_it() -> None:
    # "podem ser guardadas pelos jogadores para serem usadas em rodadas futuras" (interpretation 12)
    state = take_from_petshop("keep", "coins2", coins=0)
    k = state.kennels[0]
    assert k.coins == 0 and k.cards == (card("coins2"),) and card("coins2") not in state.discard
    assert "use coins2" in legal(state, 0) and not any(a.startswith("shop") for a in legal(state, 0))
    kept = play(state, 0, "done")
    assert kept.kennels[0].cards == (card("coins2"),)  # still held after the box is over


def test_option_resource_cards_convert_gives_the_tokens_the_moment_the_card_is_taken() -> None:
    # "As cartas de recursos ... são convertidas imediatamente na quantidade de fichas mostradas"
    state = take_from_petshop("convert", "coins2", coins=0)
    k = state.kennels[0]
    assert k.coins == 2 and k.cards == () and state.discard[-1] == card("coins2")
    assert not any(a.startswith("use") for a in legal(state, 0))
    state = play(play(state, 0, "shop food food"), 0, "shop medicine medicine")  # the Pet Shop example
    assert (state.kennels[0].coins, state.kennels[0].food, state.kennels[0].medicine) == (0, 4, 4)


def test_option_resource_cards_convert_gas_card_never_above_9() -> None:
    state = take_from_petshop("convert", "gas3", gas=8)
    assert state.kennels[0].gas == 9 and state.kennels[0].cards == () and state.discard[-1] == card("gas3")


def test_option_resource_cards_convert_special_cards_are_still_kept() -> None:
    state = take_from_petshop("convert", "vet")
    assert state.kennels[0].cards == (card("vet"),) and card("vet") not in state.discard


def test_option_resource_cards_convert_no_kennel_ever_holds_a_resource_card() -> None:
    # Every way a card reaches a kennel, over whole games of every size: nobody ever keeps one.
    comp = rules.components()
    taken = 0
    for players in (2, 3, 4):
        state = new(players, seed=players, resource_cards="convert")
        bots = [make_bot(GAME, "random" if seat % 2 else "greedy", seat, seat) for seat in range(players)]
        while not state.finished:
            seat = min(GAME.to_act(state))
            action = bots[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
            if isinstance(action, Place) and action.card >= 0 and comp.cards[action.card].resource:
                taken += 1
            assert not any(comp.cards[c].resource for k in state.kennels for c in k.cards)
    assert taken > 10


def test_cartas_veterinario_does_not_cure_a_sick_dog_received_as_a_donation() -> None:
    # "Canis que aceitam doações de cães doentes, devem colocá-los na enfermaria"; the card only
    # moves "os cães doentes que você trouxe"
    state = kennel(new(4), 1, cards=(card("vet"),))
    state = replace(state, phase=rules.ARRANGE, queue=(1, 2, 3))  # seat 1 has not placed its dogs yet
    state = replace(state, stack=(Frame("offer", 0, token=dog(b("golden"), SICK), candidates=(1, 2, 3)),))
    after = play(state, 1, "accept")
    k = after.kennels[1]
    assert k.infirmary == (b("golden"),) and k.truck == () and card("vet") in k.cards


def test_a_sick_dog_donated_to_a_kennel_goes_to_its_infirmary() -> None:
    state = kennel(new(4), 1, infirmary=(b("poodle"),))
    state = replace(state, phase=rules.ARRANGE, queue=())
    state = replace(state, stack=(Frame("offer", 0, token=dog(b("golden"), SICK), candidates=(1, 2, 3)),))
    after = play(state, 1, "accept")
    assert after.kennels[1].infirmary == tuple(sorted((b("poodle"), b("golden"))))
    assert after.kennels[1].pens == ((), ())
