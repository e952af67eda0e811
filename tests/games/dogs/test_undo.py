"""Taking back moves in DOGS (interpretation 24): the choices of one turn, until it passes."""

from __future__ import annotations

from ..undo_steps import find


def test_choosing_an_action_box_and_its_card_may_be_taken_back_within_the_turn() -> None:
    # § Fase 2 - Ações: the player places a meeple on a box, takes one of its face-up cards and
    # then carries out the action; nobody else acts meanwhile and nothing hidden shows.
    found = find("dogs", 3, lambda g, s, seat, a: type(a).__name__ == "Place")
    assert found.game.to_act(found.after) == {found.seat}
    assert found.undoable


def test_a_pickup_move_that_passes_the_turn_cannot_be_taken_back() -> None:
    # § Fase 1: "cada jogador fazendo um movimento na sua vez" — then the next player moves.
    found = find(
        "dogs",
        3,
        lambda g, s, seat, a: type(a).__name__ == "Move" and seat not in g.to_act(g.apply(s, seat, a)),
    )
    assert not found.undoable
