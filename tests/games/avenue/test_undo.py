"""Taking back moves in Avenue (interpretation 17; § Jogando uma rodada)."""

from __future__ import annotations

from ..undo_steps import find, of_type


def test_a_drawn_segment_may_be_changed_until_the_last_seat_commits() -> None:
    # § Jogando uma rodada: everyone draws the revealed card's segment; the next card is
    # turned only when all have drawn, so until then nobody has seen the result.
    first = find("avenue", 3, lambda g, s, seat, a: type(a).__name__ == "Draw" and len(g.to_act(s)) == 3)
    assert first.undoable
    last = find("avenue", 3, lambda g, s, seat, a: type(a).__name__ == "Draw" and len(g.to_act(s)) == 1)
    assert not last.undoable


def test_a_peek_is_never_taken_back() -> None:
    # § Olhando a próxima carta de fazenda: the player looks at the card at once.
    found = find("avenue", 3, lambda g, s, seat, a: of_type("Peek")(g, s, seat, a) and len(g.to_act(s)) == 3)
    assert not found.undoable
