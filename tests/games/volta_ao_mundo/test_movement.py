"""§ Movimento: the rulebook's worked example and each step of a Move action."""

from .helpers import (
    city,
    days,
    faces,
    legal,
    mover,
    play,
    weather_card,
)


def test_movimento_exemplo_bombaim_calcuta_one_day():
    # Carriage card ignored; train -1 (1 -> 0); train +1 space to Calcutta (+1 -> 1);
    # train -1 (1 -> 0); a move is never under one day: 1.
    state = mover("M07", "M01", "M21", "M02")
    assert _route_days("BOM", "ALD") == 1 and _route_days("ALD", "CCU") == 1
    state = play(state, 0, "move ALD")
    assert legal(state, 0) == ["leg CCU", "stop"]
    assert state.trip.total == 0
    state = play(state, 0, "leg CCU")
    t = state.travellers[0]
    assert t.city == city("CCU") and t.days == 1
    assert days(state, 0) == {
        "routes": 2,
        "weather": 0,
        "events": 0,
        "cards": -2,
        "sabotage": 0,
        "minimum": 1,
        "idle": 0,
        "rest": 0,
    }
    # Every card that took effect turned over; the carriage card did not.
    assert faces(state, 0)[:4] == ["M07a", "M01b", "M21b", "M02b"]
    # The weather card that acted is discarded and the next one revealed.
    assert state.weather_discard[-1] == weather_card("W02") and state.weather != weather_card("W02")
    assert state.stack[-1].kind == "turn" and state.turn.mains == 1


def _route_days(a, b):
    from tabuleiro.games.volta_ao_mundo.components import components

    comp = components()
    return comp.routes[comp.route_between(city(a), city(b))].days


def test_movimento_days_are_route_plus_weather_fog_and_storm():
    # W06: train fog (+1); W05: train storm (+2); W02: sun.
    for name, expected in (("W02", 1), ("W06", 2), ("W05", 3)):
        state = play(mover(weather=name), 0, "move ALD")
        assert state.travellers[0].days == expected, name
        assert days(state, 0)["weather"] == expected - 1


def test_movimento_weather_is_checked_once_per_move():
    # Storm on trains (W05, +2): the extra space adds its days but no second weather check.
    state = play(mover("M21", weather="W05"), 0, "move ALD")
    state = play(state, 0, "leg CCU")
    assert state.travellers[0].days == 1 + 1 + 2
    assert days(state, 0)["weather"] == 2


def test_movimento_running_total_never_below_zero():
    # Two train -2 cards on a 1-day leg: 1 -> 0 -> 0, then raised to 1.
    state = play(mover("M10", "M11"), 0, "move ALD")
    assert state.travellers[0].days == 1
    assert days(state, 0)["cards"] == -1 and days(state, 0)["minimum"] == 1


def test_movimento_cards_of_another_transport_neither_act_nor_turn():
    state = play(mover("M04", "M07"), 0, "move ALD")  # ship -1, carriage -1 on a train move
    assert faces(state, 0)[:2] == ["M04a", "M07a"]
    assert state.travellers[0].days == 1


def test_movimento_cannot_reenter_a_visited_city():
    state = mover()
    assert "move ADE" not in legal(state, 0)  # Aden was visited on the way
    assert {"move ALD", "move CMB", "move ZNZ"} <= set(legal(state, 0))
