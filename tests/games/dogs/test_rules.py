"""DOGS rulebook, section by section; worked examples are named after their rule."""

from dataclasses import replace
from itertools import pairwise

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.dogs import GAME, rules
from tabuleiro.games.dogs.components import BLOCK, LOST, SICK, breed_of, components, dog, kind_of
from tabuleiro.games.dogs.kennel import points as pen_points
from tabuleiro.games.dogs.state import ACTIONS, ARRANGE, FEEDING, MOVE, OUT, OVER, SALARY, Frame

from .helpers import b, card, kennel, legal, new, pen, play, sp

COMP = components()


def tokens(state) -> list[int]:
    return [t for t in state.spaces if t >= 0] + [t for bag in state.bags for t in bag]


# § Preparação ---------------------------------------------------------------------------------


def test_preparacao_resources_pens_cards_and_board() -> None:
    state = new(4)
    k = state.kennels[0]
    assert (k.coins, k.gas, k.food, k.medicine) == (3, 6, 2, 2)
    assert k.pens == ((), ()) and k.helper
    assert all(len(cards) == 2 for cards in state.boxes) and len(state.deck) == 30
    assert all(t >= 0 for t in state.spaces[1:])
    for space in range(1, 17):
        assert COMP.breed_area[breed_of(state.spaces[space])] == COMP.space_area[space]
    assert state.first == 0 and state.phase == MOVE and GAME.to_act(state) == {0}
    assert GAME.view(state, None)["fair"]["card"]


@pytest.mark.parametrize(
    ("players", "removed"),
    [(2, {"beagle", "yorkshire", "dalmata", "border_collie"}), (3, {"beagle", "dalmata"}), (4, set())],
)
def test_preparacao_breeds_removed_for_2_and_3_players(players: int, removed: set[str]) -> None:
    state = new(players)
    present = {COMP.breed_ids[breed_of(t)] for t in tokens(state) if t != BLOCK}
    assert present == set(COMP.breed_ids) - removed


# § Fase 1 - recolher os cães --------------------------------------------------------------------


def test_fase1_example_1_centre_to_country_space_D_costs_4_gas() -> None:
    state = new(4)
    dist = rules.distances(state, 0)
    # A, B, C, D: one gas per country space entered on the way out from the centre
    assert [dist[sp(x)] for x in ("K1", "K2", "K3", "K4")] == [1, 2, 3, 4]
    assert all(COMP.space_area[sp(x)] == COMP.space_area[sp("K4")] for x in ("K1", "K2", "K3"))
    after = play(kennel(state, 0, gas=6), 0, "move K4")
    assert after.kennels[0].gas == 6 - 4 and after.kennels[0].position == sp("K4")


def test_fase1_example_2_three_gas_and_one_more_the_other_way() -> None:
    state = new(4)
    assert rules.distances(state, sp("C1"))[sp("C4")] == 3
    # The red arrow: leaving C1 the other way (not through A = C2) costs one gas more.
    cost, frontier, seen = 0, {sp("C1")}, {sp("C1"), sp("C2"), 0}
    while sp("C4") not in frontier:
        frontier = {n for s in frontier for n in COMP.roads[s] if n not in seen}
        seen |= frontier
        cost += 1
    assert cost == 4
    other_way = ["C1", "C7", "C6", "C5", "C4"]
    assert all(sp(y) in COMP.roads[sp(x)] for x, y in pairwise(other_way))


def test_fase1_keep_one_gas_for_the_return() -> None:
    state = new(4)
    assert "move K4" not in legal(kennel(state, 0, gas=4), 0)
    assert "move K4" in legal(kennel(state, 0, gas=5), 0)


def test_fase1_take_exactly_the_dog_where_you_stop() -> None:
    state = new(4)
    token = state.spaces[sp("K3")]
    state = play(kennel(state, 0, gas=6), 0, "move K3")
    k = state.kennels[0]
    assert k.gas == 3 and k.position == sp("K3") and state.spaces[sp("K3")] == -1
    assert (kind_of(token) == LOST) or k.truck == (token,)
    assert state.spaces[sp("K1")] >= 0 and state.spaces[sp("K2")] >= 0  # passed through, not taken


def test_fase1_no_stopping_on_another_pick_up() -> None:
    state = kennel(new(4), 1, position=sp("K1"), trip=OUT)
    assert "move K1" not in legal(state, 0)
    assert "move K2" in legal(state, 0)  # passing through K1 is fine


def test_fase1_lost_dog_goes_to_the_fair_for_the_spaces_reward() -> None:
    state = new(4)
    spaces = list(state.spaces)
    spaces[sp("C1")] = dog(b("bulldog"), LOST)
    state = replace(state, spaces=tuple(spaces))
    after = play(state, 0, "move C1")
    assert after.fair == (b("bulldog"),) and after.kennels[0].coins == 3 + 1 and after.kennels[0].truck == ()


def test_fase1_going_home_costs_one_gas_first_and_last_home_earn_a_resource() -> None:
    state = play(play(new(4), 0, "move C1"), 1, "move K1")
    state = play(play(state, 2, "stay"), 3, "stay")
    gas = state.kennels[0].gas
    state = play(state, 0, "home")
    assert state.kennels[0].gas == gas - 1
    assert legal(state, 0) == ["bonus food", "bonus medicine", "bonus gas"]  # first home
    state = play(state, 0, "bonus food")
    assert state.kennels[0].food == 3
    state = play(state, 1, "home")
    assert GAME.to_act(state) == {1}  # the last one home
    state = play(state, 1, "bonus medicine")
    assert state.kennels[1].medicine == 3 and state.phase == ARRANGE


def test_fase1_two_players_only_the_last_home_earns_a_resource() -> None:
    state = play(play(new(2), 0, "move C1"), 1, "move K1")
    state = play(state, 0, "home")
    assert GAME.to_act(state) == {1}
    state = play(state, 1, "home")
    assert GAME.to_act(state) == {1} and legal(state, 1)[0].startswith("bonus")


def test_fase1_if_everybody_declines_this_is_the_last_round() -> None:
    state = new(3)
    for seat in range(3):
        state = play(state, seat, "stay")
    assert state.last_round


def test_fase1_income_and_fuel_from_the_second_round() -> None:
    state = rules._settle(rules._start_round(replace(new(4), round=2, stack=())))
    assert state.kennels[0].coins == 4
    assert legal(state, 0)[:2] == ["fuel 0", "fuel 1"]  # 6 gas + 3 = 9, the garage's limit
    state = play(state, 0, "fuel 1")
    assert state.kennels[0].gas == 9 and state.kennels[0].coins == 3


# End of phase 1: the redistribution and donations ----------------------------------------------------


def arranging(players: int, seat: int, truck: list[int], **kennel_changes: object):
    state = kennel(new(players), seat, truck=tuple(truck), **kennel_changes)
    state = replace(state, phase=ARRANGE, queue=tuple(s for s in range(players) if s != seat))
    return rules._settle(rules._begin_arrange(replace(state, stack=()), seat))


def test_fase1_example_01_never_more_than_two_breeds_in_a_pen() -> None:
    truck = [dog(b("poodle")), dog(b("poodle")), dog(b("beagle")), dog(b("vira_lata"))]
    state = arranging(4, 0, truck)
    for move in ("put poodle 1", "put poodle 1", "put vira_lata 1"):
        state = play(state, 0, move)
    assert state.kennels[0].pens[0] == pen(poodle=2, vira_lata=1)
    assert "put beagle 1" not in legal(state, 0) and "put beagle 2" in legal(state, 0)
    state = play(play(state, 0, "put beagle 2"), 0, "done")
    assert state.kennels[0].pens == (pen(poodle=2, vira_lata=1), pen(beagle=1)) and state.phase == ACTIONS


def test_fase1_example_02_no_room_for_the_yorkshire_means_donating_it() -> None:
    truck = [dog(b("poodle")), dog(b("poodle")), dog(b("yorkshire"))]
    state = arranging(4, 1, truck, pens=(pen(poodle=2), pen(labrador=2, bulldog=2)))
    assert legal(state, 1) == [f"donate {x}" for x in ("bulldog", "yorkshire", "labrador", "poodle")]
    state = play(state, 1, "donate yorkshire")
    assert GAME.to_act(state) == {2}  # offered to the player on the left first


def test_fase1_donations_go_clockwise_then_to_the_fair() -> None:
    truck = [dog(b("poodle")), dog(b("poodle")), dog(b("yorkshire"))]
    state = arranging(4, 1, truck, pens=(pen(poodle=2), pen(labrador=2, bulldog=2)))
    full = (pen(labrador=4), pen(golden=4))
    state = kennel(state, 3, pens=full)  # seat 3 has no room: skipped
    state = play(play(state, 1, "donate yorkshire"), 2, "decline")
    assert GAME.to_act(state) == {0}
    accepted = play(state, 0, "accept")
    assert accepted.kennels[0].truck == (dog(b("yorkshire")),)  # seat 0 has not placed its dogs yet
    declined = play(state, 0, "decline")
    assert declined.fair == (b("yorkshire"),) and GAME.to_act(declined) == {1}


def test_fase1_example_03_seven_sick_dogs_one_must_go() -> None:
    infirmary = tuple(sorted([b("poodle")] * 3 + [b("beagle")] * 2))
    state = arranging(4, 0, [dog(b("golden"), SICK), dog(b("labrador"), SICK)], infirmary=infirmary)
    assert legal(state, 0) == [f"donate sick {x}" for x in ("beagle", "golden", "labrador", "poodle")]
    state = play(state, 0, "donate sick poodle")
    for seat in (1, 2, 3):
        state = play(state, seat, "decline")
    assert state.fair[-1] == b("poodle")  # cured at the Fair
    assert len(state.kennels[0].infirmary) == 6


def test_fase1_a_receiver_already_arranged_may_redistribute_again() -> None:
    truck = [dog(b("poodle")), dog(b("poodle")), dog(b("yorkshire"))]
    state = arranging(4, 1, truck, pens=(pen(poodle=2), pen(labrador=2, bulldog=2)))
    state = replace(state, queue=(3, 0))  # seat 2 has already placed its dogs
    state = play(play(state, 1, "donate yorkshire"), 2, "accept")
    top = state.stack[-1]
    assert (top.kind, top.seat, top.pool) == ("arrange", 2, (b("yorkshire"),)) and top.lifts > 0


def test_cartas_veterinario_sick_dogs_brought_home_go_straight_to_the_pens() -> None:
    state = arranging(4, 0, [dog(b("poodle"), SICK)], cards=(card("vet"),))
    assert legal(state, 0) == ["vet yes", "vet no"]
    cured = play(state, 0, "vet yes")
    assert cured.stack[-1].pool == (b("poodle"),) and not cured.kennels[0].infirmary
    kept = play(state, 0, "vet no")
    assert kept.kennels[0].infirmary == (b("poodle"),) and card("vet") in kept.kennels[0].cards


# § Fase 2 - ações ---------------------------------------------------------------------------------


def actions_phase(players: int = 4, seat: int = 0, **kennel_changes: object):
    state = kennel(new(players), seat, **kennel_changes)
    return replace(state, phase=ACTIONS, queue=(), stack=(Frame("place", seat),))


def test_fase2_at_most_two_meeples_per_box_one_with_two_players() -> None:
    assert rules.box_capacity(new(4)) == 2 and rules.box_capacity(new(2)) == 1
    state = actions_phase()
    state = replace(state, meeples=((1, 2), (), (), (), ()))
    assert not any(a.startswith("place prefeitura") for a in legal(state, 0))


def test_fase2_prefeitura_builds_the_2_3_5_pens_in_order() -> None:
    state = actions_phase(coins=5, cards=(card("discount"),))
    box_card = COMP.cards[state.boxes[0][0]].name
    state = play(state, 0, f"place prefeitura {box_card}")
    assert "build" in legal(state, 0) and "build discount" in legal(state, 0)
    state = play(state, 0, "build")
    assert len(state.kennels[0].pens) == 3 and state.kennels[0].coins == 3
    assert "build" not in legal(state, 0)  # one pen per visit


def test_fase2_armazem_exchanges_up_to_two_tokens() -> None:
    state = actions_phase(food=3)
    state = play(state, 0, f"place armazem {COMP.cards[state.boxes[1][0]].name}")
    state = play(play(state, 0, "exchange food medicine"), 0, "exchange food gas")
    k = state.kennels[0]
    assert (k.food, k.medicine, k.gas) == (1, 3, 7)
    assert not any(a.startswith("exchange") for a in legal(state, 0))


def test_fase2_pet_shop_one_coin_buys_two_food_or_medicine() -> None:
    state = actions_phase(coins=2)
    state = replace(state, boxes=(*state.boxes[:2], (card("helper"),), *state.boxes[3:]))
    state = play(state, 0, "place petshop helper")
    state = play(play(state, 0, "shop food medicine"), 0, "shop food food")
    k = state.kennels[0]
    assert (k.coins, k.food, k.medicine) == (0, 5, 3)


def test_fase2_veterinario_one_medicine_cures_one_dog_into_a_valid_pen() -> None:
    state = actions_phase(infirmary=(b("poodle"),), pens=(pen(poodle=1), pen(labrador=2, golden=2)))
    state = play(state, 0, f"place veterinario {COMP.cards[state.boxes[3][0]].name}")
    state = play(state, 0, "cure poodle")
    assert legal(state, 0) == ["put poodle 1"]  # no rearranging in phase 2
    state = play(state, 0, "put poodle 1")
    k = state.kennels[0]
    assert k.pens[0] == pen(poodle=2) and k.medicine == 1 and not k.infirmary


def test_fase2_feira_price_10_minus_4_is_6() -> None:
    state = replace(
        actions_phase(coins=8), fair=tuple(b(x) for x in ("poodle", "labrador", "golden", "bulldog"))
    )
    assert rules.fair_price(state) == 6
    state = play(state, 0, f"place feira {COMP.cards[state.boxes[4][0]].name}")
    state = play(play(state, 0, "buy poodle"), 0, "put poodle 1")
    assert state.kennels[0].coins == 2 and rules.fair_price(state) == 7
    assert rules.fair_price(replace(state, fair=(0,) * 12)) == 1


def test_fase2_feira_sells_only_the_breeds_on_its_card() -> None:
    state = actions_phase(
        pens=(pen(poodle=1, labrador=1), pen(golden=1)), cards=(card("trained"), card("prize"))
    )
    shown = COMP.fair_cards[state.fair_cards[0]]
    state = play(state, 0, f"place feira {COMP.cards[state.boxes[4][0]].name}")
    sells = [a for a in legal(state, 0) if a.startswith("sell")]
    assert sells and all(b(a.split()[1]) in shown for a in sells)
    target = next(a for a in sells if a.endswith("trained prize"))
    coins = state.kennels[0].coins
    after = play(state, 0, target)
    assert after.kennels[0].coins == coins + 2 + 1 + 2
    assert not any(a.startswith(("sell", "buy", "trade")) for a in legal(after, 0))  # one deal


def test_fase2_feira_trade_ignores_the_card() -> None:
    state = replace(actions_phase(pens=(pen(golden=1), ())), fair=(b("poodle"),))
    state = play(state, 0, f"place feira {COMP.cards[state.boxes[4][0]].name}")
    state = play(play(state, 0, "trade golden 1 poodle"), 0, "put poodle 1")
    assert state.kennels[0].pens[0] == pen(poodle=1) and state.fair == (b("golden"),)


def test_fase2_full_pen_bonus_once_per_pen() -> None:
    state = replace(actions_phase(pens=(pen(poodle=3), ()), coins=10), fair=(b("poodle"), b("poodle")))
    state = play(state, 0, f"place feira {COMP.cards[state.boxes[4][0]].name}")
    price = rules.fair_price(state)
    state = play(play(state, 0, "buy poodle"), 0, "put poodle 1")
    assert state.kennels[0].coins == 10 - price + 1 and state.kennels[0].bonus[0]
    refilled = kennel(state, 0, pens=(pen(poodle=3), ()))
    again = rules._full_pen_bonus(kennel(refilled, 0, pens=(pen(poodle=4), ())), 0)
    assert again.kennels[0].coins == refilled.kennels[0].coins  # once per pen


def test_cartas_entrada_livre_third_meeple_without_a_card() -> None:
    state = replace(actions_phase(cards=(card("free"),)), meeples=((1, 2), (), (), (), ()))
    cards = state.boxes[0]
    state = play(state, 0, "place prefeitura use-free")
    assert state.boxes[0] == cards and card("free") not in state.kennels[0].cards
    assert state.meeples[0] == (1, 2, 0)


# § Fase 3 - encerramento ---------------------------------------------------------------------------


def feeding(**kennel_changes: object):
    state = kennel(new(4), 0, **kennel_changes)
    return replace(state, phase=FEEDING, queue=(), stack=(Frame("feed", 0),))


def test_fase3_feeding_shortfall_moves_a_dog_to_the_infirmary() -> None:
    state = feeding(food=1, pens=(pen(poodle=4), pen(labrador=1)))
    assert legal(state, 0) == ["starve 1 poodle", "starve 2 labrador"]
    state = play(state, 0, "starve 1 poodle")
    assert legal(state, 0) == ["feed"]
    state = play(state, 0, "feed")
    k = state.kennels[0]
    assert k.pens[0] == pen(poodle=3) and k.infirmary == (b("poodle"),) and k.food == 0


def test_fase3_with_a_full_infirmary_the_dog_goes_to_the_fair() -> None:
    state = feeding(food=0, pens=(pen(golden=2), ()), infirmary=(b("poodle"),) * 6)
    state = play(state, 0, "starve 1 golden")
    assert state.fair == (b("golden"),) and len(state.kennels[0].infirmary) == 6


def test_fase3_salary_or_the_helper_leaves_and_can_be_rehired() -> None:
    state = kennel(new(4), 0, coins=0)
    state = rules._settle(replace(state, phase=SALARY, queue=(0, 1), stack=()))
    assert not state.kennels[0].helper and not state.kennels[0].helper_paid
    laps = rules.order(state) + tuple(s for s in rules.order(state) if state.kennels[s].helper)
    assert laps.count(0) == 1  # next round: one action only
    rehire = kennel(state, 0, coins=2)
    rehire = rules._settle(replace(rehire, phase=SALARY, queue=(0, 1), stack=()))
    assert legal(rehire, 0) == ["rehire", "no-rehire"]
    assert play(rehire, 0, "rehire").kennels[0].helper


def test_cartas_ajudante_pays_the_salary() -> None:
    state = kennel(new(4), 0, coins=3, cards=(card("helper"),))
    state = rules._settle(replace(state, phase=SALARY, queue=(0, 1), stack=()))
    assert legal(state, 0)[:2] == ["salary coin", "salary card"]
    after = play(state, 0, "salary card")
    assert after.round == 2 and after.kennels[0].coins == 3 + 1  # no coin spent; the new round's income
    assert after.kennels[0].helper_paid and card("helper") not in after.kennels[0].cards


def test_fim_do_jogo_when_a_supply_cannot_refill_its_area() -> None:
    state = new(4)
    state = replace(state, bags=((), state.bags[1]))
    for seat in range(4):
        state = play(state, seat, "move C1" if seat == 0 else "stay")
    state = play(play(state, 0, "home"), 0, "bonus food")
    assert state.last_round


def test_fim_do_jogo_example_4_city_dogs_left_for_5_empty_spaces() -> None:
    # "restaram 4 fichas de cães da cidade na reserva e 5 espaços com marcas de pegadas estão vazios"
    def round_with(city_left: int):
        state = new(4)
        spaces = list(state.spaces)
        for name in ("C2", "C3", "C4", "C5"):
            spaces[sp(name)] = -1
        bags = (state.bags[0][:city_left], state.bags[1])
        state = replace(state, spaces=tuple(spaces), bags=bags)
        state = play(state, 0, "move C1")  # the fifth empty city space
        for seat in (1, 2, 3):
            state = play(state, seat, "stay")
        return play(play(state, 0, "home"), 0, "bonus food")

    assert round_with(4).last_round
    assert not round_with(5).last_round


def test_fase3_tasks_3_to_5_new_cards_fair_card_refill_and_first_player() -> None:
    state = new(4)
    spaces = list(state.spaces)
    spaces[sp("C1")] = spaces[sp("K1")] = -1
    state = replace(state, phase=SALARY, queue=(), spaces=tuple(spaces), deck=state.deck[:3])
    left_over = tuple(c for box in state.boxes for c in box)
    nxt = rules._end_round(state)
    assert all(len(box) == 2 for box in nxt.boxes)  # 3 from the pile, 7 after reshuffling the discard
    assert len(nxt.deck) + len(nxt.discard) == len(left_over) - 7 and not nxt.discard
    assert nxt.fair_cards == (*state.fair_cards[1:], state.fair_cards[0])  # the Fair card to the bottom
    assert nxt.spaces[sp("C1")] == state.bags[0][0] and nxt.spaces[sp("K1")] == state.bags[1][0]
    assert (nxt.first, nxt.round) == (1, 2) and nxt.phase == rules.FUEL


def test_fim_do_jogo_last_round_skips_tasks_3_to_5() -> None:
    state = replace(new(4), last_round=True)
    end = rules._end_round(state)
    assert end.finished and end.boxes == state.boxes and end.first == state.first


# § Pontuação final ---------------------------------------------------------------------------------


def test_pontuacao_azul_example_45_minus_4_is_41() -> None:
    pens_ = (pen(poodle=4), pen(labrador=2, bulldog=2), pen(beagle=3), pen(golden=2))
    state = kennel(
        new(4),
        0,
        pens=pens_,
        bonus=(True, False, False, False),
        helper_paid=True,
        gas=1,
        food=1,
        medicine=1,
        infirmary=(b("poodle"), b("rottweiler")),
    )
    lines = GAME.outcome(replace(state, phase=OVER)).breakdown[0]
    assert lines == {
        "pens": 12 + 5 + 8 + 2,
        "extra_pens": 2 + 3,
        "breeds": 10,
        "helper": 2,
        "resources": 1,
        "sick": -4,
    }
    assert sum(lines.values()) - lines["sick"] == 45 and sum(lines.values()) == 41


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ({"poodle": 2}, 2),
        ({"poodle": 2, "golden": 1}, 3),
        ({"poodle": 2, "golden": 2}, 5),
        ({"poodle": 3}, 8),
        ({"poodle": 4}, 12),
        ({"poodle": 1}, 0),
        ({"poodle": 1, "golden": 1}, 0),
    ],
)
def test_pontuacao_pen_table(counts: dict[str, int], points: int) -> None:
    assert pen_points(pen(**counts)) == points


def test_pontuacao_ties_go_to_the_most_healthy_dogs() -> None:
    state = new(4)
    for seat in range(4):
        state = kennel(state, seat, gas=0, food=0, medicine=0, helper_paid=False)
    state = kennel(state, 0, pens=(pen(poodle=2), ()), gas=6)  # 2 + 2 + 2 = 6 points, 2 dogs
    state = kennel(state, 1, pens=(pen(poodle=1, golden=1), pen(labrador=1)))  # 3 breeds = 6, 3 dogs
    outcome = GAME.outcome(replace(state, phase=OVER))
    assert outcome is not None and outcome.scores[:2] == (6, 6)
    assert outcome.ranks[:2] == (2, 1) and outcome.winners == (1,)


# § Partidas com dois jogadores ----------------------------------------------------------------------


def test_dois_jogadores_setup_lost_dogs_cards_and_blocking_tokens() -> None:
    state = new(2)
    lost = [t for t in tokens(state) if t != BLOCK and kind_of(t) == LOST]
    assert len(lost) == 6  # 8 breeds, one lost dog each, minus one city and one country
    assert sum(1 for t in tokens(state) if t == BLOCK) == 6
    assert len(state.deck) + 10 == 36  # the four 3-unit resource cards are out


def test_dois_jogadores_blocking_tokens_cost_2_to_pass_and_cannot_be_stopped_on() -> None:
    state = new(2)
    spaces = list(state.spaces)
    spaces[sp("K1")], spaces[sp("K2")] = BLOCK, dog(b("poodle"))
    state = replace(state, spaces=tuple(spaces))
    assert rules.distances(state, 0)[sp("K2")] == 3
    assert "move K1" not in legal(state, 0)


def test_dois_jogadores_scoring_4_per_breed_and_5_off_without_city_and_country() -> None:
    state = kennel(new(2), 0, pens=(pen(poodle=2), ()))
    lines = GAME.outcome(replace(state, phase=OVER)).breakdown[0]
    assert lines["breeds"] == 4 and lines["city_and_country"] == -5
    mixed = kennel(new(2), 0, pens=(pen(poodle=2), pen(bulldog=1)))
    assert GAME.outcome(replace(mixed, phase=OVER)).breakdown[0]["city_and_country"] == 0


def refill_with_blocks(city_blocks: int, **options: object):
    """Phase 3 of round 1 with 2 players, the board empty and supplies that refill it exactly:
    all 3 country blocking tokens and `city_blocks` city ones come out."""
    state = new(2, **options)
    city = tuple([BLOCK] * city_blocks + [dog(b("golden"))] * (8 - city_blocks))
    country = tuple([BLOCK] * 3 + [dog(b("poodle"))] * 5)
    state = replace(state, phase=SALARY, queue=(), stack=(), spaces=(-1,) * 17, bags=(city, country))
    nxt = rules._end_round(state)
    assert sum(1 for t in nxt.spaces if t == BLOCK) == city_blocks + 3 and nxt.round == 2
    return nxt


def end_of(state):
    """The end of phase 3 of `state`'s round."""
    return rules._end_round(replace(state, phase=SALARY, queue=(), stack=()))


def test_dois_jogadores_all_blocking_tokens_out_the_next_round_is_the_last() -> None:
    # "após fazerem a reposição ... a rodada seguinte ... deverá ser a última rodada"
    # (interpretation 21, default blocking_end=next)
    nxt = refill_with_blocks(3)
    assert nxt.last_round and not nxt.next_last
    assert end_of(nxt).phase == OVER
    five = refill_with_blocks(2)  # one blocking token still in the supply
    assert not five.last_round and not five.next_last


def test_dois_jogadores_all_blocking_tokens_out_option_after_next_the_round_after_is_the_last() -> None:
    nxt = refill_with_blocks(3, blocking_end="after_next")
    assert nxt.next_last and not nxt.last_round
    after = end_of(nxt)
    assert after.last_round and after.round == 3 and after.phase != OVER
    assert end_of(after).phase == OVER


def test_an_action_out_of_turn_names_the_pending_decision() -> None:
    with pytest.raises(IllegalActionError, match="moving your pick-up") as info:
        play(new(4), 0, "feed")
    assert info.value.code == "not_legal" and "mover a pick-up" in info.value.message("pt")
