"""Taking back moves in Metro: a turn is one placement, and every draw shows a tile."""

from __future__ import annotations

from ..undo_steps import find, of_type


def test_drawing_from_the_pile_reveals_a_tile_and_cannot_be_taken_back() -> None:
    # § Sequência do jogo: "ele pode pegar uma peça nova do estoque … o jogador deve colocar
    # a peça que ele pegou": the drawn tile was hidden until then.
    found = find("metro", 2, of_type("Draw"))
    assert not found.undoable
    assert found.game.chance_state(found.before) == found.game.chance_state(found.after)  # no RNG: a reveal


def test_placing_a_tile_ends_the_turn_and_cannot_be_taken_back() -> None:
    # § Sequência do jogo: after placing, the player takes a new tile and the next player goes.
    found = find("metro", 3, of_type("Place"))
    assert found.seat not in found.game.to_act(found.after)
    assert not found.undoable
