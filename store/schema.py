"""Table layout. Created with sqlite-utils so the schema can be inspected the same way."""
import sqlite3

import sqlite_utils

SCHEMA_VERSION = 2  # 2: seeds.salt (salted commitments)

APPEND_ONLY_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only (DESIGN invariant 1)'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only (DESIGN invariant 1)'); END;
"""


def create(conn: sqlite3.Connection) -> None:
    db = sqlite_utils.Database(conn)
    db["meta"].create({"key": str, "value": str}, pk="key", if_not_exists=True)
    db["events"].create(
        {"seq": int, "game_id": str, "version": int, "type": str, "schema": int, "data": str,
         "visibility": str, "actor": int, "rule_id": str, "cause": int, "command_id": str,
         "prev_hash": str, "hash": str, "recorded_at": float},
        pk="seq", not_null={"game_id", "version", "type", "schema", "data", "prev_hash", "hash",
                            "recorded_at"},
        if_not_exists=True,
    )
    db["events"].create_index(["game_id", "version"], unique=True, if_not_exists=True)
    db["streams"].create(
        {"game_id": str, "version": int, "head_hash": str}, pk="game_id", if_not_exists=True)
    db["snapshots"].create(
        {"game_id": str, "version": int, "state": bytes}, pk=("game_id", "version"),
        if_not_exists=True)
    db["checkpoints"].create({"name": str, "position": int}, pk="name", if_not_exists=True)
    db["rejected"].create(
        {"id": int, "game_id": str, "seat": int, "command": str, "rule_id": str, "reason": str,
         "recorded_at": float}, pk="id", if_not_exists=True)
    db["seeds"].create(
        {"game_id": str, "seed": str, "seed_hash": str, "revealed": int, "salt": str}, pk="game_id",
        if_not_exists=True)
    conn.executescript(APPEND_ONLY_TRIGGERS)
    conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))


def migrate(conn: sqlite3.Connection, found: int) -> None:
    """Bring an older store up to SCHEMA_VERSION in place (one transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if found < 2:
            cols = {r[1] for r in conn.execute("PRAGMA table_info(seeds)")}
            if "salt" not in cols:
                conn.execute("ALTER TABLE seeds ADD COLUMN salt TEXT")
        conn.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(SCHEMA_VERSION),))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
