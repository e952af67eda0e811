"""DOGS final scoring at its boundaries (§ Pontuação final e vencedor), every expected value
written from the rulebook's table: pens 2/3/5/8/12, extra pens 2pt / 3pt / 5pt, 2 per breed
(4 with two players), helper 2, 1 per three tokens, −2 per sick dog, −5 without a city and a
country dog (two players). Kennels are built by hand and scored with `scoring.breakdown`,
and whole states through the protocol's `outcome`.
"""

from dataclasses import replace

import pytest

from tabuleiro.games.dogs import GAME
from tabuleiro.games.dogs.scoring import breakdown
from tabuleiro.games.dogs.state import OVER, Kennel

from .helpers import b, kennel, new, pen


def bare(**changes: object) -> Kennel:
    """An empty kennel: no dogs, no tokens, no helper; then `changes`."""
    empty = replace(
        new(4).kennels[0], pens=((), ()), gas=0, food=0, medicine=0, helper_paid=False, infirmary=()
    )
    return replace(empty, **changes)


# 2 - Baias adicionais: 2pt / 3pt / 5pt ------------------------------------------------------------


@pytest.mark.parametrize(
    ("pens", "points"),
    [
        ((pen(poodle=1), pen(poodle=1)), 0),  # no extra pen built
        ((pen(poodle=1), pen(poodle=1), ()), 0),  # built, empty: "precisam … ter pelo menos um cão"
        ((pen(), pen(), pen(golden=1)), 2),  # the first extra pen
        ((pen(), pen(), pen(golden=1), pen(golden=1)), 2 + 3),
        ((pen(), pen(), pen(golden=1), pen(golden=1), pen(golden=1)), 2 + 3 + 5),
        ((pen(), pen(), (), pen(golden=1), ()), 3),  # only the 3-point pen holds a dog
        ((pen(), pen(), (), (), pen(golden=1)), 5),  # only the 5-point pen holds a dog
        ((pen(), pen(), pen(golden=1), (), pen(golden=1)), 2 + 5),
    ],
)
def test_pontuacao_baias_adicionais_2_3_5_when_built_and_occupied(
    pens: tuple[tuple[tuple[int, int], ...], ...], points: int
) -> None:
    assert breakdown(bare(pens=pens), False)["extra_pens"] == points


# 1 - Matilha do canil, per pen ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ({}, 0),
        ({"poodle": 1}, 0),
        ({"poodle": 1, "golden": 1}, 0),
        ({"poodle": 2}, 2),  # a. um par
        ({"poodle": 2, "golden": 1}, 3),  # b. um par e um cão avulso
        ({"poodle": 2, "golden": 2}, 5),  # c. dois pares diferentes
        ({"poodle": 3}, 8),  # d. um trio
        ({"poodle": 4}, 12),  # e. quarteto
    ],
)
def test_pontuacao_matilha_every_line_of_the_table(counts: dict[str, int], points: int) -> None:
    assert breakdown(bare(pens=(pen(**counts), ())), False)["pens"] == points


def test_pontuacao_matilha_adds_every_pen() -> None:
    pens = (
        pen(poodle=4),
        pen(golden=3),
        pen(labrador=2, bulldog=2),
        pen(beagle=2, yorkshire=1),
        pen(rottweiler=2),
    )
    assert breakdown(bare(pens=pens), False)["pens"] == 12 + 8 + 5 + 3 + 2


# 3 - Diversidade, 4 - Ajudante, 5 - Recursos, doentes ---------------------------------------------


def test_pontuacao_diversidade_2_per_breed_4_with_two_players() -> None:
    k = bare(pens=(pen(poodle=1, golden=2), pen(labrador=1)))
    assert breakdown(k, False)["breeds"] == 3 * 2
    assert breakdown(k, True)["breeds"] == 3 * 4
    assert breakdown(bare(), False)["breeds"] == 0


def test_pontuacao_diversidade_a_sick_dog_does_not_count_for_its_breed() -> None:
    k = bare(pens=(pen(poodle=1), ()), infirmary=(b("golden"),))
    assert breakdown(k, False)["breeds"] == 2 and breakdown(k, False)["sick"] == -2


@pytest.mark.parametrize(("paid", "points"), [(True, 2), (False, 0)])
def test_pontuacao_ajudante_2_only_when_paid(paid: bool, points: int) -> None:
    assert breakdown(bare(helper_paid=paid), False)["helper"] == points


@pytest.mark.parametrize(
    ("gas", "food", "medicine", "points"),
    [
        (0, 0, 0, 0),
        (2, 0, 0, 0),
        (1, 1, 1, 1),
        (3, 0, 0, 1),
        (0, 0, 5, 1),
        (2, 2, 2, 2),
        (9, 0, 0, 3),
        (9, 5, 4, 6),
    ],
)
def test_pontuacao_recursos_each_three_tokens_in_any_combination_1(
    gas: int, food: int, medicine: int, points: int
) -> None:
    assert breakdown(bare(gas=gas, food=food, medicine=medicine), False)["resources"] == points


def test_pontuacao_recursos_coins_do_not_count() -> None:
    assert breakdown(bare(coins=9), False)["resources"] == 0


@pytest.mark.parametrize("sick", [0, 1, 6])
def test_pontuacao_each_sick_dog_costs_2(sick: int) -> None:
    assert breakdown(bare(infirmary=(b("poodle"),) * sick), False)["sick"] == -2 * sick


# Partidas com dois jogadores: −5 without a healthy city dog and a healthy country dog -------------


@pytest.mark.parametrize(
    ("pens", "infirmary", "penalty"),
    [
        ((pen(), pen()), (), -5),
        ((pen(golden=1), pen()), (), -5),  # city only
        ((pen(poodle=1), pen()), (), -5),  # country only
        ((pen(golden=1), pen()), ("poodle",), -5),  # the country dog is sick
        ((pen(golden=1), pen(poodle=1)), (), 0),
        ((pen(golden=1, poodle=1), pen()), (), 0),  # "em qualquer baia"
    ],
)
def test_dois_jogadores_city_and_country(
    pens: tuple[tuple[tuple[int, int], ...], ...], infirmary: tuple[str, ...], penalty: int
) -> None:
    k = bare(pens=pens, infirmary=tuple(b(n) for n in infirmary))
    assert breakdown(k, True)["city_and_country"] == penalty
    assert "city_and_country" not in breakdown(k, False)


# The whole sheet through the protocol ------------------------------------------------------------


def test_pontuacao_final_every_item_at_once_through_the_outcome() -> None:
    # Pens: 4 Poodles 12, 2+2 Labrador/Bulldog 5, 3 Golden 8 (extra 2pt), 1 Beagle 0 (extra 3pt),
    # 2 Rottweiler 2 (extra 5pt) = 27; extra pens 2+3+5 = 10; 6 breeds = 12; helper 2;
    # 4 gas + 4 food + 3 medicine = 11 tokens -> 3; 3 sick -> -6. Total 48.
    pens = (pen(poodle=4), pen(labrador=2, bulldog=2), pen(golden=3), pen(beagle=1), pen(rottweiler=2))
    state = kennel(
        new(4),
        2,
        pens=pens,
        helper_paid=True,
        gas=4,
        food=4,
        medicine=3,
        infirmary=(b("poodle"), b("golden"), b("labrador")),
    )
    outcome = GAME.outcome(replace(state, phase=OVER))
    assert outcome is not None
    assert outcome.breakdown[2] == {
        "pens": 27,
        "extra_pens": 10,
        "breeds": 12,
        "helper": 2,
        "resources": 3,
        "sick": -6,
    }
    assert outcome.scores[2] == 48
    # The untouched kennels: 6 gas + 2 food + 2 medicine = 10 tokens -> 3, helper paid 2.
    assert outcome.scores[0] == outcome.scores[1] == outcome.scores[3] == 5
    assert outcome.winners == (2,)


def test_pontuacao_two_players_breeds_4_and_city_country_in_the_total() -> None:
    state = kennel(new(2), 0, pens=(pen(poodle=2), ()), gas=0, food=0, medicine=0, helper_paid=False)
    state = kennel(
        state, 1, pens=(pen(poodle=1), pen(golden=1)), gas=0, food=0, medicine=0, helper_paid=False
    )
    outcome = GAME.outcome(replace(state, phase=OVER))
    assert outcome is not None
    # Seat 0: pair 2 + one breed 4 - 5 (no city dog) = 1. Seat 1: two breeds 8, both areas.
    assert outcome.scores == (1, 8)
