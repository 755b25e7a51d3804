"""Copying whole games from another store into this one, as normal games.

The source is a store file (a simulation worker's part), an open EventStore, or a MemoryStore
(a simulation's sink of finished games, store/memory_store.py). A file source is opened as a
store, so a missing, empty or foreign file is refused, and verified first (`verify=None`
means: verify a file, trust an open store the caller wrote itself). The games are copied in one transaction of the target: events
in their source order (their hashes do not depend on seq, so every chain stays valid), streams,
seeds, snapshots with their digests, rejected rows and counts. The target's store head takes
the copied events in that same transaction. A game id already in the target refuses the whole
copy, or with `skip_existing` is left out. The source is never changed or removed.

Why SQL and not Python rows: an SQLite source is attached to the target's connection (a file
by its path, an in-memory store as a serialized copy) and copied with INSERT ... SELECT, about
four times faster than fetching and re-binding every row. A MemoryStore's rows (their hashes
built on the way out) go in with executemany: the same rows, in the same order, in the same
single transaction; simulations store all games this way.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import Protocol, runtime_checkable

from store.errors import CorruptStore, StoreError
from store.files import MEMORY
from store.rows import Row
from store.verify import VerifyReport, describe

_EVENT_COLS = (
    "game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
    "command_id, prev_hash, hash, recorded_at"
)
_TABLES = (
    ("streams", "game_id, version, head_hash", "rowid"),
    ("seeds", "game_id, seed, seed_hash, revealed, salt", "rowid"),
    ("snapshots", "game_id, version, state, digest", "game_id, version"),
    ("rejected", "game_id, seat, command, rule_id, reason, recorded_at", "id"),
    ("rejected_counts", "game_id, kept, overflow", "game_id"),
    ("seat_tokens", "game_id, seat, hash, bot", "rowid"),
)


# What absorb needs of the stores, named here so that this module imports neither store class:
# EventStore (store/sqlite_store.py) imports absorb, and MemoryStore (store/memory_store.py)
# imports EventStore for its verify; an import back would close a circle.
class SqlSource(Protocol):
    """An open SQLite store read as a source (an EventStore)."""

    path: str
    conn: sqlite3.Connection
    _in_batch: bool

    def verify(self) -> VerifyReport: ...
    def game_ids(self) -> list[str]: ...
    def close(self) -> None: ...


class Target(SqlSource, Protocol):
    """The store the games are copied into (an EventStore): its connection, its transaction and
    the store head's bookkeeping inside that transaction."""

    def transaction(self) -> AbstractContextManager[None]: ...
    def _cover(self, upto: int, hashes: list[str] | None = None) -> None: ...
    def _next_seq(self) -> int: ...


@runtime_checkable
class RowSource(Protocol):
    """A store whose rows are read in Python and bound with executemany (a MemoryStore).
    Runtime-checkable: absorb tells it from an SQLite source by these methods."""

    path: str
    _in_batch: bool

    def verify(self) -> VerifyReport: ...
    def game_ids(self) -> list[str]: ...
    def stored_rows(self, game_ids: Iterable[str] | None = None) -> list[Row]: ...
    def stream_rows(self) -> list[Row]: ...
    def seed_rows(self) -> list[Row]: ...
    def snapshot_rows(self) -> list[Row]: ...
    def rejected_rows(self) -> list[Row]: ...
    def rejected_count_rows(self) -> list[Row]: ...
    def seat_token_rows(self) -> list[Row]: ...


Source = str | os.PathLike[str] | SqlSource | RowSource


def absorb(
    store: Target,
    source: Source,
    open_source: Callable[[str | os.PathLike[str]], SqlSource],
    game_ids: Iterable[str] | None = None,
    skip_existing: bool = False,
    verify: bool | None = None,
) -> list[str]:
    """EventStore.absorb (see there and this module's docstring); `open_source` opens a store
    file as a source, refusing a missing one (the target's own class, with create=False)."""
    if store._in_batch:
        raise StoreError("absorb cannot run inside a transaction (SQLite cannot attach there)")
    if source is store:
        raise StoreError(f"{store.path}: a store cannot absorb itself")
    src: SqlSource | RowSource
    opened: SqlSource | None = None  # a store file this call opened, and closes
    if isinstance(source, (str, bytes, os.PathLike)):  # else an open store (either kind)
        if os.path.abspath(os.fspath(source)) == os.path.abspath(store.path):
            raise StoreError(f"{store.path}: a store cannot absorb itself")
        src = opened = open_source(source)
    else:
        src = source
    try:
        if src._in_batch:
            raise StoreError(f"{src.path}: the source is inside a transaction")
        if opened is not None if verify is None else verify:
            report = src.verify()
            if not report.ok:
                raise CorruptStore(
                    f"{src.path}: does not verify, nothing absorbed: {describe(report.first_bad or {})}"
                )
        known = src.game_ids()
        wanted = known if game_ids is None else list(dict.fromkeys(game_ids))
        unknown = set(wanted) - set(known)
        if unknown:
            raise StoreError(f"game {sorted(unknown)[0]} is not in {src.path}; nothing absorbed")
        if not wanted:
            return []
        if isinstance(src, RowSource):  # a MemoryStore
            return _copy_rows(store, src, wanted, skip_existing)
        _attach(store, src)
        try:
            return _copy(store, src, wanted, skip_existing)
        finally:
            store.conn.execute("DETACH DATABASE absorb_src")
    finally:
        if opened is not None:
            opened.close()


def _attach(store: Target, src: SqlSource) -> None:
    conn = store.conn
    if src.path in MEMORY:
        conn.execute("ATTACH DATABASE ':memory:' AS absorb_src")
        conn.deserialize(src.conn.serialize(), name="absorb_src")
    else:
        conn.execute("ATTACH DATABASE ? AS absorb_src", (src.path,))


def _pick(store: Target, src: SqlSource | RowSource, wanted: list[str], skip: bool) -> None:
    """Put the ids to copy into temp.absorb_ids (in the target's open transaction): the wanted
    ones less those already in the target, or refuse the whole copy."""
    conn = store.conn
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS absorb_ids (game_id TEXT PRIMARY KEY, pos INTEGER)")
    conn.execute("DELETE FROM temp.absorb_ids")
    conn.executemany("INSERT INTO temp.absorb_ids VALUES (?,?)", [(g, i) for i, g in enumerate(wanted)])
    present = [
        g
        for (g,) in conn.execute(
            "SELECT game_id FROM temp.absorb_ids i WHERE EXISTS (SELECT 1 FROM main.streams s "
            "WHERE s.game_id=i.game_id) OR EXISTS (SELECT 1 FROM main.seeds s WHERE "
            "s.game_id=i.game_id) OR EXISTS (SELECT 1 FROM main.events e WHERE "
            "e.game_id=i.game_id) ORDER BY pos"
        )
    ]
    if present and not skip:
        raise StoreError(f"game {present[0]} is in both {store.path} and {src.path}; nothing absorbed")
    conn.executemany("DELETE FROM temp.absorb_ids WHERE game_id=?", [(g,) for g in present])


def _picked(store: Target) -> list[str]:
    conn = store.conn
    ids = [g for (g,) in conn.execute("SELECT game_id FROM temp.absorb_ids ORDER BY pos")]
    conn.execute("DELETE FROM temp.absorb_ids")
    return ids


def _copy(store: Target, src: SqlSource, wanted: list[str], skip: bool) -> list[str]:
    conn = store.conn
    with store.transaction():
        _pick(store, src, wanted, skip)
        pick = "WHERE game_id IN (SELECT game_id FROM temp.absorb_ids)"
        conn.execute(
            f"INSERT INTO main.events ({_EVENT_COLS}) SELECT {_EVENT_COLS} FROM "
            f"absorb_src.events {pick} ORDER BY seq"
        )
        store._cover(conn.execute("SELECT max(seq) FROM main.events").fetchone()[0] or 0)
        for table, cols, order in _TABLES:
            conn.execute(
                f"INSERT INTO main.{table} ({cols}) SELECT {cols} FROM "
                f"absorb_src.{table} {pick} ORDER BY {order}"
            )
        return _picked(store)


def _copy_rows(store: Target, src: RowSource, wanted: list[str], skip: bool) -> list[str]:
    """`_copy` for a MemoryStore source: its rows, each table in the order `_copy` reads the
    same table of an SQLite source, bound with executemany."""
    conn = store.conn
    # The rows (each event's row hash) are built before the target's write lock is taken:
    # two simulation workers then hash in parallel and hold the lock only to insert.
    built = src.stored_rows(wanted)
    with store.transaction():
        _pick(store, src, wanted, skip)
        ids = _picked(store)
        keep = set(ids)
        rows = built if len(ids) == len(wanted) else [r for r in built if r[1] in keep]
        first = store._next_seq()
        # ?2..?14: the row's columns after its seq (the target numbers the events itself)
        conn.executemany(
            f"INSERT INTO main.events ({_EVENT_COLS}) VALUES ({','.join(f'?{i}' for i in range(2, 15))})",
            rows,
        )
        store._cover(first - 1 + len(rows), [r[12] for r in rows])
        for (table, cols, _), rows in zip(
            _TABLES,
            (
                src.stream_rows(),
                src.seed_rows(),
                src.snapshot_rows(),
                src.rejected_rows(),
                src.rejected_count_rows(),
                src.seat_token_rows(),
            ),
            strict=True,
        ):
            conn.executemany(
                f"INSERT INTO main.{table} ({cols}) VALUES ({','.join('?' * len(cols.split(',')))})",
                [r for r in rows if r[0] in keep],
            )
    return ids
