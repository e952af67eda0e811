"""Take-backs in a `Session` (terminal play): kept in the record, refused where the rules do."""

from __future__ import annotations

import pytest

from tabuleiro.core import IllegalActionError, get_game, replay
from tabuleiro.core.undo import UNDO
from tabuleiro.play import Session


def test_a_session_takes_back_a_sealed_choice_and_the_record_replays() -> None:
    game = get_game("avenue")
    session = Session(game, 3, 4, seats=["human"] * 3, undo=True)
    start = session.state
    session.act(0, game.legal_actions(start, 0)[0])
    assert session.can_undo(0) and not session.can_undo(1)
    session.undo(0)
    assert session.state == start
    assert session.record.actions[-1] == (0, UNDO)
    session.act(0, game.legal_actions(start, 0)[1])
    assert replay(session.record).state == session.state


def test_a_session_without_undo_refuses_every_take_back() -> None:
    game = get_game("avenue")
    session = Session(game, 3, 4, seats=["human"] * 3)
    session.act(0, game.legal_actions(session.state, 0)[0])
    assert not session.can_undo(0)
    with pytest.raises(IllegalActionError) as caught:
        session.undo(0)
    assert caught.value.code == "undo_not_allowed"
