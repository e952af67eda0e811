"""What the DOGS view carries for a board picture: the map, the gas to each space while a
pick-up moves, each kennel's points so far; and the actions in plain words."""

from dataclasses import replace

from tabuleiro.games.dogs import GAME, rules
from tabuleiro.games.dogs.components import components

from .helpers import kennel, new, play, sp


def test_the_map_lists_every_space_and_road_once() -> None:
    comp = components()
    view = GAME.view(new(4), None)
    names = [space["name"] for space in view["map"]["spaces"]]
    assert names == list(comp.space_names)
    c4 = view["map"]["spaces"][sp("C4")]
    assert (c4["area"], c4["reward"]) == ("city", 4)
    roads = {frozenset(road) for road in view["map"]["roads"]}
    assert len(roads) == len(view["map"]["roads"]) == sum(len(r) for r in comp.roads) // 2
    assert frozenset(("C1", "K1")) in roads and frozenset(("C2", "K2")) not in roads


def test_a_moving_seat_sees_the_gas_to_each_space() -> None:
    state = play(new(4), 0, "move C2")
    state = play(play(play(state, 1, "stay"), 2, "stay"), 3, "stay")
    decision = GAME.view(state, 3)["decision"]
    assert decision["kind"] == "move" and decision["seat"] == 0
    assert decision["gas_to"]["C4"] == 2 and decision["gas_to"]["K1"] == 2
    gas = state.kennels[0].gas
    for text in (GAME.format_action(a) for a in GAME.legal_actions(state, 0)):
        if text.startswith("move "):
            assert decision["gas_to"][text.split()[1]] <= gas - 1
    assert "gas_to" not in (GAME.view(replace(state, stack=()), 0)["decision"] or {})


def test_points_now_are_the_score_if_the_game_ended_now() -> None:
    # § Pontuação final: every kennel starts with 6 gas + 2 food + 2 medicine (10 tokens, 3
    # points) and a paid helper (2). Seat 1 also has a pair of Poodles: pair 2 + breed 2.
    state = kennel(new(4), 1, pens=(((components().breed_ids.index("poodle"), 2),), ()))
    view = GAME.view(state, None)
    assert [k["points_now"] for k in view["kennels"]] == [5, 9, 5, 5]
    ended = GAME.outcome(replace(state, phase=rules.OVER))
    assert ended is not None and ended.scores == (5, 9, 5, 5)


def test_actions_in_plain_words_in_both_languages() -> None:
    cases = {
        "move C3": ("Ir até C3 e recolher o cão", "Drive to C3 and pick up the dog"),
        "fuel 2": ("Comprar 6 de gasolina por 2 moedas", "Buy 6 gas for 2 coins"),
        "donate sick sao_bernardo": ("Doar um São Bernardo doente", "Give away a sick São Bernardo"),
        "place feira food2": ("Feira de Cães: pegar a carta +2 ração", "Dog Fair: take the card +2 food"),
        "place petshop use-free": ("Pet Shop: Entrada Livre (sem carta)", "Pet shop: free entry (no card)"),
        "sell poodle 2 trained prize": (
            "Vender um Poodle da baia 2 por 5 moedas",
            "Sell a Poodle from pen 2 for 5 coins",
        ),
        "shop food food": ("Comprar 2 ração por 1 moeda", "Buy 2 food for 1 coin"),
        "use dog country": (
            "Receba 1 cão: um cão da reserva do campo",
            "Get 1 dog: a dog from the country supply",
        ),
        "no-rehire": ("Ficar sem ajudante", "Go without a helper"),
    }
    for notation, (pt, en) in cases.items():
        action = GAME.parse_action(notation)
        assert (GAME.describe_action(action, "pt"), GAME.describe_action(action, "en")) == (pt, en)
