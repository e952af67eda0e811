"""Component data against the rulebook's component list (§ Componentes do jogo)."""

from collections import Counter

from tabuleiro.games.dogs.components import CITY, COUNTRY, components

RULEBOOK = {
    "dogs": 84,
    "per_area": 42,
    "per_breed": 7,
    "cards": 44,
    "resource": 20,
    "special": 20,
    "fair": 4,
    "blocking": 6,
    "spaces": 16,
}


def test_componentes_dogs_cards_and_blocking_tokens() -> None:
    comp = components()
    assert len(comp.breed_ids) * sum(comp.per_breed.values()) == RULEBOOK["dogs"]
    assert sum(comp.per_breed.values()) == RULEBOOK["per_breed"]
    assert Counter(comp.breed_area) == {CITY: 6, COUNTRY: 6}
    resource = [c for c in comp.deck if comp.cards[c].resource]
    special = [c for c in comp.deck if comp.cards[c].special]
    assert (len(resource), len(special)) == (RULEBOOK["resource"], RULEBOOK["special"])
    assert len(comp.deck) + len(comp.fair_cards) == RULEBOOK["cards"]
    assert sum(comp.blocking.values()) == RULEBOOK["blocking"]
    assert sum(1 for c in resource if comp.cards[c].units == 3) == 4  # removed with 2 players


def test_fair_cards_show_every_breed_once() -> None:
    comp = components()
    shown = [b for card in comp.fair_cards for b in card]
    assert sorted(shown) == list(range(12)) and all(len(card) == 3 for card in comp.fair_cards)
    removed_2p = set(comp.removed[2])
    assert all(len(set(card) & removed_2p) == 1 for card in comp.fair_cards)


def test_board_16_spaces_rewards_1_to_4_and_designed_labels() -> None:
    comp = components()
    spaces = range(1, len(comp.space_names))
    assert len(spaces) == RULEBOOK["spaces"]
    for area in (CITY, COUNTRY):
        rewards = sorted(comp.reward[s] for s in spaces if comp.space_area[s] == area)
        assert rewards == [1, 1, 2, 2, 3, 3, 4, 4]
    assert comp.board_designed and comp.split_designed and comp.cards_designed
    assert comp.removed[2] and set(comp.removed[3]) < set(comp.removed[2]) and not comp.removed[4]
