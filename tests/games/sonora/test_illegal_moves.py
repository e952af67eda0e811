"""Typical illegal Sonora moves answer with the rule that forbids them, in both languages."""

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.sonora import GAME
from tabuleiro.games.sonora.state import SonoraState

from .helpers import new, placed, play

RUINS_SPOT, RIVER_SPOT = (-60.0, 60.0), (60.0, 60.0)


def says(state: SonoraState, text: str, en: str, pt: str, seat: int = 0) -> None:
    before = GAME.view(state, seat)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, GAME.parse_action(text))
    assert info.value.code == "not_legal"
    assert en in info.value.message("en"), info.value.message("en")
    assert pt in info.value.message("pt"), info.value.message("pt")
    assert GAME.view(state, seat) == before


def test_mais_regras_para_piparotar_the_disc_starts_wholly_on_the_corner() -> None:
    says(new(2), "flick 1 20 0 100", "must lie wholly on your corner's raised surface", "superfície elevada")
    says(new(2), "flick 1 20 0 100", "(§ Mais regras para piparotar)", "(§ Mais regras para piparotar)")


def test_a_disc_already_flicked_is_not_flicked_again_this_round() -> None:
    state = play(new(2), 0, "flick 2 0 0 200", "keep")
    says(state, "flick 2 0 0 200", "disc 2 cannot be flicked now; flick one of: 1, 3, 4, 5", "piparote um de")


def test_the_disc_just_flicked_is_decided_first() -> None:
    state = play(new(2), 0, "flick 2 0 0 200")
    says(state, "flick 1 0 0 200", "reflick or keep", "reflick ou keep")


def test_a_fase_de_anotar_moves_not_allowed_name_the_section() -> None:
    state = placed(new(2), {(0, 1): RUINS_SPOT, (1, 1): RIVER_SPOT})
    says(state, "flick 1 0 0 100", "(§ A fase de anotar", "(§ A fase de anotar")
