"""The table's strict HTTP surface (issue 25): what Starlette leaves lenient, refused with a reason.

Starlette routes, reads bodies and answers; this module keeps the table's own stricter reading of
a request, which a framework's parser would silently accept: a query parameter given twice, an
event number in foreign digits, two Authorization headers, a JSON body with a key twice or nested
thousands deep. Every refusal is `{"reason", "rule"}` JSON with its status, HEAD included.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote_to_bytes

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from engine.boundary import ascii_number, parse_document
from engine.errors import BadInput, IllegalCommand, UndoRefused
from store import VersionConflict

MAX_BODY = 64 * 1024
MAX_QUERY = 1024  # bytes of a query string: an event number and a token fit many times over
METHOD_ORDER = ("GET", "HEAD", "POST")  # the order an Allow header names them in


class HttpError(Exception):
    """A refusal: its status, the reason in words, the rule if one decides."""

    def __init__(self, status: int, reason: str, rule: str | None = None):
        super().__init__(reason)
        self.status, self.reason, self.rule = status, reason, rule


class Whole(Response):
    """A response sent in one piece, HEAD answered with its headers (length included) and no
    body: Starlette leaves HEAD to the server, and streams files in a task that listens for the
    client's leaving, which the in-process callers of the app do not send. The table's pages,
    scripts and answers are all small."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") == "HEAD":
            await send(
                {"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers}
            )
            await send({"type": "http.response.body", "body": b""})
            return
        await super().__call__(scope, receive, send)


class Answer(Whole):
    """A JSON answer, never cached (a view is a seat's secret)."""

    media_type = "application/json"

    def __init__(self, content: Any, status: int = 200, headers: dict[str, str] | None = None):
        super().__init__(content, status, {"cache-control": "no-store", **(headers or {})})

    def render(self, content: Any) -> bytes:
        return json.dumps(content).encode()


def refusal(exc: HttpError, headers: dict[str, str] | None = None) -> Answer:
    return Answer({"reason": exc.reason, "rule": exc.rule}, exc.status, headers)


async def refused(request: Request, exc: Exception) -> Response:
    """Starlette's exception handler for HttpError and its own HTTPException (no route, a method
    the route does not answer): the table's JSON refusal, a 405 with its Allow header."""
    if isinstance(exc, HttpError):
        return refusal(exc)
    assert isinstance(exc, HTTPException)
    method, path = request.scope.get("method"), request.scope.get("path")
    if exc.status_code == 405:
        named = (exc.headers or {}).get("Allow", "GET, HEAD").split(", ")
        allow = sorted(named, key=lambda m: METHOD_ORDER.index(m) if m in METHOD_ORDER else 99)
        reason = f"{shown(method)} is not allowed here; use {' or '.join(allow)}"
        return refusal(HttpError(405, reason), {"allow": ", ".join(allow)})
    if exc.status_code == 404:
        return refusal(HttpError(404, f"no route {shown(method)} {shown(path)}"))
    return refusal(HttpError(exc.status_code, str(exc.detail)))


def shown(value: Any) -> str:
    """A value from the request in a reason: quoted and cut, whatever it holds."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def query_of(scope: Scope) -> dict[str, str]:
    """The query string, decoded strictly: at most MAX_QUERY bytes (414), percent-escapes
    that decode to UTF-8 text, and no parameter twice (as no JSON key twice: parsers differ on
    which one wins). Parameters a route does not read are ignored."""
    raw = scope.get("query_string", b"")
    if len(raw) > MAX_QUERY:
        raise HttpError(414, f"the query string is {len(raw)} bytes long; the limit is {MAX_QUERY}")
    out: dict[str, str] = {}
    for part in raw.split(b"&"):
        if not part:
            continue
        key_raw, _, value_raw = part.partition(b"=")
        try:
            key, value = (
                unquote_to_bytes(x.replace(b"+", b" ")).decode("utf-8") for x in (key_raw, value_raw)
            )
        except UnicodeDecodeError:
            raise HttpError(
                400, "the query string is not UTF-8 text once its %-escapes are decoded"
            ) from None
        if key in out:
            raise HttpError(400, f"the query parameter {shown(key)} is given twice; give it once")
        out[key] = value
    return out


def bearer_of(scope: Scope) -> str | None:
    """The token of the Authorization header (`Bearer TOKEN`), None without one. Two such
    headers are refused: servers and proxies differ on which one counts."""
    auth = [v for k, v in scope.get("headers", ()) if k.lower() == b"authorization"]
    if len(auth) > 1:
        raise HttpError(400, f"the request has {len(auth)} Authorization headers; send one")
    text = auth[0].decode("latin-1") if auth else ""
    return text[7:].strip() if text.lower().startswith("bearer ") else None


def asked(request: Request | WebSocket) -> tuple[dict[str, str], str | None]:
    """The strict query and the bearer token of any request: both are read (and a fault in
    either refused) even by a route that needs neither, as the table always did."""
    return query_of(request.scope), bearer_of(request.scope)


def event_number(qs: dict[str, str], key: str, default: int | None = None) -> int:
    """An event number from the query: the digits 0-9 only, at most 12 of them."""
    raw = qs.get(key)
    if raw is None and default is not None:
        return default
    n = ascii_number(raw) if raw is not None and len(raw) <= 12 else None
    if n is None:
        got = "none given" if raw is None else f"not {shown(raw)}"
        raise HttpError(400, f"{key} must be an event number written with the digits 0-9 ({got})")
    return n


async def json_body(request: Request) -> Any:
    """The body as JSON (engine.boundary.parse_document), at most MAX_BODY bytes (413): deep
    nesting, a key twice, NaN or text that is not UTF-8 are a 400 naming the fault."""
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise HttpError(413, f"body larger than {MAX_BODY} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        raise HttpError(400, "the client left before its body arrived") from None
    try:
        return parse_document(b"".join(chunks) or b"null")
    except BadInput as exc:
        raise HttpError(400, exc.reason, exc.rule) from exc


async def refuse_feed(ws: WebSocket, exc: HttpError) -> None:
    """A live feed that cannot open: an HTTP answer with the reason where the server offers
    one (the websocket.http.response extension), else a close with code 4000 + status."""
    if "websocket.http.response" in (ws.scope.get("extensions") or {}):
        await ws.send_denial_response(refusal(exc))
    else:
        await ws.send({"type": "websocket.close", "code": 4000 + exc.status})


def expected_version(body: dict[str, Any]) -> int | None:
    """A body's optional "expected_version": an integer or absent (400 otherwise)."""
    ev = body.get("expected_version")
    if ev is not None and type(ev) is not int:
        raise HttpError(400, '"expected_version" must be an integer')
    return ev


@contextmanager
def engine_refusals() -> Iterator[None]:
    """The engine's refusals as HTTP answers, the same for every route that changes a game:
    a version conflict 409, bad input 400, an illegal command or a refused undo 422 (with the
    reason and the rule)."""
    try:
        yield
    except VersionConflict as exc:
        raise HttpError(409, str(exc)) from exc
    except BadInput as exc:
        raise HttpError(400, exc.reason, exc.rule) from exc
    except (IllegalCommand, UndoRefused) as exc:
        raise HttpError(422, exc.reason, exc.rule) from exc
