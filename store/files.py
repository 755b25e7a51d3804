"""Opening a store file: refuse what is not ours, create only when asked, never half-made.

- A missing file is created only with `create=True`; otherwise MissingStore, and nothing is
  written (an existing file is opened with SQLite's `mode=rw`, which never creates one).
- An existing file must be a Runeledger store. An empty (0-byte) file, a file that is not
  SQLite, a corrupt SQLite file or a foreign SQLite database is refused with CorruptStore before
  anything could write to it: no WAL switch, no tables, no -wal/-shm files left behind.
- A new store is built in a private temporary file next to the target and hard-linked into
  place (`os.link` fails if the name exists), so the name only ever shows a complete store.
  Two processes creating the same new file at once both succeed: the loser of the link race
  opens the winner's file. Where hard links are not supported the file is claimed with
  O_CREAT|O_EXCL and filled; another process opening it during those few milliseconds is
  refused (it sees an empty or short file), never handed a damaged one.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
from nturl2path import pathname2url
from urllib.parse import quote  # not urllib.request: it imports http.client and email (~25 ms)

from store import schema
from store.errors import CorruptStore, MissingStore, StoreError

SQLITE_MAGIC = b"SQLite format 3\x00"
MEMORY = (":memory:", "")


def open_store(path: str, create: bool) -> sqlite3.Connection:
    """A connection to a checked (and if need be upgraded) store at `path`."""
    if path in MEMORY:
        conn = _connect(path)
        schema.create(conn)
        return _tune(conn)
    if not os.path.lexists(path):
        if not create:
            raise MissingStore(
                f"{path}: no such store (nothing was created; `runeledger new` or `simulate` create one)"
            )
        _create_atomically(path)
    return _open_existing(path)


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    return sqlite3.connect(target, isolation_level=None, timeout=30.0, check_same_thread=False, uri=uri)


def _tune(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


def _sniff(path: str) -> None:
    """Look at the bytes before SQLite does (SQLite would adopt an empty file as a new db)."""
    if os.path.isdir(path):
        raise StoreError(f"{path}: is a directory, not a store file")
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"{path}: cannot read the store ({exc.strerror or exc})") from None
    if not head:
        raise CorruptStore(
            f"{path}: empty file (0 bytes), not a Runeledger store; refused and left untouched"
        )
    if head != SQLITE_MAGIC:
        raise CorruptStore(
            f"{path}: not a readable Runeledger database (not an SQLite file); refused and left untouched"
        )


def _path_url(path: str) -> str:
    """The path as the path part of a file: URI (what urllib.request.pathname2url gives)."""
    if os.name == "nt":
        return pathname2url(path)
    return quote(path)


def _open_existing(path: str) -> sqlite3.Connection:
    _sniff(path)
    uri = "file:" + _path_url(os.path.abspath(path)) + "?mode=rw"
    try:
        conn = _connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot open the store ({exc})") from None
    try:
        found = _check(conn, path)
        if found < schema.SCHEMA_VERSION:
            schema.migrate(conn, found)
        return _tune(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise CorruptStore(
            f"{path}: not a readable Runeledger database ({exc}); refused and left untouched"
        ) from None
    except BaseException:
        conn.close()
        raise


def _check(conn: sqlite3.Connection, path: str) -> int:
    """Read-only look at the schema; returns the store's schema version."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "meta" not in tables or "events" not in tables:
        raise CorruptStore(
            f"{path}: a SQLite file, but not a Runeledger store "
            f"(tables: {sorted(tables)[:12]}); refused and left untouched"
        )
    row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    found = int(row[0]) if row is not None and str(row[0]).isdigit() else None
    if found is None or found > schema.SCHEMA_VERSION:
        raise CorruptStore(
            f"{path}: store schema {row and row[0]} is not "
            f"{schema.SCHEMA_VERSION} (or older, which is upgraded)"
        )
    wanted = schema.TABLES + (schema.TABLES_4 if found >= 4 else ())
    missing = [t for t in wanted if t not in tables]
    if missing:
        raise CorruptStore(f"{path}: a damaged Runeledger store: tables {missing} are missing")
    return found


def _create_atomically(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise StoreError(f"{path}: cannot create the store: there is no folder {folder}")
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.{secrets.token_hex(4)}.new")
    try:
        conn = _connect(tmp)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            schema.create(conn)
        finally:
            conn.close()  # the last connection: SQLite folds the WAL back and removes it
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made it first: we open theirs
        except OSError:
            _claim_and_fill(tmp, path)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot create the store ({exc})") from None
    except PermissionError as exc:
        raise StoreError(f"{path}: cannot create the store ({exc.strerror})") from None
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp + suffix)


def _claim_and_fill(tmp: str, path: str) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        return
    with os.fdopen(fd, "wb") as out, open(tmp, "rb") as src:
        out.write(src.read())
        out.flush()
        os.fsync(out.fileno())
