"""The store against raw SQLite, and against the eventsourcing library, on the same events.

The workload is real: duel games (4 seats, random bots) played once in memory; each command's
events are kept and replayed round-robin across games, as a server with many tables sees them.

- runeledger: `EventStore.append` (one command per transaction) and `EventStore.append_many`
  (GROUP commands of different games per transaction), on a fresh file.
- raw SQLite: the rows runeledger wrote, read back byte for byte from its file, inserted into a
  fresh file made by EventStore itself (so the same tables, indexes and append-only triggers),
  with the same pragmas (WAL, synchronous=NORMAL), in the same transactions: the event rows by
  executemany, each command's `streams` row, and the `meta` store-head row once per transaction.
  No hashing, no version check, no decoding: the floor for writing what the store writes.
- rebuild: `StateReader.state_at(game, use_snapshots=False)` for every game (read, decode, fold
  from event 1) against a raw `SELECT` of the same columns and a msgspec decode of each event's
  data and visibility.
- eventsourcing: an `Application` whose `Aggregate` records one aggregate event per runeledger
  event and is saved once per command (appends), then `repository.get` of every aggregate
  (rebuilds: read, decode, re-apply). Three configurations; the fastest is the reference.
  Like with like: runeledger's in-memory store (`MemoryStore.append`, one command per
  transaction, the stored events handed back as the file row's `append` does) against
  eventsourcing's in-memory (POPO) Application, beside the file-store row.

Each repeat runs every variant once, in turn, each on a fresh file, so drift in the machine's
speed hits all alike; ratios are taken within a repeat and the median is reported. Every
variant runs in this one process, so each is timed in CPU seconds (user + system, SQLite's
writes included): on a shared machine wall time would measure the load.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from hashlib import sha256
from importlib.metadata import version
from uuid import NAMESPACE_URL, uuid5

import msgspec
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from bench.common import cpu_timed, median, row
from bots.random_bot import play_out
from engine.pipeline import Engine
from projections.state import StateReader
from store import EventStore, MemoryStore, NewEvent, schema
from store.hashing import GENESIS

GROUP = 64
Command = tuple[str, int, list[NewEvent]]  # (game id, expected version, the command's events)
_COLS = (
    "seq, game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
    "command_id, prev_hash, hash, recorded_at"
)
_json = msgspec.json.Decoder()
_enc = msgspec.json.Encoder()


class Workload(msgspec.Struct):
    commands: list[Command]
    games: list[str]
    events: int


def record_workload(games: int, players: int = 4, rounds: int = 12) -> Workload:
    """Play duel games with random bots in memory and keep each command's events."""
    eng = Engine(EventStore(":memory:"))
    per_game: list[list[Command]] = []
    ids = []
    for i in range(games):
        gid = eng.create("duel", players, f"bench-{i}", {"rounds": rounds}, game_id=f"duel-{i:05d}")
        play_out(eng, gid, f"bench-{i}")
        cmds: list[Command] = []
        for ev in eng.store.read(gid):
            if not cmds or cmds[-1][2][-1].command_id != ev.command_id:
                cmds.append((gid, ev.version - 1, []))
            cmds[-1][2].append(
                NewEvent(ev.type, ev.data, ev.vis, ev.actor, ev.rule, ev.cause, ev.command_id, ev.schema)
            )
        per_game.append(cmds)
        ids.append(gid)
        eng.forget(gid)
    longest = max(len(x) for x in per_game)
    commands = [x[i] for i in range(longest) for x in per_game if i < len(x)]
    return Workload(commands, ids, sum(len(evs) for _, _, evs in commands))


def _into(box: list, fn: Callable[..., object], *args) -> None:
    """box[0] = fn(*args): what a timed call returns, kept for the check after it."""
    box[0] = fn(*args)


def _groups(commands: list, size: int) -> list[list]:
    return [commands[i : i + size] for i in range(0, len(commands), size)]


# -- runeledger ---------------------------------------------------------------------------
def rl_append(path: str, work: Workload, size: int, returning: bool = False) -> None:
    """One command per transaction: `append`, which hands the stored events back (submit
    returns them). Grouped: `append_many` as `Engine.batch` (simulate) calls it, handing
    nothing back; `returning=True` also builds the stored events (a note figure)."""
    store = EventStore(path)
    if size == 1:
        for gid, base, evs in work.commands:
            store.append(gid, base, evs)
    else:
        for g in _groups(work.commands, size):
            store.append_many(g, returning=returning)
    store.close()


def rl_mem_append(work: Workload, kept: list) -> None:
    """One command per transaction on a MemoryStore: `append`, handing the stored events back
    (their rows and hashes built there and then, as on the file store); the store goes to
    `kept`, checked after the timing."""
    store = MemoryStore()
    for gid, base, evs in work.commands:
        store.append(gid, base, evs)
    kept.append(store)


def rl_rebuild(path: str, games: list[str]) -> int:
    store = EventStore(path, create=False)
    reader = StateReader(store)
    n = sum(reader.state_at(g, use_snapshots=False).version for g in games)
    store.close()
    return n


def rl_read(path: str, games: list[str]) -> int:
    store = EventStore(path, create=False)
    n = sum(len(store.read(g)) for g in games)
    store.close()
    return n


def pinned(work: Workload, returning: bool) -> None:
    """The Python work of an append that no code change can drop, alone: per event the
    payload's JSON encode (these events carry no bytes yet), the row hash (msgspec encode of
    the row + SHA-256) and the store-head step (SHA-256), the bytes and hashes the golden
    hashes and tamper evidence pin; with `returning`, the fresh decode of each event handed
    back (`append` returns the stored events). Raw SQLite + this = the ceiling."""
    enc, dec = _enc.encode, _json.decode
    for gid, base, evs in work.commands:
        acc, prev, version = GENESIS, GENESIS, base
        for ev in evs:
            raw = enc(ev.data)
            version += 1
            h = sha256(
                enc(
                    [
                        prev,
                        gid,
                        version,
                        ev.type,
                        ev.schema,
                        raw.decode(),
                        None,
                        ev.actor,
                        ev.rule,
                        ev.cause,
                        ev.command_id,
                        0.0,
                    ]
                )
            ).hexdigest()
            acc = sha256((acc + h).encode()).hexdigest()
            prev = h
            if returning:
                dec(raw)


# -- raw SQLite ---------------------------------------------------------------------------
def _raw_conn(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=30.0, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


class RawRows(msgspec.Struct):
    """What the store wrote, per command: its event rows, its streams row and the store-head
    value right after it (the `meta` row a transaction ending with that command writes)."""

    commands: list[tuple[list[tuple], tuple]]
    heads: list[str]


def raw_rows(path: str, work: Workload) -> RawRows:
    """Read back, byte for byte, the rows runeledger wrote for the workload (in the order of
    `work.commands`), with the store head after each command: the chain over the event hashes
    in seq order, as the store moved it. Each transaction of the reference writes a new head,
    as the store's do: an UPDATE that writes the value already there leaves its page clean in
    SQLite (one page less to write per commit), so a constant value would flatter the floor."""
    conn = sqlite3.connect(path)
    rows = {}
    for r in conn.execute(
        "SELECT game_id, version, type, schema, data, visibility, actor, "
        "rule_id, cause, command_id, prev_hash, hash, recorded_at FROM events"
    ):
        rows[(r[0], r[1])] = r
    chain, acc = [], GENESIS
    for (h,) in conn.execute("SELECT hash FROM events ORDER BY seq"):
        acc = sha256((acc + h).encode()).hexdigest()  # store/hashing.py store_step
        chain.append(acc)
    conn.close()
    out, heads, seq = [], [], 0
    for gid, base, evs in work.commands:
        evrows = [rows[(gid, base + i)] for i in range(1, len(evs) + 1)]
        out.append((evrows, (gid, base + len(evs), evrows[-1][11])))
        seq += len(evs)
        heads.append(schema.encode_head(seq, chain[seq - 1]))
    return RawRows(out, heads)


_INSERT = (
    "INSERT INTO events (game_id, version, type, schema, data, visibility, actor, rule_id,"
    " cause, command_id, prev_hash, hash, recorded_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
_STREAM = (
    "INSERT INTO streams VALUES (?,?,?) ON CONFLICT(game_id) DO UPDATE SET "
    "version=excluded.version, head_hash=excluded.head_hash"
)


def raw_append(
    path: str,
    rows: RawRows,
    size: int,
    events_only: bool = False,
    game_index: bool = True,
    same_head: bool = False,
) -> None:
    """`events_only`: the event rows alone (no streams or meta row): a stricter floor.
    `game_index=False`: without the index that keeps a game's events together, to price it.
    `same_head`: every transaction writes one and the same store-head value (the reference
    before 2026-11-25 20:40; a note figure: SQLite skips the unchanged page)."""
    EventStore(path).close()  # the store's own schema: tables, indexes, triggers
    conn = _raw_conn(path)
    if not game_index:
        conn.execute('DROP INDEX "idx_events_game_id_version"')
    ex, exm = conn.execute, conn.executemany
    heads = rows.heads[size - 1 :: size]
    if len(rows.heads) % size:
        heads.append(rows.heads[-1])
    if same_head:
        heads = [rows.heads[-1]] * len(heads)
    for group, head in zip(_groups(rows.commands, size), heads, strict=True):
        ex("BEGIN IMMEDIATE")
        if events_only:
            exm(_INSERT, [r for evrows, _ in group for r in evrows])
            ex("COMMIT")
            continue
        if size == 1:
            evrows, stream = group[0]
            exm(_INSERT, evrows)
            ex(_STREAM, stream)
        else:
            exm(_INSERT, [r for evrows, _ in group for r in evrows])
            exm(_STREAM, [s for _, s in group])
        ex("UPDATE meta SET value=? WHERE key='store_head'", (head,))
        ex("COMMIT")
    conn.close()


_FOLD_COLS = "version, type, schema, data, visibility, actor, rule_id, cause, command_id"


def raw_rebuild(path: str, games: list[str], cols: str = _COLS) -> int:
    """`cols`: every column of the event (the reference), or `_FOLD_COLS`, the ones
    runeledger's fold reads (a note figure)."""
    conn = _raw_conn(path)
    n = 0
    d, v = (5, 6) if cols == _COLS else (3, 4)
    for g in games:
        for r in conn.execute(f"SELECT {cols} FROM events WHERE game_id=? ORDER BY version", (g,)):
            _json.decode(r[d])
            if r[v] is not None:
                _json.decode(r[v])
            n += 1
    conn.close()
    return n


# -- eventsourcing --------------------------------------------------------------------------
class Game(Aggregate):
    """One game's stream; each runeledger event becomes one aggregate event."""

    def __init__(self, name: str):
        self.name = name
        self.events = 0
        self.last = ""

    @classmethod
    def create_id(cls, name: str):
        return uuid5(NAMESPACE_URL, name)

    @event("Recorded")
    def record(
        self,
        type: str,
        data: dict,
        vis: list | None,
        actor: int | None,
        rule: str | None,
        cause: int | None,
        command_id: str | None,
        schema: int,
    ):
        self.events += 1
        self.last = type


ES_CONFIGS = ("POPO (in memory)", "SQLite :memory:", "SQLite file, WAL, synchronous=NORMAL")


def _es_app(config: str, path: str) -> Application:
    if config.startswith("POPO"):
        return Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    if config == "SQLite :memory:":
        return Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": ":memory:"})
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path})
    # its default is SQLite's FULL (an fsync per commit); runeledger's store runs NORMAL
    datastore = app.factory.datastore
    pool, make = datastore.pool, datastore.pool._create_connection

    def connect():
        conn = make()
        conn._sqlite_conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    pool._create_connection = connect
    for conn in list(pool._pool):  # made while the application created its tables
        conn._sqlite_conn.execute("PRAGMA synchronous=NORMAL")
    with datastore.transaction(commit=False) as c:
        c.execute("PRAGMA synchronous")
        got = c.fetchone()[0]
    assert got == 1, f"eventsourcing's SQLite connection is not synchronous=NORMAL ({got})"
    return app


def es_run(config: str, path: str, work: Workload) -> tuple[float, float, int]:
    """(append seconds, rebuild seconds, events rebuilt) for one configuration."""
    app = _es_app(config, path)
    aggs: dict[str, Game] = {}

    def append() -> None:
        for gid, _, evs in work.commands:
            agg = aggs.get(gid)
            if agg is None:
                agg = aggs[gid] = Game(gid)
            for ev in evs:
                agg.record(ev.type, ev.data, ev.vis, ev.actor, ev.rule, ev.cause, ev.command_id, ev.schema)
            app.save(agg)

    t_append = cpu_timed(append)
    ids = [Game.create_id(g) for g in work.games]
    got = []
    t_rebuild = cpu_timed(lambda: got.extend(app.repository.get(i).events for i in ids))
    assert sum(got) == work.events, (config, sum(got), work.events)
    app.close()
    return t_append, t_rebuild, sum(got)


# -- the comparison -----------------------------------------------------------------------
def measure(work: Workload, tmp: str, repeats: int, say: Callable[[str], None]) -> list:
    runs: dict[str, list[float]] = {}

    def put(key: str, value: float) -> None:
        runs.setdefault(key, []).append(value)

    n_cmd = len(work.commands)
    for r in range(repeats):
        say(f"store: repeat {r + 1}/{repeats}")

        def p(name: str, r: int = r) -> str:
            return os.path.join(tmp, f"{name}-{r}.db")

        # grouped append; the raw reference uses the very rows runeledger wrote
        put("rl_grouped", work.events / cpu_timed(rl_append, p("rl-grouped"), work, GROUP))
        rows = raw_rows(p("rl-grouped"), work)
        put("raw_grouped", work.events / cpu_timed(raw_append, p("raw-grouped"), rows, GROUP))
        # one command per transaction
        put("rl_single", n_cmd / cpu_timed(rl_append, p("rl-single"), work, 1))
        mem: list[MemoryStore] = []
        put("rl_mem_single", n_cmd / cpu_timed(rl_mem_append, work, mem))
        assert len(mem[0].read_all()) == work.events
        mem.clear()
        put("raw_single", n_cmd / cpu_timed(raw_append, p("raw-single"), rows, 1))
        put(
            "raw_grouped_events_only",
            work.events / cpu_timed(raw_append, p("raw-grouped-ev"), rows, GROUP, True),
        )
        put(
            "raw_single_same_head",
            n_cmd / cpu_timed(raw_append, p("raw-single-same"), rows, 1, False, True, True),
        )
        put("raw_single_events_only", n_cmd / cpu_timed(raw_append, p("raw-single-ev"), rows, 1, True))
        put(
            "raw_grouped_no_game_index",
            work.events / cpu_timed(raw_append, p("raw-grouped-noidx"), rows, GROUP, True, False),
        )
        put("ratio_game_index", runs["raw_grouped_events_only"][-1] / runs["raw_grouped_no_game_index"][-1])
        # rebuild, on the files just written by the grouped runs (same rows in both)
        n = [0]
        put(
            "rl_rebuild",
            work.events / cpu_timed(_into, n, rl_rebuild, p("rl-grouped"), work.games),
        )
        assert n[0] == work.events, n
        put(
            "raw_rebuild",
            work.events / cpu_timed(_into, n, raw_rebuild, p("raw-grouped"), work.games),
        )
        assert n[0] == work.events, n
        put(
            "raw_rebuild_fold_cols",
            work.events / cpu_timed(raw_rebuild, p("raw-grouped"), work.games, _FOLD_COLS),
        )
        put("rl_read", work.events / cpu_timed(rl_read, p("rl-grouped"), work.games))
        put(
            "rl_grouped_returning", work.events / cpu_timed(rl_append, p("rl-grouped-ret"), work, GROUP, True)
        )
        # the ceilings: raw SQLite's time + the pinned Python work (`pinned`), per repeat
        t_single = cpu_timed(pinned, work, True) / n_cmd
        t_grouped = cpu_timed(pinned, work, False) / work.events
        put("pinned_single_us", t_single * 1e6)
        put("pinned_grouped_us", t_grouped * 1e6)
        put("ceiling_single", 1 / (1 + t_single * runs["raw_single"][-1]))
        put("ceiling_grouped", 1 / (1 + t_grouped * runs["raw_grouped"][-1]))
        for i, config in enumerate(ES_CONFIGS):
            ta, tr, _ = es_run(config, p(f"es-{i}"), work)
            put(f"es_append_{i}", n_cmd / ta)
            put(f"es_rebuild_{i}", work.events / tr)
        for k in ("grouped", "single", "rebuild"):
            put(f"ratio_{k}", runs[f"rl_{k}"][-1] / runs[f"raw_{k}"][-1])
        best_a = max(range(len(ES_CONFIGS)), key=lambda i: runs[f"es_append_{i}"][-1])
        best_r = max(range(len(ES_CONFIGS)), key=lambda i: runs[f"es_rebuild_{i}"][-1])
        put("ratio_es_append", runs["rl_single"][-1] / runs[f"es_append_{best_a}"][-1])
        put("ratio_es_rebuild", runs["rl_rebuild"][-1] / runs[f"es_rebuild_{best_r}"][-1])
        put("ratio_es_mem_append", runs["rl_mem_single"][-1] / runs["es_append_0"][-1])
    m = {k: median(v) for k, v in runs.items()}
    es = f"eventsourcing {version('eventsourcing')}"
    best_a = max(range(len(ES_CONFIGS)), key=lambda i: m[f"es_append_{i}"])
    best_r = max(range(len(ES_CONFIGS)), key=lambda i: m[f"es_rebuild_{i}"])
    rows_out = [
        row(
            f"grouped append ({GROUP} commands of different games per transaction, as "
            "Engine.batch writes them: no events handed back)",
            m["rl_grouped"],
            "events/CPU-s",
            "raw SQLite executemany, same rows/schema/pragmas/transactions",
            m["raw_grouped"],
            "events/CPU-s",
            m["ratio_grouped"],
            "runeledger ÷ raw",
            "≥0.75×",
            m["ratio_grouped"] >= 0.75,
        ),
        row(
            "one command per transaction",
            m["rl_single"],
            "commands/CPU-s",
            "raw SQLite, one commit per command, same rows/schema/pragmas",
            m["raw_single"],
            "commands/CPU-s",
            m["ratio_single"],
            "runeledger ÷ raw",
            "≥0.8×",
            m["ratio_single"] >= 0.8,
        ),
        row(
            "rebuild: state_at from event 1, no snapshot (read, decode, fold)",
            m["rl_rebuild"],
            "events/CPU-s",
            "raw SELECT + msgspec decode of the same events",
            m["raw_rebuild"],
            "events/CPU-s",
            m["ratio_rebuild"],
            "runeledger ÷ raw",
            "≥0.8×",
            m["ratio_rebuild"] >= 0.8,
        ),
        row(
            "appends vs eventsourcing Application + Aggregate (one command per transaction)",
            m["rl_single"],
            "commands/CPU-s",
            f"{es}, best of 3 configurations: {ES_CONFIGS[best_a]}",
            m[f"es_append_{best_a}"],
            "commands/CPU-s",
            m["ratio_es_append"],
            "runeledger ÷ eventsourcing",
            "≥5×",
            m["ratio_es_append"] >= 5,
        ),
        row(
            "in-memory appends vs eventsourcing in memory, like with like (runeledger "
            "MemoryStore.append, one command per transaction, stored events handed back)",
            m["rl_mem_single"],
            "commands/CPU-s",
            f"{es}, {ES_CONFIGS[0]} Application + Aggregate, saved once per command",
            m["es_append_0"],
            "commands/CPU-s",
            m["ratio_es_mem_append"],
            "runeledger ÷ eventsourcing",
            "≥5×",
            m["ratio_es_mem_append"] >= 5,
        ),
        row(
            "rebuilds vs eventsourcing (repository.get of every aggregate)",
            m["rl_rebuild"],
            "events/CPU-s",
            f"{es}, best of 3 configurations: {ES_CONFIGS[best_r]}",
            m[f"es_rebuild_{best_r}"],
            "events/CPU-s",
            m["ratio_es_rebuild"],
            "runeledger ÷ eventsourcing",
            "≥5×",
            m["ratio_es_rebuild"] >= 5,
        ),
        row(
            "events of one game kept together (item 5): unique index (game_id, version) on the "
            "events table, cost on grouped appends (raw SQLite, event rows alone)",
            m["raw_grouped_events_only"],
            "events/CPU-s",
            "the same inserts without that index",
            m["raw_grouped_no_game_index"],
            "events/CPU-s",
            m["ratio_game_index"],
            "with index ÷ without",
            "cost recorded (no numeric goal)",
            None,
        ),
    ]
    detail = {k: v for k, v in m.items()}
    detail["spread"] = {k: (min(runs[k]), max(runs[k])) for k in runs if k.startswith("ratio_")}
    return rows_out, detail
