"""store/: atomic appends, optimistic concurrency, hash chains, corrupt files, crashes."""

import multiprocessing as mp
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from store import CorruptStore, EventStore, MemoryStore, NewEvent, VersionConflict


def evs(n, tag="e"):
    return [NewEvent(tag, {"i": i}) for i in range(n)]


@pytest.fixture(params=["sqlite", "memory"])
def any_store(request, tmp_path):
    """The contract tests run on both stores: a file-backed EventStore and a MemoryStore."""
    return EventStore(str(tmp_path / "s.db")) if request.param == "sqlite" else MemoryStore()


def test_append_assigns_versions_and_reads_back(any_store):
    s = any_store
    out = s.append("g", 0, evs(3))
    assert [e.version for e in out] == [1, 2, 3]
    assert [e.seq for e in out] == [1, 2, 3]
    s.append("h", 0, evs(2, "f"))
    assert [e.data["i"] for e in s.read("g", 2, 3)] == [1, 2]
    assert [e.game_id for e in s.read_all(3)] == ["h", "h"]
    assert s.version("g") == 3


def test_version_conflict_writes_nothing(any_store):
    s = any_store
    s.append("g", 0, evs(2))
    with pytest.raises(VersionConflict, match="expected version 1, the stream is at 2"):
        s.append("g", 1, evs(5))
    assert s.version("g") == 2 and len(s.read("g")) == 2


def test_group_commit_is_all_or_nothing(any_store):
    s = any_store
    s.append("b", 0, evs(1))
    with pytest.raises(VersionConflict):
        s.append_many([("a", 0, evs(2)), ("b", 0, evs(1))])
    assert s.version("a") == 0 and s.version("b") == 1
    s.append_many([("a", 0, evs(2)), ("b", 1, evs(1))])
    assert (s.version("a"), s.version("b")) == (2, 2)


def test_events_table_refuses_update_and_delete(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    s.append("g", 0, evs(1))
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        s.conn.execute("UPDATE events SET data='{}'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        s.conn.execute("DELETE FROM events")


def test_verify_names_the_first_tampered_event(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    s.append("g", 0, evs(5))
    assert s.verify().ok
    s.conn.execute("DROP TRIGGER events_no_update")  # an attacker with file access
    s.conn.execute("UPDATE events SET data='{\"i\": 99}' WHERE game_id='g' AND version=3")
    report = s.verify()
    assert not report.ok
    assert report.first_bad["version"] == 3 and "altered" in report.first_bad["problem"]


def test_verify_finds_a_deleted_event(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    s.append("g", 0, evs(4))
    s.conn.execute("DROP TRIGGER events_no_delete")
    s.conn.execute("DELETE FROM events WHERE version=2")
    report = s.verify()  # names the event that is gone, not the one after it
    assert report.first_bad["kind"] == "deleted" and report.first_bad["version"] == 2
    assert "missing" in report.first_bad["problem"]


def test_corrupt_file_is_reported_not_read(tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(CorruptStore, match="not a readable Runeledger database"):
        EventStore(str(bad))
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE x(a)").connection.commit()
    with pytest.raises(CorruptStore, match="not a Runeledger store"):
        EventStore(str(other))


def test_undecodable_row_is_reported(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    s.append("g", 0, evs(2))
    s.conn.execute("DROP TRIGGER events_no_update")
    s.conn.execute("UPDATE events SET data='{broken' WHERE version=2")
    with pytest.raises(CorruptStore, match="game g event 2"):
        s.read("g")


def _racer(path, barrier, results):
    s = EventStore(path)
    barrier.wait()
    try:
        s.append("g", 1, [NewEvent("x", {"pid": os.getpid()})])
        results.put("won")
    except VersionConflict:
        results.put("conflict")


def test_two_processes_append_to_one_game(tmp_path):
    path = str(tmp_path / "race.db")
    EventStore(path).append("g", 0, evs(1))
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_racer, args=(path, barrier, results)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    outcome = sorted(results.get(timeout=5) for _ in procs)
    assert outcome == ["conflict", "won"]
    s = EventStore(path)
    assert [e.version for e in s.read("g")] == [1, 2]  # nothing lost, nothing duplicated
    assert s.verify().ok


KILLER = textwrap.dedent("""
    import os, signal, sys
    from sim.testing import engine
    from store import sqlite_store
    eng = engine(sys.argv[1])
    gid = eng.create("duel", 2, 4, game_id="g")
    print(eng.table(gid).version, flush=True)
    real = eng.store.conn
    class Dying:
        # forwards everything, but dies right after the event rows are written, before COMMIT
        def __getattr__(self, name): return getattr(real, name)
        def executemany(self, sql, rows):
            real.executemany(sql, rows)
            os.kill(os.getpid(), signal.SIGKILL)
    eng.store.conn = Dying()
    cmd = eng.legal(gid, 0)[0]
    eng.submit(gid, 0, cmd)
""")


def test_process_killed_mid_command_leaves_no_partial_cascade(tmp_path):
    path = str(tmp_path / "kill.db")
    proc = subprocess.run([sys.executable, "-c", KILLER, path], capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    before = int(proc.stdout.split()[0])
    s = EventStore(path)
    assert s.version("g") == before
    assert len(s.read("g")) == before
    assert s.verify().ok
