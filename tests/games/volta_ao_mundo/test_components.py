"""Components: the designed map and decks, their totals, the map's promises, the loader's checks."""

import copy
import heapq
from collections import Counter
from itertools import pairwise

import pytest

from tabuleiro.core import DataError
from tabuleiro.core.data import load_json
from tabuleiro.games.volta_ao_mundo import components as module
from tabuleiro.games.volta_ao_mundo.components import (
    BOTH_OCEANS,
    CARRIAGE,
    PACIFIC,
    SHIP,
    TRAIN,
    components,
)
from tabuleiro.games.volta_ao_mundo.movement import longitude_step

COMP = components()
PACKAGE = "tabuleiro.games.volta_ao_mundo"


def test_totals_of_the_designed_components():
    assert len(COMP.city_ids) == 38 and len(COMP.routes) == 60
    kinds = Counter(r.transport for r in COMP.routes)
    assert kinds == {SHIP: 35, TRAIN: 16, CARRIAGE: 9}
    assert len(COMP.weather) == 24 and len(COMP.events) == 22
    assert Counter(c.category for c in COMP.cards) == {
        "movement": 40,
        "effect": 14,
        "telegraph": 10,
        "sabotage": 12,
    }
    assert Counter(e.watermark for e in COMP.events) == {2: 11, 3: 11}
    assert COMP.designed


def test_every_icon_of_the_rulebook_glossary_is_on_some_card():
    effects = {f.effect for c in COMP.cards for f in c.faces}
    assert {
        "discount",
        "lock_adjacent",
        "fame_on_move",
        "extra_legs",
        "repeat_left",
        "double_right",
        "ignore_fog",
        "ignore_storm",
        "no_flip_right",
        "correspondent",
        "travel_agent",
        "planning",
    } <= effects
    balloons = [f for c in COMP.cards for f in c.faces if f.transport == SHIP | TRAIN | CARRIAGE]
    assert balloons and {2} <= {f.value for f in balloons if f.effect == "extra_legs"}


def test_effect_cards_have_a_padlock_back_and_sabotage_cards_two_bad_faces():
    for c in COMP.cards:
        if c.category == "effect":
            assert c.faces[1].locked
        if c.category == "sabotage":
            assert {f.effect for f in c.faces} <= {"penalty", "scandal", "locked"}
        if c.category != "sabotage" and not c.id.startswith("T"):
            assert c.price > 0


def _days(a, b):
    return COMP.routes[COMP.route_between(COMP.city(a), COMP.city(b))].days


def test_verne_route_costs_exactly_eighty_days():
    route = COMP.verne_route
    assert sum(COMP.routes[COMP.route_between(a, b)].days for a, b in pairwise(route)) == 80
    assert abs(sum(longitude_step(a, b) for a, b in pairwise(route))) == 3600


def test_bombay_to_calcutta_is_two_unnumbered_train_spaces():
    bom, ald, ccu = (COMP.city(c) for c in ("BOM", "ALD", "CCU"))
    assert COMP.route_between(bom, ccu) == -1
    for a, b in ((bom, ald), (ald, ccu)):
        route = COMP.routes[COMP.route_between(a, b)]
        assert route.transport == TRAIN and route.days == 1 and not route.numbered


def _best_circuit(start, winding):
    """Cheapest circuit from `start` crossing both oceans (and winding once, if asked)."""
    adj = COMP.adjacent
    bound = {(start, 0): 0}
    heap = [(0, start, 0)]
    while heap:
        d, c, need = heapq.heappop(heap)
        for r, n in adj[c]:
            for before in range(4):
                if before & ~COMP.routes[r].ocean == need and d + COMP.routes[r].days < bound.get(
                    (n, before), 999
                ):
                    bound[(n, before)] = d + COMP.routes[r].days
                    heapq.heappush(heap, (bound[(n, before)], n, before))
    best = [999]

    def dfs(c, visited, oceans, days, wind):
        if days + bound.get((c, BOTH_OCEANS & ~oceans), 999) >= best[0]:
            return
        for r, n in adj[c]:
            route = COMP.routes[r]
            got, w = oceans | route.ocean, wind + longitude_step(c, n)
            if n == start:
                if got == BOTH_OCEANS and (not winding or abs(w) == 3600):
                    best[0] = min(best[0], days + route.days)
            elif not visited >> n & 1:
                dfs(n, visited | 1 << n, got, days + route.days, w)

    dfs(start, 1 << start, 0, 0, 0)
    return best[0]


def test_every_city_has_a_circuit_and_the_ocean_rule_cannot_be_gamed():
    circuits = {c: _best_circuit(i, False) for i, c in enumerate(COMP.city_ids)}
    assert min(circuits.values()) == 80 and max(circuits.values()) < 150
    # The rulebook's two oceans give the same best circuit as a true trip round the world.
    for c in ("LON", "SFO", "RIO", "PEK", "CPT"):
        assert _best_circuit(COMP.city(c), True) == circuits[c]


def test_dica_cidades_que_sao_otimos_pontos_de_partida_dao_mais_recursos():
    # § Início do jogo, the Dica: "Cidades que são ótimos pontos de partida dão mais recursos":
    # a city card never gives less than one whose best circuit is longer, and the best starts
    # (Verne's 80 days) give more than the worst (95 days or more).
    circuits = {c: _best_circuit(i, False) for i, c in enumerate(COMP.city_ids)}
    value = {c: COMP.city_coins[COMP.city(c)] + COMP.city_fame[COMP.city(c)] for c in circuits}
    for a in circuits:
        for b in circuits:
            if circuits[a] < circuits[b]:
                assert value[a] >= value[b], (a, b)
    best = [c for c, d in circuits.items() if d == 80]
    worst = [c for c, d in circuits.items() if d >= 95]
    assert min(value[c] for c in best) > max(value[c] for c in worst)


def test_only_ocean_routes_across_the_pacific_flagged():
    pacific = {(COMP.city_ids[r.a], COMP.city_ids[r.b]) for r in COMP.routes if r.ocean == PACIFIC}
    assert pacific == {("YOK", "SFO"), ("HNL", "SFO")}


def test_weather_deck_totals():
    rows = Counter((t, card[t][0]) for card in COMP.weather for t in range(3))
    assert [rows[(0, w)] for w in range(3)] == [6, 9, 9]  # ship: sun, fog, storm
    assert [rows[(1, w)] for w in range(3)] == [10, 9, 5]  # train
    assert [rows[(2, w)] for w in range(3)] == [7, 10, 7]  # carriage
    assert sum(card[t][1] == 1 for card in COMP.weather for t in range(3)) == 22  # newspapers


# -- the loader refuses broken files with a clear message ------------------------------------


def _broken(monkeypatch, filename, change):
    def fake(package, name, version):
        data = load_json(package, name, version)
        return change(copy.deepcopy(data)) if name == filename else data

    monkeypatch.setattr(module, "load_json", fake)
    with pytest.raises(DataError) as err:
        components.__wrapped__()
    return str(err.value)


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return change


def test_loader_unknown_city_in_a_route(monkeypatch):
    message = _broken(monkeypatch, "map.v1.json", _set(["routes", 0, "b"], "XYZ"))
    assert message == "map.v1.json: routes[0].b: expected a city of 'cities' (not 'XYZ')"


def test_loader_city_without_a_route(monkeypatch):
    def change(data):
        data["routes"] = [r for r in data["routes"] if "HNL" not in (r["a"], r["b"])]
        return data

    assert (
        _broken(monkeypatch, "map.v1.json", change)
        == "map.v1.json: cities.HNL: expected at least one route from every city"
    )


def test_loader_route_with_a_bad_transport(monkeypatch):
    message = _broken(monkeypatch, "map.v1.json", _set(["routes", 3, "transport"], "balloon"))
    assert "routes[3].transport: expected ship, train or carriage" in message


def test_loader_card_without_a_price(monkeypatch):
    def change(data):
        del data["market"][2]["price"]
        return data

    message = _broken(monkeypatch, "cards.v1.json", change)
    assert message == "cards.v1.json: market[2].price: expected a price (the golden number of face A)"


def test_loader_unknown_card_effect(monkeypatch):
    message = _broken(monkeypatch, "cards.v1.json", _set(["market", 0, "faces", 1, "effect"], "teleport"))
    assert message.startswith("cards.v1.json: market[0].faces[1].effect: expected one of discount")


def test_loader_wrong_number_of_cards(monkeypatch):
    def change(data):
        data["market"] = data["market"][1:]
        return data

    assert (
        _broken(monkeypatch, "cards.v1.json", change) == "cards.v1.json: market: expected 60 cards (found 57)"
    )


def test_loader_city_card_for_an_unknown_city(monkeypatch):
    message = _broken(monkeypatch, "cities.v1.json", _set(["cards", 5, "city"], "ATL"))
    assert message == "cities.v1.json: cards[5].city: expected a city of map.v1.json"


def test_loader_weather_and_events(monkeypatch):
    assert "cards[3].ship: expected weather" in _broken(
        monkeypatch, "weather.v1.json", _set(["cards", 3, "ship", "weather"], "snow")
    )
    assert "cards[0].effect: expected one of simple" in _broken(
        monkeypatch, "events.v1.json", _set(["cards", 0, "effect"], "x")
    )


def test_loader_weather_and_event_ids_are_unique(monkeypatch):
    message = _broken(monkeypatch, "weather.v1.json", _set(["cards", 4, "id"], "W01"))
    assert message == "weather.v1.json: cards[4].id: expected a new id (W01 appears twice)"
    message = _broken(monkeypatch, "events.v1.json", _set(["cards", 2, "id"], "E01"))
    assert message == "events.v1.json: cards[2].id: expected a new id (E01 appears twice)"


def test_loader_passports_must_grow(monkeypatch):
    message = _broken(monkeypatch, "board.v1.json", _set(["passports", 2, "fame"], 1))
    assert message == "board.v1.json: passports: expected increasing fame and slots"


def test_loader_verne_route_must_follow_routes(monkeypatch):
    message = _broken(monkeypatch, "map.v1.json", _set(["verne_route", 1], "SFO"))
    assert (
        message == "map.v1.json: verne_route: expected consecutive cities joined by a route (LON-SFO is not)"
    )
