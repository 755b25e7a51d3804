"""Rule subscriptions and the cascade.

Delivery order, fixed and documented: for one event, its subscribers run in the order they
were subscribed (a game's `handlers()` list first, then the core's). Events a handler emits
are applied at once and queued; the queue is drained first in, first out, until quiet. The
cascade is synchronous: rules are pure computation, so awaiting inside them would only add
scheduling points that could reorder nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[[Any, Any, Any], None]


class RuleBus:
    def __init__(self) -> None:
        self._subs: dict[str, list[Handler]] = {}

    def subscribe(self, event_type: str, handler: Handler) -> None:
        self._subs.setdefault(event_type, []).append(handler)

    def subscribers(self, event_type: str) -> list[Handler]:
        return self._subs.get(event_type, [])

    def run(self, ctx) -> None:
        """Drain ctx.queue; any exception propagates and the caller discards the command."""
        queue, table = ctx.queue, ctx.table
        while queue:
            version, ev = queue.popleft()
            for handler in self._subs.get(ev.type, ()):
                ctx.cause = version
                handler(ctx, table, ev)
