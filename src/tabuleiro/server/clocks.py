"""Absent players and turn clocks: who has had the turn, since when, and who was last seen.

A seat counts as present while it follows the match over a WebSocket, or while its token was
used (any request) within the grace period: a client that only polls the REST API is present
as long as it polls. Others may hand an absent seat to a bot only once it has had the turn,
absent, for the whole grace period (`Attendance.absent_with_turn`).

A match may have a turn clock: seconds per move, from the moment a seat has the turn. When it
runs out, what the seat's player chose in advance happens (a bot stands in, or the seat
forfeits) — `enforce_clock`, run whenever a match is read and once a second. Times are on the
monotonic clock and kept in memory: after a restart every seat with the turn starts a fresh
grace period and a fresh clock.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabuleiro.bots import bot_factories
from tabuleiro.play.session import HUMAN

if TYPE_CHECKING:
    from tabuleiro.server.live import Hub, LiveMatch

log = logging.getLogger("tabuleiro.server")

DEFAULT_GRACE = 60.0
"""Seconds an absent seat must have had the turn before others may hand it to a bot."""
MIN_SECONDS = 0.01
MAX_SECONDS = 30 * 24 * 3600.0
"""Grace periods and clocks go from a hundredth of a second (tests) to 30 days (correspondence)."""


def now() -> float:
    """The monotonic clock, in seconds."""
    return time.monotonic()


class Attendance:
    """When each seat was last seen and since when each seat to act has had the turn."""

    def __init__(self, players: int, at: float) -> None:
        self.seen = [at] * players
        self.turn_since: dict[int, float] = {}

    def touch(self, seat: int, at: float) -> None:
        """The seat's player was seen (a request with its token, a socket opening or closing)."""
        self.seen[seat] = max(self.seen[seat], at)

    def turns(self, to_act: Iterable[int], at: float) -> None:
        """The seats to act now: a seat that just got the turn starts its time at `at`."""
        acting = set(to_act)
        self.turn_since = {s: self.turn_since.get(s, at) for s in acting}

    def restart(self, seat: int, at: float) -> None:
        """The seat's turn time starts again (it changed hands)."""
        if seat in self.turn_since:
            self.turn_since[seat] = at

    def on_turn_for(self, seat: int, at: float) -> float:
        """Seconds the seat has had the turn (0 when it is not to act)."""
        since = self.turn_since.get(seat)
        return 0.0 if since is None else max(0.0, at - since)

    def absent_with_turn(self, seat: int, at: float, connected: bool) -> float:
        """Seconds the seat has had the turn without being seen (0 when connected or not to act)."""
        since = self.turn_since.get(seat)
        if connected or since is None:
            return 0.0
        return max(0.0, at - max(since, self.seen[seat]))


async def enforce_clock(hub: Hub, match: LiveMatch) -> None:
    """Act on every seat whose turn clock ran out, as its player chose: a bot stands in,
    or the seat forfeits (a bot plays it out and the seat cannot be taken back)."""
    clock = match.stored.clock
    if clock is None or match.finished or match.waiting:
        return
    at = now()
    late = [
        s
        for s in match.game.to_act(match.state)
        if match.control[s] == HUMAN and match.attendance.on_turn_for(s, at) >= clock
    ]
    if not late or match.lock.locked():
        return
    async with match.lock:
        for seat in late:
            if match.control[seat] != HUMAN or match.finished:
                continue
            forfeit = match.terms[seat].on_timeout == "forfeit"
            weakest = forfeit and "random" in bot_factories(match.game)
            bot = "random" if weakest else match.game.default_bot()
            what = "forfeit" if forfeit else "bot"
            log.info("match %s: seat %s ran out of time (%s)", match.id, seat, what)
            await hub.stand_in(match, seat, bot, forfeit=forfeit)
    hub.continue_in_background(match)
