"""The trio face of the engine: commands run through the pipeline, then every committed
event goes to the listeners (projections, live feeds, loggers) through bounded channels."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import trio

from bus import ListenerHub
from bus.listeners import Listener
from engine.pipeline import Engine
from engine.table import Table
from store import StoredEvent


class LiveEngine:
    def __init__(self, engine: Engine, hub: ListenerHub):
        self.engine = engine
        self.hub = hub

    async def create(self, game: str, players: int, **kw: Any) -> str:
        gid = self.engine.create(game, players, **kw)
        await self.hub.publish(self.engine.store.read(gid))
        return gid

    async def submit(self, game_id: str, seat: int, cmd: dict[str, Any]) -> list[StoredEvent] | None:
        stored = self.engine.submit(game_id, seat, cmd)
        await self.hub.publish(stored or [])
        return stored

    async def undo(self, game_id: str, to: int, **kw: Any) -> list[StoredEvent] | None:
        stored = self.engine.undo(game_id, to, **kw)
        await self.hub.publish(stored or [])
        return stored

    def state(self, game_id: str, at: int | None = None) -> Table:
        return self.engine.reader.state_at(game_id, at)


@asynccontextmanager
async def open_engine(
    path: str, listeners: dict[str, Listener] | None = None, capacity: int = 1024
) -> AsyncIterator[LiveEngine]:
    hub = ListenerHub(capacity)
    async with trio.open_nursery() as nursery:
        for name, fn in (listeners or {}).items():
            hub.add(nursery, name, fn)
        live = LiveEngine(Engine(path), hub)
        try:
            yield live
        finally:
            await hub.aclose()
