"""The table's ASGI application: JSON API, WebSocket live feed, pages and their scripts.

Starlette does the HTTP work (routing, 404 and 405 with Allow, request bodies, websockets,
static files) on trio through anyio, served by hypercorn's trio worker, so the server, the engine
calls, the bots and the live feed share one trio event loop. The table keeps its own strict
reading of requests (server/strict.py) and its routes by concept: routes_games (the lobby),
routes_play (one game), routes_live (the feed).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import trio
from starlette.applications import Starlette
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from engine.logs import get_logger
from engine.pipeline import Engine
from server import routes_games, routes_live, routes_play, routes_proposal
from server.strict import Answer, HttpError, Whole, asked, refused, shown
from server.table import Table
from server.tokens import Seats

log = get_logger("table")
STATIC = Path(__file__).parent / "static"
PAGES = {"/": "lobby.html", "/games/{gid:gid}": "table.html", "/games/{gid:gid}/replay": "replay.html"}


class GameId(Convertor[str]):
    """A game id in a path: letters, digits, `_` and `-`, at most 100 (anything else: no route)."""

    regex = r"[A-Za-z0-9_\-]{1,100}"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("gid", GameId())


class TableApp(Table):
    """The served table: call it as an ASGI application (hypercorn serves it; the tests call
    it in-process, where no lifespan runs and the bots play at once)."""

    def __init__(self, engine: Engine, seats: Seats, bot_delay: float = 0.6):
        super().__init__(engine, seats, bot_delay)
        routes: list[BaseRoute] = [
            *routes_games.routes(self),
            *routes_play.routes(self),
            *routes_proposal.routes(self),
            *routes_live.routes(self),
            *(Route(path, partial(page, name), methods=["GET"]) for path, name in PAGES.items()),
            Mount("/static", Scripts(directory=STATIC)),
        ]
        handlers: dict[Any, Any] = {HttpError: refused, HTTPException: refused}
        self.asgi = Starlette(
            routes=routes, exception_handlers=handlers, middleware=[Middleware(Guard)], lifespan=self.lifespan
        )
        self.asgi.router.redirect_slashes = False  # "/api/games/" is no route, not a redirect
        self.asgi.router.default = nowhere

    @asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        """While served, bots play in this nursery; a bot mid-think at shutdown commits nothing."""
        async with trio.open_nursery() as nursery:
            self.nursery = nursery
            try:
                yield
            finally:
                self.nursery = None
                nursery.cancel_scope.cancel()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.asgi(scope, receive, send)


async def page(name: str, request: Request) -> Response:
    """A page: never cached, since its address may carry a seat's token."""
    asked(request)
    return Whole((STATIC / name).read_bytes(), 200, {"cache-control": "no-store"}, "text/html; charset=utf-8")


class Scripts(StaticFiles):
    """The pages' scripts and style, found, typed and tagged (ETag, 304) by StaticFiles, sent
    whole (server/strict.Whole) and revalidated on each load, so an upgraded server's script
    is never mixed with an old page."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # a feed asked of a script's address: no such feed
            await nowhere(scope, receive, send)
            return
        await super().__call__(scope, receive, send)

    def file_response(
        self, full_path: Any, stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        streamed = super().file_response(full_path, stat_result, scope, status_code)
        headers = {**streamed.headers, "cache-control": "no-cache"}
        return Whole(Path(full_path).read_bytes(), streamed.status_code, headers)


async def nowhere(scope: Scope, receive: Receive, send: Send) -> None:
    """No route: a 404 with the reason, for a live feed as for a request."""
    if scope["type"] == "websocket":
        await routes_live.no_feed(WebSocket(scope, receive, send))
        return
    raise HTTPException(404)


class Guard:
    """A bug is one line in the log and a 500 with a reason, never a traceback in the log."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as exc:
            log.error(
                "table_internal_error",
                method=shown(scope.get("method")),
                path=shown(scope.get("path")),
                error=repr(exc)[:500],
            )
            if not started:
                await Answer({"reason": "internal error (logged)", "rule": None}, 500)(scope, receive, send)
