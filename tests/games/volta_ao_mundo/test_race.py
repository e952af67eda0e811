"""§ Ambientação's route rules (no return, both oceans) and the end of the race (interpretation 28)."""

from dataclasses import replace
from itertools import pairwise

import pytest

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.movement import longitude_step
from tabuleiro.games.volta_ao_mundo.state import FINISHED, OUT, RACING, RaceOptions

from .helpers import at, city, legal, mover, play, started, traveller, turn_of, with_weather

ATLANTIC, PACIFIC = 1, 2
WEST = (
    "LIV",
    "NYC",
    "CHI",
    "OMA",
    "SLC",
    "SFO",
    "YOK",
    "HKG",
    "SIN",
    "CCU",
    "ALD",
    "BOM",
    "ADE",
    "SUZ",
    "ALX",
    "BDS",
    "TRN",
)


def home_stretch(oceans, **options):
    """Seat 0 in Turin after Verne's route the other way round, one step from Paris and London."""
    state = replace(started(2, seed=3), options=RaceOptions(**options))
    state = at(state, 0, "TRN", origin="LON", path=WEST, oceans=oceans)
    return turn_of(with_weather(state, "W02"), 0)


def test_ambientacao_never_back_to_a_visited_city():
    state = home_stretch(ATLANTIC | PACIFIC)
    moves = [a for a in legal(state, 0) if a.startswith("move")]
    assert moves == ["move PAR", "move MRS"]  # Brindisi was visited


def test_ambientacao_back_home_only_after_both_oceans():
    state = at(started(2, seed=3), 0, "PAR", origin="LON", path=(*WEST, "TRN"), oceans=ATLANTIC)
    assert "move LON" not in legal(turn_of(state, 0), 0)
    state = at(started(2, seed=3), 0, "PAR", origin="LON", path=(*WEST, "TRN"), oceans=ATLANTIC | PACIFIC)
    assert "move LON" in legal(turn_of(state, 0), 0)


def test_ambientacao_the_crossing_on_the_last_leg_counts():
    state = at(started(2, seed=3), 0, "NYC", origin="LIV", path=("LON", "PAR", "TRN"), oceans=PACIFIC)
    state = turn_of(with_weather(state, "W02"), 0)
    state = play(state, 0, "move LIV")
    t = state.travellers[0]
    assert t.status == FINISHED and t.days == 8 and t.oceans == ATLANTIC | PACIFIC


def test_finishing_ends_the_turn():
    state = at(started(2, seed=3), 0, "PAR", origin="LON", path=(*WEST, "TRN"), oceans=3, days=70)
    state = traveller(state, 0, ledger=(70, 0, 0, 0, 0, 0, 0, 0))
    state = play(turn_of(with_weather(state, "W02"), 0), 0, "move LON")
    assert state.travellers[0].status == FINISHED and state.stack[-1].seat == 1


def test_winding_option_wants_a_real_trip_round_the_world():
    # West to Rio over the Atlantic, east to Sydney, across the Pacific, then back west: both
    # ocean flags, but the longitude travelled adds up to nothing.
    path = (
        "LIS",
        "RIO",
        "CPT",
        "SYD",
        "HNL",
        "SFO",
        "YOK",
        "SHA",
        "HKG",
        "SIN",
        "CCU",
        "ALD",
        "BOM",
        "ADE",
        "SUZ",
        "BDS",
        "TRN",
    )
    cities = [city(c) for c in ("LON", *path, "PAR")]
    winding = sum(longitude_step(a, b) for a, b in pairwise(cities))
    for strict, allowed in ((False, True), (True, False)):
        state = replace(started(2, seed=3), options=RaceOptions(winding=strict))
        state = at(state, 0, "PAR", origin="LON", path=path, oceans=3, winding=winding)
        assert ("move LON" in legal(turn_of(state, 0), 0)) is allowed


def test_verne_route_winds_once_round_the_world():
    cities = [
        city(c)
        for c in (
            "LON",
            "PAR",
            "TRN",
            "BDS",
            "ALX",
            "SUZ",
            "ADE",
            "BOM",
            "ALD",
            "CCU",
            "SIN",
            "HKG",
            "YOK",
            "SFO",
            "SLC",
            "OMA",
            "CHI",
            "NYC",
            "LIV",
            "LON",
        )
    ]
    assert abs(sum(longitude_step(a, b) for a, b in pairwise(cities))) == 3600


def test_a_trapped_traveller_withdraws_and_is_skipped():
    # Liverpool's only neighbours are London and New York: both visited, no ocean crossed.
    state = at(mover(), 1, "LIV", origin="PAR", path=("NYC", "LON"))
    state = play(play(state, 0, "move ALD"), 0, "end")
    assert state.travellers[1].status == OUT
    assert state.stack[-1].seat == 0 and not state.finished


def _finished(state, seat, days, turns=10, fame=0):
    return traveller(
        state, seat, status=FINISHED, days=days, ledger=(days, 0, 0, 0, 0, 0, 0, 0), turns=turns, fame=fame
    )


def _racing(state, seat, days):
    return traveller(state, seat, status=RACING, days=days, ledger=(days, 0, 0, 0, 0, 0, 0, 0))


@pytest.mark.parametrize(("other_days", "over"), [(78, False), (79, True), (85, True)])
def test_race_over_when_nobody_left_can_beat_the_best_time(other_days, over):
    state = _finished(started(2, seed=3), 0, 80)
    state = _racing(with_weather(state, "W02"), 1, other_days - 1)
    state = at(state, 1, "LON", origin="LON")
    state = turn_of(traveller(state, 1, tableau=(None,) * 7, coins=0), 1)
    state = play(state, 1, "move PAR")  # 1 day: other_days
    state = play(state, 1, "end")
    assert state.finished is over


def test_end_options_all_but_one_and_all():
    base = _racing(_finished(with_weather(started(3, seed=3), "W02"), 0, 80), 1, 120)
    base = _racing(base, 2, 130)
    for rule, over in (("cannot_beat", True), ("all_but_one", False), ("all", False)):
        state = replace(base, options=RaceOptions(end=rule))
        state = at(state, 1, "LON", origin="LON")
        state = turn_of(traveller(state, 1, tableau=(None,) * 7, coins=0), 1)
        state = play(play(state, 1, "move PAR"), 1, "end")
        assert state.finished is over, rule


def test_winner_fewest_days_then_fewer_turns_then_fame():
    state = started(3, seed=3)
    state = _finished(_finished(state, 0, 82, turns=15), 1, 78, turns=17)
    state = replace(traveller(state, 2, status=OUT), phase=3, stack=(), turn=None)
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,) and outcome.ranks == (2, 1, 3)
    assert outcome.scores[:2] == (82, 78) and outcome.breakdown[1]["routes"] == 78
    assert outcome.details[1]["fogg_record_broken"] and not outcome.details[0]["fogg_record_broken"]
    tied = _finished(_finished(state, 0, 78, turns=16, fame=3), 1, 78, turns=16, fame=5)
    assert GAME.outcome(tied).winners == (1,)
    fewer = _finished(_finished(state, 0, 78, turns=15, fame=0), 1, 78, turns=16, fame=5)
    assert GAME.outcome(fewer).winners == (0,)


def test_race_tie_on_days_and_turns_goes_to_whoever_got_home_first():
    # Interpretation 28: seat 0 got home in 80 days on its 10th turn; seat 1, after it in turn
    # order, finishes on its own 10th turn in 80 days too, with more fame. Had fame decided,
    # `end=cannot_beat` would have stopped a race seat 1 could still win (79 + 1 >= 80).
    state = replace(started(2, seed=3), options=RaceOptions(end="all"), turn_index=20)
    state = traveller(_finished(state, 0, 80, turns=10, fame=0), 0, finished_turn=19)
    state = at(state, 1, "PAR", origin="LON", path=(*WEST, "TRN"), oceans=3, days=79, turns=9, fame=9)
    state = traveller(state, 1, ledger=(79, 0, 0, 0, 0, 0, 0, 0), tableau=(None,) * 7, coins=0)
    state = play(turn_of(with_weather(state, "W02"), 1), 1, "move LON")
    t = state.travellers[1]
    assert state.finished and t.status == FINISHED and (t.days, t.turns) == (80, 10)
    assert GAME.outcome(state).winners == (0,)


def test_turn_limit_takes_a_traveller_out():
    # Interpretation 26: the bound on a game's length (`RaceGame.max_decisions`).
    from tabuleiro.games.volta_ao_mundo import rules

    state = traveller(mover(), 0, turns=rules.TURN_LIMIT - 1)
    state = play(play(state, 0, "move ALD"), 0, "end")
    assert state.travellers[0].status == OUT and state.travellers[0].turns == rules.TURN_LIMIT


def test_day_track_limit_takes_a_traveller_out():
    state = mover()
    state = traveller(state, 0, days=149, ledger=(149, 0, 0, 0, 0, 0, 0, 0))
    state = play(play(state, 0, "move ALD"), 0, "end")
    assert state.travellers[0].status == OUT


def test_contacts_variant_first_arrival_in_a_resource_city_gives_fame():
    state = replace(mover(fame=0), options=RaceOptions(contacts=True))
    state = traveller(state, 0, contacts=(city("ALD"), city("RIO")))
    state = play(state, 0, "move ALD")
    t = state.travellers[0]
    assert t.fame == 1 and t.contacts == (city("RIO"),)
