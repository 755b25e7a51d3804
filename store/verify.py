"""`verify`: recompute everything the store can check by itself and name every fault.

A fault is a dict {"kind", "game_id", "version", "type", "problem"} (plus "last_version" when it
covers a range, "seq" when it is about the store's sequence). Kinds:

- altered        an event's content does not match its hash, or it was re-hashed after a change
                 (the next event still chains to the old hash), or it was renumbered
- inserted       a second event at one version, events beyond the streams head, events after
                 the store head, or an event slipped in with the later ones renumbered up
- deleted        a gap in a game's versions (the later ones possibly renumbered down), or events
                 gone from the store's sequence that no remaining game accounts for
- tail_cut       the streams head says version N but the game's last event is below N; or the
                 store head covers seq N but the store ends before N
- game_deleted   a streams or seeds row for a game that has no events
- streams_head   the streams head hash disagrees with the last event's hash
- streams_missing  a game has events but no streams row
- store_head     the running hash over all events in seq order differs from `meta.store_head`
- trigger        an append-only trigger is missing or not the expected SQL
- snapshot       a snapshot's digest does not bind its bytes to its event, or it has no event
- seed           the stored seed and salt do not open game.created's commitment, or the reveal
                 disagrees with them, or seeds.revealed disagrees with the log
- contribution   a live game's contribution does not open its commitment, or the end reveals
                 other contributions than the log committed (CORE-3C)
- orphan         a game made by an older live table that stopped between storing the game and
                 writing its seats to the side file FILE.seats: nobody can ever play it
                 (EventStore.verify, which knows the file's path)

Faults are listed game by game (in game id order, by version), then store-wide ones, so the
first is the most specific; `first_bad` is that first one. Whether a snapshot is the fold of
its events needs the games' rules: engine/integrity.py checks that on top of this.
"""

from __future__ import annotations

import itertools
import secrets
import sqlite3
from hashlib import sha256
from operator import itemgetter
from typing import Any

import msgspec

from store import schema
from store.commitment import opens
from store.hashing import GENESIS, row_hash, snapshot_digest
from store.rows import Row

_dec = msgspec.json.Decoder()
# One fault: {"kind", "game_id", "version", "type", "problem", ...} (see above).
Fault = dict[str, Any]
_CORE = frozenset(("game.created", "seed.revealed", "chance.contributed"))
_ROW = (
    "seq, game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
    "command_id, prev_hash, hash, recorded_at"
)


class VerifyReport(msgspec.Struct):
    ok: bool
    games: int
    events: int
    first_bad: dict[str, Any] | None = None
    faults: list[dict[str, Any]] = []
    notes: list[str] = []
    store_seq: int = 0  # the store head recomputed over every event, in seq order
    store_head: str = GENESIS


def fault(
    kind: str, game_id: str | None, version: int | None, type_: str | None, problem: str, **extra: Any
) -> dict[str, Any]:
    return {"kind": kind, "game_id": game_id, "version": version, "type": type_, "problem": problem, **extra}


def describe(f: dict[str, Any]) -> str:
    """One line for people: where, what kind, what is wrong."""
    where = []
    if f.get("game_id") is not None:
        where.append(f"game {f['game_id']}")
    if f.get("version") is not None:
        last = f.get("last_version")
        where.append(f"event {f['version']}" + (f"-{last}" if last and last != f["version"] else ""))
    if f.get("type"):
        where.append(f"({f['type']})")
    return (" ".join(where) + ": " if where else "") + f"{f['kind']}: {f['problem']}"


def verify(conn: sqlite3.Connection) -> VerifyReport:
    faults: list[dict[str, Any]] = []
    notes: list[str] = []
    streams = {r[0]: (r[1], r[2]) for r in conn.execute("SELECT game_id, version, head_hash FROM streams")}
    seeds = {r[0]: r[1:] for r in conn.execute("SELECT game_id, seed, salt, seed_hash, revealed FROM seeds")}
    games = events = 0
    lost = 0  # events whose loss a game's chain or streams row accounts for
    rows = conn.execute(f"SELECT {_ROW} FROM events ORDER BY game_id, version")
    for gid, group in itertools.groupby(rows, key=itemgetter(1)):
        g = _Game(gid, list(group))
        games += 1
        events += len(g.rows)
        faults += g.faults
        lost += g.missing
        lost += _check_stream(g, streams.pop(gid, None), faults)
        _check_seed(g, seeds.pop(gid, None), faults, notes)
        _check_contributions(g, faults)
    for gid, (version, _) in streams.items():
        lost += version if isinstance(version, int) else 0
        faults.append(
            fault(
                "game_deleted",
                gid,
                None,
                None,
                f"the streams row says version {version} but the game has no events: the game was deleted",
            )
        )
    for gid in seeds.keys() - streams.keys():
        faults.append(
            fault(
                "game_deleted",
                gid,
                None,
                None,
                "a seed is stored for this game but it has no events: the game was deleted",
            )
        )
    _check_snapshots(conn, faults, notes)
    seq, head = _check_store_head(conn, faults, lost)
    _check_triggers(conn, faults)
    faults = _dedupe(faults)
    return VerifyReport(not faults, games, events, faults[0] if faults else None, faults, notes, seq, head)


# -- one game's chain -----------------------------------------------------------------------
def _own_ok(r: Row, version: Any = None) -> bool:
    try:
        v = r[2] if version is None else version
        recorded: str = r[12]
        return row_hash(r[11], r[1], v, r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[13]) == recorded
    except Exception:  # a tampered column of the wrong type cannot even be hashed
        return False


class _Game:
    """Walk one game's events in version order; classify every break of its chain."""

    def __init__(self, gid: str, rows: list[Row]):
        self.gid, self.rows = gid, rows
        self.faults: list[Fault] = []
        self.missing = 0
        self.created: dict[str, Any] | None = None
        self.reveals: list[tuple[int, Any]] = []
        self.contributions: list[tuple[int, Any]] = []
        self.last_version, self.last_hash = 0, GENESIS
        self._walk()

    def _add(self, kind: str, version: int | None, type_: str | None, problem: str, **extra: Any) -> None:
        self.faults.append(fault(kind, self.gid, version, type_, problem, **extra))

    def _walk(self) -> None:
        rows, n = self.rows, len(self.rows)
        prev, expect, i = GENESIS, 1, 0
        shift_run: list[tuple[int, int, str]] = []  # (shift, version, type) of consecutive renumbered events
        while i < n:
            chosen, v, j = rows[i], rows[i][2], i + 1
            if j < n and rows[j][2] == v:  # two rows at one version (rare): keep the original
                while j < n and rows[j][2] == v:
                    j += 1
                group = sorted(rows[i:j], key=itemgetter(0))
                chosen = next((r for r in group if r[11] == prev and _own_ok(r)), group[0])
                for r in group:
                    if r is not chosen:
                        self._add(
                            "inserted", v, r[3], f"a second event at version {v} (seq {r[0]}): inserted"
                        )
            i = j
            if chosen[3] in _CORE:
                self._note_core(chosen)
            if not isinstance(v, int) or isinstance(v, bool):
                self._add("altered", v, chosen[3], "the version is not an integer (row altered)")
                prev = chosen[12]
                continue
            own = _own_ok(chosen)
            shift = None if own else next((d for d in (-1, 1) if _own_ok(chosen, v + d)), None)
            if shift_run and (shift != shift_run[-1][0] or v != shift_run[-1][1] + 1):
                self._flush_shift(shift_run)
            if shift is not None:
                shift_run.append((shift, v, chosen[3]))
            elif v != expect or not own or chosen[11] != prev:
                self._break(chosen, v, expect, own, prev)
            prev, expect = chosen[12], v + 1
            self.last_version, self.last_hash = v, chosen[12]
        if shift_run:
            self._flush_shift(shift_run)

    def _break(self, row: Row, v: int, expect: int, own: bool, prev: str) -> None:
        """Name what is wrong with a row that is not simply the next link of the chain."""
        if v > expect:
            self.missing += v - expect
            self._add(
                "deleted",
                expect,
                None,
                f"events {expect}..{v - 1} are missing (deleted)"
                if v - 1 > expect
                else f"event {expect} is missing (deleted)",
                last_version=v - 1,
            )
        if not own:
            self._add("altered", v, row[3], "content does not match its hash (row altered)")
        elif v == expect and row[11] != prev and v == 1:
            self._add(
                "altered", 1, row[3], "the first event does not chain to the genesis hash (row altered)"
            )
        elif v == expect and row[11] != prev:
            self._add(
                "altered",
                v - 1,
                None,
                f"event {v} does not chain to event {v - 1}: event {v - 1} was "
                f"rewritten and re-hashed (or event {v}'s link was edited)",
            )

    def _flush_shift(self, run: list[tuple[int, int, str]]) -> None:
        shift, first, last = run[0][0], run[0][1], run[-1][1]
        span = f"events {first}..{last}" if last > first else f"event {first}"
        if shift == -1:  # hashes as version v-1: it moved up by one, something came in before
            self._add(
                "inserted",
                first - 1,
                None,
                f"event {first - 1} was inserted: the events after it were renumbered up by one",
            )
        else:
            self.missing += 1
            self._add(
                "deleted",
                first,
                None,
                f"an event {first} was deleted and the later ones renumbered down by one (missing)",
            )
        self._add(
            "altered",
            first,
            run[0][2],
            f"{span} were renumbered (each hashes as its version {shift:+d})",
            last_version=last,
        )
        run.clear()

    def _note_core(self, r: Row) -> None:
        if r[3] == "game.created" and r[2] == 1:
            self.created = _decode(r[5])
        elif r[3] == "seed.revealed":
            self.reveals.append((r[2], _decode(r[5])))
        else:
            self.contributions.append((r[2], _decode(r[5])))


def _decode(data: Any) -> Any:
    try:
        return _dec.decode(data)
    except (msgspec.DecodeError, TypeError):
        return None


def _check_stream(g: _Game, stream: Row | None, faults: list[Fault]) -> int:
    last = g.last_version
    if stream is None:
        faults.append(
            fault(
                "streams_missing",
                g.gid,
                last,
                None,
                f"the game has events 1..{last} but no streams row (its head was deleted)",
            )
        )
        return 0
    version, head = stream
    if not isinstance(version, int) or version > last:
        faults.append(
            fault(
                "tail_cut",
                g.gid,
                last + 1,
                None,
                f"the streams head says version {version} but the last event is "
                f"{last}: events {last + 1}..{version} were deleted (tail cut)",
                last_version=version,
            )
        )
        return version - last if isinstance(version, int) else 0
    if version < last:
        faults.append(
            fault(
                "inserted",
                g.gid,
                version + 1,
                None,
                f"events {version + 1}..{last} lie beyond the streams head {version}: inserted",
                last_version=last,
            )
        )
    elif head != g.last_hash:
        faults.append(
            fault(
                "streams_head",
                g.gid,
                last,
                None,
                f"the streams head hash disagrees with event {last}'s hash: the last "
                f"event or the head was rewritten",
            )
        )
    return 0


def _check_seed(g: _Game, row: Row | None, faults: list[Fault], notes: list[str]) -> None:
    created = g.created if isinstance(g.created, dict) else None
    if row is None:
        if created is not None:
            faults.append(
                fault(
                    "seed",
                    g.gid,
                    1,
                    "game.created",
                    "game.created publishes a commitment but no seed is stored",
                )
            )
        return
    seed, salt, published, revealed = row
    in_log = created.get("seed_hash") if created is not None else None
    if created is not None and in_log != published:
        faults.append(
            fault(
                "seed",
                g.gid,
                1,
                "game.created",
                "the seeds table's commitment differs from the one published in game.created",
            )
        )
    target = in_log if created is not None else published
    if not (
        isinstance(seed, str)
        and isinstance(target, str)
        and (salt is None or isinstance(salt, str))
        and opens(seed, salt, target)
    ):
        faults.append(
            fault(
                "seed",
                g.gid,
                1,
                "game.created",
                "the stored seed and salt do not open the commitment published in game.created",
            )
        )
    elif salt is None:
        notes.append(f"game {g.gid}: unsalted (legacy) seed commitment")
    for v, doc in g.reveals:
        if not isinstance(doc, dict) or doc.get("seed") != seed or doc.get("salt") != salt:
            faults.append(
                fault(
                    "seed",
                    g.gid,
                    v,
                    "seed.revealed",
                    "seed.revealed does not reveal the stored seed and salt",
                )
            )
    if bool(g.reveals) != bool(revealed):
        faults.append(
            fault(
                "seed",
                g.gid,
                g.reveals[0][0] if g.reveals else None,
                None,
                f"seeds.revealed is {revealed!r} but the log "
                f"{'has' if g.reveals else 'has no'} seed.revealed event",
            )
        )


def _check_contributions(g: _Game, faults: list[Fault]) -> None:
    """Each contribution to a live game's chance opens its commitment, and the end reveals
    exactly the contributions the log committed, in order (CORE-3C): checked like the seed."""
    if not g.contributions:
        return
    mix = []
    for v, doc in g.contributions:
        if not isinstance(doc, dict):
            faults.append(
                fault("contribution", g.gid, v, "chance.contributed", "the contribution is not readable")
            )
            continue
        if doc.get("declined") is True and "value" not in doc:
            mix.append([doc.get("who"), None, None])
            continue
        value, salt, published = doc.get("value"), doc.get("salt"), doc.get("commitment")
        if not (
            isinstance(value, str)
            and isinstance(salt, str)
            and isinstance(published, str)
            and opens(value, salt, published)
        ):
            faults.append(
                fault(
                    "contribution",
                    g.gid,
                    v,
                    "chance.contributed",
                    f"the contribution of {doc.get('who')!r} does not open its commitment",
                )
            )
        mix.append([doc.get("who"), value, salt])
    for v, doc in g.reveals:
        if not isinstance(doc, dict) or doc.get("contributions") != mix:
            faults.append(
                fault(
                    "contribution",
                    g.gid,
                    v,
                    "seed.revealed",
                    "seed.revealed does not reveal the contributions the log committed",
                )
            )


def orphans(game_ids: list[str], with_seats: set[str], legacy: set[str] | None) -> list[Fault]:
    """Games of a store once served by an older live table (its side file of seat tokens,
    FILE.seats, lies beside it: `legacy` holds that file's game ids) that have no seat tokens
    anywhere: the older table stored the game, then stopped before writing its seats. Nobody
    can play them; the lobby hides them. Without a legacy file there are none: the table now
    writes a game and its seats in one transaction, and the CLI's games have no seats."""
    if legacy is None:
        return []
    return [
        fault(
            "orphan",
            gid,
            None,
            None,
            "the game has no seat tokens although this store was served by an older "
            "table (FILE.seats): its creation stopped before the seats were written, "
            "so nobody can ever play it (the lobby hides it)",
        )
        for gid in game_ids
        if gid not in with_seats and gid not in legacy
    ]


# -- store-wide -----------------------------------------------------------------------------
def _check_snapshots(conn: sqlite3.Connection, faults: list[Fault], notes: list[str]) -> None:
    cur = conn.execute(
        "SELECT s.game_id, s.version, s.state, s.digest, (SELECT e.hash FROM events e WHERE "
        "e.game_id=s.game_id AND e.version=s.version ORDER BY e.seq LIMIT 1) "
        "FROM snapshots s ORDER BY s.game_id, s.version"
    )
    for gid, v, state, digest, ev_hash in cur:
        if ev_hash is None:
            faults.append(
                fault("snapshot", gid, v, None, f"a snapshot at version {v}, but the game has no event {v}")
            )
        elif digest is None:
            notes.append(f"game {gid}: snapshot {v} predates snapshot digests; state_at ignores it")
        elif not (
            isinstance(state, bytes)
            and isinstance(digest, str)
            and secrets.compare_digest(snapshot_digest(ev_hash, state), digest)
        ):
            faults.append(
                fault(
                    "snapshot",
                    gid,
                    v,
                    None,
                    f"snapshot {v}'s digest does not bind its bytes to event {v}: "
                    f"the snapshot or its events were changed; state_at ignores it",
                )
            )


def _check_store_head(conn: sqlite3.Connection, faults: list[Fault], lost: int) -> tuple[int, str]:
    """Recompute the running head in seq order; returns (last seq, head over all events)."""
    row = conn.execute("SELECT value FROM meta WHERE key='store_head'").fetchone()
    recorded = schema.decode_head(row[0] if row else None)
    if recorded is None:
        faults.append(
            fault("store_head", None, None, None, "the store head is missing from meta or unreadable")
        )
    mseq, mhead = recorded or (0, GENESIS)
    head, at_mark, expect = GENESIS, GENESIS, 1
    gaps: list[tuple[int, int]] = []
    beyond: dict[str, list[int]] = {}
    for seq, gid, version, h in conn.execute("SELECT seq, game_id, version, hash FROM events ORDER BY seq"):
        if seq > expect:
            gaps.append((expect, seq - 1))
        head = sha256((head + (h if isinstance(h, str) else str(h))).encode()).hexdigest()  # store_step
        if seq <= mseq:
            at_mark = head
        elif recorded is not None:
            beyond.setdefault(gid, []).append(version)
        expect = seq + 1
    last = expect - 1
    gone = sum(b - a + 1 for a, b in gaps)
    if recorded is not None and last < mseq:
        gone += mseq - last
        faults.append(
            fault(
                "tail_cut",
                None,
                None,
                None,
                f"the store head covers events up to seq {mseq} but the store ends at "
                f"seq {last}: the newest events of the store were deleted",
                seq=last + 1,
            )
        )
    if gone > lost:
        spans = ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in gaps[:8])
        faults.append(
            fault(
                "deleted",
                None,
                None,
                None,
                f"{gone - lost} events are gone from the store's sequence (seq "
                f"{spans or 'at the end'}{', ...' if len(gaps) > 8 else ''}) and no "
                f"remaining game accounts for them: a whole game was deleted (its "
                f"streams and seeds rows too), or a game's tail with its streams "
                f"head rewound",
            )
        )
    for gid, versions in beyond.items():
        faults.append(
            fault(
                "inserted",
                gid,
                min(versions),
                None,
                f"events written after the store head (seq {mseq}), outside the store: inserted",
                last_version=max(versions),
            )
        )
    if recorded is not None and at_mark != mhead and last >= mseq:
        faults.append(
            fault(
                "store_head",
                None,
                None,
                None,
                f"the store head recomputed over seq 1..{mseq} differs from the one "
                f"recorded: events were rewritten, inserted or deleted",
            )
        )
    return last, head


def _check_triggers(conn: sqlite3.Connection, faults: list[Fault]) -> None:
    found = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type='trigger'"))
    for name, sql in schema.TRIGGERS.items():
        if name not in found:
            faults.append(
                fault(
                    "trigger",
                    None,
                    None,
                    None,
                    f"the append-only trigger {name} is missing: events can be changed in place",
                )
            )
        elif schema.normalise_sql(found[name]) != schema.normalise_sql(sql):
            faults.append(
                fault(
                    "trigger",
                    None,
                    None,
                    None,
                    f"the append-only trigger {name} was replaced: {found[name]!r}",
                )
            )


def _dedupe(faults: list[Fault]) -> list[Fault]:
    seen, out = set(), []
    for f in faults:
        key = (f["kind"], f["game_id"], f["version"])
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
