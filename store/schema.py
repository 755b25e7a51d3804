"""Table layout, and the upgrade of older stores in place.

Plain SQL (the same layout sqlite-utils made up to schema 2), run in one transaction so a new
store is built whole or not at all.

Schema history: 1 the first layout; 2 seeds.salt (salted commitments); 3 the store head
(`meta` key `store_head`), snapshots.digest, rejected_counts and an index on rejected.game_id;
4 seat_tokens (the live table's token hashes, written in the transaction that creates the game,
so a game never exists without its seats; before, they lived in a side file `FILE.seats`).
"""

from __future__ import annotations

import re
import sqlite3

from store.hashing import GENESIS, store_step

SCHEMA_VERSION = 4

# The append-only guard (DESIGN invariant 1). `verify` checks both exist with exactly this SQL.
TRIGGERS = {
    "events_no_update": "CREATE TRIGGER events_no_update BEFORE UPDATE ON events\n"
    "BEGIN SELECT RAISE(ABORT, 'events are append-only (DESIGN invariant 1)'); END",
    "events_no_delete": "CREATE TRIGGER events_no_delete BEFORE DELETE ON events\n"
    "BEGIN SELECT RAISE(ABORT, 'events are append-only (DESIGN invariant 1)'); END",
}
TABLES = ("meta", "events", "streams", "snapshots", "checkpoints", "rejected", "seeds")
TABLES_4 = ("seat_tokens",)  # required from schema 4 on (an older store gets it by migration)

_DDL = """
CREATE TABLE IF NOT EXISTS "meta" ("key" TEXT PRIMARY KEY, "value" TEXT);
CREATE TABLE IF NOT EXISTS "events" (
   "seq" INTEGER PRIMARY KEY, "game_id" TEXT NOT NULL, "version" INTEGER NOT NULL,
   "type" TEXT NOT NULL, "schema" INTEGER NOT NULL, "data" TEXT NOT NULL, "visibility" TEXT,
   "actor" INTEGER, "rule_id" TEXT, "cause" INTEGER, "command_id" TEXT,
   "prev_hash" TEXT NOT NULL, "hash" TEXT NOT NULL, "recorded_at" REAL NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS "idx_events_game_id_version" ON "events" ("game_id", "version");
CREATE TABLE IF NOT EXISTS "streams" ("game_id" TEXT PRIMARY KEY, "version" INTEGER,
   "head_hash" TEXT);
CREATE TABLE IF NOT EXISTS "snapshots" ("game_id" TEXT, "version" INTEGER, "state" BLOB,
   "digest" TEXT, PRIMARY KEY ("game_id", "version"));
CREATE TABLE IF NOT EXISTS "checkpoints" ("name" TEXT PRIMARY KEY, "position" INTEGER);
CREATE TABLE IF NOT EXISTS "rejected" ("id" INTEGER PRIMARY KEY, "game_id" TEXT, "seat" INTEGER,
   "command" TEXT, "rule_id" TEXT, "reason" TEXT, "recorded_at" REAL);
CREATE TABLE IF NOT EXISTS "seeds" ("game_id" TEXT PRIMARY KEY, "seed" TEXT, "seed_hash" TEXT,
   "revealed" INTEGER, "salt" TEXT);
"""
# Added by schema 3 (also run by the migration).
_DDL_3 = """
CREATE INDEX IF NOT EXISTS "idx_rejected_game_id" ON "rejected" ("game_id");
CREATE TABLE IF NOT EXISTS "rejected_counts" ("game_id" TEXT PRIMARY KEY,
   "kept" INTEGER NOT NULL, "overflow" INTEGER NOT NULL);
"""
# Added by schema 4 (also run by the migration): seat token hashes beside their game.
_DDL_4 = """
CREATE TABLE IF NOT EXISTS "seat_tokens" ("game_id" TEXT NOT NULL, "seat" TEXT NOT NULL,
   "hash" TEXT NOT NULL, "bot" TEXT, PRIMARY KEY ("game_id", "seat"));
"""


def create(conn: sqlite3.Connection) -> None:
    """Build an empty store in one transaction (the connection is in autocommit mode)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for stmt in _statements(_DDL + _DDL_3 + _DDL_4):
            conn.execute(stmt)
        for sql in TRIGGERS.values():
            conn.execute(sql)
        conn.execute(
            "INSERT INTO meta VALUES ('schema_version', ?), ('store_head', ?)",
            (str(SCHEMA_VERSION), encode_head(0, GENESIS)),
        )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def migrate(conn: sqlite3.Connection, found: int) -> None:
    """Bring an older store up to SCHEMA_VERSION in place, in one transaction. Safe when two
    processes open the same old store at once: the version is read again under the lock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        found = int(row[0]) if row and str(row[0]).isdigit() else found
        if found < 2 and "salt" not in _columns(conn, "seeds"):
            conn.execute("ALTER TABLE seeds ADD COLUMN salt TEXT")
        if found < 3:
            _migrate_3(conn)
        if found < 4:
            for stmt in _statements(_DDL_4):
                conn.execute(stmt)
        conn.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(SCHEMA_VERSION),))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _migrate_3(conn: sqlite3.Connection) -> None:
    """Old snapshots get no digest (NULL): state_at ignores them rather than trust bytes nobody
    bound to the chain. Rejected rows already stored are kept and counted; the store head is
    computed once over the events as they are now (there was nothing to check it against)."""
    if "digest" not in _columns(conn, "snapshots"):
        conn.execute("ALTER TABLE snapshots ADD COLUMN digest TEXT")
    for stmt in _statements(_DDL_3):
        conn.execute(stmt)
    conn.execute(
        "INSERT OR IGNORE INTO rejected_counts SELECT game_id, count(*), 0 FROM rejected "
        "WHERE game_id IS NOT NULL GROUP BY game_id"
    )
    head, seq = GENESIS, 0
    for row_seq, h in conn.execute("SELECT seq, hash FROM events ORDER BY seq"):
        head, seq = store_step(head, h), row_seq
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('store_head', ?)", (encode_head(seq, head),))


def encode_head(seq: int, head: str) -> str:
    """`meta.store_head` is "<seq>:<hex>": the running hash over events 1..seq."""
    return f"{seq}:{head}"


def decode_head(value: object) -> tuple[int, str] | None:
    if not isinstance(value, str):
        return None
    m = re.fullmatch(r"(\d+):([0-9a-f]{64})", value)
    return (int(m.group(1)), m.group(2)) if m else None


def normalise_sql(sql: str | None) -> str:
    return " ".join((sql or "").split())


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
