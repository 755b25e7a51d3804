"""Games stored before Mage Knight's combat kinds lost their `mk_` prefix (issue 26) still
verify, replay and read under today's names (attack, block, cumbersome, assign, next), and
their stored bytes and hashes stay as they were.

The fixture was made by the code from before the rename (branch layout-wip) with
/work/wt/layout/make_mk_prefixed_fixture.py: one situation combat that uses every combat
command once (mk_attack, mk_next, mk_cumbersome, mk_block, mk_assign), 139 events."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.integrity import verify
from engine.pipeline import Engine
from engine.replay import replay
from projections.views import REFEREE, log_view
from store import EventStore

FIXTURE = Path(__file__).parent / "fixtures" / "prefixed_kinds.sqlite"
GAME = "mk-prefixed-kinds"
KINDS = ("attack", "block", "cumbersome", "assign", "next")
HEAD = "91e8466162d8187a3ea809301cb4d07a822133a03f69b555de435ba4f5154750"  # as stored in 2cb4e21


@pytest.fixture
def store(tmp_path):
    """A copy of the fixture: opening a store may add its -wal file, never beside the original."""
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURE, path)
    s = EventStore(str(path), clock=lambda: 0.0)
    yield s
    s.close()


def test_the_fixture_stores_the_old_kinds(store):
    stored = {e.type for e in store.read(GAME) if e.type.startswith("cmd.")}
    assert stored == {"cmd.play"} | {f"cmd.mk_{k}" for k in KINDS}


def test_it_verifies_with_its_stored_hashes(store):
    report = verify(store)
    assert report.ok, report.faults
    assert report.events == 139 and report.store_head == HEAD


def test_it_replays_under_the_new_kinds(store):
    result = replay(store, GAME)
    assert result.ok, result.difference
    assert result.events == 139


def test_it_reads_with_the_new_kinds(store):
    eng = Engine(store)
    read = eng.reader.events(eng.ruleset(GAME), GAME)
    decisions = [e for e in read if e.type.startswith("cmd.")]
    assert {e.type for e in decisions} == {"cmd.play"} | {f"cmd.{k}" for k in KINDS}
    assert all(e.data["kind"] == e.type[len("cmd.") :] for e in decisions)
    assert [e.version for e in read] == [e.version for e in store.read(GAME)]
    log = log_view(eng.ruleset(GAME), store.read(GAME), REFEREE)
    assert not any(row["type"].startswith("cmd.mk_") for row in log)
    words = [eng.ruleset(GAME).describe(eng.table(GAME), e) for e in decisions if e.type == "cmd.block"]
    assert words and "blocks" in words[0]


def test_the_old_game_plays_on_and_stays_verifiable(store):
    """A stored game goes on under the new code: new decisions are written under the new kinds
    after the old ones, and the whole log still verifies and replays."""
    eng = Engine(store)
    before = [(e.version, e.type, e.data) for e in store.read(GAME)]
    legal = eng.legal(GAME, 0)
    assert legal, "the fixture's game waits for seat 0"
    eng.submit(GAME, 0, legal[0])
    after = store.read(GAME)
    assert [(e.version, e.type, e.data) for e in after[: len(before)]] == before
    assert not any(e.type.startswith("cmd.mk_") for e in after[len(before) :])
    assert verify(store).ok
    assert replay(store, GAME).ok
