"""The FastAPI application: REST API, WebSocket and the static browser client.

Routes (the contract is published at ``/openapi.json``):

- ``GET /api/games`` — the catalogue (as ``tabuleiro games --json``).
- ``GET /api/matches`` — recent matches, for the lobby.
- ``POST /api/matches`` — create a match; answers each person's seat token once.
- ``GET /api/matches/{id}`` — the match as the token's seat (or a spectator) sees it.
- ``POST /api/matches/{id}/actions`` — act as the token's seat.
- ``GET /api/matches/{id}/record`` — the match record (hidden parts once it is over).
- ``POST /api/matches/{id}/seats/{seat}/bot`` and ``…/human`` — a bot stands in for a
  person who left; the person takes the seat back.
- ``WS /ws/matches/{id}?token=…`` — every update of the match, for that seat.

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
from tabuleiro.server.analysis import add_analysis_routes
from tabuleiro.server.errors import CODES, ApiError
from tabuleiro.server.live import Hub, LiveMatch, dumps
from tabuleiro.server.models import (
    ActionBody,
    BotChoice,
    Created,
    ErrorBody,
    GameEntry,
    MatchSummary,
    MatchUpdate,
    NewMatch,
    RecordDoc,
)
from tabuleiro.server.store import Store

WEB_ROOT = Path(__file__).resolve().parent.parent / "web"
SYNC_SECONDS = 1.0
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


def create_app(db: str, *, web_root: Path = WEB_ROOT) -> FastAPI:
    """The application over the database `db` (a SQLite path or a SQLAlchemy/PostgreSQL URL).

    Raises:
        StorageError: the database cannot be opened.
    """
    hub = Hub(Store(db))

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        async def watch() -> None:  # push what another server process stored
            while True:
                await asyncio.sleep(SYNC_SECONDS)
                with contextlib.suppress(Exception):
                    await hub.sync([m.id for m in hub.live.values() if m.listeners])

        task = asyncio.get_running_loop().create_task(watch()) if hub.shared else None
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
            hub.close()

    app = FastAPI(
        title="Tabuleiro",
        version="1",
        summary="Play Avenue, Metro, DOGS, Sonora and 80 Days: matches, seats, live updates.",
        lifespan=lifespan,
    )
    app.state.hub = hub

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
        return JSONResponse(exc.body(lang_of(request)), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
        what = str(first.get("msg", "invalid"))
        pt = lang_of(request) == "pt"
        message = f"{where}: {what}" if not pt else f"{where}: valor inválido ({what})"
        return JSONResponse({"code": "invalid_body", "message": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 400:  # a body that is not JSON at all
            return JSONResponse({"code": "invalid_body", "message": str(exc.detail)}, status_code=422)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse(
            {"code": code, "message": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    async def seat_of(match: LiveMatch, authorization: str | None) -> int | None:
        token = _token(authorization)
        return None if token is None else match.seat_of(token)

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
        ),
    )
    async def create(body: NewMatch) -> Response:
        """Create a match. Each person's seat gets a secret token, answered only here."""
        match, tokens = await hub.create(body.game, body.players, body.options, body.seats, body.seed)
        seats = [{"seat": s, "kind": kind, "token": tokens[s]} for s, kind in enumerate(match.stored.seats)]
        return _json({"id": match.id, "seats": seats}, 201)

    @app.get(
        "/api/matches/{match_id}",
        response_model=MatchUpdate,
        tags=["matches"],
        dependencies=[_security()],
        responses=_errors("match_not_found", "bad_token", "bad_record", "rules_version"),
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
        ),
    )
    async def act(match_id: str, body: ActionBody, authorization: Auth = None) -> Response:
        """Act as the token's seat; answers the seat's new update (bots have moved too)."""
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
            "seat_is_bot",
            "unknown_bot",
            "bad_bot_spec",
            "game_over",
        ),
    )
    async def hand_to_bot(
        match_id: str,
        seat: int,
        authorization: Auth = None,
        body: Annotated[BotChoice | None, Body()] = None,
    ) -> Response:
        """A bot stands in for `seat`: asked by that seat's player, or by another seated player
        while the seat's player is not connected."""
        match = await hub.get(match_id)
        requester = await _required_seat(match, authorization)
        await hub.hand_to_bot(match, requester, seat, body.bot if body else None)
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
        ),
    )
    async def take_back(match_id: str, seat: int, authorization: Auth = None) -> Response:
        """The seat's player takes the seat back from the bot standing in."""
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
        """Every update of the match for the token's seat (a spectator without a token).

        The server sends ``{"type": "update", …}`` (the same fields as GET) on connecting and
        after every change; ``{"type": "action", "state_id", "action"}`` acts as the seat;
        errors come as ``{"type": "error", "code", "message"}``.
        """
        language: Lang = "pt" if lang == "pt" else "en"
        await websocket.accept()
        try:
            match = await hub.get(match_id)
            seat = None if token is None else match.seat_of(token)
        except ApiError as exc:
            await websocket.send_text(dumps({"type": "error", **exc.body(language)}))
            await websocket.close(code=4000 + exc.status)
            return
        socket = Socket(websocket, seat)
        pump = asyncio.get_running_loop().create_task(socket.pump())
        match.listeners.add(socket)
        match.broadcast()
        try:
            while True:
                reply = await _receive(websocket, match, seat, language)
                if reply is not None:
                    socket.push(dumps(reply))
        except WebSocketDisconnect:
            pass
        finally:
            match.listeners.discard(socket)
            pump.cancel()
            match.broadcast()

    async def _receive(websocket: WebSocket, match: LiveMatch, seat: int | None, lang: Lang) -> Any:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000))
        text = received.get("text")
        try:
            message = None if text is None else json.loads(text)
        except (ValueError, RecursionError):
            message = None
        if isinstance(message, dict) and message.get("type") == "ping":
            return {"type": "pong"}
        if (
            not isinstance(message, dict)
            or message.get("type") != "action"
            or type(message.get("state_id")) is not int
            or not isinstance(message.get("action"), dict | str)
        ):
            expected = '{"type": "action", "state_id": N, "action": …} or {"type": "ping"}'
            error = ApiError("invalid_body", f"send {expected}", f"envie {expected.replace(' or ', ' ou ')}")
            return {"type": "error", **error.body(lang)}
        try:
            if seat is None:
                raise ApiError(
                    "token_required",
                    "spectators cannot act; connect with a seat's token",
                    "espectadores não jogam; conecte-se com o código de um assento",
                )
            await hub.act(match, seat, message["state_id"], message["action"])
        except ApiError as exc:
            return {"type": "error", **exc.body(lang), "state_id": match.state_id}
        return None

    api_routes = [route for route in app.routes if isinstance(route, APIRoute)]

    add_analysis_routes(app, hub, _errors)

    @app.api_route("/api/{rest:path}", methods=list(ALL_METHODS), include_in_schema=False)
    async def api_fallback(request: Request) -> Response:
        """Any other request under /api: 405 with the methods the path takes, or 404."""
        path = request.url.path
        allowed = sorted({m for r in api_routes if r.path_regex.match(path) for m in r.methods or ()})
        if allowed:
            return JSONResponse(
                {"code": "method_not_allowed", "message": f"{path} takes {', '.join(allowed)}"},
                status_code=405,
                headers={"Allow": ", ".join(allowed)},
            )
        return JSONResponse({"code": "not_found", "message": f"no such path: {path}"}, status_code=404)

    app.mount("/", WebFiles(directory=web_root, html=True), name="web")
    return app


def _security() -> Any:
    return Security(_bearer)
