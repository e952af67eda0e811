"""The shortcuts the engine takes for speed give what the plain definitions give."""

import functools
import random

from tabuleiro.games.volta_ao_mundo import GAME, movement, rules
from tabuleiro.games.volta_ao_mundo.actions import STOP, Leg, Move, UseEffect
from tabuleiro.games.volta_ao_mundo.components import BOTH_OCEANS


def _reference_region(city: int, origin: int, visited: int) -> tuple[int, int]:
    """`movement._open_region` as first written: a search city by city over the route lists."""
    region, oceans, todo = 1 << city, 0, [city]
    while todo:
        here = todo.pop()
        for route, other in movement.ADJACENT[here]:
            if other != origin and (visited >> other) & 1:
                continue
            oceans |= movement.ROUTE_LIST[route].ocean
            if not (region >> other) & 1:
                region |= 1 << other
                if other != origin:
                    todo.append(other)
    return region, oceans


def test_open_region_on_bit_sets_matches_the_search_city_by_city():
    cities = len(movement.ADJACENT)
    rnd = random.Random(21)
    for _ in range(3000):
        city, origin = rnd.randrange(cities), rnd.randrange(cities)
        density = rnd.random() ** 2
        visited = sum(1 << c for c in range(cities) if rnd.random() < density) | 1 << city
        if rnd.random() < 0.5:
            visited |= 1 << origin
        assert movement._open_region(city, origin, visited) == _reference_region(city, origin, visited)


def _travelling(action: object) -> bool:
    return (
        isinstance(action, Move | Leg)
        or action == STOP
        or (isinstance(action, UseEffect) and action.city >= 0)
    )


def test_travel_actions_are_the_travelling_legal_actions_in_order():
    checked = 0
    for seed in range(6):
        rnd = random.Random(seed)
        state = GAME.new_state(3, seed)
        while seats := GAME.to_act(state):
            seat = min(seats)
            legal = rules.legal_actions(state, seat)
            expected = [a for a in legal if _travelling(a)]
            if state.stack and state.stack[-1].kind in ("turn", "leg"):
                assert rules.travel_actions(state, seat) == expected
                checked += bool(expected)
            state = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
    assert checked > 100


@functools.cache
def _reference_way_home(city: int, origin: int, visited: int, oceans: int) -> bool:
    """`movement._way_home` without the winding option as first written: a depth-first search
    over simple paths, cut where the start city or a missing ocean is out of reach."""
    region, reachable = movement._open_region(city, origin, visited)
    if not (region >> origin) & 1 or (oceans | reachable) != BOTH_OCEANS:
        return False
    if oceans == BOTH_OCEANS:
        return True
    for route, other in movement.ADJACENT[city]:
        got = oceans | movement.ROUTE_LIST[route].ocean
        if other == origin:
            if got == BOTH_OCEANS:
                return True
        elif not (visited >> other) & 1 and _reference_way_home(other, origin, visited | 1 << other, got):
            return True
    return False


def test_the_quick_way_home_agrees_with_the_search_of_every_path():
    cities = len(movement.ADJACENT)
    rnd = random.Random(27)
    answers = set()
    for _ in range(4000):
        city, origin = rnd.randrange(cities), rnd.randrange(cities)
        if city == origin:
            continue
        density = rnd.random() ** 2
        visited = sum(1 << c for c in range(cities) if rnd.random() < density) | 1 << city | 1 << origin
        oceans = rnd.randrange(4)
        expected = _reference_way_home(city, origin, visited, oceans)
        assert movement._way_home(city, origin, visited, oceans, None) == expected
        answers.add(expected)
    assert answers == {True, False}
