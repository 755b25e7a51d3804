"""`replay` and `dispute` play into a MemoryStore now; they answer what they answered on the
previous path, an in-memory SQLite store (`EventStore(":memory:")`): for a seeded game of every
ruleset (a sound one and one with a decision the re-run refuses), and for dispute files of two
rulesets, readings one by one and combined."""

from __future__ import annotations

import pytest

import engine.replay
import sim.dispute
from bots.random_bot import play_out
from engine import registry
from engine.pipeline import Engine
from engine.replay import replay
from sim.dispute import settle
from store import EventStore, NewEvent


def _sqlite_scratch(*args, **kwargs):
    return EventStore(":memory:", *args, **kwargs)


def both(monkeypatch, module, fn):
    """fn() with `module` on the MemoryStore, then on the previous path."""
    got = fn()
    with monkeypatch.context() as m:
        m.setattr(module, "MemoryStore", _sqlite_scratch)
        before = fn()
    return got, before


@pytest.fixture(scope="module")
def recorded():
    """One seeded game per ruleset, played to the end into an SQLite store."""
    eng = Engine(EventStore(":memory:"))
    ids = []
    for name in sorted(registry.rulesets()):
        rs = registry.get(name)
        gid = eng.create(name, min(rs.players), "m1", game_id=f"{name}-m1")
        with eng.batch():
            play_out(eng, gid, "m1")
        ids.append(gid)
    return eng.store, ids


def test_replay_answers_as_on_the_sqlite_scratch_store(monkeypatch, recorded):
    store, ids = recorded
    for gid in ids:
        got, before = both(monkeypatch, engine.replay, lambda gid=gid: replay(store, gid))
        assert got.ok and got.events == store.version(gid)
        assert got == before, gid


def test_a_refused_decision_is_reported_alike(monkeypatch):
    eng = Engine(EventStore(":memory:"))
    gid = eng.create("duel", 2, "forged")
    v = eng.store.version(gid)
    eng.store.append(
        gid, v, [NewEvent("cmd.play", {"card": "no such card"}, actor=0, command_id=f"{gid}:forged")]
    )
    got, before = both(monkeypatch, engine.replay, lambda: replay(eng.store, gid))
    assert not got.ok and got.difference["version"] == v + 1
    assert "refused" in got.difference["problem"]
    assert got == before


@pytest.mark.parametrize(
    "path,names,combine",
    [
        ("engine/games/thunderstone/situations/dispute_glut_light.toml", None, False),
        ("engine/games/thunderstone/situations/dispute_glut_light.toml", ["A17", "A11"], True),
        ("engine/games/rune_age/situations/dispute_city_casualties.toml", ["A16"], False),
        ("tests/core/situations/duel_tie_at_limit.toml", ["TIE"], False),
    ],
)
def test_dispute_answers_as_on_the_sqlite_scratch_store(monkeypatch, path, names, combine):
    monkeypatch.setattr(sim.dispute, "new_salt", lambda: "5a" * 32)  # random by design
    got, before = both(monkeypatch, sim.dispute, lambda: settle(path, names, to_end=True, combine=combine))
    assert got["variants"] or got["combinations"]
    assert got == before


def test_a_reading_that_changes_nothing_makes_no_difference():
    """Found while comparing: every run drew its own random salt, so two runs that play alike
    differed at the end in seed.revealed (CORE-3) and a reading that changes nothing was
    reported as parting from the file's own there. The runs of one dispute share one salt."""
    path = "engine/games/thunderstone/situations/dispute_glut_light.toml"
    report = settle(path, ["A11"], to_end=True)
    other = [v for v in report["variants"] if not v["as_stated"]]
    assert other and all(v["difference"] is None for v in other), [
        v["difference"] and (v["difference"]["version"], v["difference"]["rule"]) for v in other
    ]
    combined = settle(path, ["A17", "A11"], to_end=True, combine=True)["combinations"]
    alone = next(c for c in combined if c["changed"] == {"A11": "after_light"})
    assert alone["difference"] is None
