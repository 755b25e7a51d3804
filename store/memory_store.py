"""An event store in plain Python objects, for games played in memory (simulations, replay,
disputes): the public behaviour of EventStore without SQL, files or the cost of inserting rows.

The same bytes: rows are made by `store.rows.event_rows`, the code EventStore appends with, so
every prev_hash, hash, recorded_at, seq and the store head equal what EventStore gives for the
same appends. They are made lazily: an append keeps the command (its events, their payload
bytes, its time and the version it follows) and the rows with their hashes are built, in append
order, when something first needs them (a read, a returned append, a snapshot, the store head,
verify, an absorb into a file). A simulation that only appends and then copies its games out
hashes each event once, on the way out (EventStore.absorb, store/absorb.py).

Transactions: nested use joins the outer one; an exception rolls back everything done in it.
One call that raises (an append, a group commit) leaves nothing behind even inside an outer
transaction its caller goes on to commit, as one SQL statement in EventStore. What the caller
may still change after a call (the seats list `vis`, a snapshot buffer) is copied in the call,
as EventStore's row is written in it; payloads are taken as bytes then (`NewEvent.raw`).
Optimistic concurrency: VersionConflict as EventStore raises it. What is SQL-only (`conn`,
files, triggers) is not here; callers that need SQL (integrity anchors, analytics) keep an
EventStore. Where SQLite itself refuses, the refusal differs in kind or time: a second seed for
a game is a StoreError (EventStore: sqlite3.IntegrityError); a field msgspec encodes but SQLite
cannot bind (a list as actor) is refused when the rows are copied into a file, the whole copy
with it (EventStore refuses the append).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from itertools import islice
from operator import attrgetter
from typing import Any

import msgspec

from store.errors import StoreError, VersionConflict
from store.hashing import GENESIS, snapshot_digest, store_head_over
from store.records import NewEvent, StoredEvent
from store.rows import (
    REJECTED_CAP,
    REJECTED_TEXT_MAX,
    Row,
    bounded,
    command_text,
    decode_row,
    event_rows,
    is_utf8,
    refusal,
    seat_value,
)
from store.sqlite_store import EventStore
from store.verify import VerifyReport

__all__ = ["MemoryStore"]

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder()
_GONE = object()  # a journal entry's "there was no such key"
_raw, _type, _vis = attrgetter("raw"), attrgetter("type"), attrgetter("vis")


class _Rows:
    """fold_rows' answer: an iterator with the `fetchone` of the SQLite cursor it stands for."""

    __slots__ = ("_it",)

    def __init__(self, rows: Iterable[Row]):
        self._it = iter(rows)

    def __iter__(self) -> Iterator[Row]:
        return self._it

    def __next__(self) -> Row:
        return next(self._it)

    def fetchone(self) -> Row | None:
        return next(self._it, None)


class MemoryStore:
    """One in-memory store; `path` is ":memory:" (what messages name)."""

    path = ":memory:"

    def __init__(self, clock: Callable[[], float] | None = None):

        self._clock = clock or time.time
        self._in_batch = False
        self._clear()

    def _clear(self) -> None:
        self._rows: list[Row] = []  # built rows, seq order (seq = index + 1)
        self._cmds: list[Row] = []  # appended, rows not built yet, in order
        self._built = 0  # commands whose rows are built
        self._n = 0  # events appended (built or not)
        self._acc = (0, GENESIS)  # store head: (rows folded, head)
        self._games: dict[str, list[int]] = {}  # game -> row indices of its built events
        self._heads: dict[str, str] = {}  # game -> hash of its last built event
        self._version: dict[str, int] = {}  # streams: game -> version, creation order
        self._seeds: dict[str, list[Any]] = {}  # game -> [seed, seed_hash, revealed, salt]
        self._snaps: dict[str, dict[int, tuple[bytes, str]]] = {}
        self._tokens: dict[str, list[Row]] = {}  # game -> [(seat, hash, bot)]
        self._checkpoints: dict[str, int] = {}
        self._rejected: list[Row] = []  # (game, seat, command, rule, reason, time)
        self._counts: dict[str, list[int]] = {}  # game -> [kept, overflow]
        self._journal: list[Any] | None = None  # undo steps of the open transaction
        self._mark: tuple[int, int] | None = None  # (commands, events) at BEGIN

    def close(self) -> None:
        """Drop everything (memory is given back); the store is empty afterwards."""
        self._clear()

    # -- transactions -------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All or nothing; nested use joins the outer transaction."""
        if self._in_batch:
            yield
            return
        self._in_batch, self._journal = True, []
        self._mark = (self._built + len(self._cmds), self._n)
        try:
            yield
        except BaseException:
            self._undo(0, *self._mark)
            raise
        finally:
            self._in_batch, self._journal, self._mark = False, None, None

    def _statement(self) -> AbstractContextManager[None]:
        """One call (an append, a group commit) all or nothing, also inside an outer
        transaction, as one SQL statement is in EventStore: a call that raises leaves nothing
        behind even when its caller catches the error and commits the outer transaction."""
        return self._savepoint() if self._in_batch else self.transaction()

    @contextmanager
    def _savepoint(self) -> Iterator[None]:
        assert self._journal is not None  # inside a transaction
        mark = (len(self._journal), self._built + len(self._cmds), self._n)
        try:
            yield
        except BaseException:
            self._undo(*mark)
            raise

    def _set(self, table: dict[Any, Any], key: Any, value: Any) -> None:
        """table[key] = value, undone by a rollback."""
        if self._journal is not None:
            self._journal.append((table, key, table.get(key, _GONE)))
        table[key] = value

    def _undo(self, steps_at: int, cmds_at: int, rows_at: int) -> None:
        """Take back everything done since the journal had `steps_at` steps, the store
        `cmds_at` commands and `rows_at` events."""
        journal = self._journal
        assert journal is not None  # inside a transaction
        for item in reversed(journal[steps_at:]):
            if callable(item):
                item()
                continue
            table, key, old = item
            if old is _GONE:
                table.pop(key, None)
            else:
                table[key] = old
        del journal[steps_at:]
        if self._built > cmds_at:  # rows of the commands taken back were built: unbuild
            rows = self._rows
            for i in range(len(rows) - 1, rows_at - 1, -1):
                g = rows[i][1]
                idx = self._games[g]
                idx.pop()
                if idx:
                    self._heads[g] = rows[idx[-1]][12]
                else:
                    del self._games[g], self._heads[g]
            del rows[rows_at:]
            self._cmds.clear()
            self._built = cmds_at
        else:
            del self._cmds[cmds_at - self._built :]
        self._n = rows_at

    # -- building rows --------------------------------------------------------------------
    def hash_pending(self) -> None:
        """Build now the rows (hashes, times, sequence numbers) of everything appended so far,
        as the first read would. A caller that times playing apart from reading pays the
        hashing where it belongs, with the play that recorded the events (bench/scenarios.py)."""
        self._build()

    def _build(self, out: list[StoredEvent] | None = None) -> None:
        """Build the rows of every command appended so far, in order (see the module doc);
        `out` gets the stored events of the last one. The store head is not moved here: it
        is folded over committed rows only, when asked (`store_head`), so a rollback never
        has to take it back."""
        cmds = self._cmds
        if not cmds:
            return
        self._cmds = []
        rows, games, heads = self._rows, self._games, self._heads
        last = len(cmds) - 1
        for i, (game_id, version, events, now) in enumerate(cmds):
            start = len(rows)
            try:
                prev = event_rows(
                    game_id,
                    version,
                    heads.get(game_id, GENESIS),
                    events,
                    now,
                    rows,
                    out if i == last else None,
                    None,
                    start,
                )[1]
            except BaseException:  # a field that does not encode: this command stays unbuilt
                del rows[start:]
                self._cmds, self._built = cmds[i:], self._built + i
                raise
            heads[game_id] = prev
            idx = games.get(game_id)
            if idx is None:
                idx = games[game_id] = []
            idx.extend(range(start, len(rows)))
        self._built += len(cmds)

    # -- streams ------------------------------------------------------------------------
    def version(self, game_id: str) -> int:
        return self._version.get(game_id, 0)

    def game_ids(self) -> list[str]:
        return list(self._version)

    def game_summaries(
        self, limit: int | None = None
    ) -> Iterator[tuple[str, int, dict[str, Any], str, bool]]:
        """As EventStore.game_summaries: (game id, version, game.created data, type of the last
        event, seed revealed) per game, in creation order."""
        self._build()
        ids = list(self._version)
        ids = ids if limit is None or limit < 0 else ids[:limit]
        rows = self._rows
        for g in ids:
            idx = self._games[g]
            seed = self._seeds.get(g)
            yield (
                g,
                self._version[g],
                _dec.decode(rows[idx[0]][5]),
                rows[idx[-1]][3],
                bool(seed and seed[2]),
            )

    def game_ids_from(self, prefix: str) -> Iterator[str]:
        """Game ids that start with `prefix`, in order."""
        return iter(sorted(g for g in self._version if g.startswith(prefix)))

    def command_span(self, game_id: str, command_id: str) -> tuple[int, int] | None:
        """First and last version of one command's events (its decision and cascade)."""
        if command_id is None:  # as SQL's `command_id = NULL`: no event matches
            return None
        versions = [r[2] for r in self._game_rows(game_id, 1, None) if r[10] == command_id]
        return (min(versions), max(versions)) if versions else None

    def append(
        self, game_id: str, expected_version: int, events: Iterable[NewEvent], returning: bool = True
    ) -> list[StoredEvent]:
        """Append atomically after `expected_version`; a stale version writes nothing.
        `returning=False` inside a transaction skips building the stored events (outside one
        they are returned anyway, as EventStore does)."""
        returning = returning or not self._in_batch
        with self._statement():
            if not self._append(game_id, expected_version, events) or not returning:
                return []
            out: list[StoredEvent] = []
            self._build(out)
            return out

    def append_many(
        self,
        batches: Iterable[tuple[str, int, list[NewEvent]]],
        returning: bool = True,
        handed_over: bool = False,
    ) -> list[StoredEvent]:
        """Group commit: several games' commands in one transaction, all or nothing.
        `handed_over`: the caller gives the store its event lists and their `vis` lists and
        will not change them (the engine's own commands, each emitted with lists of its own),
        so they are kept as they are instead of copied."""
        batches = batches if isinstance(batches, list) else list(batches)
        with self._statement():
            first, known = self._n, len(self._version)
            for game_id, expected, events in batches:
                self._append(game_id, expected, events, handed_over)
            if len(self._version) - known > 1:
                self._list_as_named(batches, len(self._version) - known)
            if not returning:
                return []
            self._build()
            return [decode_row(r) for r in self._rows[first:]]

    def _list_as_named(self, batches: list[tuple[str, int, list[NewEvent]]], made: int) -> None:
        """The `made` games this group commit created, listed in the order the group first
        names each (an empty command names it too), as EventStore writes their streams rows;
        they were added in the order of their first event. (A rollback drops them anyway.)"""
        new = set(islice(reversed(self._version), made))
        for g in dict.fromkeys(b[0] for b in batches):
            if g in new:
                self._version[g] = self._version.pop(g)

    def _append(
        self, game_id: str, expected: int, events: Iterable[NewEvent], handed_over: bool = False
    ) -> bool:
        version = self._version.get(game_id, 0)
        if version != expected:
            raise VersionConflict(game_id, expected, version)
        now = self._clock()
        # the caller's list may grow later (a batch's next command), unless handed over
        kept = events if handed_over and type(events) is list else list(events)
        if not kept:
            return False
        if None in map(_raw, kept):  # the payload bytes now, as EventStore encodes them now
            kept = [
                ev if ev.raw is not None else msgspec.structs.replace(ev, raw=_enc.encode(ev.data))
                for ev in kept
            ]
        if not handed_over and list(map(_vis, kept)).count(None) != len(
            kept
        ):  # the seats now too: the caller's
            kept = [
                ev
                if ev.vis is None
                # list may change before the rows are built
                else msgspec.structs.replace(ev, vis=list(ev.vis))
                for ev in kept
            ]
        self._cmds.append((game_id, version, kept, now))
        self._n += len(kept)
        if self._journal is not None:
            self._journal.append((self._version, game_id, self._version.get(game_id, _GONE)))
        self._version[game_id] = version + len(kept)
        seed = self._seeds.get(game_id)
        if seed is not None and not seed[2] and "seed.revealed" in map(_type, kept):
            self._set(self._seeds, game_id, [*seed[:2], True, seed[3]])
        return True

    # -- reads --------------------------------------------------------------------------
    def _game_rows(self, game_id: str, first: int, last: int | None) -> list[Row]:
        if self._cmds:
            self._build()
        idx = self._games.get(game_id)
        if not idx:
            return []
        top = len(idx) if last is None else min(last, len(idx))
        rows = self._rows
        return [rows[i] for i in idx[max(first, 1) - 1 : max(top, 0)]]

    def read(self, game_id: str, first: int = 1, last: int | None = None) -> list[StoredEvent]:
        return [decode_row(r) for r in self._game_rows(game_id, first, last)]

    def fold_rows(self, game_id: str, first: int = 1, last: int | None = None) -> _Rows:
        """As EventStore.fold_rows: (version, type, schema, data, visibility, actor, rule_id,
        cause, command_id) rows, in version order, undecoded."""
        return _Rows(r[2:11] for r in self._game_rows(game_id, first, last))

    def read_all(self, after_seq: int = 0, limit: int | None = None) -> list[StoredEvent]:
        self._build()
        start = max(after_seq, 0)
        end = None if limit is None or limit < 0 else start + limit
        return [decode_row(r) for r in self._rows[start:end]]

    def event(self, game_id: str, version: int) -> StoredEvent | None:
        got = self.read(game_id, version, version)
        return got[0] if got else None

    def stored_rows(self, game_ids: Iterable[str] | None = None) -> list[Row]:
        """The rows of these games (all when None) as the events table holds them (its 14
        columns), in seq order: what EventStore.absorb copies into a file."""
        self._build()
        if game_ids is None:
            return list(self._rows)
        keep = set(game_ids)
        if len(keep) == len(self._version) and keep.issuperset(self._version):
            return list(self._rows)
        return [r for r in self._rows if r[1] in keep]

    # -- snapshots and checkpoints ------------------------------------------------------
    def save_snapshot(self, game_id: str, version: int, state: bytes) -> None:
        """Keep `state` (the fold at `version`) with a digest binding it to that event's hash."""
        if not isinstance(state, bytes):  # a copy, as the SQLite table keeps (bytes-like only)
            state = bytes(memoryview(state))
        with self.transaction():
            got = self._game_rows(game_id, version, version)
            if not got or version < 1:
                raise StoreError(f"no event {version} in game {game_id}: a snapshot sits on an event")
            snaps = self._snaps.get(game_id)
            if snaps is None:
                self._set(self._snaps, game_id, {})
                snaps = self._snaps[game_id]
            self._set(snaps, version, (state, snapshot_digest(got[0][12], state)))

    def load_snapshot(self, game_id: str, at_most: int) -> tuple[int, bytes] | None:
        """The newest snapshot at or below `at_most` whose digest matches its bytes and the
        hash of its event."""
        snaps = self._snaps.get(game_id)
        if not snaps:
            return None
        for version in sorted((v for v in snaps if v <= at_most), reverse=True):
            got = self._game_rows(game_id, version, version)
            state, digest = snaps[version]
            if got and secrets.compare_digest(snapshot_digest(got[0][12], state), digest):
                return version, state
        return None

    def snapshot_rows(self) -> list[Row]:
        """(game_id, version, state, digest) in the snapshots table's key order."""
        return [(g, v, *self._snaps[g][v]) for g in sorted(self._snaps) for v in sorted(self._snaps[g])]

    def set_checkpoint(self, name: str, position: int) -> None:
        with self.transaction():
            self._set(self._checkpoints, name, position)

    def checkpoint(self, name: str) -> int:
        return self._checkpoints.get(name, 0)

    # -- rejected commands --------------------------------------------------------------
    def record_rejected(
        self, game_id: str, seat: int | None, command: Any, rule: str | None, reason: str
    ) -> bool:
        """As EventStore.record_rejected: at most REJECTED_CAP rows per existing game, then
        only the count grows; text bounded the same way."""
        if not isinstance(game_id, str) or not is_utf8(game_id):
            return False
        with self.transaction():
            if game_id not in self._version:
                return False
            kept, overflow = self._counts.get(game_id, (0, 0))
            if kept >= REJECTED_CAP:
                self._set(self._counts, game_id, [kept, overflow + 1])
                return False
            self._rejected.append(
                (
                    game_id,
                    seat_value(seat),
                    command_text(command),
                    bounded(rule, 200),
                    bounded(reason, REJECTED_TEXT_MAX),
                    self._clock(),
                )
            )
            if self._journal is not None:
                self._journal.append(self._rejected.pop)
            self._set(self._counts, game_id, [kept + 1, overflow])
            return True

    def rejected(self, game_id: str) -> list[dict[str, Any]]:
        return [refusal(*r[1:5]) for r in self._rejected if r[0] == game_id]

    def rejected_overflow(self, game_id: str) -> int:
        """Refusals of this game not stored because it already had REJECTED_CAP rows."""
        return self._counts.get(game_id, (0, 0))[1]

    def rejected_rows(self) -> list[Row]:
        """(game_id, seat, command, rule_id, reason, recorded_at) in the order recorded."""
        return list(self._rejected)

    def rejected_count_rows(self) -> list[Row]:
        """(game_id, kept, overflow) in game id order."""
        return [(g, *self._counts[g]) for g in sorted(self._counts)]

    # -- seeds --------------------------------------------------------------------------
    def put_seed(self, game_id: str, seed: str, salt: str | None, published: str) -> None:
        """Keep the seed and salt apart from the events; only `published` is in the log."""
        with self.transaction():
            if game_id in self._seeds:
                raise StoreError(f"game {game_id} already has a seed stored")
            self._set(self._seeds, game_id, [seed, published, False, salt])

    def put_seat_tokens(self, game_id: str, rows: list[tuple[str, str, str | None]]) -> None:
        """As EventStore.put_seat_tokens: inside the game's creating transaction."""
        with self.transaction():
            if game_id in self._tokens:
                raise StoreError(f"game {game_id} already has seat tokens")
            self._set(self._tokens, game_id, [tuple(r) for r in rows])

    def seat_tokens(self, game_id: str) -> list[tuple[str, str, str | None]]:
        return list(self._tokens.get(game_id, []))

    def games_with_seats(self) -> set[str]:
        return set(self._tokens)

    def seat_token_rows(self) -> list[Row]:
        """(game_id, seat, hash, bot) in the order stored."""
        return [(g, *r) for g, rows in self._tokens.items() for r in rows]

    def seed(self, game_id: str) -> str:
        return self.seed_record(game_id)[0]

    def seed_record(self, game_id: str) -> tuple[str, str | None, str, bool]:
        """(seed, salt, commitment as stored, revealed)."""
        row = self._seeds.get(game_id)
        if row is None:
            raise StoreError(f"no seed stored for game {game_id}")
        return row[0], row[3], row[1], bool(row[2])

    def seed_rows(self) -> list[Row]:
        """(game_id, seed, seed_hash, revealed, salt) in the order stored."""
        return [(g, s, h, int(r), salt) for g, (s, h, r, salt) in self._seeds.items()]

    def stream_rows(self) -> list[Row]:
        """(game_id, version, head_hash) in creation order."""
        self._build()
        return [(g, v, self._heads[g]) for g, v in self._version.items()]

    # -- integrity ----------------------------------------------------------------------
    def store_head(self) -> tuple[int, str]:
        """(seq, head): the running hash over events 1..seq, as of the last commit."""
        self._build()
        upto = len(self._rows) if self._mark is None else self._mark[1]
        done, acc = self._acc
        if upto > done:
            acc = store_head_over(acc, (r[12] for r in self._rows[done:upto]))
            self._acc = (upto, acc)
        return upto, acc

    def verify(self) -> VerifyReport:
        """EventStore's verify over a copy of this store in an in-memory SQLite store: every
        chain, streams head, seed, snapshot digest and the store head recomputed."""
        copy = EventStore(":memory:")
        try:
            copy.absorb(self)
            # absorb copies games; a seed whose game has no events is a fault verify reports
            orphans = [r for r in self.seed_rows() if r[0] not in self._version]
            copy.conn.executemany(
                "INSERT INTO seeds (game_id, seed, seed_hash, revealed, salt) VALUES (?,?,?,?,?)", orphans
            )
            return copy.verify()
        finally:
            copy.close()
