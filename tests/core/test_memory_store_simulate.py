"""`simulate` plays into a MemoryStore and absorbs from it: the database it writes holds, row
for row in every table, what it held when the games were played into an in-memory SQLite store
(`EventStore(":memory:")`, the path before). With one worker the files are equal table by table
(rowids, seqs, the store head); with two, the workers' flushes interleave by timing, so each
game's rows are compared (every column but the seq and rowid that interleaving gives)."""

import sqlite3

import pytest

import engine.pipeline
from sim.simulate import Sink, simulate
from store import EventStore, MemoryStore

SALT = "5a" * 32  # salts are random in real games; fixed here so two runs can be compared


def _tables(path, per_game: bool) -> dict[str, list]:
    con = sqlite3.connect(path)
    out = {}
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'"):
        cols = [c[1] for c in con.execute(f"PRAGMA table_info({name})")]
        if per_game:
            cols = [c for c in cols if c not in ("seq", "id")]
            got = sorted(map(repr, con.execute(f"SELECT {','.join(cols)} FROM {name}")))
            if name == "meta":  # the store head covers the events in their interleaved order
                got = [r for r in got if "store_head" not in r]
        else:
            got = con.execute(f"SELECT rowid, * FROM {name} ORDER BY rowid").fetchall()
        out[name] = got
    con.close()
    return out


@pytest.mark.parametrize("game,players,games", [("duel", 2, 40), ("thunderstone", 4, 6)])
@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_writes_what_it_wrote_through_an_sqlite_scratch_store(
    tmp_path, monkeypatch, game, players, games, workers
):
    monkeypatch.setattr(engine.pipeline, "new_salt", lambda: SALT)
    got = {}
    for name, scratch in (
        ("sqlite", lambda: EventStore(":memory:", clock=lambda: 1e9)),
        ("memory", lambda: MemoryStore(clock=lambda: 1e9)),
    ):
        monkeypatch.setattr(Sink, "scratch", staticmethod(scratch))
        db = tmp_path / f"{name}.db"
        summary = simulate(str(db), game, games, players, seed="eq", workers=workers)
        assert summary.games == games and not summary.errors
        got[name] = _tables(db, per_game=workers > 1)
        assert EventStore(db, create=False).verify().ok
    assert got["sqlite"] == got["memory"]
    assert len(got["memory"]["streams"]) == games and len(got["memory"]["events"]) > games * 20
