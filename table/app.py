"""The table's ASGI application: JSON API and WebSocket live feed over the core's public API.

A plain ASGI callable (no framework) served by hypercorn's trio worker, so the whole server,
the engine calls and the live feed share one trio event loop.
"""
from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs

import msgspec
import trio

from engine import registry
from engine.errors import BadInput, EngineError, IllegalCommand, UnknownGame
from engine.pipeline import Engine
from projections.views import REFEREE, full_state, log_view, state_view
from store import VersionConflict
from table.tokens import REFEREE as REF_SEAT, Seats

MAX_BODY = 64 * 1024
GAME = r"/api/games/(?P<gid>[A-Za-z0-9_\-]{1,100})"


class HttpError(Exception):
    def __init__(self, status: int, reason: str, rule: str | None = None):
        super().__init__(reason)
        self.status, self.reason, self.rule = status, reason, rule


class TableApp:
    def __init__(self, engine: Engine, seats: Seats):
        self.eng, self.seats = engine, seats
        self.changed: dict[str, trio.Event] = {}  # set (and replaced) whenever a game moves on

    # -- helpers -------------------------------------------------------------------------
    def game(self, gid: str):
        try:
            return self.eng.table(gid)
        except (UnknownGame, EngineError, KeyError):
            raise HttpError(404, f"no game {gid!r}")

    def viewer(self, gid: str, token: str | None, required: bool = False):
        """None (public), a seat number or REFEREE; 401 without a token when one is needed,
        403 for a token that opens no seat of this game."""
        if not token:
            if required:
                raise HttpError(401, "a bearer token is needed (Authorization: Bearer TOKEN)")
            return None
        who = self.seats.who(gid, token)
        if who is None:
            raise HttpError(403, "this token opens no seat of this game")
        return REFEREE if who == REF_SEAT else who

    def notify(self, gid: str) -> None:
        ev = self.changed.pop(gid, None)
        if ev is not None:
            ev.set()

    def view(self, gid: str, who) -> dict[str, Any]:
        t = self.game(gid)
        rs = self.eng.ruleset(gid)
        prompts = [msgspec.to_builtins(p) for p in self.eng.prompts(gid)]
        out: dict[str, Any] = {"version": t.version, "prompts": prompts}
        if who is REFEREE:
            out["view"] = full_state(rs, t)
            out["legal"] = {str(s): self.eng.legal(gid, s) for s in range(t.players)}
        elif who is None:
            out["view"] = state_view(rs, t, None)
        else:
            out["view"] = state_view(rs, t, who)
            out["legal"] = self.eng.legal(gid, who)
        return out

    def log(self, gid: str, who, since: int) -> list[dict[str, Any]]:
        self.game(gid)
        rs = self.eng.ruleset(gid)
        return log_view(rs, self.eng.store.read(gid, since + 1), who)

    # -- routes --------------------------------------------------------------------------
    def create(self, body: dict[str, Any]) -> tuple[int, dict]:
        if not isinstance(body, dict):
            raise HttpError(400, "the body must be a JSON object")
        ruleset, players = body.get("ruleset"), body.get("players")
        if not isinstance(ruleset, str) or type(players) is not int:
            raise HttpError(400, 'needs "ruleset" (a string) and "players" (an integer)')
        if ruleset not in sorted(registry.rulesets()):
            raise HttpError(422, f"no ruleset {ruleset!r} (installed: {', '.join(sorted(registry.rulesets()))})")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise HttpError(400, '"options" must be an object')
        bots = body.get("bots") or {}
        if not isinstance(bots, dict) or any(v != "random" for v in bots.values()):
            raise HttpError(400, '"bots" maps a seat number to "random"')
        try:
            bots = {int(k): v for k, v in bots.items()}
        except ValueError:
            raise HttpError(400, '"bots" keys are seat numbers')
        if any(not 0 <= k < players for k in bots):
            raise HttpError(422, "a bot seat is not a seat of this game")
        try:
            gid = self.eng.create(ruleset, players, body.get("seed"), options)
        except IllegalCommand as exc:
            raise HttpError(422, exc.reason, exc.rule)
        except (EngineError, ValueError) as exc:
            raise HttpError(422, str(exc))
        created = self.eng.store.read(gid, 1, 1)[0]
        out = {"game_id": gid, "commitment": created.data["seed_hash"],
               **self.seats.issue(gid, players, bots)}
        return 201, out

    def command(self, gid: str, who, body: Any) -> tuple[int, dict]:
        if who is REFEREE:
            raise HttpError(403, "the referee token watches; only a seat's token plays")
        if not isinstance(body, dict) or "command" not in body:
            raise HttpError(400, 'the body must be {"command": {...}, "expected_version"?: N}')
        ev = body.get("expected_version")
        if ev is not None and type(ev) is not int:
            raise HttpError(400, '"expected_version" must be an integer')
        try:
            stored = self.eng.submit(gid, who, body["command"], expected_version=ev)
        except VersionConflict as exc:
            raise HttpError(409, str(exc))
        except BadInput as exc:
            raise HttpError(400, exc.reason, exc.rule)
        except IllegalCommand as exc:
            raise HttpError(422, exc.reason, exc.rule)
        self.notify(gid)
        rs = self.eng.ruleset(gid)
        return 200, {"version": self.eng.table(gid).version,
                     "events": log_view(rs, stored or [], who)}

    def games(self) -> list[dict[str, Any]]:
        out = []
        for gid in self.eng.store.game_ids():
            t = self.eng.table(gid)
            out.append({"game_id": gid, "ruleset": t.ruleset, "players": t.players,
                        "version": t.version, "over": t.over})
        return out

    async def http(self, scope, receive, send) -> None:
        method, path = scope["method"], scope["path"]
        qs = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        auth = headers.get("authorization", "")
        token = auth[7:].strip() if auth.lower().startswith("bearer ") else None
        try:
            body = await read_body(receive)
            if path == "/api/games" and method == "POST":
                status, out = self.create(parse(body))
            elif path == "/api/games" and method == "GET":
                status, out = 200, {"games": self.games()}
            elif m := re.fullmatch(GAME + r"/view", path):
                only(method, "GET")
                gid = m["gid"]
                self.game(gid)
                status, out = 200, self.view(gid, self.viewer(gid, token))
            elif m := re.fullmatch(GAME + r"/commands", path):
                only(method, "POST")
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token, required=True)
                status, out = self.command(gid, who, parse(body))
            elif m := re.fullmatch(GAME + r"/log", path):
                only(method, "GET")
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token)
                status, out = 200, {"events": self.log(gid, who, since_of(qs))}
            else:
                raise HttpError(404, f"no route {method} {path}")
        except HttpError as exc:
            status, out = exc.status, {"reason": exc.reason, "rule": exc.rule}
        await respond(send, status, out)

    async def websocket(self, scope, receive, send) -> None:
        m = re.fullmatch(GAME + r"/live", scope["path"])
        qs = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        msg = await receive()  # websocket.connect
        try:
            if not m:
                raise HttpError(404, "no such live feed")
            gid = m["gid"]
            self.game(gid)
            who = self.viewer(gid, (qs.get("token") or [None])[0])
            since = since_of(qs)
        except HttpError:
            await send({"type": "websocket.close", "code": 4404})
            return
        await send({"type": "websocket.accept"})
        async with trio.open_nursery() as nursery:
            async def watch_close():
                while True:
                    m = await receive()
                    if m["type"] == "websocket.disconnect":
                        nursery.cancel_scope.cancel()
                        return
            nursery.start_soon(watch_close)
            while True:
                changed = self.changed.setdefault(gid, trio.Event())
                events = self.log(gid, who, since)
                if events:
                    for e in events:
                        await send({"type": "websocket.send",
                                    "text": json.dumps({"event": e})})
                    since = events[-1]["version"]
                    prompts = [msgspec.to_builtins(p) for p in self.eng.prompts(gid)]
                    await send({"type": "websocket.send",
                                "text": json.dumps({"version": since, "prompts": prompts})})
                await changed.wait()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
        elif scope["type"] == "lifespan":
            while True:
                msg = await receive()
                if msg["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif msg["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return


def only(method: str, allowed: str) -> None:
    if method != allowed:
        raise HttpError(405, f"use {allowed}")


def since_of(qs: dict[str, list[str]]) -> int:
    raw = (qs.get("since") or ["0"])[0]
    if not raw.isdigit() or len(raw) > 12:
        raise HttpError(400, "since must be a non-negative integer (an event number)")
    return int(raw)


def parse(body: bytes) -> Any:
    try:
        return json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        raise HttpError(400, "the body is not JSON")


async def read_body(receive) -> bytes:
    chunks, size = [], 0
    while True:
        msg = await receive()
        chunks.append(msg.get("body", b""))
        size += len(chunks[-1])
        if size > MAX_BODY:
            raise HttpError(413, f"body larger than {MAX_BODY} bytes")
        if not msg.get("more_body"):
            return b"".join(chunks)


async def respond(send, status: int, out: Any) -> None:
    data = json.dumps(out).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})
