"""Copying whole games from another store into this one, as normal games.

The source is a store file (a simulation worker's part) or an open EventStore (e.g. an
in-memory sink of finished games). A file source is opened as a store, so a missing, empty or
foreign file is refused, and verified first (`verify=None` means: verify a file, trust an open
store the caller wrote itself). The games are copied in one transaction of the target: events
in their source order (their hashes do not depend on seq, so every chain stays valid), streams,
seeds, snapshots with their digests, rejected rows and counts. The target's store head takes
the copied events in that same transaction. A game id already in the target refuses the whole
copy, or with `skip_existing` is left out. The source is never changed or removed.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from store.errors import CorruptStore, StoreError
from store.verify import describe

if TYPE_CHECKING:
    from store.sqlite_store import EventStore

_EVENT_COLS = ("game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
               "command_id, prev_hash, hash, recorded_at")
_TABLES = (
    ("streams", "game_id, version, head_hash", "game_id"),
    ("seeds", "game_id, seed, seed_hash, revealed, salt", "game_id"),
    ("snapshots", "game_id, version, state, digest", "game_id, version"),
    ("rejected", "game_id, seat, command, rule_id, reason, recorded_at", "id"),
    ("rejected_counts", "game_id, kept, overflow", "game_id"),
)
_CHUNK = 500  # game ids per IN (...) list


def absorb(store: EventStore, source: str | os.PathLike | EventStore,
           game_ids: Iterable[str] | None = None, skip_existing: bool = False,
           verify: bool | None = None) -> list[str]:
    from store.sqlite_store import EventStore
    opened = not isinstance(source, EventStore)
    if opened:
        if os.path.abspath(os.fspath(source)) == os.path.abspath(store.path):
            raise StoreError(f"{os.fspath(source)}: a store cannot absorb itself")
        src = EventStore(source, create=False)
    else:
        src = source
    try:
        if opened if verify is None else verify:
            report = src.verify()
            if not report.ok:
                raise CorruptStore(f"{src.path}: does not verify, nothing absorbed: "
                                   f"{describe(report.first_bad)}")
        known = src.game_ids()
        wanted = known if game_ids is None else list(dict.fromkeys(game_ids))
        unknown = set(wanted) - set(known)
        if unknown:
            raise StoreError(f"game {sorted(unknown)[0]} is not in {src.path}; nothing absorbed")
        with store.transaction():
            present = _present(store, wanted)
            if present and not skip_existing:
                raise StoreError(f"game {present[0]} is in both {store.path} and {src.path}; "
                                 f"nothing absorbed")
            taken = set(present)
            ids = [g for g in wanted if g not in taken]
            for i in range(0, len(ids), _CHUNK):
                _copy(store, src, ids[i:i + _CHUNK])
        return ids
    finally:
        if opened:
            src.close()


def _present(store: EventStore, ids: list[str]) -> list[str]:
    out = []
    for i in range(0, len(ids), _CHUNK):
        chunk = ids[i:i + _CHUNK]
        marks = ",".join("?" * len(chunk))
        out += [g for (g,) in store.conn.execute(
            f"SELECT game_id FROM streams WHERE game_id IN ({marks}) UNION "
            f"SELECT game_id FROM seeds WHERE game_id IN ({marks})", chunk + chunk)]
        out += [g for g in chunk if g not in out and store.conn.execute(
            "SELECT 1 FROM events WHERE game_id=? LIMIT 1", (g,)).fetchone()]
    return sorted(set(out), key=ids.index)


def _copy(store: EventStore, src: EventStore, ids: list[str]) -> None:
    marks = ",".join("?" * len(ids))
    rows = src.conn.execute(f"SELECT {_EVENT_COLS} FROM events WHERE game_id IN ({marks}) "
                            f"ORDER BY seq", ids).fetchall()
    if rows:
        store.conn.executemany(f"INSERT INTO events ({_EVENT_COLS}) VALUES "
                               f"({','.join('?' * 13)})", rows)
        last = store.conn.execute("SELECT last_insert_rowid()").fetchone()[0]
        store._fold(last - len(rows) + 1, last, [r[11] for r in rows])
    for table, cols, order in _TABLES:
        got = src.conn.execute(f"SELECT {cols} FROM {table} WHERE game_id IN ({marks}) "
                               f"ORDER BY {order}", ids).fetchall()
        if got:
            store.conn.executemany(f"INSERT INTO {table} ({cols}) VALUES "
                                   f"({','.join('?' * (cols.count(',') + 1))})", got)
