"""Taking back moves in Sonora (interpretation 19)."""

from __future__ import annotations

from ..undo_steps import find


def test_a_flick_is_never_taken_back() -> None:
    # § O TURNO and § Bonificação Piparotar de Novo: a flick everyone watched stands; only the
    # Re-flick bonus returns a disc to be flicked again.
    found = find("sonora", 2, lambda g, s, seat, a: type(a).__name__ == "Flick", seeds=range(2), steps=40)
    assert not found.undoable


def test_a_scoring_choice_may_be_changed_until_the_sealed_step_resolves() -> None:
    # § A FASE DE ANOTAR: each player marks their own sheet; the choices stay sealed until all are done.
    found = find(
        "sonora",
        2,
        lambda g, s, seat, a: g.in_private_step(s, seat) and len(g.to_act(s)) == 2,
        seeds=range(2),
    )
    assert found.game.in_private_step(found.after, found.seat)
    assert found.undoable
