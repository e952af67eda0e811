"""The greedy bot: it plans a legal circuit, finishes near 80 days and beats random play."""

import pytest

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.bots import GreedyBot, Me, circuit, plan
from tabuleiro.games.volta_ao_mundo.components import components
from tabuleiro.games.volta_ao_mundo.state import FINISHED, RACING
from tabuleiro.play import Session
from tabuleiro.sim.simulate import SimConfig, simulate

from .helpers import mover, play, with_events

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
    # Every option away from its default: the races still end, with an outcome whose
    # breakdown adds up, and the options that leave a trace in the result show it.
    options = {
        "idle_day": False,
        "income": "printed",
        "end": "all",
        "opening": "reverse",
        "contacts": True,
        "winding": True,
        "fame_card_discounts": "others",
    }
    for game in range(2):
        session = Session(GAME, players, 30 + game, options, ["greedy"] * players)
        session.run_bots()
        state = session.state
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winners
        assert [sum(b.values()) for b in outcome.breakdown] == list(outcome.scores)
        assert all(b["idle"] == 0 for b in outcome.breakdown)  # idle_day=false
        assert all(t.status != RACING for t in state.travellers)  # end=all
        finished = [t for t in state.travellers if t.status == FINISHED]
        assert finished and all(abs(t.winding) == 3600 for t in finished)  # winding


def test_greedy_puts_the_sponsors_coins_on_the_telegraph_it_collects_from_next():
    # Interpretation 47: slot 1 shows its office face, slot 2 a telegraph face.
    state = play(with_events(mover(("T1", "b"), "M55", weather="W01", fame=6), "E11"), 0, "move ALD")
    bot = GreedyBot(0, 1)
    choice = bot.act(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert GAME.format_action(choice) == "sponsor 2"
    state = play(with_events(mover("T1", "M55", weather="W01", fame=6), "E11"), 0, "move ALD")
    assert GAME.format_action(bot.act(GAME.view(state, 0), GAME.legal_actions(state, 0))) == "sponsor 1"
    state = play(with_events(mover(("T1", "b"), overflow="M55", weather="W01", fame=6), "E11"), 0, "move ALD")
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["sponsor 1", "sponsor o"]
    assert GAME.format_action(bot.act(GAME.view(state, 0), GAME.legal_actions(state, 0))) == "sponsor 1"


def test_greedy_counts_no_carriage_discount_under_a_carriage_fame_card():
    # "Você não recebe descontos nos seus dias de movimento" (default fame_card_discounts=none):
    # with the carriage fame card M30 face up, M14's carriage -2 saves the bot nothing.
    from tabuleiro.games.volta_ao_mundo.bots import CARD, discounts
    from tabuleiro.games.volta_ao_mundo.components import CARRIAGE

    tableau = [(CARD["M14"], 0, False, 0), (CARD["M30"], 0, False, 0)]
    assert discounts(tableau, fame_cancels=True)[CARRIAGE] == 0
    assert discounts(tableau, fame_cancels=False)[CARRIAGE] == 2
