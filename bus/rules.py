"""Rule subscriptions and the cascade.

Delivery order, fixed and documented: for one event, its subscribers run in the order they
were subscribed (a game's `handlers()` list first, then the core's). Events a handler emits
are applied at once and queued; the queue is drained first in, first out, until quiet. The
cascade is synchronous: rules are pure computation, so awaiting inside them would only add
scheduling points that could reorder nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from store.records import NewEvent

Handler = Callable[[Any, Any, Any], None]


class Cascade(Protocol):
    """What the cascade reads and moves on a command's context (engine/context.py's Context,
    which the bus does not import: the engine imports the bus)."""

    events: list[NewEvent]
    table: Any
    drained: int
    cause: int | None
    _base: int


class RuleBus:
    def __init__(self) -> None:
        self._subs: dict[str, list[Handler]] = {}

    def subscribe(self, event_type: str, handler: Handler) -> None:
        self._subs.setdefault(event_type, []).append(handler)

    def subscribers(self, event_type: str) -> list[Handler]:
        return self._subs.get(event_type, [])

    def run(self, ctx: Cascade) -> None:
        """Hand each event of ctx.events not yet handled to its subscribers, in order, until
        no new event is emitted; any exception propagates and the caller discards the command.
        ctx.events is the FIFO queue (emitted events are appended to it); ctx.cause is the
        version of the event being handled (events[i] has version base + i + 1)."""
        events, table, subs = ctx.events, ctx.table, self._subs
        base = ctx._base + 1
        i = ctx.drained
        while i < len(events):
            ev = events[i]
            handlers = subs.get(ev.type)
            if handlers:
                ctx.cause = base + i
                for handler in handlers:
                    handler(ctx, table, ev)
            i += 1
        ctx.drained = i
