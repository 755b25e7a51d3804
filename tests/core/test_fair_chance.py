"""A live game's fair chance (CORE-3C): the server's committed seed mixed with each seat's
secret contribution, the deal deferred until every awaited seat answered, everything opened at
the end and checked by `verify` like the seed; and a game that exists with its seats or not at
all (seat tokens in the creating transaction)."""

import multiprocessing as mp
import os
import signal
import sqlite3

import pytest

from bots.random_bot import bot_rng, decide
from engine import pipeline
from engine.errors import BadInput, IllegalCommand
from engine.pipeline import Engine
from engine.replay import replay
from store import EventStore, MemoryStore


def _hands(eng, gid):
    """Every seat's hand and deck order after the deal (the referee's state)."""
    t = eng.table(gid)
    return {z: list(zone.cards) for z, zone in sorted(t.zones.items()) if z.startswith("p")}


def _dealt(contribution, seed="server-seed-1"):
    """A duel whose deal waited for seat 0's contribution; the server seed is fixed here so
    only the contribution differs between calls."""
    eng = Engine(MemoryStore())
    gid = eng.create("duel", 2, seed, contributions=[0])
    assert not eng.table(gid).zones  # nothing dealt before the contribution
    eng.contribute(gid, 0, contribution)
    return eng, gid


def _play_out(eng, gid):
    rng = bot_rng("fair")
    while not eng.table(gid).over:
        decide(eng, gid, rng)


def test_CORE_3C_a_seats_contribution_changes_the_deal():
    a, ga = _dealt("seat zero's secret")
    b, gb = _dealt("another secret")
    c, gc = _dealt("seat zero's secret")
    assert _hands(a, ga) != _hands(b, gb)
    assert _hands(a, ga) == _hands(c, gc)  # deterministic: the same mix deals the same


def test_CORE_3C_a_decline_still_deals_from_the_server_seed_and_the_mix():
    eng = Engine(MemoryStore())
    gid = eng.create("duel", 2, "s", contributions=[0, 1])
    eng.contribute(gid, 1, None)
    assert eng.table(gid).awaiting == [0] and not eng.table(gid).zones
    eng.contribute(gid, 0, None)
    assert eng.table(gid).zones and eng.prompts(gid)[0].kind != "contribute"


def test_CORE_3C_the_deal_waits_and_says_for_whom():
    eng = Engine(MemoryStore())
    gid = eng.create("duel", 2, contributions=[0, 1])
    assert [(p.seat, p.kind, p.rule) for p in eng.prompts(gid)] == [
        (0, "contribute", "CORE-3C"),
        (1, "contribute", "CORE-3C"),
    ]
    assert eng.legal(gid, 0) == []
    with pytest.raises(IllegalCommand) as exc:
        eng.submit(gid, 0, {"kind": "pass"})
    assert exc.value.rule == "CORE-3C" and "Seat 1, Seat 2" in exc.value.reason
    eng.contribute(gid, 0, "x")
    with pytest.raises(IllegalCommand, match="already contributed"):
        eng.contribute(gid, 0, "y")
    with pytest.raises(BadInput, match="1 to 256 characters"):
        eng.contribute(gid, 1, "")


def test_CORE_3C_only_the_commitment_is_public_until_the_end():
    eng = Engine(MemoryStore())
    gid = eng.create("duel", 2, contributions=[0, 1], creator="7")
    eng.contribute(gid, 0, "zero's secret")
    eng.contribute(gid, 1, "one's secret")
    from projections.views import log_view

    rs = eng.ruleset(gid)
    for who in (None, 1):
        seen = [e for e in log_view(rs, eng.store.read(gid), who) if e["type"] == "chance.contributed"]
        assert len(seen) == 3
        for e in seen:
            if e["data"]["who"] != who:
                assert set(e["data"]) == {"who", "commitment"}
    _play_out(eng, gid)
    last = eng.store.read(gid)[-1]
    assert last.type == "seed.revealed"
    assert [c[:2] for c in last.data["contributions"]] == [
        ["creator", "7"],
        [0, "zero's secret"],
        [1, "one's secret"],
    ]


def test_CORE_3C_a_contributed_game_replays_and_verifies(tmp_path):
    eng = Engine(EventStore(str(tmp_path / "f.db"), create=True))
    gid = eng.create("duel", 2, contributions=[0, 1], creator="7")
    eng.contribute(gid, 1, "one")
    eng.contribute(gid, 0, None)
    _play_out(eng, gid)
    assert replay(eng.store, gid).ok
    report = eng.store.verify()
    assert report.ok, report.faults


def test_CORE_3C_verify_fails_when_a_contribution_does_not_open_its_commitment(tmp_path, monkeypatch):
    eng = Engine(EventStore(str(tmp_path / "f.db"), create=True))
    gid = eng.create("duel", 2, contributions=[0])
    real = pipeline.commitment
    monkeypatch.setattr(pipeline, "commitment", lambda v, s: real(v + "!", s))  # a lie
    eng.contribute(gid, 0, "secret")
    monkeypatch.setattr(pipeline, "commitment", real)
    report = eng.store.verify()
    assert not report.ok
    assert report.first_bad["kind"] == "contribution" and report.first_bad["game_id"] == gid
    assert report.first_bad["version"] == 2 and "does not open" in report.first_bad["problem"]


def test_CORE_3C_verify_fails_when_the_end_reveals_other_contributions(tmp_path, monkeypatch):
    eng = Engine(EventStore(str(tmp_path / "f.db"), create=True))
    gid = eng.create("duel", 2, contributions=[0])
    eng.contribute(gid, 0, "secret")
    real = pipeline._mix

    def other(ctx, seed, salt, t):
        real(ctx, seed, salt, t)
        ctx.opened["contributions"] = [[0, "another", "salt"]]

    monkeypatch.setattr(pipeline, "_mix", other)
    _play_out(eng, gid)
    faults = [f for f in eng.store.verify().faults if f["kind"] == "contribution"]
    assert [f["type"] for f in faults] == ["seed.revealed"]


def test_CORE_3C_games_without_contributions_keep_their_events():
    """The CLI's and simulate's games draw from their seed as stored: the header has no new
    key and the same seed deals the same (the golden hashes pin the whole games)."""
    a, b = Engine(MemoryStore()), Engine(MemoryStore())
    ga, gb = a.create("duel", 2, "7"), b.create("duel", 2, "7")
    assert _hands(a, ga) == _hands(b, gb)
    created = a.store.read(ga, 1, 1)[0].data
    assert "contributions" not in created and "client_seed" not in created


# -- a game exists with its seats or not at all ---------------------------------------------
ROWS = [("0", "h0", None), ("1", "h1", None), ("referee", "hr", None)]


def test_seat_tokens_commit_with_the_game_or_not_at_all(tmp_path, monkeypatch):
    eng = Engine(EventStore(str(tmp_path / "s.db"), create=True))

    def fail(*a, **k):
        raise OSError("disk gone between the seats and the events")

    monkeypatch.setattr(eng.store, "append", fail)
    with pytest.raises(OSError):
        eng.create("duel", 2, game_id="g-1", seat_tokens=ROWS)
    monkeypatch.undo()
    assert eng.store.game_ids() == [] and eng.store.seat_tokens("g-1") == []
    eng.create("duel", 2, game_id="g-1", seat_tokens=ROWS)
    assert eng.store.game_ids() == ["g-1"] and len(eng.store.seat_tokens("g-1")) == 3


def _create_and_die(path):
    """Child: create a game and be SIGKILLed inside its transaction, after the seats and the
    seed are written and before the commit."""
    eng = Engine(EventStore(path))
    real = eng.store.append

    def append_then_die(*a, **k):
        real(*a, **k)
        os.kill(os.getpid(), signal.SIGKILL)

    eng.store.append = append_then_die
    eng.create("duel", 2, game_id="g-killed", seat_tokens=ROWS)


def test_a_kill_between_the_steps_leaves_no_game_and_no_seats(tmp_path):
    path = str(tmp_path / "k.db")
    EventStore(path, create=True).close()
    child = mp.get_context("spawn").Process(target=_create_and_die, args=(path,))
    child.start()
    child.join(120)
    assert child.exitcode == -signal.SIGKILL
    store = EventStore(path)
    assert store.game_ids() == [] and store.seat_tokens("g-killed") == []
    assert store.verify().ok


def test_an_orphan_of_an_older_table_is_named_by_verify(tmp_path):
    path = str(tmp_path / "old.db")
    eng = Engine(EventStore(path, create=True))
    eng.create("duel", 2, game_id="served")
    eng.create("duel", 2, game_id="orphan")
    side = sqlite3.connect(path + ".seats")  # the older table's side file: "orphan" missing
    side.execute(
        "CREATE TABLE seat_token (game_id TEXT, seat TEXT, hash TEXT, bot TEXT, PRIMARY KEY (game_id, seat))"
    )
    side.executemany("INSERT INTO seat_token VALUES ('served',?,?,?)", ROWS)
    side.commit()
    side.close()
    report = EventStore(path).verify()
    assert not report.ok
    assert [(f["kind"], f["game_id"]) for f in report.faults] == [("orphan", "orphan")]


def test_a_schema_3_store_gets_the_seat_tokens_table_in_place(tmp_path):
    path = str(tmp_path / "v3.db")
    Engine(EventStore(path, create=True)).create("duel", 2, game_id="old")
    con = sqlite3.connect(path)  # back to schema 3: no seat_tokens
    con.execute("DROP TABLE seat_tokens")
    con.execute("UPDATE meta SET value='3' WHERE key='schema_version'")
    con.commit()
    con.close()
    store = EventStore(path)
    assert store.seat_tokens("old") == [] and store.verify().ok
    store.put_seat_tokens("old", ROWS)
    assert len(store.seat_tokens("old")) == 3


def test_CORE_3C_undo_never_takes_a_contribution_back(tmp_path):
    eng = Engine(EventStore(str(tmp_path / "u.db"), create=True))
    gid = eng.create("duel", 2, contributions=[0, 1])
    eng.contribute(gid, 0, "first")
    eng.contribute(gid, 1, "second")
    from engine.errors import UndoRefused

    with pytest.raises(UndoRefused) as exc:
        eng.undo(gid, 2, seat=1, agreed=True)
    assert exc.value.rule == "CORE-3C" and "given once" in exc.value.reason
