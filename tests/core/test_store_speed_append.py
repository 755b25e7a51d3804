"""The append paths that skip reads (what a connection knows after its own append, one
statement per group) write exactly what the plain path writes, and notice other writers."""

import sqlite3

import pytest

from store import EventStore, NewEvent, VersionConflict
from store.hashing import GENESIS, store_step


def _evs(n, tag="x"):
    return [NewEvent("t", {"i": i, "tag": tag}, command_id=f"c-{tag}") for i in range(n)]


def _recomputed(s):
    head, seq = GENESIS, 0
    for row_seq, h in s.conn.execute("SELECT seq, hash FROM events ORDER BY seq"):
        head, seq = store_step(head, h), row_seq
    return seq, head


def _clock():
    t = [1000.0]

    def now():
        t[0] += 1
        return t[0]

    return now


def test_known_path_writes_what_the_plain_path_writes(tmp_path):
    a = EventStore(tmp_path / "a.db", clock=_clock())
    b = EventStore(tmp_path / "b.db", clock=_clock())
    for i in range(4):
        for g in ("g1", "g2"):
            got = a.append(g, 3 * i, _evs(3, f"{g}{i}"))
            with b.transaction():  # nested: the plain path, a streams read per command
                b.append(g, 3 * i, _evs(3, f"{g}{i}"))
            assert [e.seq for e in got] == [e.seq for e in a.read(g, 3 * i + 1)]
    cols = "seq, game_id, version, type, data, prev_hash, hash, recorded_at"
    assert (
        a.conn.execute(f"SELECT {cols} FROM events").fetchall()
        == b.conn.execute(f"SELECT {cols} FROM events").fetchall()
    )
    assert a.store_head() == b.store_head() == _recomputed(a)
    assert a.verify().ok and b.verify().ok


def test_another_connection_in_between_is_noticed(tmp_path):
    path = tmp_path / "s.db"
    a, b = EventStore(path), EventStore(path)
    a.append("g", 0, _evs(2))
    a.append("g", 2, _evs(2))  # a now knows g at version 4
    b.append("g", 4, _evs(3))
    with pytest.raises(VersionConflict):
        a.append("g", 4, _evs(1))
    b.append("h", 0, _evs(2))  # another game: the store head moved
    got = a.append("g", 7, _evs(2))
    assert [e.seq for e in got] == [10, 11] and [e.version for e in got] == [8, 9]
    assert a.store_head() == _recomputed(a) and a.verify().ok


def test_raw_rows_and_a_changed_streams_row_are_not_guessed_over(tmp_path):
    path = tmp_path / "s.db"
    a = EventStore(path)
    a.append("g", 0, _evs(2))
    a.append("g", 2, _evs(1))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("UPDATE streams SET head_hash=? WHERE game_id='g'", ("ab" * 32,))
    other.close()
    # not chained on the head a knew: the plain path reads the row as it is now (verify then
    # reports the changed streams head); nothing is written on a guess
    got = a.append("g", 3, _evs(1))
    assert got[0].prev_hash == "ab" * 32 and got[0].seq == 4
    assert not a.verify().ok


def test_group_with_a_game_twice_and_a_conflict_writes_nothing(tmp_path):
    s = EventStore(tmp_path / "s.db")
    s.append_many([("g", 0, _evs(2, "a")), ("h", 0, _evs(1, "b")), ("g", 2, _evs(2, "c"))])
    assert (s.version("g"), s.version("h")) == (4, 1)
    before = s.store_head()
    with pytest.raises(VersionConflict):
        s.append_many([("h", 1, _evs(1)), ("g", 3, _evs(1))])
    assert s.store_head() == before and s.version("h") == 1
    got = s.append_many([("h", 1, _evs(1, "d")), ("k", 0, [])])
    assert [e.seq for e in got] == [6]
    assert s.game_ids() == ["g", "h"] and s.verify().ok and s.store_head() == _recomputed(s)
