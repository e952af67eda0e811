"""A live match: the state, its record, and the bots that hold some seats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabuleiro.bots import bot_factories, bot_spec, decide, make_bot
from tabuleiro.core import Bot, Game, JsonDict, MatchRecord, SetupError, derive_seed, new_record
from tabuleiro.core.undo import UNDO, UndoWindow, not_undoable

HUMAN = "human"
_BOT_SEED_BASE = 1 << 20


def parse_seats(game: Game[Any, Any, Any], players: int, seats: Sequence[str]) -> tuple[str, ...]:
    """Seat kinds: ``human`` or a bot spec (``greedy``, ``mcts:seconds=5``; ``bot:`` read too),
    bots in their canonical spec form.

    Seats not given are filled with the game's default bot.

    Raises:
        SetupError: more seats than players (``bad_seats``), an unknown bot (``unknown_bot``)
            or a bad bot parameter (``bad_bot_spec``).
    """
    if len(seats) > players:
        raise SetupError(
            f"{len(seats)} seats given for {players} {'player' if players == 1 else 'players'}",
            f"{len(seats)} assentos indicados para {players} {'jogador' if players == 1 else 'jogadores'}",
            code="bad_seats",
        )
    out = []
    for raw in seats:
        kind = raw.strip().lower()
        if kind in (HUMAN, "humano"):
            out.append(HUMAN)
            continue
        try:
            out.append(bot_spec(game, raw).text)
        except SetupError as exc:
            if exc.code != "unknown_bot":
                raise
            names = ", ".join(bot_factories(game))
            raise SetupError(
                f"unknown seat {raw[:40]!r}: use 'human' or a bot ({names})",
                f"assento desconhecido {raw[:40]!r}: use 'human' ou um robô ({names})",
                code="unknown_bot",
            ) from None
    out.extend(game.default_bot() for _ in range(players - len(out)))
    return tuple(out)


class Session:
    """One match being played: humans call `act`; `run_bots` lets the bots move."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        players: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        seats: Sequence[str] = (),
        *,
        undo: bool = False,
    ) -> None:
        """With `undo`, the session keeps what may be taken back (`undo`, `can_undo`); without
        it no take-back is possible and acting costs nothing more (simulations)."""
        self.game = game
        self.state = game.new_state(players, seed, options)
        self.seats = parse_seats(game, players, seats)
        typed = game.options_of(self.state)
        described = tuple(k if k == HUMAN else f"bot:{k}" for k in self.seats)
        self._empty = new_record(game, players, seed, typed.to_json(), described)
        self.actions: list[tuple[int, str]] = []
        self.window = UndoWindow(game) if undo else None
        self.bots: dict[int, Bot[Any]] = {
            seat: make_bot(game, kind, seat, derive_seed(seed, _BOT_SEED_BASE + seat))
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN
        }

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.game.is_terminal(self.state)

    def act(self, seat: int, action: Any) -> None:
        """Apply `seat`'s action (checked) and record it."""
        after = self.game.apply(self.state, seat, action)
        if self.window is not None:
            self.window.push(seat, action, self.state, after)
        self.state = after
        self.actions.append((seat, self.game.format_action(action)))

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its latest action now."""
        return self.window is not None and self.window.can_undo(seat)

    def undo(self, seat: int) -> None:
        """Take back `seat`'s latest action (the record keeps ``[seat, "undo"]``).

        Raises:
            IllegalActionError: ``undo_not_allowed``.
        """
        if self.window is None:
            raise not_undoable()
        self.state = self.window.undo(seat)
        self.actions.append((seat, UNDO))

    def view(self, seat: int | None) -> JsonDict:
        """The view of `seat` (None: spectator)."""
        return self.game.view(self.state, seat)

    def waiting_humans(self) -> list[int]:
        """Humans who must act now, by seat."""
        return sorted(s for s in self.game.to_act(self.state) if s not in self.bots)

    def run_bots(self) -> int:
        """Let bots act until only humans are to act or the game is over; the number of moves."""
        moves = 0
        game = self.game
        while True:
            seat = min((s for s in game.to_act(self.state) if s in self.bots), default=None)
            if seat is None:
                return moves
            self.act(seat, decide(self.bots[seat], game, self.state, seat, len(self.actions)))
            moves += 1

    @property
    def record(self) -> MatchRecord:
        """The match record so far, with the outcome once the game is over."""
        outcome = self.game.outcome(self.state)
        e = self._empty
        return MatchRecord(
            e.game,
            e.rules_version,
            e.players,
            e.seed,
            e.options,
            e.seats,
            tuple(self.actions),
            outcome.to_json() if outcome is not None else None,
        )
