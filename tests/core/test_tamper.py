"""Tamper evidence (DESIGN invariant 9): each way of changing a store behind the engine's back,
done with raw sqlite3 as an attacker with the file would, is found and named by `verify`
(kind, game, version); a consistent rewrite that plain verify cannot see is caught by an anchor.
"""

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from bots.random_bot import play_out
from engine.integrity import (
    AnchorError,
    check_anchor,
    load_anchor,
    save_anchor,
    snapshot_faults,
    verify,
    write_anchor,
)
from engine.pipeline import Engine
from projections.state import StateReader, encode
from store import EventStore, StoreError
from store.hashing import GENESIS, row_hash, snapshot_digest, store_step
from store.schema import TRIGGERS

COLS = (
    "seq, game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
    "command_id, prev_hash, hash, recorded_at"
)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """Two finished duel games, g then h (g's events all come before h's), snapshots every 16."""
    db = str(tmp_path_factory.mktemp("pristine") / "p.db")
    eng = Engine(EventStore(db), snapshot_every=16)
    for gid, seed in (("g", 1), ("h", 2)):
        eng.create("duel", 2, seed, game_id=gid)
        play_out(eng, gid, seed)
    assert eng.store.verify().ok and not snapshot_faults(eng.store)
    eng.store.close()
    return db


@pytest.fixture
def db(pristine, tmp_path):
    path = str(tmp_path / "t.db")
    shutil.copy(pristine, path)
    return path


def attack(db, *sql, drop=True):
    """Run SQL on the file as an attacker: triggers dropped first, put back after."""
    con = sqlite3.connect(db)
    if drop:
        for name in TRIGGERS:
            con.execute(f"DROP TRIGGER IF EXISTS {name}")
    for s in sql:
        if isinstance(s, tuple):
            con.execute(*s)
        else:
            con.execute(s)
    if drop:
        for text in TRIGGERS.values():
            con.execute(text)
    con.commit()
    con.close()


def rows(db, gid):
    con = sqlite3.connect(db)
    out = con.execute(f"SELECT {COLS} FROM events WHERE game_id=? ORDER BY version", (gid,)).fetchall()
    con.close()
    return out


def head(db, gid):
    return rows(db, gid)[-1][2]


def faults(db):
    s = EventStore(db, create=False)
    report = verify(s)
    s.close()
    assert not report.ok
    return report


def found(report, kind, gid, version):
    hits = [f for f in report.faults if (f["kind"], f["game_id"], f["version"]) == (kind, gid, version)]
    assert hits, f"no {kind} fault for {gid} {version}: {report.faults}"
    return hits[0]


def rehash(r, version=None, prev=None, **change):
    """A row (as `COLS`) with fields changed and its hash recomputed."""
    d = dict(zip(COLS.replace(" ", "").split(","), r, strict=True))
    d.update(change)
    if version is not None:
        d["version"] = version
    if prev is not None:
        d["prev_hash"] = prev
    d["hash"] = row_hash(
        d["prev_hash"],
        d["game_id"],
        d["version"],
        d["type"],
        d["schema"],
        d["data"],
        d["visibility"],
        d["actor"],
        d["rule_id"],
        d["cause"],
        d["command_id"],
        d["recorded_at"],
    )
    return d


def insert_sql(d):
    cols = [c for c in d if c != "seq"]
    return (
        f"INSERT INTO events ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
        [d[c] for c in cols],
    )


# -- each class of point 5, found and named by plain verify -----------------------------------
def test_altered_row(db):
    attack(db, "UPDATE events SET data='{\"forged\":1}' WHERE game_id='g' AND version=5")
    report = faults(db)
    assert report.first_bad["kind"] == "altered"
    assert (report.first_bad["game_id"], report.first_bad["version"]) == ("g", 5)
    assert len(report.faults) == 1  # its game's snapshots are not re-folded on top
    assert "snapshots not re-folded" in " ".join(report.notes)


def test_altered_and_rehashed_row_is_named(db):
    d = rehash(rows(db, "g")[4], data='{"forged":1}')
    attack(db, ("UPDATE events SET data=?, hash=? WHERE game_id='g' AND version=5", (d["data"], d["hash"])))
    f = found(faults(db), "altered", "g", 5)
    assert "re-hashed" in f["problem"]


def test_inserted_second_event_at_a_version(db):
    before = rows(db, "g")
    forged = rehash(before[4], data='{"forged":1}')  # chains to event 4 like the real one
    attack(db, 'DROP INDEX "idx_events_game_id_version"', insert_sql(forged))
    report = faults(db)
    assert report.first_bad["kind"] == "inserted" and report.first_bad["version"] == 5
    assert "second event" in report.first_bad["problem"]


def test_inserted_in_the_middle_with_the_rest_renumbered(db):
    before = rows(db, "g")
    forged = rehash(before[4], data='{"forged":1}')
    n = len(before)
    attack(
        db,
        "UPDATE events SET version=-version WHERE game_id='g' AND version>=5",
        "UPDATE events SET version=1-version WHERE game_id='g' AND version<0",
        insert_sql(forged),
        ("UPDATE streams SET version=? WHERE game_id='g'", (n + 1,)),
    )
    report = faults(db)
    assert report.first_bad["kind"] == "inserted" and report.first_bad["version"] == 5
    renumbered = found(report, "altered", "g", 6)
    assert renumbered["last_version"] == n + 1 and "renumbered" in renumbered["problem"]


def test_inserted_at_the_tail_beyond_the_streams_head(db):
    last = rows(db, "g")[-1]
    forged = rehash(last, version=last[2] + 1, prev=last[12], data='{"forged":1}')
    attack(db, insert_sql(forged))
    found(faults(db), "inserted", "g", last[2] + 1)


def test_inserted_at_the_tail_with_the_streams_head_moved(db):
    """The game's chain and streams row agree: only the store head knows."""
    last = rows(db, "g")[-1]
    forged = rehash(last, version=last[2] + 1, prev=last[12], data='{"forged":1}')
    attack(
        db,
        insert_sql(forged),
        ("UPDATE streams SET version=?, head_hash=? WHERE game_id='g'", (last[2] + 1, forged["hash"])),
    )
    f = found(faults(db), "inserted", "g", last[2] + 1)
    assert "store head" in f["problem"]


def test_deleted_in_the_middle(db):
    attack(db, "DELETE FROM events WHERE game_id='g' AND version=7")
    report = faults(db)
    assert report.first_bad["kind"] == "deleted" and report.first_bad["version"] == 7


def test_deleted_in_the_middle_with_the_rest_renumbered(db):
    n = len(rows(db, "g"))
    attack(
        db,
        "DELETE FROM events WHERE game_id='g' AND version=7",
        "UPDATE events SET version=-version WHERE game_id='g' AND version>7",
        "UPDATE events SET version=-version-1 WHERE game_id='g' AND version<0",
        ("UPDATE streams SET version=? WHERE game_id='g'", (n - 1,)),
    )
    report = faults(db)
    assert report.first_bad["kind"] == "deleted" and report.first_bad["version"] == 7


def test_tail_cut(db):
    n = len(rows(db, "g"))
    attack(db, ("DELETE FROM events WHERE game_id='g' AND version>?", (n - 3,)))
    f = found(faults(db), "tail_cut", "g", n - 2)
    assert f["last_version"] == n


def test_tail_cut_with_the_streams_head_rewound(db):
    """g's chain and streams row agree after the cut: the store's sequence has a hole."""
    g = rows(db, "g")
    attack(
        db,
        ("DELETE FROM events WHERE game_id='g' AND version>?", (len(g) - 3,)),
        ("UPDATE streams SET version=?, head_hash=? WHERE game_id='g'", (len(g) - 3, g[-4][12])),
    )
    report = faults(db)
    assert "3 events are gone" in found(report, "deleted", None, None)["problem"]
    found(report, "store_head", None, None)
    found(report, "seed", "g", None)  # and g's seed.revealed went with its tail


def test_the_store_tail_cut(db):
    """h's last events are the store's last: the store head says seq N, the store ends before."""
    h = rows(db, "h")
    attack(
        db,
        ("DELETE FROM events WHERE game_id='h' AND version>?", (len(h) - 2,)),
        ("UPDATE streams SET version=?, head_hash=? WHERE game_id='h'", (len(h) - 2, h[-3][12])),
    )
    found(faults(db), "tail_cut", None, None)


def test_game_deleted(db):
    attack(db, "DELETE FROM events WHERE game_id='g'")
    report = faults(db)
    assert report.first_bad["kind"] == "game_deleted" and report.first_bad["game_id"] == "g"


def test_game_deleted_with_its_streams_and_seeds_rows(db):
    attack(
        db,
        "DELETE FROM events WHERE game_id='g'",
        "DELETE FROM streams WHERE game_id='g'",
        "DELETE FROM seeds WHERE game_id='g'",
        "DELETE FROM snapshots WHERE game_id='g'",
    )
    report = faults(db)
    assert report.first_bad["kind"] == "deleted" and "whole game" in report.first_bad["problem"]
    assert any(f["kind"] == "store_head" for f in report.faults)


def test_streams_head_disagrees(db):
    attack(db, ("UPDATE streams SET head_hash=? WHERE game_id='h'", ("f" * 64,)), drop=False)
    report = faults(db)
    assert (report.first_bad["kind"], report.first_bad["game_id"]) == ("streams_head", "h")
    assert report.first_bad["version"] == len(rows(db, "h"))


def test_streams_row_missing(db):
    attack(db, "DELETE FROM streams WHERE game_id='h'", drop=False)
    report = faults(db)
    assert (report.first_bad["kind"], report.first_bad["game_id"]) == ("streams_missing", "h")


@pytest.mark.parametrize("name", sorted(TRIGGERS))
def test_missing_trigger(db, name):
    attack(db, f"DROP TRIGGER {name}", drop=False)
    report = faults(db)
    assert report.first_bad["kind"] == "trigger" and name in report.first_bad["problem"]


def test_trigger_replaced_by_one_that_lets_everything_through(db):
    attack(
        db,
        "DROP TRIGGER events_no_delete",
        "CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT 1; END",
        drop=False,
    )
    report = faults(db)
    assert report.first_bad["kind"] == "trigger" and "replaced" in report.first_bad["problem"]


def _snapshot(db, gid):
    con = sqlite3.connect(db)
    v, state = con.execute(
        "SELECT version, state FROM snapshots WHERE game_id=? ORDER BY version LIMIT 1 OFFSET 1", (gid,)
    ).fetchone()
    con.close()
    return v, state


def test_snapshot_that_is_not_the_fold_of_its_events(db):
    """Bytes swapped for another valid state, digest recomputed: only a re-fold can tell."""
    v, _ = _snapshot(db, "g")
    s = EventStore(db)
    other = encode(StateReader(s).state_at("g", v - 1, use_snapshots=False))
    s.close()
    digest = snapshot_digest(rows(db, "g")[v - 1][12], other)
    attack(
        db,
        ("UPDATE snapshots SET state=?, digest=? WHERE game_id='g' AND version=?", (other, digest, v)),
        drop=False,
    )
    s = EventStore(db)
    assert s.verify().ok  # the store alone cannot know
    report = verify(s)
    assert (report.first_bad["kind"], report.first_bad["game_id"], report.first_bad["version"]) == (
        "snapshot_fold",
        "g",
        v,
    )


def test_altered_snapshot_is_named_and_not_used(db):
    v, state = _snapshot(db, "g")
    s = EventStore(db)
    truth = encode(StateReader(s).state_at("g", v + 1, use_snapshots=False))
    s.close()
    forged = state.replace(b"Jab", b"Jib", 1)
    assert forged != state
    attack(db, ("UPDATE snapshots SET state=? WHERE game_id='g' AND version=?", (forged, v)), drop=False)
    report = faults(db)
    assert (report.first_bad["kind"], report.first_bad["version"]) == ("snapshot", v)
    s = EventStore(db)
    assert s.load_snapshot("g", v)[0] < v  # passed over for the one before it
    assert encode(StateReader(s).state_at("g", v + 1)) == truth


def test_seed_that_does_not_open_its_commitment(db):
    attack(db, "UPDATE seeds SET seed='777' WHERE game_id='h'", drop=False)
    report = faults(db)
    assert (report.first_bad["kind"], report.first_bad["game_id"]) == ("seed", "h")
    assert "do not open" in report.first_bad["problem"]
    assert any("does not reveal" in f["problem"] for f in report.faults)  # h is over: revealed


def test_salt_changed(db):
    attack(db, "UPDATE seeds SET salt='00' WHERE game_id='g'", drop=False)
    found(faults(db), "seed", "g", 1)


def test_revealed_flag_disagrees_with_the_log(db):
    attack(db, "UPDATE seeds SET revealed=0 WHERE game_id='g'", drop=False)
    report = faults(db)
    assert report.first_bad["kind"] == "seed" and "seeds.revealed" in report.first_bad["problem"]


# -- anchors: what a consistent rewrite cannot hide ---------------------------------------------
def forge(db, edit):
    """Rebuild the whole store consistently after `edit(rows)`: every chain, streams head,
    snapshot digest and the store head recomputed, seq renumbered without holes."""
    con = sqlite3.connect(db)
    old = [list(r) for r in con.execute(f"SELECT {COLS} FROM events ORDER BY seq")]
    new = edit(old)
    for name in TRIGGERS:
        con.execute(f"DROP TRIGGER {name}")
    con.execute("DELETE FROM events")
    con.execute("DELETE FROM streams")
    prev, heads, store = {}, {}, GENESIS
    for i, r in enumerate(new, 1):
        d = rehash(r, prev=prev.get(r[1], GENESIS))
        d["seq"] = i
        con.execute(
            f"INSERT INTO events ({COLS}) VALUES ({','.join('?' * 14)})",
            [d[c] for c in COLS.replace(" ", "").split(",")],
        )
        prev[r[1]] = d["hash"]
        heads[r[1]] = (d["version"], d["hash"])
        store = store_step(store, d["hash"])
    for gid, (v, h) in heads.items():
        con.execute("INSERT INTO streams VALUES (?,?,?)", (gid, v, h))
    con.execute("DELETE FROM seeds WHERE game_id NOT IN (SELECT game_id FROM streams)")
    con.execute("DELETE FROM snapshots")
    con.execute(
        "UPDATE seeds SET revealed=(SELECT count(*)>0 FROM events e WHERE "
        "e.game_id=seeds.game_id AND e.type='seed.revealed')"
    )
    con.execute("UPDATE meta SET value=? WHERE key='store_head'", (f"{len(new)}:{store}",))
    for text in TRIGGERS.values():
        con.execute(text)
    con.commit()
    con.close()


def anchored(db):
    s = EventStore(db)
    anchor = write_anchor(s)
    s.close()
    return anchor


def plain_verify_passes(db):
    s = EventStore(db)
    report = s.verify()
    s.close()
    assert report.ok, report.faults
    return report


def anchor_faults(db, anchor):
    s = EventStore(db)
    out = check_anchor(s, anchor)
    s.close()
    return out


def test_anchor_catches_a_consistent_rewrite(db):
    anchor = anchored(db)

    def edit(rs):
        for r in rs:
            if r[1] == "g" and r[3] == "cmd.play":
                doc = json.loads(r[5])
                doc["card"] = "Haymaker"
                r[5] = json.dumps(doc)
                break
        return rs

    forge(db, edit)
    plain_verify_passes(db)
    got = anchor_faults(db, anchor)
    assert [(f["kind"], f["game_id"]) for f in got] == [("rewritten", "g"), ("rewritten", None)]
    assert got[0]["version"] == anchor["games"]["g"]["version"]


def test_anchor_catches_truncation(db):
    anchor = anchored(db)
    n = anchor["games"]["h"]["version"]
    forge(db, lambda rs: [r for r in rs if not (r[1] == "h" and r[2] > n - 5)])
    plain_verify_passes(db)
    got = anchor_faults(db, anchor)
    assert (got[0]["kind"], got[0]["game_id"], got[0]["version"]) == ("truncated", "h", n - 4)
    assert any(f["kind"] == "truncated" and f["game_id"] is None for f in got)


def test_anchor_names_a_game_deleted_without_a_trace(db):
    anchor = anchored(db)
    forge(db, lambda rs: [r for r in rs if r[1] != "g"])
    plain_verify_passes(db)
    got = anchor_faults(db, anchor)
    assert (got[0]["kind"], got[0]["game_id"]) == ("game_deleted", "g")


def test_anchor_accepts_play_after_it_and_travels_as_a_file(db, tmp_path):
    anchor = anchored(db)
    path = str(tmp_path / "a.json")
    save_anchor(anchor, path)
    loaded = load_anchor(path)
    eng = Engine(EventStore(db))
    eng.create("duel", 2, 9, game_id="later")
    report = verify(eng.store, loaded)
    assert report.ok, report.faults
    doc = json.loads(Path(path).read_text())
    doc["games"]["g"]["version"] -= 5  # hide a truncation from the anchor
    Path(path).write_text(json.dumps(doc))
    with pytest.raises(AnchorError, match="digest does not match"):
        load_anchor(path)
    Path(path).write_text("[1, 2")
    with pytest.raises(AnchorError, match="not an anchor file"):
        load_anchor(path)


def test_no_anchor_for_a_store_that_does_not_verify(db):
    attack(db, "DELETE FROM events WHERE game_id='g' AND version=3")
    s = EventStore(db)
    with pytest.raises(StoreError, match="does not verify, no anchor written"):
        write_anchor(s)


def test_a_game_whose_events_are_all_deleted_is_refused_cleanly_by_a_rebuild(db):
    """state_at reads rows for the fold (EventStore.fold_rows): a streams row left without its
    events is a CorruptStore naming the game, not a Python error."""
    attack(db, "DELETE FROM events WHERE game_id='g'")
    with pytest.raises(StoreError, match=r"game g: .* event 1 is not stored"):
        StateReader(EventStore(db)).state_at("g", use_snapshots=False)
