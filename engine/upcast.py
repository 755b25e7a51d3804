"""Upcasters (invariant 8): old events are read through the chain of upcasters of their type
until they reach the schema the current code writes, so old games stay readable."""
from __future__ import annotations

import msgspec

from engine.errors import EngineError
from store import StoredEvent


def upcast(ruleset, ev: StoredEvent) -> StoredEvent:
    target = ruleset.event_schemas.get(ev.type, 1)
    while ev.schema < target:
        step = ruleset.upcasters.get((ev.type, ev.schema))
        if step is None:
            raise EngineError(f"{ruleset.name}: no upcaster for {ev.type} schema {ev.schema} "
                              f"(event {ev.version} of {ev.game_id})")
        ev = msgspec.structs.replace(ev, data=step(ev.data), schema=ev.schema + 1)
    return ev
