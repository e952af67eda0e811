"""Typical illegal Metro moves answer with the rule that forbids them, in both languages.

test_rules.py and test_expansions.py check the English wording of the placement, draw and
swap rules; these also check the Portuguese message and the rules not covered there.
"""

from dataclasses import replace

import pytest

from tabuleiro.core import IllegalActionError
from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.actions import Swap
from tabuleiro.games.metro.state import MetroState

from .helpers import FACES, give, lay, new


def says(state: MetroState, text: str, en: str, pt: str, seat: int = 0) -> None:
    before = GAME.view(state, seat)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, seat, GAME.parse_action(text))
    assert info.value.code == "not_legal"
    assert en in info.value.message("en"), info.value.message("en")
    assert pt in info.value.message("pt"), info.value.message("pt")
    assert GAME.view(state, seat) == before


def test_colocacao_only_a_tile_you_hold() -> None:
    state = new(2)
    other = next(code for i, code in enumerate(FACES) if i not in state.hands[0])
    says(state, f"{other}@a1", f"you have no {other} tile", f"você não tem a peça {other}")


def test_colocacao_on_an_empty_square() -> None:
    state = give(lay(new(2), {"a1": "aaaa"}), 0, "bbbb")
    says(state, "bbbb@a1", "a1 is not an empty square", "a1 não é um espaço vazio")


def test_colocacao_on_the_edge_or_next_to_a_tile() -> None:
    state = give(new(2), 0, "bbbb")
    says(state, "bbbb@d3", "(§ Regras para colocação)", "(§ Regras para colocação)")


def test_colocacao_tiles_keep_the_board_orientation() -> None:
    state = give(new(2), 0, "bbad")
    says(state, "bbad@a1r1", "§ Regras para colocação", "setas na mesma direção")


def test_colocacao_no_line_closes_through_a_single_tile_while_the_tile_fits_elsewhere() -> None:
    state = give(new(2), 0, "dada")
    says(state, "dada@h1", "close a line through a single tile", "fecharia uma linha")


def test_sequencia_a_drawn_tile_is_placed_at_once() -> None:
    state = GAME.apply(new(2, seed=2), 0, GAME.parse_action("draw"))
    says(state, "draw", "must place it now", "deve colocá-la agora")


def test_sequencia_no_draw_from_an_empty_pile() -> None:
    says(replace(new(2, seed=2), pile=()), "draw", "the pile is empty", "o estoque acabou")


def test_expansoes_swaps_and_central_wagons_belong_to_their_expansions() -> None:
    state = new(2)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, 0, Swap(20, True))
    assert "expansion 1" in info.value.message("en") and "expansão 1" in info.value.message("pt")
