"""Taking back moves in Volta ao mundo (interpretation 48)."""

from __future__ import annotations

from ..undo_steps import find


def test_a_draft_pick_may_be_changed_until_every_seat_has_picked() -> None:
    # Interpretation 45: the picks are sealed; the pick that completes the round passes the
    # hands on, and the new hand shows new cards.
    first = find(
        "volta_ao_mundo", 3, lambda g, s, seat, a: type(a).__name__ == "Pick" and len(g.to_act(s)) == 3
    )
    assert first.undoable
    last = find(
        "volta_ao_mundo", 3, lambda g, s, seat, a: type(a).__name__ == "Pick" and len(g.to_act(s)) == 1
    )
    assert not last.undoable


def test_a_free_action_may_be_taken_back_within_the_turn() -> None:
    # § O turno: a free action (turning a card back over, moving a card one space) comes
    # "antes ou após uma ação principal"; the turn goes on.
    found = find("volta_ao_mundo", 3, lambda g, s, seat, a: type(a).__name__ == "Flip")
    assert found.undoable


def test_ending_the_turn_cannot_be_taken_back() -> None:
    # § O turno: "o turno é passado para o próximo jogador".
    found = find(
        "volta_ao_mundo",
        3,
        lambda g, s, seat, a: type(a).__name__ == "End" and seat not in g.to_act(g.apply(s, seat, a)),
    )
    assert not found.undoable
