"""SQLite event store: WAL, BEGIN IMMEDIATE, optimistic concurrency per game stream.

The hot path (append, read) is plain sqlite3 with prepared statements. Tamper evidence: each
game's events form a hash chain, and `meta.store_head` is a running hash over every event in
seq order, moved in the same transaction as the events (store/hashing.py). Opening files:
store/files.py; `verify`: store/verify.py; `absorb`: store/absorb.py.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import msgspec

from store import schema
from store.absorb import Source, absorb
from store.errors import CorruptStore, StoreError, VersionConflict
from store.files import MEMORY, open_store
from store.hashing import GENESIS, snapshot_digest, store_head_over
from store.records import NewEvent, StoredEvent
from store.rows import REJECTED_CAP, REJECTED_TEXT_MAX, Row, refusal
from store.rows import bounded as _bounded
from store.rows import command_text as _command_text
from store.rows import decode_row as _decode
from store.rows import event_rows as _rows
from store.rows import is_utf8 as _utf8
from store.rows import seat_value as _seat
from store.verify import VerifyReport, orphans, verify

__all__ = ["REJECTED_CAP", "REJECTED_TEXT_MAX", "EventStore", "VerifyReport"]

_enc = msgspec.json.Encoder()
_COLS = (
    "seq, game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
    "command_id, prev_hash, hash, recorded_at"
)
_BEGIN = "SELECT (SELECT value FROM meta WHERE key='store_head'), (SELECT max(seq) FROM events)"
_BEGIN_ONE = (
    "SELECT (SELECT value FROM meta WHERE key='store_head'), "
    "(SELECT max(seq) FROM events), s.rowid, s.version, s.head_hash "
    "FROM (SELECT 1) LEFT JOIN streams s ON s.game_id=?"
)
_STREAMS_OF = (
    "SELECT game_id, version, head_hash FROM streams WHERE game_id IN (SELECT value FROM json_each(?))"
)
_INSERT_SEQ = (
    "INSERT INTO events (seq, game_id, version, type, schema, data, visibility, actor,"
    " rule_id, cause, command_id, prev_hash, hash, recorded_at) "
    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
_UNREAD = object()
# What a connection knows after its own last append (see EventStore.__init__).
_Known = tuple[str | None, int, str, int, int]


class _Stale(Exception):
    """What this connection knew no longer holds: another connection wrote in between."""


class EventStore:
    """One database file. Writes are serialised by SQLite's write lock (BEGIN IMMEDIATE).

    `create=False` refuses a missing file (MissingStore) instead of creating it; read commands
    use that. ":memory:" is always created. See store/files.py for what is refused.
    """

    def __init__(
        self, path: str | os.PathLike[str], clock: Callable[[], float] = time.time, create: bool = True
    ):
        self.path = os.fspath(path)
        self._clock = clock
        self._in_batch = False
        # What this connection knows right after its own last `append` committed, valid while
        # its total_changes is unchanged: (meta value, head seq, head, max(seq), total_changes),
        # and the streams rows it wrote. The next `append` to such a game skips reading them;
        # every guess is checked by the writes themselves (explicit seqs, UPDATEs that match the
        # rows as known) and on any mismatch the append is rolled back and done the normal way.
        self._known: _Known | None = None
        self._streams: dict[str, tuple[int, str]] = {}
        self._head: list[Any] | None = None  # [covered seq, head, seq max at BEGIN, recorded value]
        self.conn = open_store(self.path, create)

    def close(self) -> None:
        self.conn.close()

    # -- transactions -------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT; nested use joins the outer transaction (group commit).

        The store head is read at BEGIN and written once at COMMIT. Events inserted in the
        transaction through this connection by other means than `append`/`absorb` (a raw
        INSERT ... SELECT) are folded in too when an append follows them, or when the
        transaction appends nothing; raw rows after the transaction's last append are not (that
        would cost a query per commit), nor rows already there uncovered at BEGIN: verify keeps
        reporting those.
        """
        if self._in_batch:
            yield
            return
        self.conn.execute("BEGIN IMMEDIATE")
        self._in_batch = True
        try:
            self._start(*self.conn.execute(_BEGIN).fetchone())
            yield
            self._seal()
        except BaseException:
            self._in_batch, self._head = False, None
            self.conn.execute("ROLLBACK")
            raise
        self._in_batch, self._head = False, None
        self.conn.execute("COMMIT")

    def _start(self, value: str | None, top: int | None) -> None:
        """The store head and max(seq) as read at BEGIN. `_top` is the newest seq known to
        this transaction while `total_changes` still equals `_tc` (nothing else was written
        through this connection since): the next event's seq is then `_top + 1` without
        asking SQLite (rowids are max + 1: no AUTOINCREMENT, no deletes, we hold the lock)."""
        seq, head = schema.decode_head(value) or (0, GENESIS)
        self._head = [seq, head, top or 0, value]
        self._top, self._tc = top or 0, self.conn.total_changes

    def _cover(self, upto: int, hashes: list[str] | None = None) -> None:
        """Fold rows (covered, upto] inserted in this transaction into the store head.
        `hashes`: the hashes of the rows the caller just inserted, ending at `upto`, in seq
        order; used instead of reading them back when they are exactly the rows to fold."""
        h = self._head
        assert h is not None  # inside a transaction
        start = max(h[0], h[2])
        if upto > start:
            if hashes is None or len(hashes) != upto - start:
                hashes = [
                    eh
                    for (eh,) in self.conn.execute(
                        "SELECT hash FROM events WHERE seq>? AND seq<=? ORDER BY seq", (start, upto)
                    )
                ]
            h[0], h[1] = upto, store_head_over(h[1], hashes)

    def _seal(self) -> _Known | None:
        """Write the store head at COMMIT; return what this connection then knows (see
        __init__), or None when rows were written through it by other means than `append`."""
        h = self._head
        assert h is not None  # inside a transaction
        if h[0] <= h[2]:  # nothing appended in this transaction: were rows inserted raw?
            top = self.conn.execute("SELECT max(seq) FROM events").fetchone()[0] or 0
            self._cover(top)
        clean = self.conn.total_changes == self._tc
        value = schema.encode_head(h[0], h[1])
        if value != h[3]:
            self.conn.execute("UPDATE meta SET value=? WHERE key='store_head'", (value,))
        return (value, h[0], h[1], self._top, self.conn.total_changes) if clean else None

    # -- streams ------------------------------------------------------------------------
    def version(self, game_id: str) -> int:
        row = self.conn.execute("SELECT version FROM streams WHERE game_id=?", (game_id,)).fetchone()
        return row[0] if row else 0

    def game_ids(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT game_id FROM streams ORDER BY rowid")]

    def game_summaries(
        self, limit: int | None = None
    ) -> Iterator[tuple[str, int, dict[str, Any], str, bool]]:
        """(game id, version, game.created data, type of the last event, seed revealed) per game,
        in creation order, read lazily: what a listing of the games needs, without any fold."""
        cur = self.conn.execute(
            "SELECT s.game_id, s.version, first.data, last.type, coalesce(sd.revealed, 0) "
            "FROM streams s JOIN events first ON first.game_id=s.game_id AND first.version=1 "
            "JOIN events last ON last.game_id=s.game_id AND last.version=s.version "
            "LEFT JOIN seeds sd ON sd.game_id=s.game_id ORDER BY s.rowid LIMIT ?",
            (-1 if limit is None else limit,),
        )
        return ((g, v, msgspec.json.decode(d), t, bool(r)) for g, v, d, t, r in cur)

    def game_ids_from(self, prefix: str) -> Iterator[str]:
        """Stored game ids that start with `prefix`, in order, read lazily off the key index."""
        cur = self.conn.execute(
            "SELECT game_id FROM streams WHERE game_id >= ? AND game_id < ? ORDER BY game_id",
            (prefix, prefix + "\U0010ffff"),
        )
        return (g for (g,) in cur)

    def command_span(self, game_id: str, command_id: str) -> tuple[int, int] | None:
        """First and last version of one command's events (its decision and cascade)."""
        row = self.conn.execute(
            "SELECT MIN(version), MAX(version) FROM events WHERE game_id=? AND command_id=?",
            (game_id, command_id),
        ).fetchone()
        return None if row[0] is None else (row[0], row[1])

    def append(
        self, game_id: str, expected_version: int, events: Iterable[NewEvent], returning: bool = True
    ) -> list[StoredEvent]:
        """Append atomically after `expected_version`; a stale version writes nothing.
        `returning=False` inside a transaction skips building the stored events."""
        if self._in_batch:
            return self._append(game_id, expected_version, events, returning)
        now = None
        known = self._known
        if known is not None and known[4] == self.conn.total_changes:
            cached = self._streams.get(game_id)
            if cached is not None and cached[0] == expected_version:
                events = events if isinstance(events, list) else list(events)
                now = self._clock()
                out = self._append_known(game_id, events, cached, known, now)
                if out is not None:
                    return out
        self._known = None
        # transaction(), inlined: the store head, max(seq) and this game's streams row are
        # read in one statement right after BEGIN IMMEDIATE (under the write lock)
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        self._in_batch = True
        try:
            value, top, there, version, prev = conn.execute(_BEGIN_ONE, (game_id,)).fetchone()
            self._start(value, top)
            out = self._append(
                game_id, expected_version, events, True, (version, prev) if there is not None else None, now
            )
            known = self._seal()
        except BaseException:
            self._in_batch, self._head = False, None
            conn.execute("ROLLBACK")
            raise
        self._in_batch, self._head = False, None
        conn.execute("COMMIT")
        if known is not None and out:
            self._remember(known, game_id, out[-1].version, out[-1].hash)
        return out

    def _remember(self, known: _Known, game_id: str, version: int, head: str) -> None:
        if len(self._streams) >= 4096:
            self._streams.clear()
        self._streams[game_id] = (version, head)
        self._known = known

    def _append_known(
        self, game_id: str, events: list[NewEvent], cached: tuple[int, str], known: _Known, now: float
    ) -> list[StoredEvent] | None:
        """`append` on what this connection knows (see __init__); None if that was stale
        (nothing written: the caller appends the normal way)."""
        conn = self.conn
        value, seq, head, top, _ = known
        conn.execute("BEGIN IMMEDIATE")
        self._in_batch, self._known = True, None
        try:
            rows: list[Row] = []
            out: list[StoredEvent] = []
            version, prev, revealed, acc = _rows(
                game_id, cached[0], cached[1], events, now, rows, out, head, top
            )
            if rows:
                # explicit seqs: a row someone else put there refuses the guess (primary key)
                conn.executemany(_INSERT_SEQ, rows)
                last = top + len(rows)
                if (
                    conn.execute(
                        "UPDATE streams SET version=?, head_hash=? WHERE game_id=? AND "
                        "version=? AND head_hash=?",
                        (version, prev, game_id, cached[0], cached[1]),
                    ).rowcount
                    != 1
                ):
                    raise _Stale
                if revealed:
                    conn.execute("UPDATE seeds SET revealed=1 WHERE game_id=?", (game_id,))
                new = schema.encode_head(last, acc)
                if (
                    conn.execute(
                        "UPDATE meta SET value=? WHERE key='store_head' AND value=?", (new, value)
                    ).rowcount
                    != 1
                ):
                    raise _Stale
                known = (new, last, acc, last, conn.total_changes)
        except (_Stale, sqlite3.IntegrityError):
            self._in_batch, self._head = False, None
            conn.execute("ROLLBACK")
            self._streams.clear()
            return None
        except BaseException:
            self._in_batch, self._head = False, None
            conn.execute("ROLLBACK")
            self._streams.clear()
            raise
        self._in_batch, self._head = False, None
        conn.execute("COMMIT")
        if out:
            self._remember(known, game_id, version, prev)
        else:
            self._known = (value, seq, head, top, conn.total_changes)
        return out

    def append_many(
        self, batches: Iterable[tuple[str, int, list[NewEvent]]], returning: bool = True
    ) -> list[StoredEvent]:
        """Group commit: several games' commands in one transaction, all or nothing.
        `returning=False` skips building the stored events (a simulation never reads them).

        The same rows as appending each command in turn, written with one streams read, one
        events executemany and one streams write for the whole group."""
        with self.transaction():
            return self._append_group(list(batches), returning)

    def _next_seq(self) -> int:
        """The seq the next inserted event gets (we hold the write lock)."""
        if self.conn.total_changes != self._tc:  # rows written here by other means
            self._top = self.conn.execute("SELECT max(seq) FROM events").fetchone()[0] or 0
        return self._top + 1

    def _append(
        self,
        game_id: str,
        expected: int,
        events: Iterable[NewEvent],
        returning: bool = True,
        row: Any = _UNREAD,
        now: float | None = None,
    ) -> list[StoredEvent]:
        conn = self.conn
        if row is _UNREAD:
            row = conn.execute(
                "SELECT version, head_hash FROM streams WHERE game_id=?", (game_id,)
            ).fetchone()
        version, prev = row if row else (0, GENESIS)
        if version != expected:
            raise VersionConflict(game_id, expected, version)
        now = self._clock() if now is None else now
        rows: list[Row] = []
        out: list[StoredEvent] | None = [] if returning else None
        first = self._next_seq()
        self._cover(first - 1)
        head = self._head
        assert head is not None  # inside a transaction
        version, prev, revealed, acc = _rows(
            game_id, version, prev, events, now, rows, out, head[1], first - 1
        )
        if not rows:
            return []
        conn.executemany(_INSERT_SEQ, rows)
        last = first + len(rows) - 1  # rowids are consecutive: we hold the write lock
        head[0], head[1] = last, acc
        if row:
            conn.execute(
                "UPDATE streams SET version=?, head_hash=? WHERE game_id=?", (version, prev, game_id)
            )
        else:
            conn.execute("INSERT INTO streams VALUES (?,?,?)", (game_id, version, prev))
        if revealed:  # same transaction as the event, batch or not
            conn.execute("UPDATE seeds SET revealed=1 WHERE game_id=?", (game_id,))
        self._top, self._tc = last, conn.total_changes
        return out if out is not None else []  # None exactly when not returning

    def _append_group(
        self, batches: list[tuple[str, int, list[NewEvent]]], returning: bool
    ) -> list[StoredEvent]:
        if len(batches) <= 1:
            return self._append(*batches[0], returning) if batches else []
        conn = self.conn
        ids = list(dict.fromkeys(b[0] for b in batches))
        # game id -> [version, head, had a streams row, changed]
        state: dict[str, list[Any]] = {g: [0, GENESIS, False, False] for g in ids}
        for g, v, hh in conn.execute(_STREAMS_OF, (_enc.encode(ids).decode(),)):
            state[g] = [v, hh, True, False]
        rows: list[Row] = []
        out: list[StoredEvent] | None = [] if returning else None
        revealed = []
        first = self._next_seq()
        self._cover(first - 1)
        head = self._head
        assert head is not None  # inside a transaction
        acc = head[1]
        for game_id, expected, events in batches:
            st = state[game_id]
            if st[0] != expected:
                raise VersionConflict(game_id, expected, st[0])
            now = self._clock()
            start = len(rows)
            version, prev, seed, acc = _rows(
                game_id, st[0], st[1], events, now, rows, out, acc, first - 1 + start
            )
            if seed:
                revealed.append((game_id,))
            if len(rows) > start:
                st[0], st[1], st[3] = version, prev, True
        if not rows:
            return []
        conn.executemany(_INSERT_SEQ, rows)
        last = first + len(rows) - 1
        head[0], head[1] = last, acc
        conn.executemany(
            "UPDATE streams SET version=?, head_hash=? WHERE game_id=?",
            [(st[0], st[1], g) for g, st in state.items() if st[3] and st[2]],
        )
        conn.executemany(
            "INSERT INTO streams VALUES (?,?,?)",
            [(g, st[0], st[1]) for g, st in state.items() if st[3] and not st[2]],
        )
        if revealed:
            conn.executemany("UPDATE seeds SET revealed=1 WHERE game_id=?", revealed)
        self._top, self._tc = last, conn.total_changes
        return out if out is not None else []  # None exactly when not returning

    # -- reads --------------------------------------------------------------------------
    def read(self, game_id: str, first: int = 1, last: int | None = None) -> list[StoredEvent]:
        last = last if last is not None else 1 << 62
        cur = self.conn.execute(
            f"SELECT {_COLS} FROM events WHERE game_id=? AND version BETWEEN ? AND ? ORDER BY version",
            (game_id, first, last),
        )
        return [_decode(r) for r in cur]

    def fold_rows(self, game_id: str, first: int = 1, last: int | None = None) -> sqlite3.Cursor:
        """What a fold reads of events first..last, in version order, undecoded: (version, type,
        schema, data, visibility, actor, rule_id, cause, command_id) rows, the fields of the
        `NewEvent` the live cascade folds. A rebuild reads 9 of the 14 columns: not the hashes,
        seq or time (verify reads those), so each row makes fewer Python objects."""
        last = last if last is not None else 1 << 62
        return self.conn.execute(
            "SELECT version, type, schema, data, visibility, actor, rule_id, cause, command_id "
            "FROM events WHERE game_id=? AND version BETWEEN ? AND ? ORDER BY version",
            (game_id, first, last),
        )

    def read_all(self, after_seq: int = 0, limit: int | None = None) -> list[StoredEvent]:
        cur = self.conn.execute(
            f"SELECT {_COLS} FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
            (after_seq, -1 if limit is None else limit),
        )
        return [_decode(r) for r in cur]

    def event(self, game_id: str, version: int) -> StoredEvent | None:
        got = self.read(game_id, version, version)
        return got[0] if got else None

    # -- snapshots and checkpoints ------------------------------------------------------
    def save_snapshot(self, game_id: str, version: int, state: bytes) -> None:
        """Keep `state` (the fold at `version`) with a digest binding it to that event's hash."""
        with self.transaction():
            row = self.conn.execute(
                "SELECT hash FROM events WHERE game_id=? AND version=?", (game_id, version)
            ).fetchone()
            if row is None:
                raise StoreError(f"no event {version} in game {game_id}: a snapshot sits on an event")
            self.conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, version, state, digest) VALUES (?,?,?,?)",
                (game_id, version, state, snapshot_digest(row[0], state)),
            )

    def load_snapshot(self, game_id: str, at_most: int) -> tuple[int, bytes] | None:
        """The newest snapshot at or below `at_most` whose digest matches its bytes and the
        hash of its event; others (altered, pre-digest, events rewritten) are passed over."""
        cur = self.conn.execute(
            "SELECT s.version, s.state, s.digest, e.hash FROM snapshots s JOIN events e "
            "ON e.game_id=s.game_id AND e.version=s.version WHERE s.game_id=? AND s.version<=? "
            "ORDER BY s.version DESC",
            (game_id, at_most),
        )
        for version, state, digest, ev_hash in cur:
            if (
                isinstance(state, bytes)
                and isinstance(digest, str)
                and isinstance(ev_hash, str)
                and secrets.compare_digest(snapshot_digest(ev_hash, state), digest)
            ):
                return version, state
        return None

    def set_checkpoint(self, name: str, position: int) -> None:
        with self.transaction():
            self.conn.execute("INSERT OR REPLACE INTO checkpoints VALUES (?,?)", (name, position))

    def checkpoint(self, name: str) -> int:
        row = self.conn.execute("SELECT position FROM checkpoints WHERE name=?", (name,)).fetchone()
        return row[0] if row else 0

    # -- rejected commands --------------------------------------------------------------
    def record_rejected(
        self, game_id: str, seat: int | None, command: Any, rule: str | None, reason: str
    ) -> bool:
        """Note a refused command; True if a row was stored. Nothing for a game that does not
        exist; beyond REJECTED_CAP rows per game only the count grows. Text is bounded."""
        if not isinstance(game_id, str) or not _utf8(game_id):
            return False
        with self.transaction():
            if self.conn.execute("SELECT 1 FROM streams WHERE game_id=?", (game_id,)).fetchone() is None:
                return False
            row = self.conn.execute("SELECT kept FROM rejected_counts WHERE game_id=?", (game_id,)).fetchone()
            kept = row[0] if row else 0
            if kept >= REJECTED_CAP:
                self.conn.execute(
                    "UPDATE rejected_counts SET overflow=overflow+1 WHERE game_id=?", (game_id,)
                )
                return False
            self.conn.execute(
                "INSERT INTO rejected (game_id, seat, command, rule_id, reason, recorded_at) "
                "VALUES (?,?,?,?,?,?)",
                (
                    game_id,
                    _seat(seat),
                    _command_text(command),
                    _bounded(rule, 200),
                    _bounded(reason, REJECTED_TEXT_MAX),
                    self._clock(),
                ),
            )
            self.conn.execute(
                "INSERT INTO rejected_counts VALUES (?,1,0) ON CONFLICT(game_id) DO UPDATE SET kept=kept+1",
                (game_id,),
            )
            return True

    def rejected(self, game_id: str) -> list[dict[str, Any]]:
        cur = self.conn.execute(
            "SELECT seat, command, rule_id, reason FROM rejected WHERE game_id=? ORDER BY id", (game_id,)
        )
        return [refusal(*r) for r in cur]

    def rejected_overflow(self, game_id: str) -> int:
        """Refusals of this game not stored because it already had REJECTED_CAP rows."""
        row = self.conn.execute("SELECT overflow FROM rejected_counts WHERE game_id=?", (game_id,)).fetchone()
        return row[0] if row else 0

    # -- seeds --------------------------------------------------------------------------
    def put_seed(self, game_id: str, seed: str, salt: str | None, published: str) -> None:
        """Keep the seed and salt apart from the events; only `published` is in the log."""
        with self.transaction():
            self.conn.execute(
                "INSERT INTO seeds (game_id, seed, seed_hash, revealed, salt) VALUES (?,?,?,0,?)",
                (game_id, seed, published, salt),
            )

    def seed(self, game_id: str) -> str:
        return self.seed_record(game_id)[0]

    def seed_record(self, game_id: str) -> tuple[str, str | None, str, bool]:
        """(seed, salt, commitment as stored, revealed)."""
        row = self.conn.execute(
            "SELECT seed, salt, seed_hash, revealed FROM seeds WHERE game_id=?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no seed stored for game {game_id}")
        return row[0], row[1], row[2], bool(row[3])

    # -- seat tokens (the live table) ----------------------------------------------------
    def put_seat_tokens(self, game_id: str, rows: list[tuple[str, str, str | None]]) -> None:
        """Store a game's seat token hashes, (seat, hash, bot) each; called inside the
        transaction that creates the game, so the game and its seats commit together."""
        with self.transaction():
            self.conn.executemany(
                "INSERT INTO seat_tokens (game_id, seat, hash, bot) VALUES (?,?,?,?)",
                [(game_id, *r) for r in rows],
            )

    def seat_tokens(self, game_id: str) -> list[tuple[str, str, str | None]]:
        """(seat, hash, bot) of each token of `game_id`, in seat order as stored."""
        return self.conn.execute(
            "SELECT seat, hash, bot FROM seat_tokens WHERE game_id=? ORDER BY rowid", (game_id,)
        ).fetchall()

    def games_with_seats(self) -> set[str]:
        """The games that have seat tokens (made by the live table)."""
        return {r[0] for r in self.conn.execute("SELECT DISTINCT game_id FROM seat_tokens")}

    # -- integrity ----------------------------------------------------------------------
    def store_head(self) -> tuple[int, str]:
        """(seq, head) as recorded in meta: the running hash over events 1..seq."""
        row = self.conn.execute("SELECT value FROM meta WHERE key='store_head'").fetchone()
        got = schema.decode_head(row[0] if row else None)
        if got is None:
            raise CorruptStore(f"{self.path}: the store head in meta is missing or unreadable")
        return got

    def verify(self) -> VerifyReport:
        """Recompute every chain, the streams heads, seeds, snapshot digests, the store head
        and the triggers; list every fault (store/verify.py)."""
        report = verify(self.conn)
        lost = orphans(self.game_ids(), self.games_with_seats(), self.legacy_seat_games())
        if lost:
            report.faults = report.faults + lost
            report.ok, report.first_bad = False, report.faults[0]
        return report

    def legacy_seat_games(self) -> set[str] | None:
        """The game ids in the side file `FILE.seats` where an older live table kept its seat
        tokens, or None when there is no such file (read only, never changed)."""
        side = f"{self.path}.seats"
        if self.path in MEMORY or not os.path.isfile(side):
            return None
        try:
            with contextlib.closing(sqlite3.connect(f"file:{side}?mode=ro", uri=True)) as c:
                return {r[0] for r in c.execute("SELECT DISTINCT game_id FROM seat_token")}
        except sqlite3.Error:
            return set()

    def absorb(
        self,
        source: Source,
        game_ids: Iterable[str] | None = None,
        skip_existing: bool = False,
        verify: bool | None = None,
    ) -> list[str]:
        """Copy whole games (all, or `game_ids`) of another store file or open store (an
        EventStore or a MemoryStore) into this one in one transaction, a file verified first;
        returns the ids copied (store/absorb.py)."""
        return absorb(self, source, self._open_source, game_ids, skip_existing, verify)

    def _open_source(self, path: str | os.PathLike[str]) -> EventStore:
        """A store file to absorb, opened by this store's own class; a missing file is refused."""
        return type(self)(path, create=False)
