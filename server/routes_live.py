"""The live feed: `ws://HOST/api/games/{id}/live?token=T&since=N` pushes each event after N as
the token's seat sees it, in words, then the prompts; a reconnect with `since=` the last version
seen misses nothing and gets nothing twice. A feed that cannot open is refused with the reason."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import msgspec
import trio
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from engine.logs import get_logger
from server.routes_play import GAME, events_after
from server.strict import HttpError, event_number, query_of, refuse_feed
from server.table import Table
from server.words import lang_of

log = get_logger("table")


async def live(table: Table, ws: WebSocket) -> None:
    await ws.receive()  # websocket.connect
    try:
        qs = query_of(ws.scope)
        gid = ws.path_params["gid"]
        table.game(gid)
        who = table.viewer(gid, qs.get("token"))
        since = event_number(qs, "since", default=0)
        lang = lang_of(qs)
    except HttpError as exc:
        await refuse_feed(ws, exc)
        return
    await ws.accept()
    counts = table.live
    counts["open"] += 1
    counts["accepted"] += 1
    counts["peak"] = max(counts["peak"], counts["open"])
    try:
        await feed(table, ws, gid, who, since, lang)
    except WebSocketDisconnect:
        pass  # the client left mid-push
    except Exception as exc:  # a bug: one line in the log, never a traceback
        log.error("table_feed_failed", game_id=gid, error=repr(exc)[:500])
    finally:
        counts["open"] -= 1


async def feed(table: Table, ws: WebSocket, gid: str, who: Any, since: int, lang: str = "en") -> None:
    """Push each new event (as `who` sees it, in words) then the prompts, until the client
    goes; a push is counted once it is handed to the connection."""
    async with trio.open_nursery() as nursery:

        async def watch_close() -> None:
            while True:
                if (await ws.receive())["type"] == "websocket.disconnect":
                    nursery.cancel_scope.cancel()
                    return

        nursery.start_soon(watch_close)
        while True:
            changed = table.changed.setdefault(gid, trio.Event())
            events = events_after(table, gid, who, since, lang)
            if events:
                for e in events:
                    await ws.send_text(json.dumps({"event": e}))
                    table.live["pushed"] += 1
                since = events[-1]["version"]
                prompts = [msgspec.to_builtins(p) for p in table.eng.prompts(gid)]
                await ws.send_text(json.dumps({"version": since, "prompts": prompts}))
            await changed.wait()


async def no_feed(ws: WebSocket) -> None:
    """Any other address asked for a feed: refused with the reason, as a bad query is."""
    await ws.receive()  # websocket.connect
    await refuse_feed(ws, HttpError(404, "no such live feed"))


def routes(table: Table) -> list[WebSocketRoute]:
    return [WebSocketRoute(f"{GAME}/live", partial(live, table))]
