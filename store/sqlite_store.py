"""SQLite event store: WAL, BEGIN IMMEDIATE, optimistic concurrency per game stream.

The hot path (append, read) is plain sqlite3 with prepared statements; sqlite-utils only
creates and inspects the schema.
"""
from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import msgspec

from store import schema
from store.errors import CorruptStore, StoreError, VersionConflict
from store.hashing import GENESIS, row_hash
from store.records import NewEvent, StoredEvent

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder()
_COLS = ("seq, game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
         "command_id, prev_hash, hash, recorded_at")


class VerifyReport(msgspec.Struct):
    ok: bool
    games: int
    events: int
    first_bad: dict[str, Any] | None = None


class EventStore:
    """One database file. Writes are serialised by SQLite's write lock (BEGIN IMMEDIATE)."""

    def __init__(self, path: str, clock: Callable[[], float] = time.time):
        self.path = path
        self._clock = clock
        self._in_batch = False
        try:
            self.conn = sqlite3.connect(path, isolation_level=None, timeout=30.0,
                                        check_same_thread=False)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA busy_timeout=30000")
            self._check_or_create()
        except sqlite3.DatabaseError as exc:
            raise CorruptStore(f"{path}: not a readable Runeledger database ({exc})") from exc

    def _check_or_create(self) -> None:
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            schema.create(self.conn)  # idempotent (IF NOT EXISTS): safe if two processes race
            return
        if "meta" not in tables or "events" not in tables:
            raise CorruptStore(f"{self.path}: a SQLite file, but not a Runeledger store "
                               f"(tables: {sorted(tables)})")
        row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        found = int(row[0]) if row is not None and str(row[0]).isdigit() else None
        if found is None or found > schema.SCHEMA_VERSION:
            raise CorruptStore(f"{self.path}: store schema {row and row[0]} is not "
                               f"{schema.SCHEMA_VERSION} (or older, which is upgraded)")
        if found < schema.SCHEMA_VERSION:
            schema.migrate(self.conn, found)

    def close(self) -> None:
        self.conn.close()

    # -- transactions -------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT; nested use joins the outer transaction (group commit)."""
        if self._in_batch:
            yield
            return
        self.conn.execute("BEGIN IMMEDIATE")
        self._in_batch = True
        try:
            yield
        except BaseException:
            self._in_batch = False
            self.conn.execute("ROLLBACK")
            raise
        self._in_batch = False
        self.conn.execute("COMMIT")

    # -- streams ------------------------------------------------------------------------
    def version(self, game_id: str) -> int:
        row = self.conn.execute("SELECT version FROM streams WHERE game_id=?", (game_id,)).fetchone()
        return row[0] if row else 0

    def game_ids(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT game_id FROM streams ORDER BY rowid")]

    def append(self, game_id: str, expected_version: int,
               events: Iterable[NewEvent]) -> list[StoredEvent]:
        """Append atomically after `expected_version`; a stale version writes nothing."""
        with self.transaction():
            return self._append(game_id, expected_version, events)

    def append_many(self, batches: Iterable[tuple[str, int, list[NewEvent]]]) -> list[StoredEvent]:
        """Group commit: several games' commands in one transaction, all or nothing."""
        out: list[StoredEvent] = []
        with self.transaction():
            for game_id, expected, events in batches:
                out.extend(self._append(game_id, expected, events))
        return out

    def _append(self, game_id: str, expected: int, events: Iterable[NewEvent]) -> list[StoredEvent]:
        row = self.conn.execute("SELECT version, head_hash FROM streams WHERE game_id=?",
                                (game_id,)).fetchone()
        version, prev = row if row else (0, GENESIS)
        if version != expected:
            raise VersionConflict(game_id, expected, version)
        now = self._clock()
        rows, stored = [], []
        revealed = False
        for ev in events:
            version += 1
            raw = ev.raw if ev.raw is not None else _enc.encode(ev.data)
            data = raw.decode()
            vis = None if ev.vis is None else _enc.encode(ev.vis).decode()
            h = row_hash(prev, game_id, version, ev.type, ev.schema, data, vis, ev.actor, ev.rule,
                         ev.cause, ev.command_id, now)
            rows.append((game_id, version, ev.type, ev.schema, data, vis, ev.actor, ev.rule,
                         ev.cause, ev.command_id, prev, h, now))
            # a fresh decode: what the caller gets back shares nothing with live game state
            stored.append(StoredEvent(0, game_id, version, ev.type, ev.schema, _dec.decode(raw),
                                      ev.vis, ev.actor, ev.rule, ev.cause, ev.command_id, prev, h,
                                      now))
            revealed = revealed or ev.type == "seed.revealed"
            prev = h
        if not rows:
            return []
        self.conn.executemany(
            "INSERT INTO events (game_id, version, type, schema, data, visibility, actor, rule_id,"
            " cause, command_id, prev_hash, hash, recorded_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            rows)
        last = self.conn.execute("SELECT last_insert_rowid()").fetchone()[0]
        first = last - len(rows) + 1  # rowids are consecutive: we hold the write lock
        stored = [msgspec.structs.replace(ev, seq=first + i) for i, ev in enumerate(stored)]
        if row:
            self.conn.execute("UPDATE streams SET version=?, head_hash=? WHERE game_id=?",
                              (version, prev, game_id))
        else:
            self.conn.execute("INSERT INTO streams VALUES (?,?,?)", (game_id, version, prev))
        if revealed:  # same transaction as the event, batch or not
            self.conn.execute("UPDATE seeds SET revealed=1 WHERE game_id=?", (game_id,))
        return stored

    # -- reads --------------------------------------------------------------------------
    def read(self, game_id: str, first: int = 1, last: int | None = None) -> list[StoredEvent]:
        last = last if last is not None else 1 << 62
        cur = self.conn.execute(
            f"SELECT {_COLS} FROM events WHERE game_id=? AND version BETWEEN ? AND ? "
            "ORDER BY version", (game_id, first, last))
        return [_decode(r) for r in cur]

    def read_all(self, after_seq: int = 0, limit: int | None = None) -> list[StoredEvent]:
        cur = self.conn.execute(f"SELECT {_COLS} FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
                                (after_seq, -1 if limit is None else limit))
        return [_decode(r) for r in cur]

    def event(self, game_id: str, version: int) -> StoredEvent | None:
        got = self.read(game_id, version, version)
        return got[0] if got else None

    # -- snapshots and checkpoints ------------------------------------------------------
    def save_snapshot(self, game_id: str, version: int, state: bytes) -> None:
        with self.transaction():
            self.conn.execute("INSERT OR REPLACE INTO snapshots VALUES (?,?,?)",
                              (game_id, version, state))

    def load_snapshot(self, game_id: str, at_most: int) -> tuple[int, bytes] | None:
        return self.conn.execute(
            "SELECT version, state FROM snapshots WHERE game_id=? AND version<=? "
            "ORDER BY version DESC LIMIT 1", (game_id, at_most)).fetchone()

    def set_checkpoint(self, name: str, position: int) -> None:
        with self.transaction():
            self.conn.execute("INSERT OR REPLACE INTO checkpoints VALUES (?,?)", (name, position))

    def checkpoint(self, name: str) -> int:
        row = self.conn.execute("SELECT position FROM checkpoints WHERE name=?", (name,)).fetchone()
        return row[0] if row else 0

    # -- rejected commands and seeds ----------------------------------------------------
    def record_rejected(self, game_id: str, seat: int | None, command: Any, rule: str | None,
                        reason: str) -> None:
        with self.transaction():
            self.conn.execute(
                "INSERT INTO rejected (game_id, seat, command, rule_id, reason, recorded_at) "
                "VALUES (?,?,?,?,?,?)",
                (game_id, seat, _enc.encode(command).decode(), rule, reason, self._clock()))

    def rejected(self, game_id: str) -> list[dict[str, Any]]:
        cur = self.conn.execute("SELECT seat, command, rule_id, reason FROM rejected "
                                "WHERE game_id=? ORDER BY id", (game_id,))
        return [{"seat": s, "command": _dec.decode(c), "rule": r, "reason": why}
                for s, c, r, why in cur]

    def put_seed(self, game_id: str, seed: str, salt: str | None, published: str) -> None:
        """Keep the seed and salt apart from the events; only `published` is in the log."""
        with self.transaction():
            self.conn.execute("INSERT INTO seeds (game_id, seed, seed_hash, revealed, salt) "
                              "VALUES (?,?,?,0,?)", (game_id, seed, published, salt))

    def seed(self, game_id: str) -> str:
        return self.seed_record(game_id)[0]

    def seed_record(self, game_id: str) -> tuple[str, str | None, str, bool]:
        """(seed, salt, commitment as stored, revealed)."""
        row = self.conn.execute("SELECT seed, salt, seed_hash, revealed FROM seeds "
                                "WHERE game_id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"no seed stored for game {game_id}")
        return row[0], row[1], row[2], bool(row[3])

    # -- verification -------------------------------------------------------------------
    def verify(self) -> VerifyReport:
        """Recompute every game's chain from the stored bytes; name the first bad event."""
        games = events = 0
        prev_game, prev_hash, expect_version = None, GENESIS, 1
        cur = self.conn.execute(
            "SELECT game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
            "command_id, prev_hash, hash, recorded_at FROM events ORDER BY game_id, version")
        for (gid, ver, typ, sch, data, vis, actor, rule, cause, cmd, prev, h, at) in cur:
            if gid != prev_game:
                games += 1
                prev_game, prev_hash, expect_version = gid, GENESIS, 1
            events += 1
            problem = None
            if ver != expect_version:
                problem = f"version {ver} where {expect_version} was expected (missing event)"
            elif prev != prev_hash:
                problem = "prev_hash does not match the hash of the event before it"
            elif row_hash(prev, gid, ver, typ, sch, data, vis, actor, rule, cause, cmd, at) != h:
                problem = "content does not match its hash (row altered)"
            if problem:
                return VerifyReport(False, games, events,
                                    {"game_id": gid, "version": ver, "type": typ, "problem": problem})
            prev_hash, expect_version = h, ver + 1
        return VerifyReport(True, games, events)


def _decode(r: tuple) -> StoredEvent:
    try:
        data = _dec.decode(r[5])
        vis = None if r[6] is None else _dec.decode(r[6])
    except msgspec.DecodeError as exc:
        raise CorruptStore(f"game {r[1]} event {r[2]}: undecodable row ({exc})") from exc
    return StoredEvent(r[0], r[1], r[2], r[3], r[4], data, vis, r[7], r[8], r[9], r[10], r[11],
                       r[12], r[13])
