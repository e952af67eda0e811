"""Limits that keep one client from taking the server: request rates, body and message sizes,
sockets, live matches in memory and matches that only bots play.

Rates are counted per client address by the `limits` library (a moving window in memory;
each server process counts its own clients). Behind a reverse proxy, start uvicorn with
``--proxy-headers --forwarded-allow-ips=…`` so that the client address is the real one.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabuleiro.server.errors import ApiError


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits. Rates are `limits` strings (``"20/minute"``); None turns one off."""

    create_rate: str | None = "20/minute"
    """New matches per client."""
    action_rate: str | None = "20/second"
    """Actions and seat changes per client (a person clicks far slower)."""
    claim_rate: str | None = "30/minute"
    """Seat claims per client (invite codes have 128 random bits; this only slows a guesser)."""
    max_body: int = 64 * 1024
    """Largest request body in bytes; larger ones get 413 before any parsing."""
    max_frame: int = 64 * 1024
    """Largest WebSocket message in bytes."""
    sockets_per_match: int = 64
    sockets_per_client: int = 32
    max_live: int = 2000
    """Matches kept in memory; idle ones beyond this are dropped and reloaded on demand."""
    bot_only_players: int = 4
    """Largest match without a person's seat (created through the API; the CLI has no limit)."""


UNLIMITED = Limits(create_rate=None, action_rate=None, claim_rate=None, sockets_per_client=1_000_000)
"""Rates and the per-address socket cap off (benchmarks and tests, whose clients all share one
address); the size caps and the per-match socket cap stay."""


class RateLimits:
    """Per-client moving windows for the named rates of a `Limits`."""

    def __init__(self, limits: Limits) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        rates = {"create": limits.create_rate, "action": limits.action_rate, "claim": limits.claim_rate}
        self._items: dict[str, RateLimitItem] = {k: parse(v) for k, v in rates.items() if v is not None}

    def hit(self, what: str, client: str) -> None:
        """Count one request of kind `what` from `client`.

        Raises:
            ApiError: ``rate_limited`` (429) with the seconds to wait in `retry_after`.
        """
        item = self._items.get(what)
        if item is None or self._limiter.hit(item, what, client):
            return
        reset = self._limiter.get_window_stats(item, what, client).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        error = ApiError(
            "rate_limited",
            f"too many requests of this kind ({item}); retry in {wait} s",
            f"pedidos demais deste tipo ({item}); tente de novo em {wait} s",
        )
        error.headers = {"Retry-After": str(wait)}
        raise error


class BodyLimit:
    """ASGI middleware: a request whose body exceeds `max_body` bytes gets 413
    (``body_too_large``) before the application reads or parses any of it.

    A declared Content-Length is checked first; a body without one (chunked) is read up to
    the limit and then handed on whole.
    """

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", ()))
        declared = headers.get(b"content-length")
        if declared is not None:
            if not declared.isdigit() or int(declared) > self.max_body:
                await self._refuse(send)
                return
            await self.app(scope, receive, send)
            return
        if headers.get(b"transfer-encoding") is None:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = (
            b'{"code":"body_too_large","message":"the request body is larger than '
            + str(self.max_body).encode()
            + b' bytes"}'
        )
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
