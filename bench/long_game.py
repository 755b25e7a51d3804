"""`state_at` at the end of a 20,000-event game, from the nearest snapshot and from event 1.

The game is duel with a 10,000-round limit where every seat passes (3 events per command), built
through the normal path: one command per transaction on a file database, snapshots saved every
256 events by the engine itself.
"""
from __future__ import annotations

import os
import statistics
import time

import msgspec

from engine.pipeline import Engine
from projections.state import StateReader
from store import EventStore


class LongGame(msgspec.Struct):
    events: int
    build_events_per_s: float   # Engine.submit, one command per transaction
    snapshots: int
    with_snapshots_ms: float
    without_snapshots_ms: float


def _ms(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def run(tmp: str, target: int = 20_000, fast_runs: int = 21, slow_runs: int = 5) -> LongGame:
    path = os.path.join(tmp, "long-game.db")
    eng = Engine(path, snapshot_every=256)
    gid = eng.create("duel", 2, "bench-long", {"rounds": 10000}, game_id="duel-long")
    start = time.perf_counter()
    first = eng.table(gid).version
    while eng.table(gid).version < target:
        eng.submit(gid, eng.prompts(gid)[0].seat, {"kind": "pass"})
    table = eng.table(gid)
    assert not table.over, "the long game ended before its 20,000th event"
    build = (table.version - first) / (time.perf_counter() - start)
    eng.store.close()

    store = EventStore(path)  # a fresh connection: nothing cached from the build
    reader = StateReader(store)
    snaps = store.conn.execute("SELECT count(*) FROM snapshots WHERE game_id=?",
                               (gid,)).fetchone()[0]
    fast = [_ms(lambda: reader.state_at(gid)) for _ in range(fast_runs)]
    slow = [_ms(lambda: reader.state_at(gid, use_snapshots=False)) for _ in range(slow_runs)]
    assert reader.state_at(gid) == reader.state_at(gid, use_snapshots=False)
    store.close()
    return LongGame(table.version, build, snaps, statistics.median(fast), statistics.median(slow))
