"""Store files (issue point 8), bounded rejections (point 4), the store head, absorbing parts,
and the upgrade of schema-2 stores."""

import hashlib
import multiprocessing as mp
import os
import sqlite3
from pathlib import Path

import pytest

from store import CorruptStore, EventStore, MissingStore, NewEvent, StoreError, schema, sqlite_store
from store.commitment import commitment
from store.hashing import GENESIS, store_step


def evs(n, tag="e"):
    return [NewEvent(tag, {"i": i}) for i in range(n)]


def fingerprint(folder):
    """Every file in the folder with its bytes' hash and mtime."""
    return {
        p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
        for p in sorted(folder.iterdir())
    }


# -- files ----------------------------------------------------------------------------------
def test_missing_file_is_refused_and_nothing_is_created(tmp_path):
    with pytest.raises(MissingStore, match=r"no such store .*nothing was created"):
        EventStore(str(tmp_path / "typo.db"), create=False)
    assert list(tmp_path.iterdir()) == []
    EventStore(":memory:", create=False).append("g", 0, evs(1))  # memory is always fine


def test_create_makes_a_whole_store_and_no_stray_files(tmp_path):
    s = EventStore(str(tmp_path / "new.db"))
    s.append("g", 0, evs(2))
    s.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.db"]
    assert EventStore(str(tmp_path / "new.db"), create=False).verify().ok


def _refused(tmp_path, name, content, match):
    path = tmp_path / name
    path.write_bytes(content)
    before = fingerprint(tmp_path)
    for create in (True, False):
        with pytest.raises(CorruptStore, match=match):
            EventStore(str(path), create=create)
    assert fingerprint(tmp_path) == before, "the refused file was touched"


def test_empty_file_is_refused_and_left_untouched(tmp_path):
    _refused(tmp_path, "empty.db", b"", "empty file")


def test_non_sqlite_file_is_refused_and_left_untouched(tmp_path):
    _refused(tmp_path, "junk.db", b"this is not sqlite at all" * 100, "not a readable Runeledger database")


def test_foreign_sqlite_file_is_refused_and_left_untouched(tmp_path):
    other = tmp_path / "src.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE x(a)")
    con.execute("INSERT INTO x VALUES (1)")
    con.commit()
    con.close()
    content = other.read_bytes()
    other.unlink()
    _refused(tmp_path, "foreign.db", content, "not a Runeledger store")
    con = sqlite3.connect(tmp_path / "foreign.db")
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # not switched to WAL


def test_corrupt_store_is_refused_and_left_untouched(tmp_path):
    good = tmp_path / "good.db"
    s = EventStore(str(good))
    s.append("g", 0, evs(50))
    s.close()
    content = bytearray(good.read_bytes())
    good.unlink()
    content[100:] = b"\xa5" * (len(content) - 100)  # the header stays, the pages are garbage
    _refused(tmp_path, "corrupt.db", bytes(content), "not a readable Runeledger database")


def test_directory_and_missing_folder_are_clear_errors(tmp_path):
    with pytest.raises(StoreError, match="is a directory"):
        EventStore(str(tmp_path))
    with pytest.raises(StoreError, match="there is no folder"):
        EventStore(str(tmp_path / "nowhere" / "x.db"))
    assert list(tmp_path.iterdir()) == []


def _first_open(paths, barrier, results):
    for path in paths:
        barrier.wait()
        try:
            s = EventStore(path)
            s.append(f"g{os.getpid()}", 0, evs(1))
            s.close()
            results.put("ok")
        except Exception as exc:  # reported to the parent, which fails the test
            results.put(f"{type(exc).__name__}: {exc}")


def test_concurrent_first_opens_all_succeed(tmp_path):
    rounds, procs = 30, 3
    paths = [str(tmp_path / f"race{i}.db") for i in range(rounds)]
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(procs), ctx.Queue()
    workers = [ctx.Process(target=_first_open, args=(paths, barrier, results)) for _ in range(procs)]
    for w in workers:
        w.start()
    outcomes = [results.get(timeout=60) for _ in range(rounds * procs)]
    for w in workers:
        w.join(30)
    assert [o for o in outcomes if o != "ok"] == []
    for path in paths:
        s = EventStore(path, create=False)
        assert len(s.game_ids()) == procs and s.verify().ok
        s.close()
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".new")]


# -- the store head ---------------------------------------------------------------------------
def _recomputed(s):
    head = GENESIS
    for (h,) in s.conn.execute("SELECT hash FROM events ORDER BY seq"):
        head = store_step(head, h)
    return head


def test_store_head_follows_every_append_and_group_commit(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    assert s.store_head() == (0, GENESIS)
    s.append("a", 0, evs(3))
    s.append_many([("b", 0, evs(2)), ("a", 3, evs(1))])
    with pytest.raises(StoreError), s.transaction():
        s.append("c", 0, evs(4))
        raise StoreError("abandoned")
    assert s.store_head() == (6, _recomputed(s))
    assert s.verify().ok


def test_rows_slipped_in_by_another_connection_are_not_blessed(tmp_path):
    path = str(tmp_path / "s.db")
    s = EventStore(path)
    s.append("a", 0, evs(2))
    last = s.read("a")[-1]
    con = sqlite3.connect(path)
    from store.hashing import row_hash

    h = row_hash(last.hash, "a", 3, "e", 1, "{}", None, None, None, None, None, 0.0)
    con.execute(
        "INSERT INTO events (game_id, version, type, schema, data, prev_hash, hash, "
        "recorded_at) VALUES ('a', 3, 'e', 1, '{}', ?, ?, 0.0)",
        (last.hash, h),
    )
    con.execute("UPDATE streams SET version=3, head_hash=? WHERE game_id='a'", (h,))
    con.commit()
    s.append("b", 0, evs(1))  # a later honest append does not adopt the forged row
    report = s.verify()
    assert (report.first_bad["kind"], report.first_bad["game_id"]) == ("store_head", None) or any(
        f["kind"] == "store_head" for f in report.faults
    )


def test_a_snapshot_sits_on_an_event_and_is_bound_to_it(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    s.append("g", 0, evs(3))
    with pytest.raises(StoreError, match="no event 9 in game g"):
        s.save_snapshot("g", 9, b"x")
    s.save_snapshot("g", 2, b"two")
    assert s.load_snapshot("g", 3) == (2, b"two") and s.load_snapshot("g", 1) is None
    s.conn.execute("UPDATE snapshots SET state=x'00'")
    assert s.load_snapshot("g", 3) is None


# -- rejections -------------------------------------------------------------------------------
def test_rejections_are_recorded_only_for_existing_games(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    assert s.record_rejected("nope", 0, {"kind": "x"}, "R", "no game") is False
    s.append("g", 0, evs(1))
    assert s.record_rejected("g", 0, {"kind": "x"}, "R", "why") is True
    assert s.conn.execute("SELECT count(*) FROM rejected").fetchone()[0] == 1
    assert s.rejected("g") == [{"seat": 0, "command": {"kind": "x"}, "rule": "R", "reason": "why"}]


def test_rejections_are_capped_per_game_and_counted_beyond(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_store, "REJECTED_CAP", 5)
    s = EventStore(str(tmp_path / "s.db"))
    s.append("g", 0, evs(1))
    s.append("h", 0, evs(1))
    stored = [s.record_rejected("g", 0, {"n": i}, "R", "no") for i in range(12)]
    assert stored == [True] * 5 + [False] * 7
    assert len(s.rejected("g")) == 5 and s.rejected_overflow("g") == 7
    assert s.record_rejected("h", 1, {"n": 0}, "R", "no") and s.rejected_overflow("h") == 0


def test_rejected_text_is_bounded_and_anything_can_be_noted(tmp_path):
    s = EventStore(str(tmp_path / "s.db"))
    s.append("g", 0, evs(1))
    cyclic = []
    cyclic.append(cyclic)
    odd = [{"kind": "x" * 5_000_000}, {1, 2}, cyclic, "\udc80", [[[[[[[[]]]]]]]], object()]
    for cmd in odd:
        assert s.record_rejected("g", "not a seat", cmd, "R" * 10_000, "r\udc80" * 100_000)
    size = s.conn.execute(
        "SELECT max(length(command) + length(reason) + length(rule_id)) FROM rejected"
    ).fetchone()[0]
    limit = sqlite_store.REJECTED_TEXT_MAX
    assert size < 3 * limit
    got = s.rejected("g")
    assert len(got) == len(odd) and all(r["seat"] is None for r in got)
    assert isinstance(got[0]["command"], str) and "characters" in got[0]["command"]


# -- absorbing parts ----------------------------------------------------------------------------
def _part(path, games, clock=1.0):
    s = EventStore(path, clock=lambda: clock)
    for gid in games:
        s.put_seed(gid, "1", "salt", commitment("1", "salt"))
        s.append(gid, 0, evs(3, gid))
        s.save_snapshot(gid, 2, b"state-" + gid.encode())
        s.record_rejected(gid, 0, {"k": 1}, "R", "no")
    s.close()
    return path


def test_absorb_copies_whole_games_and_keeps_the_store_head(tmp_path):
    target = EventStore(str(tmp_path / "t.db"))
    target.append("mine", 0, evs(2))
    part = _part(str(tmp_path / "p.db"), ["a", "b"])
    before = Path(part).read_bytes()
    assert target.absorb(part) == ["a", "b"]
    assert Path(part).read_bytes() == before
    report = target.verify()
    assert report.ok, report.faults
    assert target.store_head() == (8, _recomputed(target))
    assert target.load_snapshot("b", 3) == (2, b"state-b")
    assert target.seed_record("a") == ("1", "salt", commitment("1", "salt"), False)
    assert len(target.rejected("a")) == 1
    target.append("a", 3, evs(1))  # an absorbed game goes on like any other
    assert target.verify().ok


def test_absorb_from_an_open_store_skips_games_already_there(tmp_path):
    target = EventStore(str(tmp_path / "t.db"))
    target.append("a", 0, evs(1))
    mem = EventStore(":memory:")
    for gid in ("a", "b", "c"):
        mem.append(gid, 0, evs(2, gid))
    with pytest.raises(StoreError, match="game a is in both"):
        target.absorb(mem)
    assert target.absorb(mem, ["a", "b"], skip_existing=True) == ["b"]
    assert target.game_ids() == ["a", "b"] and target.verify().ok


def test_absorb_refuses_a_part_that_does_not_verify(tmp_path):
    target = EventStore(str(tmp_path / "t.db"))
    part = _part(str(tmp_path / "p.db"), ["a"])
    con = sqlite3.connect(part)
    con.execute("DROP TRIGGER events_no_update")
    con.execute("UPDATE events SET data='{}' WHERE version=2")
    con.commit()
    con.close()
    with pytest.raises(CorruptStore, match="does not verify, nothing absorbed: game a event 2"):
        target.absorb(part)
    with pytest.raises(MissingStore):
        target.absorb(str(tmp_path / "missing.db"))
    assert target.game_ids() == [] and target.store_head() == (0, GENESIS)


# -- upgrade ------------------------------------------------------------------------------------
def test_schema_2_store_is_upgraded_in_place(tmp_path):
    path = str(tmp_path / "old.db")
    s = EventStore(path)
    s.append("g", 0, evs(5))
    s.save_snapshot("g", 3, b"snap")
    s.record_rejected("g", 0, {"k": 1}, "R", "no")
    s.close()
    con = sqlite3.connect(path)  # back to schema 2's layout
    con.execute("ALTER TABLE snapshots DROP COLUMN digest")
    con.execute("DROP TABLE rejected_counts")
    con.execute("DROP INDEX idx_rejected_game_id")
    con.execute("DELETE FROM meta WHERE key='store_head'")
    con.execute("UPDATE meta SET value='2' WHERE key='schema_version'")
    con.commit()
    con.close()
    s = EventStore(path, create=False)
    assert s.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(
        schema.SCHEMA_VERSION
    )
    report = s.verify()
    assert report.ok and any("predates snapshot digests" in n for n in report.notes)
    assert s.load_snapshot("g", 5) is None  # an unbound snapshot is not trusted
    assert s.store_head() == (5, _recomputed(s))
    s.append("g", 5, evs(1))
    assert s.verify().ok
