"""Upcasters (invariant 8): old events are read through the chain of upcasters of their type
until they reach the schema the current code writes, so old games stay readable. An event of
a type the game renamed (`Ruleset.event_renames`) is first read under its new name, so a
stored game keeps replaying after a game renames an event or a command kind; the stored bytes,
and so their hashes, never change."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import msgspec

from engine.errors import EngineError
from store import StoredEvent

if TYPE_CHECKING:
    from engine.ruleset import Ruleset


def upcast(ruleset: Ruleset, ev: StoredEvent) -> StoredEvent:
    renames = ruleset.event_renames
    while ev.type in renames:  # (a circle of renames is refused when the ruleset class is made)
        step = ruleset.upcasters.get((ev.type, ev.schema))
        ev = msgspec.structs.replace(ev, type=renames[ev.type], data=step(ev.data) if step else ev.data)
    target = ruleset.event_schemas.get(ev.type, 1)
    while ev.schema < target:
        step = ruleset.upcasters.get((ev.type, ev.schema))
        if step is None:
            raise EngineError(
                f"{ruleset.name}: no upcaster for {ev.type} schema {ev.schema} "
                f"(event {ev.version} of {ev.game_id})"
            )
        ev = msgspec.structs.replace(ev, data=step(ev.data), schema=ev.schema + 1)
    return ev


def as_read_now(ruleset: Ruleset, events: Iterable[StoredEvent]) -> list[StoredEvent]:
    """Stored events as the current code reads them: upcast where the game has schemas or
    renames to apply (the list as it is otherwise, at no cost per event)."""
    events = list(events)
    if ruleset.event_schemas or ruleset.event_renames or any(ev.schema < 1 for ev in events):
        return [upcast(ruleset, ev) for ev in events]
    return events
