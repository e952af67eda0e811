"""Typical illegal Avenue moves answer with the rule that forbids them, in both languages."""

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.avenue import GAME
from tabuleiro.games.avenue.state import AvenueState

from .helpers import everyone, new, on_table, with_roads


def says(state: AvenueState, text: str, en: str, pt: str) -> None:
    before = GAME.view(state, 0)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, 0, GAME.parse_action(text))
    assert info.value.code == "not_legal"
    assert en in info.value.message("en"), info.value.message("en")
    assert pt in info.value.message("pt"), info.value.message("pt")
    assert GAME.view(state, 0) == before


def test_observacoes_a_square_with_a_road_takes_no_other() -> None:
    state = with_roads(new(1), 0, {"c3": 6})
    says(state, "c3", "c3 already has a road", "a casa c3 já tem uma estrada")
    says(state, "c3", "§ Observações: only one segment per square", "§ Observações: só um trecho")


def test_olhando_peeking_is_once_per_round() -> None:
    state = everyone(on_table(new(2), 5, False, 0), "peek", "peek")
    says(state, "peek", "already peeked at the farm deck this round", "você já olhou o baralho")
    says(state, "peek", "§ Olhando a próxima carta de fazenda", "§ Olhando a próxima carta de fazenda")
