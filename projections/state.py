"""Rebuild a game's state at any event from the nearest snapshot at or below it.

Undo is an event (`undo.done`, to N): the state after it is the state at N, so a rebuild
that meets one jumps back, never deletes anything.

Only a snapshot whose digest binds its bytes to its event's hash is used (the store checks
that in `load_snapshot`); one that still does not decode is ignored too, and the state is
folded from event 1. Whether a bound snapshot is really the fold: engine/integrity.py.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import msgspec

from engine import registry
from engine.fold import fold_event
from engine.ruleset import Ruleset
from engine.stores import AnyStore
from engine.table import CORE_FOLD, Table, _chance
from engine.upcast import as_read_now, upcast
from store import NewEvent, StoredEvent
from store.errors import CorruptStore, StoreError

_mp_enc = msgspec.msgpack.Encoder()
_mp_dec = msgspec.msgpack.Decoder(Table)
_json = msgspec.json.Decoder()


def _data(game_id: str, row: tuple) -> dict:
    try:
        return _json.decode(row[3])
    except (msgspec.DecodeError, TypeError) as exc:
        raise CorruptStore(f"game {game_id} event {row[0]}: undecodable row ({exc})") from exc


def _new_table(game_id: str, d: dict[str, Any]) -> tuple[Ruleset, Table]:
    """The empty table a `game.created` payload describes (nothing folded yet)."""
    rs = registry.get(d["ruleset"])
    table = Table(
        game_id,
        d["ruleset"],
        d["version"],
        d["players"],
        dict(d["options"]),
        d["seed_hash"],
        d["analysis"],
        d["situation"] is not None,
    )
    mix = d.get("contributions")
    if mix is not None:  # a live game's fair chance (CORE-3C): the deal waits for these seats
        table.mix, table.awaiting = [], list(mix["awaited"])
    table.client_seed = d.get("client_seed")
    table.game = rs.new_state(table)
    return rs, table


def table_from_created(ev: StoredEvent) -> tuple[Ruleset, Table]:
    rs, t = _new_table(ev.game_id, ev.data)
    fold_event(rs, t, ev, ev.version)
    return rs, t


def encode(table: Table) -> bytes:
    return _mp_enc.encode(table)


def decode(ruleset, blob: bytes) -> Table:
    t = _mp_dec.decode(blob)
    t.game = msgspec.convert(t.game, ruleset.State, strict=False)
    return t


class StateReader:
    def __init__(self, store: AnyStore):
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
            # One read from event 1: the first event makes the table, then all are folded.
            rows = self.store.fold_rows(game_id, 1, n)
            first = rows.fetchone()
            if first is None:
                raise CorruptStore(
                    f"game {game_id}: its streams row counts {head} events but event 1 is not stored"
                )
            rs, table = _new_table(game_id, _data(game_id, first))
            return self._fold_rows(rs, table, game_id, chain((first,), rows), use_snapshots, False)
        return self.fold_range(rs, table, game_id, start, n, use_snapshots)

    def events(self, rs, game_id: str, first: int = 1, last: int | None = None):
        """Stored events as the current code reads them (upcast to today's schemas and names)."""
        return as_read_now(rs, self.store.read(game_id, first, last))

    def fold_range(
        self, rs, table: Table, game_id: str, start: int, n: int, use_snapshots: bool = True
    ) -> Table:
        return self._fold_rows(rs, table, game_id, self.store.fold_rows(game_id, start, n), use_snapshots)

    def _fold_rows(
        self, rs, table: Table, game_id: str, rows, use_snapshots: bool, upcasting: bool = True
    ) -> Table:
        """Fold stored rows (`EventStore.fold_rows`) into `table`: the same steps as
        `fold_event`, inlined, since this loop is the whole of a rebuild's own work. A core
        event is folded from its data alone; a game's own event reaches `apply` as the
        `NewEvent` the live cascade hands it. An event of an older schema is read whole and
        upcast (not for the first row of a rebuild from event 1, as before), as is an event of
        a type the game renamed, which reaches `apply` under its new name."""
        schemas = rs.event_schemas
        renamed = rs.event_renames
        apply = rs.apply
        core = CORE_FOLD.get
        dec = _json.decode
        for version, typ, schema, data, vis, actor, rule, cause, cid in rows:
            try:
                d = dec(data)
                if vis is not None:
                    vis = dec(vis)
            except (msgspec.DecodeError, TypeError) as exc:
                raise CorruptStore(f"game {game_id} event {version}: undecodable row ({exc})") from exc
            ev = None
            if upcasting and (schema < schemas.get(typ, 1) or typ in renamed):
                stored = self.store.event(game_id, version)
                if stored is None:  # the row was just read: only a store changed meanwhile
                    raise CorruptStore(f"game {game_id} event {version}: gone while it was read")
                ev = upcast(rs, stored)
                typ, d = ev.type, ev.data
            upcasting = True
            if typ == "undo.done":
                table = self.state_at(game_id, d["to"], use_snapshots)
                table.version = version
                continue
            table.version = version
            if "chance" in d:
                _chance(table, d)
            step = core(typ)
            if step is None:
                apply(table, ev if ev is not None else NewEvent(typ, d, vis, actor, rule, cause, cid, schema))
            else:
                step(table, d)
        return table
