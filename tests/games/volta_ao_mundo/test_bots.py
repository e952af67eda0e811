"""The greedy bot: it plans a legal circuit, finishes near 80 days and beats random play."""

import pytest

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.bots import Me, circuit, plan
from tabuleiro.games.volta_ao_mundo.components import components
from tabuleiro.sim.simulate import SimConfig, simulate

COMP = components()


def test_greedy_beats_random_clearly():
    doc = simulate(SimConfig(GAME, 2, 20, 1, {}, ("greedy", "random")))
    assert doc["summary"]["win_rate"][0] >= 0.9


def test_greedy_travellers_get_home_near_eighty_days():
    doc = simulate(SimConfig(GAME, 3, 12, 2, {}, ("greedy",) * 3))
    winners = [r["scores"][r["winners"][0]] for r in doc["results"]]
    assert 65 <= sorted(winners)[len(winners) // 2] <= 95
    for result in doc["results"]:
        assert [sum(b.values()) for b in result["breakdown"]] == result["scores"]


def test_plan_is_a_legal_circuit_home_across_both_oceans():
    lon = COMP.city("LON")
    me = Me(lon, lon, 1 << lon, 0, 0, 0, 2, [None] * 7)
    cost, path = plan(me, {1: 0, 2: 0, 4: 0})
    assert path[-1] == lon and len(set(path)) == len(path)
    oceans, city = 0, lon
    for nxt in path:
        route = COMP.routes[COMP.route_between(city, nxt)]
        oceans |= route.ocean
        city = nxt
    assert oceans == 3 and 80 <= cost <= 100


def test_circuit_prefers_well_placed_starts():
    assert circuit(COMP.city("LON")) < circuit(COMP.city("BUE"))


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_plays_every_option(players):
    options = {"idle_day": False, "income": "printed", "end": "all", "contacts": True, "winding": True}
    doc = simulate(SimConfig(GAME, players, 2, 3, options, ("greedy",) * players))
    assert all(r["winners"] for r in doc["results"])
