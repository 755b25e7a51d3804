"""Trust point 8: the loser of a write race is told "version conflict: nothing written"."""

import json

import pytest

from cli.main import main
from engine.pipeline import Engine
from store import EventStore, VersionConflict


def test_two_engines_racing_for_one_decision(tmp_path):
    path = str(tmp_path / "race.db")
    a = Engine(EventStore(path))
    gid = a.create("duel", 2, 4)
    b = Engine(EventStore(path))
    seen = b.table(gid).version  # b looks at the game ...
    move = b.legal(gid, 0)[0]
    a.submit(gid, 0, a.legal(gid, 0)[0])  # ... a moves first ...
    with pytest.raises(VersionConflict, match="nothing was written"):
        b.submit(gid, 0, move)  # ... b's stale move is a conflict, not "not your turn"
    with pytest.raises(VersionConflict, match=f"expected version {seen}"):
        b.submit(gid, 0, move, expected_version=seen)
    assert a.store.verify().ok
    head = a.store.version(gid)
    assert b.store.version(gid) == head
    seat = b.prompts(gid)[0].seat  # b, caught up, plays on
    b.submit(gid, seat, b.legal(gid, seat)[0], expected_version=head)
    assert a.store.version(gid) > head


def test_cli_expected_version_conflict_exits_1(tmp_path, capsys):
    db = str(tmp_path / "race.db")
    assert main(["new", "duel", "--players", "2", "--seed", "4", "--db", db, "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)["game_id"]
    assert main(["legal", gid, "--seat", "0", "--db", db, "--json"]) == 0
    move = json.dumps(json.loads(capsys.readouterr().out)[0])
    head = EventStore(db).version(gid)
    assert (
        main(["play", gid, "--seat", "0", move, "--expected-version", str(head - 1), "--db", db, "--json"])
        == 1
    )
    out = json.loads(capsys.readouterr().out)
    assert "version conflict" in out["error"] and "nothing was written" in out["error"]
    assert EventStore(db).version(gid) == head
