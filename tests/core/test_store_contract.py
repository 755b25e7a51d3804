"""The store contract on both stores (a SQLite EventStore and a MemoryStore): transactions,
optimistic concurrency, reads, snapshots, seeds, refusals, checkpoints, the store head and
verify behave alike, and the same appends give the same bytes: every row, hash, time and seq,
and the store head. Then the copy out: `EventStore.absorb(memory_store)` writes exactly the
rows absorbing the same games from an SQLite store writes, with absorb's refusals."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store import EventStore, MemoryStore, NewEvent, StoreError, VersionConflict
from store.commitment import commitment
from store.hashing import GENESIS, store_step
from store.rows import REJECTED_CAP
from tests.core.test_store_speed_append import _clock  # a clock that moves on each call


def evs(n, tag="e", cid=None, vis=None):
    return [
        NewEvent(
            tag,
            {"i": i, "tag": tag},
            vis=vis,
            actor=i % 3,
            rule="R-1",
            cause=None if i == 0 else i,
            command_id=cid,
        )
        for i in range(n)
    ]


def make(kind: str, tmp_path=None):
    if kind == "sqlite":
        return EventStore(":memory:" if tmp_path is None else tmp_path / "s.db", clock=_clock())
    return MemoryStore(clock=_clock())


@pytest.fixture(params=["sqlite", "memory"])
def s(request, tmp_path):
    return make(request.param, tmp_path)


def rows_of(store) -> list[tuple]:
    """Every event row as the events table holds it."""
    if isinstance(store, MemoryStore):
        return store.stored_rows()
    return store.conn.execute("SELECT * FROM events ORDER BY seq").fetchall()


def recomputed_head(store) -> tuple[int, str]:
    head, seq = GENESIS, 0
    for r in rows_of(store):
        seq, head = r[0], store_step(head, r[12])
    return seq, head


def fill(store) -> None:
    """One sequence of everything a store keeps, used on both stores."""
    seed = "s-1"
    store.put_seed("g", seed, "salt", commitment(seed, "salt"))
    store.append("g", 0, evs(3, "created", "c1"), returning=False)
    store.append("h", 0, evs(2, "other", "c2", vis=[1]))
    store.append_many([("g", 3, evs(2, "move", "c3")), ("h", 2, evs(1, "move", "c4"))], returning=False)
    store.save_snapshot("g", 4, b"state-at-4")
    store.record_rejected("g", 1, {"type": "bad"}, "R-2", "not now")
    store.record_rejected("nope", 1, {"type": "bad"}, "R-2", "no such game")
    store.append(
        "g", 5, [NewEvent("seed.revealed", {"seed": seed, "salt": "salt"}, command_id="c5")], returning=False
    )
    store.set_checkpoint("proj", 3)


# -- the contract ---------------------------------------------------------------------------
def test_appends_read_back_in_order(s):
    out = s.append("g", 0, evs(3, cid="c1"))
    assert [(e.seq, e.version) for e in out] == [(1, 1), (2, 2), (3, 3)]
    assert out[0].prev_hash == GENESIS and out[1].prev_hash == out[0].hash
    s.append("h", 0, evs(2, "f"))
    assert [e.data["i"] for e in s.read("g", 2, 3)] == [1, 2]
    assert [e.game_id for e in s.read_all(3)] == ["h", "h"]
    assert [e.seq for e in s.read_all(1, 2)] == [2, 3]
    assert s.event("g", 2) == s.read("g")[1] and s.event("g", 9) is None
    assert s.version("g") == 3 and s.version("zz") == 0
    assert s.game_ids() == ["g", "h"] and list(s.game_ids_from("h")) == ["h"]
    assert s.command_span("g", "c1") == (1, 3) and s.command_span("g", "x") is None
    rows = s.fold_rows("g", 2)
    assert rows.fetchone()[:2] == (2, "e")
    assert [r[0] for r in rows] == [3]


def test_a_stale_version_writes_nothing(s):
    s.append("g", 0, evs(2))
    with pytest.raises(VersionConflict, match="expected version 1, the stream is at 2"):
        s.append("g", 1, evs(5))
    with pytest.raises(VersionConflict):
        s.append("new", 3, evs(1))
    assert s.version("g") == 2 and len(s.read("g")) == 2 and s.game_ids() == ["g"]
    assert s.store_head() == recomputed_head(s)


def test_an_empty_append_makes_no_game(s):
    assert s.append("g", 0, []) == []
    assert s.append_many([("g", 0, []), ("h", 0, [])]) == []
    assert s.game_ids() == [] and s.store_head() == (0, GENESIS)


def test_nested_transactions_join_and_roll_back_everything(s):
    s.put_seed("g", "x", None, commitment("x", None))
    s.append("g", 0, evs(2))
    before = (rows_of(s), s.store_head())
    with pytest.raises(RuntimeError), s.transaction():
        s.append("g", 2, evs(1), returning=False)
        with s.transaction():  # joins the outer one
            s.append("h", 0, evs(2))
            s.save_snapshot("h", 1, b"x")
            s.set_checkpoint("c", 9)
            s.record_rejected("g", 0, "cmd", None, "why")
        assert s.version("h") == 2 and len(s.read("h")) == 2  # seen inside
        s.append("g", 3, [NewEvent("seed.revealed", {"seed": "x"})], returning=False)
        raise RuntimeError("abort")
    assert (rows_of(s), s.store_head()) == before
    assert s.version("g") == 2 and s.version("h") == 0 and s.game_ids() == ["g"]
    assert s.load_snapshot("h", 5) is None and s.checkpoint("c") == 0
    assert s.rejected("g") == [] and s.seed_record("g")[3] is False
    got = s.append("h", 0, evs(1))  # the next append takes the seq the rolled back one had
    assert got[0].seq == 3 and s.verify().ok


def test_rollback_after_rows_were_built_inside(s):
    with s.transaction():
        s.append("g", 0, evs(2), returning=False)  # committed; not built yet on a MemoryStore
    with pytest.raises(RuntimeError), s.transaction():
        s.append("g", 2, evs(2), returning=False)
        inside = s.store_head()  # the head as of BEGIN, as the SQLite store's meta holds it
        assert len(s.read_all()) == 4  # builds every row, those of this transaction too
        raise RuntimeError("abort")
    assert len(rows_of(s)) == 2 and s.store_head() == recomputed_head(s) == inside
    s.append("g", 2, evs(1, "z"))
    assert s.store_head() == recomputed_head(s) and s.verify().ok


def test_group_commit_with_a_game_twice_and_a_conflict(s):
    got = s.append_many([("g", 0, evs(2, "a")), ("h", 0, evs(1, "b")), ("g", 2, evs(2, "c"))])
    assert [e.seq for e in got] == [1, 2, 3, 4, 5] and (s.version("g"), s.version("h")) == (4, 1)
    before = s.store_head()
    with pytest.raises(VersionConflict):
        s.append_many([("h", 1, evs(1)), ("g", 3, evs(1))])
    assert s.store_head() == before and s.version("h") == 1


def test_snapshots_sit_on_an_event_with_their_digest(s):
    s.append("g", 0, evs(3))
    s.save_snapshot("g", 2, b"two")
    s.save_snapshot("g", 3, b"three")
    assert s.load_snapshot("g", 3) == (3, b"three") and s.load_snapshot("g", 2) == (2, b"two")
    assert s.load_snapshot("g", 1) is None
    with pytest.raises(StoreError, match="no event 7 in game g"):
        s.save_snapshot("g", 7, b"x")


def test_refusals_are_capped_per_game(s):
    s.append("g", 0, evs(1))
    assert not s.record_rejected("none", 0, {}, None, "no game")
    for i in range(REJECTED_CAP + 3):
        s.record_rejected("g", i, {"n": i, "bad": "x" * 5000}, "R", "why " * 1000)
    got = s.rejected("g")
    assert len(got) == REJECTED_CAP and s.rejected_overflow("g") == 3
    assert got[0]["seat"] == 0 and len(got[0]["reason"]) < 2200


def test_seeds_and_checkpoints(s):
    s.put_seed("g", "x", "salt", commitment("x", "salt"))
    s.append("g", 0, evs(1))
    assert s.seed_record("g") == ("x", "salt", commitment("x", "salt"), False)
    s.append("g", 1, [NewEvent("seed.revealed", {"seed": "x"})])
    assert s.seed("g") == "x" and s.seed_record("g")[3] is True
    with pytest.raises(StoreError, match="no seed stored for game h"):
        s.seed_record("h")
    s.set_checkpoint("a", 4)
    assert s.checkpoint("a") == 4 and s.checkpoint("b") == 0
    assert list(s.game_summaries()) == [("g", 2, {"i": 0, "tag": "e"}, "seed.revealed", True)]


def test_store_head_and_verify(s):
    assert s.store_head() == (0, GENESIS) and s.verify().ok
    fill(s)
    assert s.store_head() == recomputed_head(s) == (9, s.store_head()[1])
    report = s.verify()
    assert report.ok, report


# -- the same bytes -------------------------------------------------------------------------
def test_the_same_appends_give_the_same_bytes(tmp_path):
    a, b = make("sqlite", tmp_path), make("memory")
    fill(a)
    fill(b)
    assert rows_of(a) == rows_of(b)
    assert a.store_head() == b.store_head()
    assert a.read_all() == b.read_all() and a.read("g", 2, 4) == b.read("g", 2, 4)
    assert list(a.fold_rows("h")) == list(b.fold_rows("h"))
    assert list(a.game_summaries()) == list(b.game_summaries())
    assert a.rejected("g") == b.rejected("g") and a.seed_record("g") == b.seed_record("g")
    assert a.load_snapshot("g", 9) == b.load_snapshot("g", 9)


def _tables(path) -> dict[str, list]:
    con = sqlite3.connect(path)
    names = [n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    out = {
        n: con.execute(f"SELECT rowid, * FROM {n} ORDER BY rowid").fetchall()
        for n in names
        if n != "rejected_counts"
    }
    out["rejected_counts"] = con.execute("SELECT * FROM rejected_counts ORDER BY 1").fetchall()
    con.close()
    return out


def test_absorbing_a_memory_store_writes_what_absorbing_an_sqlite_one_writes(tmp_path):
    src_sql, src_mem = make("sqlite"), make("memory")
    for src in (src_sql, src_mem):
        fill(src)
        src.append("k", 0, evs(2, "third"))
    outs = []
    for name, src in (("a.db", src_sql), ("b.db", src_mem)):
        target = EventStore(tmp_path / name, clock=_clock())
        target.append("first", 0, evs(1))
        assert target.absorb(src, ["h", "g"]) == ["h", "g"]
        with pytest.raises(StoreError, match="game g is in both"):
            target.absorb(src, ["k", "g"])
        assert target.absorb(src, ["k", "g"], skip_existing=True) == ["k"]
        with pytest.raises(StoreError, match="game nope is not in"):
            target.absorb(src, ["nope"])
        with src.transaction(), pytest.raises(StoreError, match="inside a transaction"):
            target.absorb(src)
        assert target.verify().ok and target.store_head() == recomputed_head(target)
        target.close()
        outs.append(_tables(tmp_path / name))
    assert outs[0] == outs[1]
    assert len(outs[0]["events"]) == 1 + 9 + 2 and len(outs[0]["seeds"]) == 1


def test_absorb_takes_the_rows_before_they_are_built(tmp_path):
    """A MemoryStore that only appended (no read: no hash built yet) is copied whole."""
    mem = make("memory")
    mem.append_many([("g", 0, evs(3)), ("h", 0, evs(2))], returning=False)
    target = EventStore(tmp_path / "t.db")
    assert target.absorb(mem) == ["g", "h"]
    assert target.verify().ok and target.read_all() == mem.read_all()


# -- random sequences -------------------------------------------------------------------------
_op = st.one_of(
    st.tuples(
        st.just("append"), st.sampled_from("abc"), st.integers(-1, 1), st.integers(0, 3), st.booleans()
    ),
    st.tuples(
        st.just("many"),
        st.lists(st.tuples(st.sampled_from("abc"), st.integers(-1, 1), st.integers(0, 2)), max_size=4),
        st.booleans(),
    ),
    st.tuples(
        st.just("txn"),
        st.lists(st.tuples(st.sampled_from("abc"), st.integers(-1, 0), st.integers(0, 2)), max_size=3),
        st.booleans(),
    ),
    st.tuples(st.just("read"), st.sampled_from("abc"), st.integers(0, 4)),
)


def _apply(store, op, step: int):
    """Run one op; what it returned or raised, as a comparable value."""
    kind = op[0]
    try:
        if kind == "append":
            _, g, skew, n, ret = op
            return store.append(g, store.version(g) + skew, evs(n, f"s{step}"), returning=ret)
        if kind == "many":
            _, items, ret = op
            return store.append_many(
                [(g, store.version(g) + skew, evs(n, f"s{step}")) for g, skew, n in items], returning=ret
            )
        if kind == "txn":
            _, items, fail = op
            with store.transaction():
                for g, skew, n in items:
                    store.append(g, store.version(g) + skew, evs(n, f"s{step}"), returning=False)
                if fail:
                    raise RuntimeError("rolled back")
            return "committed"
        _, g, first = op
        return store.read(g, first)
    except (VersionConflict, RuntimeError) as exc:
        return type(exc).__name__


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_op, max_size=12))
def test_random_appends_conflicts_and_rollbacks_read_alike(ops):
    a, b = make("sqlite"), make("memory")
    for step, op in enumerate(ops):
        assert _apply(a, op, step) == _apply(b, op, step)
        assert [a.version(g) for g in "abc"] == [b.version(g) for g in "abc"]
    assert a.game_ids() == b.game_ids()
    assert rows_of(a) == rows_of(b) and a.store_head() == b.store_head()
    assert a.read_all() == b.read_all()


def test_a_field_that_does_not_encode_leaves_the_memory_store_whole():
    """A MemoryStore builds rows late; a command that cannot be hashed (an actor that does not
    encode) is refused when built, every time, and the rows before it stay as they were.
    (A field msgspec encodes but SQLite cannot bind, a list as actor, is refused by EventStore
    at append and by absorb, all or nothing, when the MemoryStore's rows are copied out.)"""
    s, same = make("memory"), make("memory")
    for store in (s, same):
        store.append("g", 0, evs(2))
    with s.transaction():
        s.append("g", 2, [NewEvent("bad", {}, actor=object())], returning=False)
    for _ in range(2):
        with pytest.raises(TypeError):
            s.read("g")
    assert s._rows == rows_of(same) and s.version("g") == 3
