"""Listeners get committed events asynchronously through bounded trio channels.

Each listener has its own channel and task, so a slow listener applies back-pressure only to
publishing, and one that raises is logged and carries on with the next event: it can never
affect the store or the other listeners.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import trio

from engine.logs import get_logger

log = get_logger("runeledger.bus")
Listener = Callable[[Any], Awaitable[None] | None]


class ListenerHub:
    def __init__(self, capacity: int = 1024):
        self.capacity = capacity
        self._senders: list[tuple[str, trio.MemorySendChannel[Any]]] = []
        self.failures: dict[str, int] = {}

    def add(self, nursery: trio.Nursery, name: str, fn: Listener) -> None:
        send, receive = trio.open_memory_channel(self.capacity)
        self._senders.append((name, send))
        nursery.start_soon(self._pump, name, fn, receive)

    async def _pump(self, name: str, fn: Listener, receive: trio.MemoryReceiveChannel[Any]) -> None:
        async with receive:
            async for event in receive:
                try:
                    result = fn(event)
                    if result is not None:
                        await result
                except Exception as exc:  # isolation: log and go on with the next event
                    self.failures[name] = self.failures.get(name, 0) + 1
                    log.error(
                        "listener_failed",
                        listener=name,
                        game_id=event.game_id,
                        version=event.version,
                        error=repr(exc),
                    )

    async def publish(self, events: list[Any]) -> None:
        for event in events:
            for _, send in self._senders:
                await send.send(event)

    async def aclose(self) -> None:
        for _, send in self._senders:
            await send.aclose()
        self._senders.clear()
