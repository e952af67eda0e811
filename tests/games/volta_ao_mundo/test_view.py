"""The view's picture aids: the move preview (the running total card by card, before a Move
is declared) agrees with the move itself; the static map; what the draft keeps private."""

from dataclasses import replace

from tabuleiro.core import RngStream
from tabuleiro.games.volta_ao_mundo import GAME, movement
from tabuleiro.games.volta_ao_mundo.components import PACIFIC, components
from tabuleiro.games.volta_ao_mundo.state import DRAFT, OVERFLOW, PLAY, START, RaceOptions

from .helpers import mover, new, play

COMP = components()


def _steps(view, notation):
    return [
        (s["what"], s.get("card", s.get("route")), s["days"], s["total"])
        for s in view["preview"][notation]["steps"]
    ]


def test_preview_bombaim_calcuta_card_by_card():
    # The rulebook's example (§ Movimento): carriage card ignored; train -1 (1 -> 0); train +1
    # space, decided during the move; train -1; at least one day.
    state = mover("M07", "M01", "M21", "M02")
    view = GAME.view(state, None)
    assert _steps(view, "move ALD") == [
        ("route", "R29", 1, 1),
        ("weather", None, 0, 1),
        ("card", "M01", -1, 0),
        ("legs", "M21", 1, 0),
        ("card", "M02", 0, 0),
        ("minimum", None, 1, 1),
    ]
    assert view["preview"]["move ALD"]["exact"] is False  # the extra space is chosen later
    state = play(state, 0, "move ALD")
    view = GAME.view(state, 1)  # every seat sees the same preview
    assert set(view["preview"]) == {"leg CCU", "stop"}
    assert _steps(view, "leg CCU") == [
        ("route", "R30", 1, 1),
        ("card", "M02", -1, 0),
        ("minimum", None, 1, 1),
    ]
    assert view["preview"]["leg CCU"]["total"] == 1
    assert play(state, 0, "leg CCU").travellers[0].days == 1


def test_preview_adds_the_weather_once():
    # W06: fog on trains (+1).
    state = mover(weather="W06")
    steps = _steps(GAME.view(state, None), "move ALD")
    assert steps[:2] == [("route", "R29", 1, 1), ("weather", None, 1, 2)]
    assert GAME.view(state, None)["preview"]["move ALD"]["total"] == 2


def _resolve(state, seat):
    """Finish the move the way the preview assumes: no further space, faces kept."""
    while state.trip is not None and state.stack and state.stack[-1].kind not in ("turn", "rest"):
        frame = state.stack[-1]
        if frame.kind == "leg":
            state = play(state, seat, "stop")
        elif frame.kind == "face":
            placed = state.travellers[seat].tableau[OVERFLOW]
            state = play(state, seat, "face " + "ab"[placed.face])
        else:
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def test_preview_totals_are_what_the_moves_cost():
    rng = RngStream(5)
    compared = inexact = 0
    for seed in range(8):
        state = new(3, seed)
        while GAME.to_act(state) and compared < 400:
            seat = min(GAME.to_act(state))
            view = GAME.view(state, None)
            for notation, preview in (view["preview"] or {}).items():
                if any(s["what"] == "event" for s in preview["steps"]):
                    continue  # the event card is hidden until drawn
                before = state.travellers[seat].days  # a move's days join it when it ends
                after = _resolve(play(state, seat, notation), seat)
                assert after.travellers[seat].days - before == preview["total"], (seed, notation, preview)
                compared += 1
                inexact += not preview["exact"]
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert compared >= 400 and inexact > 0


def test_the_map_and_the_cards_on_the_table():
    state = mover("M07", "M01")
    view = GAME.view(state, None)
    cities = {c[0]: c for c in view["map"]["cities"]}
    assert cities["LON"][1:3] == ["Londres", "London"] and len(cities) == 38
    routes = {r[0]: r for r in view["map"]["routes"]}
    assert len(routes) == 60 and {r[6] for r in routes.values()} == {None, "atlantic", "pacific"}
    assert {"M07", "M01", "T2"} <= set(view["cards"])
    assert all(c["card"] in view["cards"] for c in view["market"] if c)
    assert view["cards"]["M01"]["faces"][0] == {"effect": "discount", "transport": "train", "value": 1}


def test_draft_picks_and_kept_cards_stay_with_their_seat():
    state = new(3, 2)
    hand = GAME.view(state, 0)["private"]["hand"]
    state = play(state, 0, f"pick {hand[0]}")
    assert GAME.in_private_step(state, 0) and GAME.view(state, 0)["private"]["sealed"] == hand[0]
    for seat in (1, 2, None):
        view = GAME.view(state, seat)
        assert view["travellers"][0]["committed"] is True and view["travellers"][0]["drafted"] is None
        assert hand[0] not in str(view.get("private"))
    while state.phase == DRAFT:
        for seat in sorted(GAME.to_act(state)):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase == START and GAME.in_private_step(state, 1)  # picks stay out of the log
    gains = GAME.view(state, 0)["private"]["start_gains"]
    assert GAME.view(state, 1)["travellers"][0]["drafted"] is None
    start = next(iter(gains))
    state = play(state, 0, f"start {start}")
    for seat in (1, 2):
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase == PLAY and not GAME.in_private_step(state, 0)
    t = state.travellers[0]
    assert t.coins == gains[start]["coins"] and t.fame == gains[start]["fame"]
    assert GAME.view(state, 1)["travellers"][0]["drafted"] is not None


def test_a9_preview_warns_when_a_destination_leaves_no_way_home():
    # Research A-9 rule 10 (interpretation 26): from New York by Panamá to San Francisco, no
    # ocean crossed yet. West across the Pacific the circuit goes on; back east by rail, Salt
    # Lake City leads only to New York, which needs both oceans first.
    state = mover(where="SFO", origin="NYC", path=("PTY",))
    preview = GAME.view(state, None)["preview"]
    assert {n: p["strands"] for n, p in preview.items()} == {
        "move YOK": False,
        "move HNL": False,
        "move SLC": True,
    }
    assert play(state, 0, "move SLC").travellers[0].city != -1  # a warning, not a ban


def test_a9_stranding_follows_the_ocean_rule_and_the_winding_option():
    # From Honolulu to San Francisco (the Pacific crossed), then back west to Yokohama: the
    # way home by Cidade do Cabo and Sydney crosses the Atlantic, but it never goes round
    # the world, which `winding` requires.
    state = mover(where="SFO", origin="HNL", path=(), oceans=PACIFIC, winding=355)
    assert GAME.view(state, None)["preview"]["move YOK"]["strands"] is False
    strict = replace(state, options=RaceOptions(winding=True))
    assert GAME.view(strict, None)["preview"]["move YOK"]["strands"] is True
    assert GAME.view(strict, None)["preview"]["move SLC"]["strands"] is False


def test_a9_extra_space_and_stop_carry_the_warning_too():
    # Panamá to San Francisco by ship with "ship: one more space": the extra space to Salt
    # Lake City strands, as the Move there would.
    state = play(mover("M23", where="PTY", origin="NYC", path=()), 0, "move SFO")
    assert state.stack[-1].kind == "leg"
    preview = GAME.view(state, None)["preview"]
    assert {n: p["strands"] for n, p in preview.items()} == {
        "leg YOK": False,
        "leg HNL": False,
        "leg SLC": True,
        "stop": False,
    }


class _TooLong(Exception):
    pass


def _can_finish(state, t, budget):
    """Some sequence of legal Moves leads home: every one tried, by the rules' `destinations`."""
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooLong
    for route, there in movement.destinations(state, t):
        if there == t.origin:
            return True
        moved = replace(
            t,
            city=there,
            visited=t.visited | 1 << there,
            oceans=t.oceans | COMP.routes[route].ocean,
            winding=t.winding + movement.longitude_step(t.city, there),
        )
        if _can_finish(state, moved, budget):
            return True
    return False


def test_a9_stranding_agrees_with_a_search_of_every_way_home():
    rng = RngStream(2)
    checked, stranded = 0, 0
    for seed in range(3):
        state = new(2, seed, winding=bool(seed % 2))
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            t = state.travellers[seat]
            for notation, preview in (GAME.view(state, None)["preview"] or {}).items():
                if not notation.startswith("move"):
                    continue
                there = COMP.city(notation.split()[1])
                route = COMP.route_between(t.city, there)
                moved = replace(
                    t,
                    city=there,
                    visited=t.visited | 1 << there,
                    oceans=t.oceans | COMP.routes[route].ocean,
                    winding=t.winding + movement.longitude_step(t.city, there),
                )
                try:
                    home = there == t.origin or _can_finish(state, moved, [3000])
                except _TooLong:
                    continue
                assert preview["strands"] == (not home), (seed, notation)
                checked += 1
                stranded += preview["strands"]
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked >= 300 and stranded >= 30
