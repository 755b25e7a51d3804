"""The command pipeline, the cascade, chance, undo policy and logging, on the duel ruleset."""

import hashlib

import pytest
import structlog
import trio

from engine import registry
from engine.errors import CascadeAborted, IllegalCommand, UndoRefused
from engine.live import open_engine
from engine.logs import configure
from sim.testing import engine as mem_engine
from sim.testing import run_bots


def test_illegal_command_appends_nothing_and_names_the_rule(eng):
    gid = eng.create("duel", 2, 1)
    head = eng.store.version(gid)
    with pytest.raises(IllegalCommand) as exc:
        eng.submit(gid, 1, {"kind": "pass"})
    assert exc.value.rule == "DU-PLAY" and "Seat 1's turn" in exc.value.reason
    with pytest.raises(IllegalCommand, match="holds no 'Dragon'"):
        eng.submit(gid, 0, {"kind": "play", "card": "Dragon"})
    with pytest.raises(IllegalCommand, match="CORE-5"):
        eng.submit(gid, 0, ["not", "an", "object"])
    assert eng.store.version(gid) == head
    assert [r["rule"] for r in eng.store.rejected(gid)] == ["DU-PLAY", "DU-PLAY", "CORE-5"]


def test_every_rule_made_event_cites_a_catalog_rule(eng):
    gid = eng.create("duel", 3, 2)
    run_bots(eng, gid, 2)
    catalog = registry.get("duel").catalog
    for ev in eng.store.read(gid):
        assert ev.rule in catalog, ev
        assert ev.command_id is not None
        if ev.version > 1 and not ev.type.startswith("cmd.") and ev.command_id != f"{gid}:1":
            assert ev.cause is not None, f"rule-made event {ev.version} has no cause"


def test_seed_is_hidden_until_the_end_then_revealed(eng):
    gid = eng.create("duel", 2, "secret-7")
    created = eng.store.event(gid, 1)
    assert "secret-7" not in str(created.data)
    # salted (invariant 3): the bare hash of the seed would let a short seed be found
    assert created.data["seed_hash"] != hashlib.sha256(b"secret-7").hexdigest()
    run_bots(eng, gid, 1)
    last = eng.store.read(gid)[-1]
    assert last.type == "seed.revealed" and last.data["seed"] == "secret-7"
    assert last.rule == "CORE-3"
    salt = last.data["salt"]
    assert len(bytes.fromhex(salt)) == 32
    assert created.data["seed_hash"] == hashlib.sha256(f"{salt}:secret-7".encode()).hexdigest()
    assert eng.store.seed_record(gid)[3] is True  # seeds.revealed set with the event


def test_batch_games_mark_their_seed_revealed(eng):
    gid = eng.create("duel", 2, "batch-seed")
    with eng.batch():
        run_bots(eng, gid, 1)
    assert eng.store.read(gid)[-1].type == "seed.revealed"
    assert eng.store.seed_record(gid)[3] is True


def test_two_games_with_one_seed_publish_different_commitments(eng):
    a, b = eng.create("duel", 2, 7), eng.create("duel", 2, 7)
    assert eng.store.event(a, 1).data["seed_hash"] != eng.store.event(b, 1).data["seed_hash"]


def test_cascade_limit_aborts_and_commits_nothing(eng):
    gid = eng.create("duel", 2, 1)
    head = eng.store.version(gid)
    play = eng.legal(gid, 0)[0]
    eng.cascade_limit = 3  # a played card makes at least 5 events
    with pytest.raises(CascadeAborted, match="exceeded 3 events"):
        eng.submit(gid, 0, play)
    assert eng.store.version(gid) == head
    eng.cascade_limit = 100
    assert eng.submit(gid, 0, play)[0].version == head + 1


def test_failing_handler_aborts_command_and_engine_stays_usable(eng, monkeypatch):
    gid = eng.create("duel", 2, 1)
    head = eng.store.version(gid)
    before = eng.reader.state_at(gid)
    bus = eng.bus(registry.get("duel"))
    boom_calls = []

    def boom(ctx, table, ev):
        boom_calls.append(ev.type)
        raise RuntimeError("handler bug")

    monkeypatch.setitem(bus._subs, "duel.acted", [boom] + bus._subs["duel.acted"])
    with pytest.raises(CascadeAborted, match="handler bug"):
        eng.submit(gid, 0, {"kind": "pass"})
    assert eng.store.version(gid) == head and boom_calls
    monkeypatch.setitem(bus._subs, "duel.acted", bus._subs["duel.acted"][1:])
    assert eng.table(gid).game == before.game  # working state was thrown away and rebuilt
    eng.submit(gid, 0, {"kind": "pass"})
    assert eng.table(gid).game.active == 1


def test_forced_outcomes_are_recorded_and_used_in_order(eng):
    gid = eng.create("duel", 2, 3, analysis=True)
    eng.force(gid, {"die:attack": ["crit", "miss"]})
    card = eng.legal(gid, 0)[0]
    stored = eng.submit(gid, 0, card)
    rolls = [e for e in stored if e.type == "dice.rolled"]
    assert rolls[0].data["face"] == "crit" and rolls[0].data["forced"] is True
    assert eng.table(gid).forced == {"die:attack": ["miss"]}


def test_forcing_needs_analysis_or_situation(eng):
    gid = eng.create("duel", 2, 3)
    with pytest.raises(IllegalCommand, match="CORE-3F"):
        eng.force(gid, {"die:attack": ["hit"]})


def test_undo_policy_refuses_chance_reveals_and_others_decisions(eng):
    gid = eng.create("duel", 2, 3)
    setup_end = eng.store.version(gid)
    eng.submit(gid, 0, {"kind": "pass"})  # seat 0 passes: draws nothing (hand is full)
    mine = eng.store.version(gid)
    eng.submit(gid, 1, {"kind": "pass"})
    with pytest.raises(UndoRefused, match="decision of Seat 2"):
        eng.undo(gid, mine, seat=0)
    with pytest.raises(UndoRefused, match="inside the set-up"):
        eng.undo(gid, setup_end - 1, seat=1, agreed=True)
    eng.undo(gid, mine, seat=1)  # seat 1 takes back its own pass
    assert eng.table(gid).game.active == 1
    stored = eng.submit(gid, 1, eng.legal(gid, 1)[0])  # a card is shown, a die rolled
    shown = next(e.version for e in stored if e.data.get("reveal"))
    rolled = next(e.version for e in stored if "chance" in e.data)
    first = stored[0].version
    kinds = {shown: "revealed hidden cards", rolled: "chance outcome"}
    with pytest.raises(UndoRefused, match=kinds[min(kinds)]):
        eng.undo(gid, first - 1, seat=1)  # the command boundary before the card was played
    with pytest.raises(UndoRefused, match=f"inside a command .*--to {first - 1} .*--to {stored[-1].version}"):
        eng.undo(gid, shown, seat=1, agreed=True)  # not even the table can land mid-cascade
    eng.undo(gid, mine, agreed=True)
    assert eng.store.read(gid)[-2].type == "undo.agreed"


def test_undo_cannot_reroll(eng):
    gid = eng.create("duel", 2, 11, analysis=True)
    mark = eng.store.version(gid)
    first = [e.data for e in eng.submit(gid, 0, eng.legal(gid, 0)[0]) if "chance" in e.data]
    for _ in range(3):
        eng.undo(gid, mark)
        again = [e.data for e in eng.submit(gid, 0, eng.legal(gid, 0)[0]) if "chance" in e.data]
        assert again == first


def test_structured_log_line_for_each_command(eng):
    configure("info", force=True)
    try:
        gid = eng.create("duel", 2, 5)
        with structlog.testing.capture_logs() as logs:
            eng.submit(gid, 0, {"kind": "pass"})
            with pytest.raises(IllegalCommand):
                eng.submit(gid, 0, {"kind": "pass"})
    finally:
        configure("warning", force=True)
    kinds = [(entry["event"], entry["game_id"]) for entry in logs]
    assert kinds == [("command", gid), ("command_rejected", gid)]
    assert logs[0]["kind"] == "pass" and logs[1]["rule"] == "DU-PLAY"


async def test_listeners_get_committed_events_and_failures_are_isolated(tmp_path):
    seen, flaky_seen = [], []

    def good(ev):
        seen.append(ev.version)

    async def flaky(ev):
        flaky_seen.append(ev.version)
        if ev.version % 2:
            raise ValueError("listener bug")

    async with open_engine(str(tmp_path / "l.db"), {"good": good, "flaky": flaky}, capacity=4) as live:
        gid = await live.create("duel", 2, seed=4)
        await live.submit(gid, 0, {"kind": "pass"})
        head = live.engine.store.version(gid)
        with trio.fail_after(30):  # a condition, not a time: every event reached both
            while len(seen) < head or len(flaky_seen) < head:
                await trio.sleep(0.01)
        assert live.hub.failures["flaky"] > 0
    assert seen == list(range(1, head + 1))
    assert flaky_seen == seen  # the failing listener kept receiving


def test_snapshots_give_the_same_state_as_a_full_fold(tmp_path):
    from projections.state import encode

    eng = mem_engine(str(tmp_path / "s.db"))
    eng.snapshot_every = 16
    gid = eng.create("duel", 4, 8, options={"rounds": 20})
    run_bots(eng, gid, 8)
    snaps = eng.store.conn.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
    assert snaps >= 3
    for n in (5, 17, 40, eng.store.version(gid)):
        a = eng.reader.state_at(gid, n)
        b = eng.reader.state_at(gid, n, use_snapshots=False)
        assert encode(a) == encode(b)
