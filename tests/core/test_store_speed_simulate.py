"""Simulation workers: the start method, and a flush that finds the target busy plays on."""

import sqlite3
import threading

from sim import simulate
from store import EventStore


def test_a_busy_target_keeps_the_finished_games_for_the_next_flush(tmp_path):
    db = str(tmp_path / "t.db")
    target = EventStore(db)
    spec = simulate.Spec(db, "duel", 2, "7", 2, {"rounds": 4})
    sink = simulate.Sink(target, 0.5)
    for i in range(2):
        gid, seed = simulate.job("duel", "7", i)
        sink.done.append(simulate.play_one(sink.eng, spec, gid, seed))
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    assert sink.flush(wait=False) is None
    assert len(sink.done) == 2 and target.game_ids() == []
    other.execute("ROLLBACK")
    other.close()
    stored = sink.flush(wait=False)
    assert [r.game_id for r in stored] == ["duel-7-00000", "duel-7-00001"]
    assert target.game_ids() == ["duel-7-00000", "duel-7-00001"] and target.verify().ok
    assert target.conn.execute("PRAGMA busy_timeout").fetchone()[0] == 30000
    target.close()


def test_workers_fork_only_from_a_single_threaded_parent():
    assert simulate.start_method() in ("fork", "spawn")
    seen = []
    t = threading.Thread(target=lambda: seen.append(simulate.start_method()))
    t.start()
    t.join()
    assert seen == ["spawn"]


def test_two_workers_store_the_same_games_as_one(tmp_path):
    one = simulate.simulate(str(tmp_path / "1.db"), "duel", 12, 2, 3, 1, {"rounds": 4})
    two = simulate.simulate(str(tmp_path / "2.db"), "duel", 12, 2, 3, 2, {"rounds": 4})
    assert one.games == two.games == 12 and one.events == two.events
    a, b = EventStore(str(tmp_path / "1.db")), EventStore(str(tmp_path / "2.db"))
    assert sorted(a.game_ids()) == sorted(b.game_ids())
    for g in a.game_ids():
        assert [e.type for e in a.read(g)] == [e.type for e in b.read(g)]
    assert a.verify().ok and b.verify().ok
    a.close()
    b.close()
