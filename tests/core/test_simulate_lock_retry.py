"""A worker whose flush finds the target locked by the other worker plays on and tries again
after a short pause, not after every game: with 500 games waiting `due` was true at once
again, and each try cost the copy's preparation (found 2026-11-26: two workers used 15% more
CPU than one, all of it in retries)."""

import sqlite3
import time

from sim.simulate import Sink, Spec, play_one
from store import EventStore


def test_a_locked_flush_waits_before_trying_again(tmp_path):
    path = tmp_path / "t.db"
    target = EventStore(path)
    spec = Spec(str(path), "duel", 2, "x", 3, {})
    sink = Sink(target, 60)
    for i in range(3):
        sink.done.append(play_one(sink.eng, spec, f"duel-x-{i}", f"x-{i}"))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the other worker copying its games
    try:
        sink.since -= 120  # the flush is due by time
        assert sink.due()
        assert sink.flush(wait=False) is None  # locked: nothing stored, nothing dropped
        assert len(sink.done) == 3
        assert not sink.due()  # not at once again
        time.sleep(0.06)
        assert sink.due()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert [r.game_id for r in sink.flush(wait=False)] == [f"duel-x-{i}" for i in range(3)]
    assert target.verify().ok


def test_a_locked_flush_with_500_games_waiting_does_not_retry_per_game(tmp_path):
    path = tmp_path / "t.db"
    target = EventStore(path)
    spec = Spec(str(path), "duel", 2, "x", 3, {})
    sink = Sink(target, 60)
    sink.done.append(play_one(sink.eng, spec, "duel-x-0", "x-0"))
    sink.done = sink.done * 500  # the count rule: 500 finished games make a flush due
    assert sink.due()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        assert sink.flush(wait=False) is None
        assert not sink.due()  # the count alone no longer asks for a try after every game
    finally:
        other.execute("ROLLBACK")
        other.close()
