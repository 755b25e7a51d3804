"""Store-level workload, run through runeledger's EventStore and eventsourcing's SQLite recorder.

Both sides get the same commands (real duel events, recorded once in memory), the same payload
bytes, one transaction per command (or per group of commands) and the same rebuild: read every
stream back and decode every event. Runeledger additionally hashes each event into its game's
chain and keeps a stream-version row; that is part of what it costs, so it stays in the timing.
"""
from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

import msgspec
from eventsourcing.persistence import StoredEvent as EsEvent
from eventsourcing.sqlite import SQLiteAggregateRecorder, SQLiteDatastore

from engine.bots import play_out
from engine.pipeline import Engine
from projections.state import StateReader
from store import EventStore, NewEvent

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder(NewEvent)

Command = tuple[str, int, list[NewEvent]]  # (game id, expected version, the command's events)


class Workload(msgspec.Struct):
    commands: list[Command]   # round-robin across games, as a server with many tables sees them
    games: list[str]
    events: int
    payload_bytes: int        # JSON of every NewEvent: what eventsourcing stores as `state`


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
            cmds[-1][2].append(NewEvent(ev.type, ev.data, ev.vis, ev.actor, ev.rule, ev.cause,
                                        ev.command_id, ev.schema))
        per_game.append(cmds)
        ids.append(gid)
        eng.forget(gid)
    commands = [c for turn in _zip_longest(per_game) for c in turn]
    events = sum(len(evs) for _, _, evs in commands)
    payload = sum(len(_enc.encode(e)) for _, _, evs in commands for e in evs)
    return Workload(commands, ids, events, payload)


def _zip_longest(lists: list[list[Command]]) -> list[list[Command]]:
    longest = max(len(x) for x in lists)
    return [[x[i] for x in lists if i < len(x)] for i in range(longest)]


def _groups(commands: list[Command], size: int) -> list[list[Command]]:
    return [commands[i:i + size] for i in range(0, len(commands), size)]


# -- the two stores behind one small interface --------------------------------------------
class Runeledger:
    name = "runeledger"

    def __init__(self, path: str):
        self.store = EventStore(path)

    def append(self, group: list[Command]) -> None:
        if len(group) == 1:
            self.store.append(*group[0])
        else:
            self.store.append_many(group)

    def rebuild(self, games: list[str]) -> int:
        return sum(len(self.store.read(g)) for g in games)

    def close(self) -> None:
        self.store.close()


class Eventsourcing:
    """The library's aggregate recorder, with synchronous=NORMAL like runeledger's store.

    Its default is SQLite's FULL (an fsync per commit in WAL mode); comparing that with
    runeledger's NORMAL would measure the disk, not the libraries.
    """
    name = "eventsourcing"

    def __init__(self, path: str):
        self.datastore = SQLiteDatastore(path, originator_id_type="text")
        pool, make = self.datastore.pool, self.datastore.pool._create_connection

        def connect():
            conn = make()
            conn._sqlite_conn.execute("PRAGMA synchronous=NORMAL")
            return conn
        pool._create_connection = connect
        self.recorder = SQLiteAggregateRecorder(self.datastore)
        self.recorder.create_table()

    def append(self, group: list[Command]) -> None:
        self.recorder.insert_events([
            EsEvent(gid, base + i, ev.type, _enc.encode(ev))
            for gid, base, evs in group for i, ev in enumerate(evs, 1)])

    def rebuild(self, games: list[str]) -> int:
        n = 0
        for g in games:
            n += len([_dec.decode(s.state) for s in self.recorder.select_events(g)])
        return n

    def synchronous(self) -> int:
        with self.datastore.transaction(commit=False) as c:
            c.execute("PRAGMA synchronous")
            return c.fetchone()[0]

    def close(self) -> None:
        self.datastore.close()


def _timed(fn: Callable[..., object], *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def _append_all(db, groups: list[list[Command]]) -> None:
    for g in groups:
        db.append(g)


def compare(work: Workload, tmp: str, group: int, repeats: int = 3) -> dict[str, dict[str, float]]:
    """Median events/s for append (1 command per tx, `group` commands per tx) and rebuild.

    The two libraries alternate within each repeat, each on a fresh file, so drift in the
    machine's speed hits both alike.
    """
    runs: dict[str, dict[str, list[float]]] = {}
    for r in range(repeats):
        for kind in (Runeledger, Eventsourcing):
            got = runs.setdefault(kind.name, {"single": [], "grouped": [], "rebuild": []})
            for mode, size in (("single", 1), ("grouped", group)):
                path = os.path.join(tmp, f"{kind.name}-{mode}-{r}.db")
                db = kind(path)
                groups = _groups(work.commands, size)
                got[mode].append(work.events / _timed(_append_all, db, groups))
                if mode == "grouped":  # rebuild from the file just written
                    got["rebuild"].append(work.events / _timed(db.rebuild, work.games))
                    assert db.rebuild(work.games) == work.events, kind.name
                db.close()
    return {lib: {k: statistics.median(v) for k, v in modes.items()} for lib, modes in runs.items()}


def rebuild_with_fold(work: Workload, tmp: str, repeats: int = 3) -> float:
    """Events/s for state_at(use_snapshots=False) over every workload game: read, decode, fold."""
    db = Runeledger(os.path.join(tmp, "fold.db"))
    _append_all(db, _groups(work.commands, 256))
    reader = StateReader(db.store)

    def fold_all() -> None:
        for g in work.games:
            reader.state_at(g, use_snapshots=False)
    rates = [work.events / _timed(fold_all) for _ in range(repeats)]
    db.close()
    return statistics.median(rates)
