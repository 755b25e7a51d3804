"""The first `state_at` in a fresh process: a 100,000-game database against a 1,000-game one.

How the databases are built (once; cached under bench/.cache/, which git ignores): TEMPLATES
complete duel games (2 seats, rounds=4, random bots) are played in memory and their events
kept. Each database holds FILLER games made of the set-up events of those games (game.created
and what the set-up deals: a real game's first command, about a dozen events) and, last,
TEMPLATES complete games, all written through `EventStore.append_many`, 500 games per
transaction, under fresh ids (the store hashes and chains them itself). The 1k and the 100k
databases end with the same complete games, so the game asked for is the same in both.

Measured: a fresh Python process (imports, and the registry's loading of the game packages,
done before the clock starts: they do not depend on the database) opens the store with
`EventStore(path, create=False)` and calls `StateReader.state_at` once on the last complete
game (snapshots allowed; none exist). The two sizes alternate, RUNS each; medians. Twice: with
the OS page cache warm (the database's size, not the disk), and with the file evicted from the
page cache first (posix_fadvise DONTNEED on that file only: a cold open, as after a reboot).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from bench.common import CACHE, median, row
from bench.simulate_runs import ENV
from bots.random_bot import play_out
from engine.pipeline import Engine
from store import EventStore, NewEvent

TEMPLATES = 50
SIZES = (1_000, 100_000)
BUILD = "v1"  # change when the way the files are built changes

_PROBE = r"""
import sys, time, json
from store import EventStore
from projections.state import StateReader
from engine import registry
path, gid = sys.argv[1], sys.argv[2]
r0 = time.perf_counter()
registry.rulesets()  # loading the game packages: an import, the same for any database
t0 = time.perf_counter()
store = EventStore(path, create=False)
t1 = time.perf_counter()
t = StateReader(store).state_at(gid)
t2 = time.perf_counter()
print(json.dumps({"registry_ms": (t0 - r0) * 1000, "open_ms": (t1 - t0) * 1000, "state_at_ms": (t2 - t1) * 1000,
                  "version": t.version}))
"""


def _templates() -> list[list[list[NewEvent]]]:
    """Per template game: its commands' events."""
    eng = Engine(EventStore(":memory:"))
    out = []
    for i in range(TEMPLATES):
        gid = eng.create("duel", 2, f"big-{i}", {"rounds": 4}, game_id=f"t-{i}")
        play_out(eng, gid, f"big-{i}")
        cmds: list[list[NewEvent]] = []
        last = object()
        for ev in eng.store.read(gid):
            if ev.command_id != last:
                cmds.append([])
                last = ev.command_id
            cmds[-1].append(
                NewEvent(ev.type, ev.data, ev.vis, ev.actor, ev.rule, ev.cause, ev.command_id, ev.schema)
            )
        out.append(cmds)
        eng.forget(gid)
    return out


def path_of(size: int) -> str:
    return str(CACHE / f"state-at-{size}-{BUILD}.db")


def target(size: int) -> str:
    return f"full-{size - 1:06d}"


def build(size: int, templates, say) -> str:
    path = path_of(size)
    if os.path.exists(path):
        try:
            s = EventStore(path, create=False)
            ok = s.version(target(size)) > 0
            s.close()
            if ok:
                return path
        except Exception:
            pass
        os.unlink(path)
    CACHE.mkdir(exist_ok=True)
    tmp = path + ".part"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(tmp + suffix):
            os.unlink(tmp + suffix)
    store = EventStore(tmp)
    filler = size - TEMPLATES
    batch: list = []
    start = time.perf_counter()
    for i in range(size):
        t = templates[i % TEMPLATES]
        if i < filler:
            batch.append((f"fill-{i:06d}", 0, t[0]))
        else:
            gid, base = f"full-{i:06d}", 0
            for evs in t:
                batch.append((gid, base, evs))
                base += len(evs)
        if len(batch) >= 500 or i == size - 1:
            store.append_many(batch)
            batch = []
        if i % 10_000 == 9_999:
            say(f"building the {size:,}-game database: {i + 1:,} games, {time.perf_counter() - start:.0f} s")
    store.close()
    os.replace(tmp, path)
    return path


def evict(path: str) -> None:
    """Drop this file (and its WAL) from the OS page cache: a cold read of this file only,
    nothing else on the machine is touched."""
    for suffix in ("", "-wal", "-shm"):
        try:
            fd = os.open(path + suffix, os.O_RDONLY)
        except FileNotFoundError:
            continue
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def _probe(path: str, gid: str, cold: bool = False) -> dict:
    import json

    if cold:
        evict(path)
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, path, gid], capture_output=True, text=True, env=ENV, timeout=300
    )
    if out.returncode:
        raise RuntimeError(out.stderr[-300:])
    return json.loads(out.stdout)


def measure(runs: int, say) -> tuple[list, dict]:
    say("templates for the state_at databases")
    templates = _templates()
    paths = {}
    build_s = {}
    for size in SIZES:
        say(f"the {size:,}-game database (cached under bench/.cache/)")
        start = time.perf_counter()
        paths[size] = build(size, templates, say)
        build_s[size] = time.perf_counter() - start
    got = {(s, c): [] for s in SIZES for c in (False, True)}
    for r in range(runs):
        say(f"first state_at, run {r + 1}/{runs}")
        for size in SIZES if r % 2 == 0 else SIZES[::-1]:
            for cold in (False, True):
                got[size, cold].append(_probe(paths[size], target(size), cold))
    small, big = SIZES
    mb = {s: os.path.getsize(paths[s]) / 2**20 for s in SIZES}
    rows = []
    detail = {
        "runs": runs,
        "file_mib": mb,
        "build_s": build_s,
        "events_of_target": got[big, False][0]["version"],
    }
    for cold in (False, True):
        total = {s: [g["open_ms"] + g["state_at_ms"] for g in got[s, cold]] for s in SIZES}
        ratio = median([b / a for a, b in zip(total[small], total[big], strict=True)])
        how = "file evicted from the page cache first" if cold else "page cache warm"
        rows.append(
            row(
                f"first state_at in a fresh process, {big:,}-game database (open + state_at; {how})",
                median(total[big]),
                "ms",
                f"the same game in a {small:,}-game database, same way",
                median(total[small]),
                "ms",
                ratio,
                "100k ÷ 1k (median per pair)",
                "≤2×",
                ratio <= 2,
            )
        )
        key = "cold" if cold else "warm"
        detail[key] = {
            "registry_ms": median([g["registry_ms"] for s in SIZES for g in got[s, cold]]),
            "open_ms": {s: median([g["open_ms"] for g in got[s, cold]]) for s in SIZES},
            "state_at_ms": {s: median([g["state_at_ms"] for g in got[s, cold]]) for s in SIZES},
        }
    return rows, detail
