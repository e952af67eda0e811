"""Actions built directly as Python values, not parsed: `apply` refuses what the rules forbid.

Each case is applied twice: on a state no legal list was computed for (the fast turn check),
and right after listing the legal actions of that very state (the kept list).
"""

import pickle

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.actions import Flip, Swap, Telegraph
from tabuleiro.games.volta_ao_mundo.state import OVERFLOW, RaceState

from .helpers import mover


def _refused(state: RaceState, action: object) -> None:
    before = pickle.dumps(state)
    view = GAME.view(state, 0)
    fresh = pickle.loads(before)  # an equal state no legal list was computed for
    for listed in (False, True):
        target = state if listed else fresh
        if listed:
            GAME.legal_actions(state, 0)
        with pytest.raises(IllegalActionError) as caught:
            GAME.apply(target, 0, action)  # type: ignore[arg-type]
        assert caught.value.code == "not_legal"
    assert pickle.dumps(state) == before
    assert GAME.view(state, 0) == view


def _accepted(state: RaceState, action: object) -> RaceState:
    return GAME.apply(state, 0, action)  # type: ignore[arg-type]


# § Manipular o tableau / ações livres: "Alterar a ordem de uma carta em seu tableau em um espaço".


def test_manipular_o_tableau_a_swap_moves_a_card_one_space_only():
    state = mover("T1", "M01", "M02", overflow="M03")
    _accepted(state, Swap(0, 1, free=True))  # the control: one space is allowed
    _refused(state, Swap(0, 2, free=True))  # two spaces
    _refused(state, Swap(-1, 0, free=True))  # a position -1 (the overflow, read from the end) and slot 1
    _refused(state, Swap(0, OVERFLOW, free=True))  # slot 1 and the overflow, four slots apart
    _refused(state, Swap(1, 0, free=True))  # the notation writes the left place first


def test_manipular_o_tableau_the_office_swap_names_a_place_that_exists():
    state = mover(("T1", "b"), "M01", "M02")  # T1 face B: the office
    _accepted(state, Swap(1, 2, office=0))
    for office in (7, 99, -2):
        _refused(state, Swap(1, 2, office=office))
    _refused(state, Swap(-1, 0, office=0))


# § Telégrafo: "Aumentar a fama, aumentar a renda ou coletar a renda" — one of three options;
# the Submarine cable (a "versão melhorada ... com mais opções") does two different ones.


def test_telegrafo_an_option_that_does_not_exist_is_refused():
    state = mover("T1", "M01")
    _accepted(state, Telegraph(0, ("income",)))
    for options in (("fortune",), ("",), ("FAME",), (), ("fame", "fortune")):
        _refused(state, Telegraph(0, options))
    _refused(state, Telegraph(0, ["fame"]))  # a list is not the action's tuple


def test_telegrafo_options_repeated_beyond_what_the_card_allows_are_refused():
    plain = mover("T1", "M01")
    _refused(plain, Telegraph(0, ("fame", "fame")))
    _refused(plain, Telegraph(0, ("fame", "income")))  # two options need the Submarine cable
    cable = mover("M60", "M01")
    _accepted(cable, Telegraph(0, ("fame", "income")))
    _refused(cable, Telegraph(0, ("fame", "fame")))
    _refused(cable, Telegraph(0, ("income", "income")))
    _refused(cable, Telegraph(0, ("fame", "income", "collect")))


def test_telegrafo_on_a_place_that_does_not_exist_is_refused():
    state = mover("T1", "M01")
    for slot in (-1, 7, 99):
        _refused(state, Telegraph(slot, ("fame",)))


# § Ações livres: "Desvirar uma carta" — a card of the tableau: positions 1-6 and the overflow.


def test_flip_of_a_place_that_does_not_exist_is_refused():
    state = mover("T1", "M01", overflow="M03")
    _accepted(state, Flip(1, free=True))
    _accepted(state, Flip(OVERFLOW, free=True))
    for pos in (-1, 7, 99, -99):
        _refused(state, Flip(pos, free=True))
    _refused(state, Flip(3, free=True))  # a slot that exists, with no card on it
    _refused(state, Flip(1, free=2))  # type: ignore[arg-type]
