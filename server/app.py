"""The table's ASGI application: JSON API and WebSocket live feed over the core's public API.

A plain ASGI callable (no framework) served by hypercorn's trio worker, so the whole server,
the engine calls and the live feed share one trio event loop.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes

import msgspec
import trio

from bots.players import KINDS as BOT_KINDS
from bots.players import BotPlay
from bots.random_bot import bot_rng, decide
from engine import narration, readings, registry
from engine.boundary import ascii_number, parse_document
from engine.errors import BadInput, EngineError, IllegalCommand, UndoRefused, UnknownGame
from engine.logs import get_logger
from engine.pipeline import Engine
from projections.audit import audit
from projections.state import StateReader
from projections.timeline import timeline
from projections.views import REFEREE, full_state, log_view, state_view
from server.tokens import REFEREE as REF_SEAT
from server.tokens import Seats
from store import VersionConflict
from store.verify import orphans

log = get_logger("table")
MAX_BODY = 64 * 1024
MAX_QUERY = 1024  # bytes of a query string: an event number and a token fit many times over
READ = ("GET", "HEAD")  # what a read endpoint answers; HEAD is GET without the body
COMMAND_KEYS = ("command", "expected_version")  # all a command body may hold
GAME = r"/api/games/(?P<gid>[A-Za-z0-9_\-]{1,100})"
PAGE = r"/games/(?P<gid>[A-Za-z0-9_\-]{1,100})"
STATIC = Path(__file__).parent / "static"
TYPES = {"html": "text/html; charset=utf-8", "js": "text/javascript", "css": "text/css"}


class HttpError(Exception):
    """A refusal: its status, the reason in words, the rule if one decides, and for a 405
    the methods the route allows (sent as the Allow header)."""

    def __init__(self, status: int, reason: str, rule: str | None = None, allow: tuple[str, ...] = ()):
        super().__init__(reason)
        self.status, self.reason, self.rule, self.allow = status, reason, rule, allow


class TableApp:
    def __init__(self, engine: Engine, seats: Seats, bot_delay: float = 0.6):
        self.eng, self.seats = engine, seats
        self.bot_delay = bot_delay  # seconds a bot "thinks": human pace at the table
        self.nursery: trio.Nursery | None = None  # set while served: bots play in the background
        self.bot_busy: set[str] = set()
        self.changed: dict[str, trio.Event] = {}  # set (and replaced) whenever a game moves on
        self.live = {"open": 0, "peak": 0, "accepted": 0, "pushed": 0}  # live feed counters

    # -- helpers -------------------------------------------------------------------------
    def game(self, gid: str):
        try:
            return self.eng.table(gid)
        except (UnknownGame, EngineError, KeyError):
            raise HttpError(404, f"no game {gid!r}") from None

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
        self.wake_bots(gid)

    def wake_bots(self, gid: str) -> None:
        """If a bot seat is prompted, let the bots play (in the background when served)."""
        if gid in self.bot_busy or not self.seats.bots(gid):
            return
        if self.nursery is None:
            self.play_bots(gid)
        else:
            self.bot_busy.add(gid)
            self.nursery.start_soon(self.bots_task, gid)

    def bot_to_move(self, gid: str):
        bots = self.seats.bots(gid)
        prompts = self.eng.prompts(gid)
        return prompts[0].seat if prompts and prompts[0].seat in bots else None

    def bot_move(self, gid: str, rng) -> None:
        """One decision of the prompted bot seat, by its kind (random, greedy or mcts)."""
        seat = self.bot_to_move(gid)
        if seat is None:  # the game moved on while the bot waited: no seat of a human is played
            return
        bots = self.seats.bots(gid)
        if bots[seat] == "random":
            decide(self.eng, gid, rng)
            return
        kinds = tuple(bots.get(s, "random") for s in range(self.eng.table(gid).players))
        legal = self.eng.legal(gid, seat)
        self.eng.submit(gid, seat, BotPlay(kinds).choose(self.eng, gid, seat, legal, rng))

    def play_bots(self, gid: str) -> None:
        rng = bot_rng(f"{gid}:{self.eng.table(gid).version}")
        while self.bot_to_move(gid) is not None:
            self.bot_move(gid, rng)
            ev = self.changed.pop(gid, None)
            if ev is not None:
                ev.set()

    async def bots_task(self, gid: str) -> None:
        try:
            rng = bot_rng(f"{gid}:{self.eng.table(gid).version}")
            while self.bot_to_move(gid) is not None:
                await trio.sleep(self.bot_delay)
                try:
                    self.bot_move(gid, rng)
                except Exception as exc:  # a bot's rules error must not stop the server
                    log.error("table_bot_failed", game_id=gid, error=repr(exc))
                    return
                ev = self.changed.pop(gid, None)
                if ev is not None:
                    ev.set()
        finally:
            self.bot_busy.discard(gid)

    def view(self, gid: str, who) -> dict[str, Any]:
        t = self.game(gid)
        rs = self.eng.ruleset(gid)
        prompts = [msgspec.to_builtins(p) for p in self.eng.prompts(gid)]
        out: dict[str, Any] = {"version": t.version, "prompts": prompts}
        if who is REFEREE:
            out["view"] = full_state(rs, t)
            out["legal"] = {str(s): self.eng.legal(gid, s) for s in range(t.players)}
            out["previews"] = {k: previews(rs, t, int(k), cmds) for k, cmds in out["legal"].items()}
            out["labels"] = {k: labels(rs, t, int(k), cmds) for k, cmds in out["legal"].items()}
            out["choices"] = {str(s): msgspec.to_builtins(self.eng.choices(gid, s)) for s in range(t.players)}
        elif who is None:
            out["view"] = state_view(rs, t, None)
        else:
            out["view"] = state_view(rs, t, who)
            out["legal"] = self.eng.legal(gid, who)
            out["previews"] = previews(rs, t, who, out["legal"])
            out["labels"] = labels(rs, t, who, out["legal"])
            out["choices"] = msgspec.to_builtins(self.eng.choices(gid, who))
        out["zone_labels"] = zone_labels(rs, out["view"].get("zones") or {})
        return out

    def choices(self, gid: str, who, token: str | None) -> dict[str, Any]:
        """The seat's choices as questions (engine/choices.py): the first question, or the step
        an `expand` token of an earlier answer stands for. A seat's token names the seat; the
        referee reads every seat's first questions in the view."""
        if who is REFEREE:
            raise HttpError(400, "choices are a seat's: use a seat's token (the view lists every seat's)")
        try:
            return msgspec.to_builtins(self.eng.choices(gid, who, token))
        except BadInput as exc:  # a bad or stale expand token, named
            raise HttpError(400, exc.reason, exc.rule) from None

    def log(self, gid: str, who, since: int) -> list[dict[str, Any]]:
        self.game(gid)
        rs = self.eng.ruleset(gid)
        return worded(rs, self.eng.table(gid), log_view(rs, self.eng.store.read(gid, since + 1), who))

    # -- routes --------------------------------------------------------------------------
    def create(self, body: dict[str, Any]) -> tuple[int, dict]:
        if not isinstance(body, dict):
            raise HttpError(400, "the body must be a JSON object")
        ruleset, players = body.get("ruleset"), body.get("players")
        if not isinstance(ruleset, str) or type(players) is not int:
            raise HttpError(400, 'needs "ruleset" (a string) and "players" (an integer)')
        if ruleset not in sorted(registry.rulesets()):
            raise HttpError(
                422, f"no ruleset {ruleset!r} (installed: {', '.join(sorted(registry.rulesets()))})"
            )
        seed = body.get("seed")
        if seed is not None and (type(seed) is not int and not isinstance(seed, str)):
            raise HttpError(400, '"seed" must be a string or an integer')
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise HttpError(400, '"options" must be an object')
        for key, value in options.items():  # as on the command line: a word, a number, yes/no
            table_ok = key in (readings.READINGS, readings.OVERRIDES) and isinstance(value, dict)
            if not table_ok and type(value) not in (str, int, bool):
                raise HttpError(
                    400,
                    f'option "{key}" must be a string, an integer or a boolean, not {json.dumps(value)[:80]}',
                )
        bots = body.get("bots") or {}
        if not isinstance(bots, dict) or any(v not in BOT_KINDS for v in bots.values()):
            raise HttpError(400, '"bots" maps a seat number to one of ' + ", ".join(BOT_KINDS))
        seats = {k: ascii_number(k) if len(k) <= 12 else None for k in bots}
        if None in seats.values():  # "١" is no seat 1: a seat is written in the digits 0-9
            bad = next(k for k, n in seats.items() if n is None)
            raise HttpError(400, f'"bots" keys are seat numbers in the digits 0-9, not {shown(bad)}')
        bots = {seats[k]: v for k, v in bots.items()}
        if any(not 0 <= k < players for k in bots):
            raise HttpError(422, "a bot seat is not a seat of this game")
        analysis, wait = body.get("analysis", False), body.get("contributions", False)
        if type(analysis) is not bool or type(wait) is not bool:
            raise HttpError(400, '"analysis" and "contributions" are true or false')
        if analysis and wait:
            raise HttpError(
                422, "an analysis game's chance is its seed: it takes no contributions", "CORE-3C"
            )
        tokens, rows = self.seats.prepare(players, bots)
        try:
            gid = self.eng.create(
                ruleset,
                players,
                **fair_chance(seed, analysis, wait, players, bots),
                options=options,
                seat_tokens=rows,
            )
        except BadInput as exc:
            raise HttpError(400, exc.reason, exc.rule) from exc
        except IllegalCommand as exc:
            raise HttpError(422, exc.reason, exc.rule) from exc
        except (EngineError, ValueError) as exc:
            raise HttpError(422, str(exc)) from exc
        table = self.eng.table(gid)
        out = {"game_id": gid, "commitment": table.seed_hash, **header(table), **tokens}
        self.wake_bots(gid)
        return 201, out

    def connect(self, gid: str, who, body: Any) -> tuple[int, dict]:
        """A seat's first connection to a game whose deal waits for contributions (CORE-3C):
        its secret joins the mix (only the commitment is public until the end), or it
        declines with `"contribution": null`. The last one deals the game."""
        if who is REFEREE:
            raise HttpError(403, "the referee token watches; only a seat contributes")
        if not isinstance(body, dict) or set(body) - {"contribution"}:
            raise HttpError(
                400, 'the body must be {"contribution": "your secret"} or {"contribution": null} to decline'
            )
        try:
            stored = self.eng.contribute(gid, who, body.get("contribution"))
        except BadInput as exc:
            raise HttpError(400, exc.reason, exc.rule) from exc
        except IllegalCommand as exc:
            raise HttpError(
                409 if self.eng.table(gid).mix is not None else 422, exc.reason, exc.rule
            ) from exc
        self.notify(gid)
        mine = next(e.data for e in stored or [] if e.type == "chance.contributed")
        table = self.eng.table(gid)
        return 200, {
            "version": table.version,
            "commitment": mine.get("commitment"),
            "declined": bool(mine.get("declined")),
            "awaiting": list(table.awaiting),
        }

    def state_at(self, gid: str, who, at: int) -> dict[str, Any]:
        head = self.game(gid).version
        if not 1 <= at <= head:
            raise HttpError(400, f"at must be an event number from 1 to {head}")
        table = StateReader(self.eng.store).state_at(gid, at)
        rs = self.eng.ruleset(gid)
        return {"at": at, "state": full_state(rs, table) if who is REFEREE else state_view(rs, table, who)}

    def cards(self, gid: str) -> dict[str, Any]:
        rs = self.eng.ruleset(self.game(gid).game_id)
        out: dict[str, Any] = {}
        for c in rs.cards():  # the first card of a name wins: a village randomizer shares its
            out.setdefault(c.name, msgspec.to_builtins(c))  # stack's name but not its values
        return out

    def command(self, gid: str, who, body: Any) -> tuple[int, dict]:
        if who is REFEREE:
            raise HttpError(403, "the referee token watches; only a seat's token plays")
        if not isinstance(body, dict) or "command" not in body:
            raise HttpError(400, 'the body must be {"command": {...}, "expected_version"?: N}')
        extra = [k for k in body if k not in COMMAND_KEYS]
        if extra:  # as the CLI refuses an unknown key: a misspelt field must not be ignored
            raise HttpError(
                400,
                f"the body holds {shown(extra[0])}, which is not a key of a "
                'command body (only "command" and "expected_version")',
            )
        ev = body.get("expected_version")
        if ev is not None and type(ev) is not int:
            raise HttpError(400, '"expected_version" must be an integer')
        try:
            stored = self.eng.submit(gid, who, body["command"], expected_version=ev)
        except VersionConflict as exc:
            raise HttpError(409, str(exc)) from exc
        except BadInput as exc:
            raise HttpError(400, exc.reason, exc.rule) from exc
        except IllegalCommand as exc:
            raise HttpError(422, exc.reason, exc.rule) from exc
        self.notify(gid)
        rs = self.eng.ruleset(gid)
        table = self.eng.table(gid)
        return 200, {"version": table.version, "events": worded(rs, table, log_view(rs, stored or [], who))}

    def undo(self, gid: str, who, body: Any) -> tuple[int, dict]:
        """A seat takes back its own decisions (invariant 6, engine/undo.py): to event `to`, or
        without it to just before its own last decision. The policy decides (never across a
        chance outcome, a reveal or another seat's decision): a refusal is a 422 with the
        reason; a game that moved on since `expected_version` is a 409."""
        if who is REFEREE:
            raise HttpError(403, "the referee token watches; only a seat's token takes back its decisions")
        body = {} if body is None else body
        if not isinstance(body, dict) or set(body) - {"to", "expected_version"}:
            raise HttpError(400, 'the body must be {"to"?: N, "expected_version"?: N}')
        to, expected = body.get("to"), body.get("expected_version")
        if any(v is not None and type(v) is not int for v in (to, expected)):
            raise HttpError(400, '"to" and "expected_version" are event numbers (integers)')
        table = self.eng.table(gid)
        if expected is not None and expected != table.version:
            raise HttpError(409, f"the game is at event {table.version}, not {expected}: nothing was undone")
        if to is None:
            to = self.last_own_boundary(gid, who)
        try:
            self.eng.undo(gid, to, who)
        except VersionConflict as exc:
            raise HttpError(409, str(exc)) from exc
        except UndoRefused as exc:
            raise HttpError(422, exc.reason, exc.rule) from exc
        except BadInput as exc:
            raise HttpError(400, exc.reason, exc.rule) from exc
        self.notify(gid)
        return 200, {"version": self.eng.table(gid).version}

    def last_own_boundary(self, gid: str, seat: int) -> int:
        """The event just before the seat's own last decision's command (its first event - 1)."""
        store = self.eng.store
        events = store.read(gid, 1, self.eng.table(gid).version)
        mine = [ev for ev in events if ev.type.startswith("cmd.") and ev.actor == seat]
        if not mine:
            raise HttpError(422, "this seat has made no decision to take back", "CORE-6")
        span = store.command_span(gid, mine[-1].command_id or "")
        return (span[0] if span else mine[-1].version) - 1

    def games(self) -> list[dict[str, Any]]:
        """The lobby: every game but the orphans an older table left (no seats, ever)."""
        store, ids = self.eng.store, self.eng.store.game_ids()
        legacy = store.legacy_seat_games() if hasattr(store, "legacy_seat_games") else None
        hidden = {f["game_id"] for f in orphans(ids, store.games_with_seats(), legacy)}
        out = []
        for gid in ids:
            if gid in hidden:
                continue
            table = self.eng.table(gid)
            out.append(
                {
                    "game_id": gid,
                    "ruleset": table.ruleset,
                    "players": table.players,
                    "version": table.version,
                    "over": table.over,
                    **header(table),
                }
            )
        return out

    async def http(self, scope, receive, send) -> None:
        method, path = scope["method"], scope["path"]
        headers: list[tuple[bytes, bytes]] = []
        try:
            qs = query_of(scope)
            token = bearer_of(scope["headers"])
            body = await read_body(receive)
            if path == "/api/games":
                only(method, *READ, "POST")
                if method == "POST":
                    status, out = self.create(parse(body))
                else:
                    status, out = 200, {"games": self.games()}
            elif m := re.fullmatch(GAME + r"/view", path):
                only(method, *READ)
                gid = m["gid"]
                self.game(gid)
                status, out = 200, self.view(gid, self.viewer(gid, token))
            elif m := re.fullmatch(GAME + r"/connect", path):
                only(method, "POST")
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token, required=True)
                status, out = self.connect(gid, who, parse(body))
            elif m := re.fullmatch(GAME + r"/commands", path):
                only(method, "POST")
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token, required=True)
                status, out = self.command(gid, who, parse(body))
            elif m := re.fullmatch(GAME + r"/choices", path):
                only(method, *READ)
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token, required=True)
                status, out = 200, self.choices(gid, who, qs.get("expand"))
            elif m := re.fullmatch(GAME + r"/undo", path):
                only(method, "POST")
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token, required=True)
                status, out = self.undo(gid, who, parse(body))
            elif m := re.fullmatch(GAME + r"/log", path):
                only(method, *READ)
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token)
                status, out = 200, {"events": self.log(gid, who, since_of(qs))}
            elif path == "/api/stats":  # live feeds open now, at most, ever; events pushed
                only(method, *READ)
                status, out = 200, {"live": dict(self.live), "games": len(self.eng.store.game_ids())}
            elif path == "/api/rulesets":
                only(method, *READ)
                status, out = (
                    200,
                    {
                        "rulesets": [
                            {"name": n, "players": list(r.players)}
                            for n, r in sorted(registry.rulesets().items())
                        ]
                    },
                )
            elif m := re.fullmatch(GAME + r"/cards", path):
                only(method, *READ)
                status, out = 200, {"cards": self.cards(m["gid"])}
            elif m := re.fullmatch(GAME + r"/timeline", path):
                only(method, *READ)
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token)
                status, out = 200, {"timeline": timeline(self.eng.store, gid, self.eng.ruleset(gid), who)}
            elif m := re.fullmatch(GAME + r"/state", path):
                only(method, *READ)
                gid = m["gid"]
                self.game(gid)
                status, out = 200, self.state_at(gid, self.viewer(gid, token), at_of(qs, "at"))
            elif m := re.fullmatch(GAME + r"/audit", path):
                only(method, *READ)
                gid = m["gid"]
                self.game(gid)
                who = self.viewer(gid, token)
                n = at_of(qs, "n")
                if not 1 <= n <= self.eng.table(gid).version:
                    raise HttpError(400, "n must be an event number of this game")
                status, out = 200, {"audit": audit(self.eng.store, gid, n, who)}
            elif (page := self.page(path)) is not None:
                only(method, *READ)
                await respond_raw(send, 200, *page, head=method == "HEAD")
                return
            else:
                raise HttpError(404, f"no route {shown(method)} {shown(path)}")
        except HttpError as exc:
            status, out = exc.status, {"reason": exc.reason, "rule": exc.rule}
            if exc.allow:
                headers.append((b"allow", ", ".join(exc.allow).encode()))
        except Exception as exc:  # a bug: one line in the log and a 500, never a traceback
            log.error("table_internal_error", method=shown(method), path=shown(path), error=repr(exc)[:500])
            status, out = 500, {"reason": "internal error (logged)", "rule": None}
        await respond(send, status, out, headers, head=method == "HEAD")

    def page(self, path: str) -> tuple[bytes, str] | None:
        if path == "/":
            name = "lobby.html"
        elif re.fullmatch(PAGE, path):
            name = "table.html"
        elif re.fullmatch(PAGE + "/replay", path):
            name = "replay.html"
        elif m := re.fullmatch(r"/static/([a-z]+\.(html|js|css))", path):
            name = m[1]
        else:
            return None
        f = STATIC / name
        if not f.is_file():
            return None
        return f.read_bytes(), TYPES[name.rsplit(".", 1)[1]]

    async def websocket(self, scope, receive, send) -> None:
        m = re.fullmatch(GAME + r"/live", scope["path"])
        await receive()  # websocket.connect
        try:
            qs = query_of(scope)
            if not m:
                raise HttpError(404, "no such live feed")
            gid = m["gid"]
            self.game(gid)
            who = self.viewer(gid, qs.get("token"))
            since = since_of(qs)
        except HttpError as exc:
            await refuse_feed(scope, send, exc)
            return
        await send({"type": "websocket.accept"})
        live = self.live
        live["open"] += 1
        live["accepted"] += 1
        live["peak"] = max(live["peak"], live["open"])
        try:
            await self.feed(gid, who, since, receive, send)
        finally:
            live["open"] -= 1

    async def feed(self, gid: str, who, since: int, receive, send) -> None:
        """Push each new event (as `who` sees it, in words) then the prompts, until the client
        goes; a push is counted once it is handed to the connection."""
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
                        await send({"type": "websocket.send", "text": json.dumps({"event": e})})
                        self.live["pushed"] += 1
                    since = events[-1]["version"]
                    prompts = [msgspec.to_builtins(p) for p in self.eng.prompts(gid)]
                    await send(
                        {"type": "websocket.send", "text": json.dumps({"version": since, "prompts": prompts})}
                    )
                await changed.wait()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
        elif scope["type"] == "lifespan":
            async with trio.open_nursery() as nursery:
                while True:
                    msg = await receive()
                    if msg["type"] == "lifespan.startup":
                        self.nursery = nursery
                        await send({"type": "lifespan.startup.complete"})
                    elif msg["type"] == "lifespan.shutdown":
                        self.nursery = None
                        nursery.cancel_scope.cancel()  # a bot mid-think commits nothing
                        await send({"type": "lifespan.shutdown.complete"})
                        return


def fair_chance(seed: Any, analysis: bool, wait: bool, players: int, bots: dict[int, str]) -> dict[str, Any]:
    """How a live game's chance is made (CORE-3C), as `Engine.create` arguments. Outside
    analysis mode the server draws the seed itself (secrets) and a client's "seed" is only
    the creator's contribution to the mix, so nobody can predict a deal from it; with
    "contributions" the deal also waits for every seat no bot plays. In analysis mode a
    client's seed is the game's seed, and it is written into the public header."""
    if analysis:
        return {"seed": seed, "analysis": True, "publish_seed": seed is not None}
    awaited = [s for s in range(players) if s not in bots] if wait else []
    return {"seed": None, "contributions": awaited, "creator": None if seed is None else str(seed)}


def header(table) -> dict[str, Any]:
    """What everyone sees of a game's chance: analysis mode and a client's seed, and the
    seats whose contribution the deal awaits."""
    out: dict[str, Any] = {"analysis": table.analysis}
    if table.client_seed is not None:
        out["client_seed"] = table.client_seed
    if table.mix is not None:
        out["awaiting"] = list(table.awaiting)
    return out


def only(method: str, *allowed: str) -> None:
    """405 with the Allow header for a method the route does not answer: a read endpoint
    answers GET and HEAD only, so a POST meant for another route is never read as a GET."""
    if method not in allowed:
        raise HttpError(
            405, f"{shown(method)} is not allowed here; use {' or '.join(allowed)}", allow=allowed
        )


def shown(value: Any) -> str:
    """A value from the request in a reason: quoted and cut, whatever it holds."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def query_of(scope) -> dict[str, str]:
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


def bearer_of(headers: list[tuple[bytes, bytes]]) -> str | None:
    """The token of the Authorization header (`Bearer TOKEN`), None without one. Two such
    headers are refused: servers and proxies differ on which one counts."""
    auth = [v for k, v in headers if k.lower() == b"authorization"]
    if len(auth) > 1:
        raise HttpError(400, f"the request has {len(auth)} Authorization headers; send one")
    text = auth[0].decode("latin-1") if auth else ""
    return text[7:].strip() if text.lower().startswith("bearer ") else None


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


def at_of(qs: dict[str, str], key: str) -> int:
    return event_number(qs, key)


def since_of(qs: dict[str, str]) -> int:
    return event_number(qs, "since", default=0)


def parse(body: bytes) -> Any:
    """A request body as JSON (engine.boundary.parse_document): deep nesting, a key twice,
    NaN or text that is not UTF-8 are a 400 naming the fault."""
    try:
        return parse_document(body or b"null")
    except BadInput as exc:
        raise HttpError(400, exc.reason, exc.rule) from exc


async def refuse_feed(scope, send, exc: HttpError) -> None:
    """A live feed that cannot open: an HTTP answer with the reason where the server offers
    one (the websocket.http.response extension), else a close with code 4000 + status."""
    if "websocket.http.response" in (scope.get("extensions") or {}):
        data = json.dumps({"reason": exc.reason, "rule": exc.rule}).encode()
        await send(
            {
                "type": "websocket.http.response.start",
                "status": exc.status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(data)).encode()),
                ],
            }
        )
        await send({"type": "websocket.http.response.body", "body": data})
    else:
        await send({"type": "websocket.close", "code": 4000 + exc.status})


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


async def respond(send, status: int, out: Any, headers=(), head: bool = False) -> None:
    await respond_raw(send, status, json.dumps(out).encode(), "application/json", headers, head)


async def respond_raw(send, status: int, data: bytes, ctype: str, headers=(), head: bool = False) -> None:
    """The response; for HEAD the same headers (its length too) without the body."""
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", ctype.encode()),
                (b"content-length", str(len(data)).encode()),
                (b"cache-control", b"no-store"),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": b"" if head else data})


def worded(rs, t, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seen event with its sentence (`Ruleset.describe`) in "text": the log in words. The
    sentence is made from the event as this viewer sees it, so it tells no secret; a game's
    describe that fails falls back to the core's generic words (logged), never a failed log."""
    for e in events:
        try:
            text = rs.describe(t, e)
        except Exception as exc:
            log.error("table_describe_failed", ruleset=rs.name, type=e.get("type"), error=repr(exc))
            text = None
        e["text"] = text if isinstance(text, str) and text else narration.generic(narration.Seen(e))
    return events


def zone_labels(rs, zones) -> dict[str, str]:
    """Each zone's name in words (`Ruleset.zone_label`: "p0.hand" -> "Seat 1's hand"); a game
    whose labels fail keeps the names (logged), never a failed view."""
    try:
        return {name: str(rs.zone_label(name)) for name in zones}
    except Exception as exc:
        log.error("table_zone_label_failed", ruleset=rs.name, error=repr(exc))
        return {name: name for name in zones}


def labels(rs, table, seat: int, cmds: list[dict[str, Any]]) -> list[str]:
    """Each legal command in words (`engine.narration.command_labels`), parallel to `legal`;
    a game's describe that fails leaves the command's kind (logged), never a failed view."""
    try:
        return narration.command_labels(
            rs, table, seat, list(cmds)
        )  # list(): it takes list[Mapping]; list is invariant
    except Exception as exc:
        log.error("table_label_failed", ruleset=rs.name, error=repr(exc))
        return [str(c.get("kind", "?")) for c in cmds]


def previews(rs, t, seat: int, cmds: list[dict[str, Any]]) -> list[str | None]:
    """The game's words preview of each legal command (`Ruleset.preview`), parallel to `legal`.
    A preview is a courtesy: one that fails is left out (logged), never a failed view."""
    out: list[str | None] = []
    for c in cmds:
        try:
            text = rs.preview(t, seat, c)
        except Exception as exc:
            log.error("table_preview_failed", ruleset=rs.name, command=c, error=repr(exc))
            text = None
        out.append(text if isinstance(text, str) else None)
    return out
