"""Absent players and turn clocks: who has had the turn, since when, and who was last seen.

A seat counts as present while it follows the match over a WebSocket, or while its token was
used (any request) within the grace period: a client that only polls the REST API is present
as long as it polls. Others may hand an absent seat to a bot only once it has had the turn,
absent, for the whole grace period (`Attendance.absent_with_turn`).

A match may have a turn clock: seconds per move, from the moment a seat has the turn. When it
runs out, what the seat's player chose in advance happens (a bot stands in, or the seat
forfeits). Times are on the monotonic clock and kept in memory: after a restart every seat
with the turn starts a fresh grace period and a fresh clock.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

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
