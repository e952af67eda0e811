"""Taking back moves, as Board Game Arena allows it: within one's own turn, until a barrier.

An action is a **barrier** when taking it back could help its player or wrong another:

- it ends the game or the player's turn (another seat now decides, having seen it);
- it draws chance (the state's generator moved, a card was turned up);
- it shows the player, or anyone else, something that was hidden;
- another seat has seen its result (unless the choice is sealed in a simultaneous step that
  has not resolved: a sealed choice may be changed until everyone has chosen).

Each game answers `Game.undoable(before, seat, action, after)`; the default
(`unseen_or_sealed`) is the strict reading above, and a game whose turn has several open
decisions widens it with `within_turn`. `UndoWindow` keeps the actions that may still be
taken back (every action since the last barrier) for replays, sessions and the server, so
all of them agree. A match record writes a take-back as the entry ``[seat, "undo"]``: the
seat's latest action still in the window is removed and the actions after it are played
again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabuleiro.core.errors import IllegalActionError, TabuleiroError
from tabuleiro.core.rng import Rng

if TYPE_CHECKING:
    from tabuleiro.core.protocol import Game

UNDO = "undo"
"""The action text of a take-back in a match record (no game's notation reads it)."""
SAMPLES = 4
"""Hidden states drawn per observer when checking that an action revealed nothing."""
_SAMPLE_SEED = 0x5EED_0F_DA7A


def turn_goes_on(game: Game[Any, Any, Any], after: Any, seat: int) -> bool:
    """True while `seat` still decides after its action: the game is not over and the seat is
    still to act, or holds a sealed choice in a step that has not resolved."""
    if game.is_terminal(after):
        return False
    return seat in game.to_act(after) or game.in_private_step(after, seat)


def chance_drawn(game: Game[Any, Any, Any], before: Any, after: Any) -> bool:
    """True when the action moved the state's generator (a shuffle, a draw, hand noise)."""
    return bool(game.chance_state(before) != game.chance_state(after))


def reveals(
    game: Game[Any, Any, Any], before: Any, seat: int, action: Any, after: Any, observer: int | None
) -> bool:
    """True when `action` shows `observer` something it could not know before.

    The hidden part of `before` is drawn again a few times as `observer` cannot tell it apart
    (`Game.sample_consistent`); if the same action there gives `observer` another view, or is
    not even legal, what `observer` sees after it depends on something hidden: a reveal.
    The draws are seeded, so the answer is the same on every replay.
    """
    seen = game.view(after, observer)
    rng = Rng.from_seed(_SAMPLE_SEED)
    for _ in range(SAMPLES):
        seed, rng = rng.next64()
        draw = Rng.from_seed(seed)
        try:
            sample = game.sample_consistent(before, observer, draw)
            if game.view(game.apply(sample, seat, action), observer) != seen:
                return True
        except TabuleiroError:
            return True
    return False


def others_unchanged(game: Game[Any, Any, Any], before: Any, after: Any, seat: int) -> bool:
    """True when no other seat, and no spectator, sees any difference after the action."""
    observers: list[int | None] = [s for s in range(game.num_players(after)) if s != seat]
    observers.append(None)
    return all(game.view(before, o) == game.view(after, o) for o in observers)


def unseen_or_sealed(game: Game[Any, Any, Any], before: Any, seat: int, action: Any, after: Any) -> bool:
    """The strict default: the turn goes on, no chance, nothing revealed to the player, and
    either the choice is sealed in an unresolved simultaneous step or nobody else sees any
    change at all."""
    if not turn_goes_on(game, after, seat) or chance_drawn(game, before, after):
        return False
    if not game.in_private_step(after, seat) and not others_unchanged(game, before, after, seat):
        return False
    return not reveals(game, before, seat, action, after, seat)


def within_turn(game: Game[Any, Any, Any], before: Any, seat: int, action: Any, after: Any) -> bool:
    """The reading for turns made of several open decisions (BGA's "undo within your turn"):
    the seat is the only one to act before and after, no chance is drawn and nobody — the
    player, the others, spectators — learns anything hidden. The others watch the move, but
    nobody has acted on it yet."""
    alone = frozenset((seat,))
    if game.is_terminal(after) or game.to_act(before) != alone or game.to_act(after) != alone:
        return False
    if chance_drawn(game, before, after):
        return False
    observers: list[int | None] = list(range(game.num_players(after)))
    observers.append(None)
    return not any(reveals(game, before, seat, action, after, o) for o in observers)


def not_undoable() -> IllegalActionError:
    """The error for a take-back the rules do not allow (code ``undo_not_allowed``)."""
    return IllegalActionError(
        "there is nothing you may take back now: only your own choices of this turn, before "
        "anything hidden is revealed, chance is drawn or another player has seen the result",
        "não há o que desfazer agora: só as suas escolhas deste turno, antes de algo oculto "
        "ser revelado, de um sorteio ou de outro jogador ver o resultado",
        code="undo_not_allowed",
    )


@dataclass(slots=True)
class Step:
    """One action that may still be taken back, with the states around it; `undoable` is
    worked out when first needed."""

    seat: int
    action: Any
    before: Any
    after: Any
    undoable: bool | None = None


LAZY_STEPS = 64
"""Steps kept before the window looks for its latest barrier on its own."""


class UndoWindow:
    """The actions since the last barrier: what may still be taken back, and by whom.

    Whether an action is a barrier is asked of the game only when someone asks about a
    take-back (newest action first, back to the latest barrier), so replaying a long record or
    a chain of bot moves costs nothing until then.
    """

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.steps: list[Step] = []

    def push(self, seat: int, action: Any, before: Any, after: Any) -> None:
        """Note an accepted action."""
        self.steps.append(Step(seat, action, before, after))
        if len(self.steps) > LAZY_STEPS:
            self._settle()

    def _settle(self) -> None:
        """Drop the latest barrier and everything before it."""
        for i in range(len(self.steps) - 1, -1, -1):
            step = self.steps[i]
            if step.undoable is None:
                step.undoable = self.game.undoable(step.before, step.seat, step.action, step.after)
            if not step.undoable:
                del self.steps[: i + 1]
                return

    def _target(self, seat: int) -> int | None:
        self._settle()
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i].seat == seat:
                return i
        return None

    def can_undo(self, seat: int) -> bool:
        """True when `seat` has an action it may take back now."""
        return self._replayed(seat) is not None

    def preview(self, seat: int) -> Any | None:
        """The state after `seat` took back its latest action, or None when it may not; the
        window is left as it is."""
        found = self._replayed(seat)
        return None if found is None else found[1]

    def _replayed(self, seat: int) -> tuple[int, Any, list[Step]] | None:
        """The seat's latest step, and the later steps played again without it."""
        index = self._target(seat)
        if index is None:
            return None
        state = self.steps[index].before
        again: list[Step] = []
        for step in self.steps[index + 1 :]:
            try:
                after = self.game.apply(state, step.seat, step.action)
            except TabuleiroError:
                return None
            again.append(Step(step.seat, step.action, state, after, None))
            state = after
        return index, state, again

    def undo(self, seat: int) -> Any:
        """Take back `seat`'s latest action in the window; the state after it.

        Raises:
            IllegalActionError: ``undo_not_allowed``.
        """
        found = self._replayed(seat)
        if found is None:
            raise not_undoable()
        index, state, again = found
        del self.steps[index:]
        for step in again:
            self.push(step.seat, step.action, step.before, step.after)
        return state


def effective_actions(actions: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The log without take-backs: each ``[seat, "undo"]`` removes that seat's latest action
    still standing, and the undo entry itself is dropped."""
    out: list[tuple[int, str]] = []
    for seat, text in actions:
        if text != UNDO:
            out.append((seat, text))
            continue
        for i in range(len(out) - 1, -1, -1):
            if out[i][0] == seat:
                del out[i]
                break
    return out
