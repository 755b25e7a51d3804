"""Rebuild a game's state at any event from the nearest snapshot at or below it.

Undo is an event (`undo.done`, to N): the state after it is the state at N, so a rebuild
that meets one jumps back, never deletes anything.

Only a snapshot whose digest binds its bytes to its event's hash is used (the store checks
that in `load_snapshot`); one that still does not decode is ignored too, and the state is
folded from event 1. Whether a bound snapshot is really the fold: engine/integrity.py.
"""
from __future__ import annotations

import msgspec

from engine import registry
from engine.fold import fold_event
from engine.table import CORE_FOLD, Table, _chance
from engine.upcast import upcast
from store import EventStore, StoredEvent
from store.errors import StoreError

_mp_enc = msgspec.msgpack.Encoder()
_mp_dec = msgspec.msgpack.Decoder(Table)


def table_from_created(ev: StoredEvent) -> tuple[object, Table]:
    d = ev.data
    rs = registry.get(d["ruleset"])
    t = Table(ev.game_id, d["ruleset"], d["version"], d["players"], dict(d["options"]),
              d["seed_hash"], d["analysis"], d["situation"] is not None)
    t.game = rs.new_state(t)
    fold_event(rs, t, ev, ev.version)
    return rs, t


def encode(table: Table) -> bytes:
    return _mp_enc.encode(table)


def decode(ruleset, blob: bytes) -> Table:
    t = _mp_dec.decode(blob)
    t.game = msgspec.convert(t.game, ruleset.State, strict=False)
    return t


class StateReader:
    def __init__(self, store: EventStore):
        self.store = store

    def ruleset_of(self, game_id: str):
        first = self.store.event(game_id, 1)
        if first is None or first.type != "game.created":
            raise StoreError(f"no game {game_id!r} in {self.store.path}")
        return registry.get(first.data["ruleset"])

    def state_at(self, game_id: str, n: int | None = None, use_snapshots: bool = True) -> Table:
        head = self.store.version(game_id)
        if head == 0:
            raise StoreError(f"no game {game_id!r} in {self.store.path}")
        n = head if n is None else n
        if not 1 <= n <= head:
            raise StoreError(f"game {game_id} has events 1..{head}; there is no event {n}")
        snap = self.store.load_snapshot(game_id, n) if use_snapshots else None
        table = None
        if snap:
            rs = self.ruleset_of(game_id)
            try:
                table, start = decode(rs, snap[1]), snap[0] + 1
            except (msgspec.DecodeError, msgspec.ValidationError):
                table = None
        if table is None:
            # One read from event 1: the first event makes the table, the rest are folded.
            evs = self.store.read(game_id, 1, n)
            rs, table = table_from_created(evs[0])
            return self._fold(rs, table, game_id, evs, 1, use_snapshots)
        return self.fold_range(rs, table, game_id, start, n, use_snapshots)

    def events(self, rs, game_id: str, first: int = 1, last: int | None = None):
        """Stored events as the current code reads them (upcast to today's schemas)."""
        evs = self.store.read(game_id, first, last)
        schemas = rs.event_schemas
        if schemas or any(ev.schema < 1 for ev in evs):
            return [upcast(rs, ev) for ev in evs]
        return evs  # every event is already of the schema the code writes (1)

    def fold_range(self, rs, table: Table, game_id: str, start: int, n: int,
                   use_snapshots: bool = True) -> Table:
        return self._fold(rs, table, game_id, self.store.read(game_id, start, n), 0,
                          use_snapshots)

    def _fold(self, rs, table: Table, game_id: str, evs: list, skip: int,
              use_snapshots: bool) -> Table:
        """Fold stored events `evs[skip:]` (upcast on the way when they need it)."""
        schemas = rs.event_schemas
        apply = rs.apply
        core = CORE_FOLD.get
        for i in range(skip, len(evs)):
            ev = evs[i]
            typ = ev.type
            if ev.schema < schemas.get(typ, 1):
                ev = upcast(rs, ev)
            if typ == "undo.done":
                table = self.state_at(game_id, ev.data["to"], use_snapshots)
                table.version = ev.version
                continue
            # fold_event, inlined: this loop is the whole of a rebuild's own work
            table.version = ev.version
            d = ev.data
            if "chance" in d:
                _chance(table, d)
            step = core(typ)
            if step is None:
                apply(table, ev)
            else:
                step(table, d)
        return table
