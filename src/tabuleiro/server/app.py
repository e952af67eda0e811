"""The FastAPI application: REST API, WebSocket and the static browser client.

Routes (the contract is published at ``/openapi.json``):

- ``GET /api/games`` — the catalogue (as ``tabuleiro games --json``).
- ``GET /api/games/{game}/preview`` — a new match as a spectator sees it (the rules pages' board).
- ``GET /api/matches`` — recent matches, for the lobby.
- ``POST /api/matches`` — create a match; answers the tokens of the creator's own (local)
  seats and a one-time invite code for each invited seat, once.
- ``POST /api/matches/{id}/seats/{seat}/claim`` — an invited player takes their seat with
  the invite code and gets its token (once).
- ``POST /api/matches/{id}/seats/{seat}/name`` and ``…/timeout`` — the seat's player sets its
  display name, and chooses what happens when its turn clock runs out.
- ``GET /api/matches/{id}`` — the match as the token's seat (or a spectator) sees it.
- ``POST /api/matches/{id}/actions`` — act as the token's seat.
- ``POST /api/matches/{id}/undo`` — take back the token's seat's latest action where the game
  allows it (`tabuleiro.core.undo`); the record keeps the take-back as ``[seat, "undo"]``.
- ``GET /api/matches/{id}/record`` — the match record (its seed and sealed parts only once it
  is over).
- ``POST /api/matches/{id}/seats/{seat}/bot`` and ``…/human`` — a bot stands in for a
  person who left; the person takes the seat back.
- ``WS /ws/matches/{id}`` — every change of the match; the first message
  ``{"type": "auth", "token"}`` makes it the seat's (tokens stay out of URLs).

Every 4xx has the body ``{"code", "message"}`` (see `tabuleiro.server.errors.CODES`);
messages are in Portuguese when the request's Accept-Language asks for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, Query, Request, Security, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPBearer
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from tabuleiro.core import Lang
from tabuleiro.play.catalogue import catalogue
from tabuleiro.server import claims, clocks
from tabuleiro.server.analysis import add_analysis_routes
from tabuleiro.server.errors import CODES, ApiError
from tabuleiro.server.headers import SecurityHeaders
from tabuleiro.server.hints import add_hint_routes
from tabuleiro.server.limits import BodyLimit, Limits, RateLimits
from tabuleiro.server.live import Hub, LiveMatch, dumps
from tabuleiro.server.models import (
    ActionBody,
    BotChoice,
    Claim,
    Claimed,
    Created,
    ErrorBody,
    GameEntry,
    MatchSummary,
    MatchUpdate,
    NewMatch,
    RecordDoc,
    Rename,
    TimeoutChoice,
    UndoBody,
)
from tabuleiro.server.preview import add_preview_routes
from tabuleiro.server.replays import add_replay_routes
from tabuleiro.server.store import Store

WEB_ROOT = Path(__file__).resolve().parent.parent / "web"
SYNC_SECONDS = 1.0
CLOCK_SECONDS = 1.0
"""How often turn clocks are checked (they are also checked whenever a match is read)."""
AUTH_SECONDS = 10.0
MAX_QUEUE = 256
ALL_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE")

Auth = Annotated[str | None, Header(include_in_schema=False)]
_bearer = HTTPBearer(auto_error=False, description="a seat's token; without it, the spectator's view")


def _errors(*codes: str) -> dict[int | str, dict[str, Any]]:
    statuses: dict[int, list[str]] = {}
    for code in codes:
        statuses.setdefault(CODES[code][0], []).append(code)
    return {
        status: {"model": ErrorBody, "description": "codes: " + ", ".join(names)}
        for status, names in sorted(statuses.items())
    }


def lang_of(request: Request) -> Lang:
    """Portuguese when the request prefers it, English otherwise."""
    accept = request.headers.get("accept-language", "")
    return "pt" if accept.strip().lower().startswith("pt") else "en"


def _json(doc: object, status: int = 200) -> Response:
    return Response(dumps(doc), status_code=status, media_type="application/json")


def _text(text: str) -> Response:
    return Response(text, media_type="application/json")


def _token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            "bad_token",
            "the Authorization header must be 'Bearer TOKEN'",
            "o cabeçalho Authorization deve ser 'Bearer CÓDIGO'",
        )
    return token.strip()


class WebFiles(StaticFiles):
    """The browser client; revalidated on every load, since there is no build step to rename
    changed files."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "no-cache"
        return response


class Socket:
    """One WebSocket following a match: updates queue here and a task sends them in order."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def push(self, text: str) -> None:
        if self.queue.qsize() >= MAX_QUEUE:  # a client that stopped reading: drop it
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    async def pump(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                await self.websocket.send_text(text)
            await self.websocket.close(code=1008)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the client went away; the receiving side ends the connection


def client_of(request: Request | WebSocket) -> str:
    """The client's address, the key of its rate limits and socket count."""
    return request.client.host if request.client is not None else "?"


def create_app(db: str, *, web_root: Path = WEB_ROOT, limits: Limits | None = None) -> FastAPI:
    """The application over the database `db` (a SQLite path or a SQLAlchemy/PostgreSQL URL).

    Raises:
        StorageError: the database cannot be opened.
    """
    limits = limits or Limits()
    hub = Hub(Store(db), limits)
    rates = RateLimits(limits)
    sockets_of: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        async def watch() -> None:  # push what another server process stored
            while True:
                await asyncio.sleep(SYNC_SECONDS)
                with contextlib.suppress(Exception):
                    await hub.sync([m.id for m in hub.live.values() if m.listeners])

        async def tick() -> None:  # turn clocks run out even when nobody asks
            while True:
                await asyncio.sleep(CLOCK_SECONDS)
                for match in [m for m in hub.live.values() if m.stored.clock is not None]:
                    with contextlib.suppress(Exception):
                        await clocks.enforce_clock(hub, match)

        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(tick())]
        if hub.shared:
            tasks.append(loop.create_task(watch()))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            hub.close()

    app = FastAPI(
        title="Tabuleiro",
        version="1",
        summary="Play Avenue, Metro, DOGS, Sonora and 80 Days: matches, seats, live updates.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.add_middleware(BodyLimit, max_body=limits.max_body)
    app.add_middleware(SecurityHeaders)

    def contract() -> dict[str, Any]:
        """The OpenAPI document; reading a match needs no token (a spectator reads it)."""
        if app.openapi_schema is None:
            doc = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
            for path in ("/api/matches/{match_id}", "/api/matches/{match_id}/record"):
                doc["paths"][path]["get"]["security"] = [{"HTTPBearer": []}, {}]
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = contract  # type: ignore[method-assign]

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        return JSONResponse(exc.body(lang_of(request)), status_code=exc.status, headers=exc.headers or None)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p)[:40] for p in first.get("loc", ()) if p != "body")[:120] or "body"
        what = str(first.get("msg", "invalid"))[:160]
        pt = lang_of(request) == "pt"
        message = f"{where}: {what}" if not pt else f"{where}: valor inválido ({what})"
        return JSONResponse({"code": "invalid_body", "message": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 400:  # a body that is not JSON at all
            return JSONResponse({"code": "invalid_body", "message": str(exc.detail)}, status_code=422)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse(
            {"code": code, "message": str(exc.detail)[:200]}, status_code=exc.status_code, headers=exc.headers
        )

    async def seat_of(match: LiveMatch, authorization: str | None) -> int | None:
        token = _token(authorization)
        return None if token is None else await hub.seat_of(match, token)

    @app.get("/api/games", response_model=list[GameEntry], tags=["games"])
    async def games() -> Response:
        """Every game with its options, bots and player counts."""
        return _json(catalogue())

    @app.get(
        "/api/matches", response_model=list[MatchSummary], tags=["matches"], responses=_errors("invalid_body")
    )
    async def recent(limit: Annotated[int, Query(ge=1, le=100)] = 30) -> Response:
        """The newest matches (to watch or rejoin)."""
        return _json(await hub.recent(limit))

    @app.post(
        "/api/matches",
        status_code=201,
        response_model=Created,
        tags=["matches"],
        responses=_errors(
            "invalid_body",
            "unknown_game",
            "bad_player_count",
            "bad_seed",
            "bad_seats",
            "unknown_bot",
            "bad_bot_spec",
            "unknown_option",
            "bad_option",
            "incompatible_options",
            "seed_refused",
            "bots_only",
            "bad_name",
            "rate_limited",
            "body_too_large",
        ),
    )
    async def create(body: NewMatch, request: Request) -> Response:
        """Create a match. The creator gets the token of each ``local`` seat and a one-time
        invite code for each ``human`` seat, answered only here; never another player's token."""
        rates.hit("create", client_of(request))
        match, given = await hub.create(
            body.game,
            body.players,
            body.options,
            body.seats,
            body.seed,
            names=body.names,
            grace=body.grace_seconds,
            clock=body.clock_seconds,
            on_timeout=body.on_timeout,
            mix_entropy=body.mix_entropy,
            hints=body.hints,
        )
        seats: list[dict[str, Any]] = []
        for s, ((kind, secret), control) in enumerate(zip(given, match.stored.seats, strict=True)):
            entry: dict[str, Any] = {"seat": s, "kind": control if kind == "bot" else kind}
            if kind == "local":
                entry["token"] = secret
            elif kind == "human":
                entry["invite"] = secret
            seats.append(entry)
        return _json({"id": match.id, "seed_commitment": match.seed_commitment, "seats": seats}, 201)

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/claim",
        response_model=Claimed,
        tags=["seats"],
        responses=_errors(
            "invalid_body",
            "match_not_found",
            "seat_not_found",
            "bad_invite",
            "seat_claimed",
            "bad_name",
            "rate_limited",
            "body_too_large",
        ),
    )
    async def claim(match_id: str, seat: int, body: Claim, request: Request) -> Response:
        """Take an invited seat with its one-time invite code: answers the seat's token once
        and records the display name. The code is spent; a second claim gets 409."""
        rates.hit("claim", client_of(request))
        match = await hub.get(match_id)
        token = await claims.claim_seat(hub, match, seat, body.code, body.name, body.on_timeout, body.entropy)
        return _json({"seat": seat, "token": token, "name": match.terms[seat].name})

    @app.get(
        "/api/matches/{match_id}",
        response_model=MatchUpdate,
        tags=["matches"],
        dependencies=[_security()],
        responses=_errors("match_not_found", "bad_token", "bad_record", "rules_version", "damaged_match"),
    )
    async def show(match_id: str, authorization: Auth = None) -> Response:
        """The match as the token's seat sees it (a spectator without a token)."""
        match = await hub.get(match_id)
        return _text(match.text(await seat_of(match, authorization), message=False))

    @app.post(
        "/api/matches/{match_id}/actions",
        response_model=MatchUpdate,
        tags=["matches"],
        dependencies=[_security()],
        responses=_errors(
            "invalid_body",
            "match_not_found",
            "token_required",
            "bad_token",
            "stale_state",
            "seat_is_bot",
            "invalid_action",
            "game_over",
            "not_your_turn",
            "already_committed",
            "not_legal",
            "waiting_for_players",
            "rate_limited",
            "body_too_large",
        ),
    )
    async def act(match_id: str, body: ActionBody, request: Request, authorization: Auth = None) -> Response:
        """Act as the token's seat; answers the seat's new update (bots have moved too)."""
        rates.hit("action", client_of(request))
        match = await hub.get(match_id)
        seat = await seat_of(match, authorization)
        if seat is None:
            raise ApiError(
                "token_required",
                "acting needs the seat's token: Authorization: Bearer TOKEN",
                "para jogar é preciso o código do assento: Authorization: Bearer CÓDIGO",
            )
        await hub.act(match, seat, body.state_id, body.action)
        return _text(match.text(seat, message=False))

    @app.post(
        "/api/matches/{match_id}/undo",
        response_model=MatchUpdate,
        tags=["matches"],
        dependencies=[_security()],
        responses=_errors(
            "invalid_body",
            "match_not_found",
            "token_required",
            "bad_token",
            "stale_state",
            "seat_is_bot",
            "undo_not_allowed",
            "waiting_for_players",
            "rate_limited",
        ),
    )
    async def undo(match_id: str, body: UndoBody, request: Request, authorization: Auth = None) -> Response:
        """Take back the token's seat's latest action: only within its turn, before anything
        hidden is revealed, chance is drawn or another seat has seen the result (a sealed
        choice: until its step resolves). The update says when it is allowed (``undo``)."""
        rates.hit("action", client_of(request))
        match = await hub.get(match_id)
        seat = await _required_seat(match, authorization)
        await hub.undo(match, seat, body.state_id)
        return _text(match.text(seat, message=False))

    @app.get(
        "/api/matches/{match_id}/record",
        response_model=RecordDoc,
        tags=["matches"],
        dependencies=[_security()],
        responses=_errors("match_not_found", "bad_token"),
    )
    async def record(match_id: str, authorization: Auth = None) -> Response:
        """The match record; the seed and others' sealed choices only once the match is over."""
        match = await hub.get(match_id)
        return _json(match.record_json(await seat_of(match, authorization)))

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/bot",
        response_model=MatchUpdate,
        tags=["seats"],
        dependencies=[_security()],
        responses=_errors(
            "invalid_body",
            "match_not_found",
            "seat_not_found",
            "token_required",
            "bad_token",
            "seat_connected",
            "grace_period",
            "waiting_for_players",
            "seat_is_bot",
            "unknown_bot",
            "bad_bot_spec",
            "game_over",
            "rate_limited",
        ),
    )
    async def hand_to_bot(
        match_id: str,
        seat: int,
        request: Request,
        authorization: Auth = None,
        body: Annotated[BotChoice | None, Body()] = None,
    ) -> Response:
        """A bot stands in for `seat`: asked by that seat's player (or from the creator's
        device for its own seats), or by another seated player once the seat has had the
        turn without its player for the match's grace period."""
        rates.hit("action", client_of(request))
        match = await hub.get(match_id)
        requester = await _required_seat(match, authorization)
        await hub.hand_to_bot(match, requester, seat, body.bot if body else None)
        return _text(match.text(requester, message=False))

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/name",
        response_model=MatchUpdate,
        tags=["seats"],
        dependencies=[_security()],
        responses=_errors(
            "invalid_body",
            "match_not_found",
            "seat_not_found",
            "token_required",
            "bad_token",
            "not_your_seat",
            "bad_name",
            "rate_limited",
        ),
    )
    async def rename(
        match_id: str, seat: int, body: Rename, request: Request, authorization: Auth = None
    ) -> Response:
        """The seat's player sets its display name (shown as plain text to everyone)."""
        rates.hit("action", client_of(request))
        match = await hub.get(match_id)
        requester = await _required_seat(match, authorization)
        await claims.rename_seat(hub, match, requester, seat, body.name)
        return _text(match.text(requester, message=False))

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/timeout",
        response_model=MatchUpdate,
        tags=["seats"],
        dependencies=[_security()],
        responses=_errors(
            "invalid_body",
            "match_not_found",
            "seat_not_found",
            "token_required",
            "bad_token",
            "not_your_seat",
            "rate_limited",
        ),
    )
    async def choose_timeout(
        match_id: str, seat: int, body: TimeoutChoice, request: Request, authorization: Auth = None
    ) -> Response:
        """The seat's player chooses in advance what happens when its turn clock runs out: a bot
        stands in (``bot``) or the seat forfeits (``forfeit``)."""
        rates.hit("action", client_of(request))
        match = await hub.get(match_id)
        requester = await _required_seat(match, authorization)
        await claims.choose_timeout(hub, match, requester, seat, body.on_timeout)
        return _text(match.text(requester, message=False))

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/human",
        response_model=MatchUpdate,
        tags=["seats"],
        dependencies=[_security()],
        responses=_errors(
            "invalid_body",
            "match_not_found",
            "seat_not_found",
            "token_required",
            "bad_token",
            "not_your_seat",
            "seat_is_human",
            "seat_forfeited",
            "rate_limited",
        ),
    )
    async def take_back(match_id: str, seat: int, request: Request, authorization: Auth = None) -> Response:
        """The seat's player takes the seat back from the bot standing in."""
        rates.hit("action", client_of(request))
        match = await hub.get(match_id)
        requester = await _required_seat(match, authorization)
        await hub.take_back(match, requester, seat)
        return _text(match.text(requester, message=False))

    async def _required_seat(match: LiveMatch, authorization: str | None) -> int:
        seat = await seat_of(match, authorization)
        if seat is None:
            raise ApiError(
                "token_required",
                "this needs a seat's token: Authorization: Bearer TOKEN",
                "isto precisa do código de um assento: Authorization: Bearer CÓDIGO",
            )
        return seat

    @app.websocket("/ws/matches/{match_id}")
    async def live(websocket: WebSocket, match_id: str, token: str | None = None, lang: str = "en") -> None:
        """Every change of the match for one seat (a spectator until it authenticates).

        On connecting the server sends ``{"type": "update", …}`` (the same fields as GET) as
        a spectator sees it. ``{"type": "auth", "token"}`` makes the socket the token's seat
        and answers the seat's full update; tokens stay out of URLs (``?token=`` is still
        read, for older clients). After each change the server sends ``{"type": "delta",
        "from", "log_from", …}``: the new state's fields with only the log entries from
        index ``log_from`` on; sockets opening and closing send ``{"type": "presence",
        "seats"}``. A client whose state_id differs from a delta's ``from`` sends
        ``{"type": "sync", "state_id"}`` and gets the full update. ``{"type": "action",
        "state_id", "action"}`` acts as the seat; errors come as ``{"type": "error", "code",
        "message"}``.
        """
        language: Lang = "pt" if lang == "pt" else "en"
        client = client_of(websocket)
        await websocket.accept()
        try:
            match = await hub.get(match_id)
            seat = None if token is None else await hub.seat_of(match, token)
            _socket_room(match, client)
        except ApiError as exc:
            await websocket.send_text(dumps({"type": "error", **exc.body(language)}))
            await websocket.close(code=4000 + exc.status)
            return
        socket = Socket(websocket, seat)
        sockets_of[client] = sockets_of.get(client, 0) + 1
        pump = asyncio.get_running_loop().create_task(socket.pump())
        socket.push(match.text(seat))
        match.listeners.add(socket)
        if seat is not None:
            match.announce_presence()
        try:
            while True:
                reply = await _receive(websocket, match, socket, language)
                if reply is not None:
                    socket.push(reply if isinstance(reply, str) else dumps(reply))
        except WebSocketDisconnect:
            pass
        finally:
            match.listeners.discard(socket)
            sockets_of[client] -= 1
            if not sockets_of[client]:
                del sockets_of[client]
            pump.cancel()
            if socket.seat is not None:
                match.attendance.touch(socket.seat, clocks.now())
                match.announce_presence()

    def _socket_room(match: LiveMatch, client: str) -> None:
        full = len(match.listeners) >= limits.sockets_per_match
        if full or sockets_of.get(client, 0) >= limits.sockets_per_client:
            raise ApiError(
                "rate_limited",
                "too many live connections (to this match or from this address)",
                "conexões ao vivo demais (a esta partida ou deste endereço)",
            )

    async def _receive(websocket: WebSocket, match: LiveMatch, socket: Socket, lang: Lang) -> Any:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000))
        text = received.get("text")
        if text is not None and len(text) > limits.max_frame:
            error = ApiError(
                "body_too_large",
                f"messages are at most {limits.max_frame} bytes",
                f"mensagens têm no máximo {limits.max_frame} bytes",
            )
            await websocket.send_text(dumps({"type": "error", **error.body(lang)}))
            await websocket.close(code=1009)
            raise WebSocketDisconnect(1009)
        try:
            message = None if text is None else json.loads(text)
        except (ValueError, RecursionError):
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            return {"type": "pong"}
        if kind == "auth" and isinstance(message, dict) and isinstance(message.get("token"), str):
            try:
                seat = await hub.seat_of(match, message["token"][:200])
            except ApiError as exc:
                return {"type": "error", **exc.body(lang)}
            socket.seat = seat
            match.announce_presence()
            return match.text(seat)
        if kind == "sync" and isinstance(message, dict):
            if message.get("state_id") == match.state_id and type(message.get("state_id")) is int:
                return {"type": "synced", "state_id": match.state_id}
            return match.text(socket.seat)
        if kind == "undo" and isinstance(message, dict) and type(message.get("state_id")) is int:
            try:
                if socket.seat is None:
                    raise ApiError("token_required", "spectators cannot undo", "espectadores não desfazem")
                rates.hit("action", client_of(websocket))
                await hub.undo(match, socket.seat, message["state_id"])
            except ApiError as exc:
                return {"type": "error", **exc.body(lang), "state_id": match.state_id}
            return None
        if (
            not isinstance(message, dict)
            or kind != "action"
            or type(message.get("state_id")) is not int
            or not isinstance(message.get("action"), dict | str)
        ):
            expected = (
                '{"type": "action", "state_id": N, "action": …}, {"type": "undo", "state_id": N}, '
                '{"type": "auth", "token": T}, {"type": "sync", "state_id": N} or {"type": "ping"}'
            )
            error = ApiError("invalid_body", f"send {expected}", f"envie {expected.replace(' or ', ' ou ')}")
            return {"type": "error", **error.body(lang)}
        try:
            if socket.seat is None:
                raise ApiError(
                    "token_required",
                    'spectators cannot act; send {"type": "auth", "token": …} first',
                    'espectadores não jogam; envie {"type": "auth", "token": …} antes',
                )
            rates.hit("action", client_of(websocket))
            match.attendance.touch(socket.seat, clocks.now())
            await hub.act(match, socket.seat, message["state_id"], message["action"])
        except ApiError as exc:
            return {"type": "error", **exc.body(lang), "state_id": match.state_id}
        return None

    api_routes = [route for route in app.routes if isinstance(route, APIRoute)]

    add_analysis_routes(app, hub, _errors)
    add_hint_routes(
        app,
        hub,
        _errors,
        _security(),
        _required_seat,
        lambda request: rates.hit("action", client_of(request)),
    )
    add_preview_routes(app, _errors)
    add_replay_routes(app, hub, _errors)

    @app.api_route("/api/{rest:path}", methods=list(ALL_METHODS), include_in_schema=False)
    async def api_fallback(request: Request) -> Response:
        """Any other request under /api: 405 with the methods the path takes, or 404."""
        path = request.url.path
        allowed = sorted({m for r in api_routes if r.path_regex.match(path) for m in r.methods or ()})
        if allowed:
            return JSONResponse(
                {"code": "method_not_allowed", "message": f"{path[:80]} takes {', '.join(allowed)}"},
                status_code=405,
                headers={"Allow": ", ".join(allowed)},
            )
        return JSONResponse({"code": "not_found", "message": f"no such path: {path[:80]}"}, status_code=404)

    app.mount("/", WebFiles(directory=web_root, html=True), name="web")
    return app


def _security() -> Any:
    return Security(_bearer)
