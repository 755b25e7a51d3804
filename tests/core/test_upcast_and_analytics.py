"""Old games stay readable through upcasters; analytics catch up from a checkpoint."""

import pytest

from engine import registry
from engine.errors import EngineError
from engine.replay import replay
from projections.analytics import catch_up
from sim.testing import run_bots


def test_old_schema_events_are_upcast_when_read(eng, monkeypatch):
    gid = eng.create("duel", 2, 6)
    run_bots(eng, gid, 6)
    assert {e.schema for e in eng.store.read(gid)} == {1}
    rs = registry.get("duel")
    monkeypatch.setattr(type(rs), "event_schemas", {"duel.turn": 2})
    monkeypatch.setattr(type(rs), "upcasters", {("duel.turn", 1): lambda d: {**d, "phase": "turn"}})
    turns = [e for e in eng.reader.events(rs, gid) if e.type == "duel.turn"]
    assert turns and all(e.schema == 2 and e.data["phase"] == "turn" for e in turns)
    assert eng.reader.state_at(gid, use_snapshots=False).over
    # the re-run writes schema 2 without the field: replay names the first difference
    result = replay(eng.store, gid)
    assert not result.ok and result.difference["type"] == "duel.turn"


def test_missing_upcaster_is_a_clear_error(eng, monkeypatch):
    gid = eng.create("duel", 2, 6)
    eng.submit(gid, 0, {"kind": "pass"})
    rs = registry.get("duel")
    monkeypatch.setattr(type(rs), "event_schemas", {"duel.turn": 3})
    with pytest.raises(EngineError, match=r"no upcaster for duel.turn schema 1"):
        eng.reader.state_at(gid, use_snapshots=False)


def test_analytics_catch_up_reads_only_new_events(eng):
    a = eng.create("duel", 2, 1)
    run_bots(eng, a, 1)
    first = catch_up(eng.store)
    assert first == eng.store.version(a)
    b = eng.create("duel", 3, 2)
    run_bots(eng, b, 2)
    assert catch_up(eng.store) == eng.store.version(b)
    rows = {r[0]: r for r in eng.store.conn.execute("SELECT * FROM analytics_games")}
    assert rows[b][4] == ",".join(map(str, eng.table(b).winners))
    assert rows[a][3] == eng.store.version(a)
    revealed = eng.store.conn.execute("SELECT revealed FROM seeds WHERE game_id=?", (a,))
    assert revealed.fetchone()[0] == 1


def test_a_renamed_type_is_read_under_its_new_name(eng, monkeypatch):
    """A game that renames a command kind (engine.commands.renamed_kinds) reads its stored
    decisions under the new name and kind; the stored rows are not touched."""
    from engine.commands import renamed_kinds

    gid = eng.create("duel", 2, 6)
    run_bots(eng, gid, 6)
    stored = eng.store.read(gid)
    plays = [e for e in stored if e.type == "cmd.play"]
    assert plays
    rs = registry.get("duel")
    renames, steps = renamed_kinds({"play": "strike"})
    monkeypatch.setattr(type(rs), "event_renames", renames)
    monkeypatch.setattr(type(rs), "upcasters", steps)
    read = eng.reader.events(rs, gid)
    assert [e.version for e in read if e.type == "cmd.strike"] == [e.version for e in plays]
    assert all(e.data["kind"] == "strike" and e.schema == 1 for e in read if e.type == "cmd.strike")
    assert not any(e.type == "cmd.play" for e in read)
    assert eng.store.read(gid) == stored  # the stored bytes stay
    assert eng.reader.state_at(gid, use_snapshots=False).over


def test_a_circle_of_renames_is_refused_when_the_class_is_made():
    from engine.ruleset import Ruleset

    with pytest.raises(TypeError, match="renamed in a circle"):
        type("Circle", (Ruleset,), {"name": "circle", "event_renames": {"a.x": "a.y", "a.y": "a.x"}})
