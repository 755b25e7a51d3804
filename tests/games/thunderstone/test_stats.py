"""The end and battle statistics script reads stored events only (engine/games/thunderstone/stats.py)."""

from __future__ import annotations

from engine.games.thunderstone.stats import collect, main
from engine.pipeline import Engine
from sim.testing import new_game, run_bots
from store.sqlite_store import EventStore


def test_ts_stats_count_ends_battles_and_turns(tmp_path, capsys):
    """Two bot games in a store: both end, turns and battles are counted from their events."""
    db = str(tmp_path / "ts.db")
    eng = Engine(EventStore(db))
    for seed in (1, 2):
        _, gid = new_game("thunderstone", 3, seed=seed, eng=eng)
        run_bots(eng, gid, seed)
    turns = sum(1 for g in eng.store.game_ids() for e in eng.store.read(g) if e.type == "ts.turn")
    battles = [e.data for g in eng.store.game_ids() for e in eng.store.read(g) if e.type == "ts.battle"]
    eng.store.close()
    got = collect(db)
    assert got["games"] == 2 and sum(got["ends"].values()) == 2 and got["stalls"] == 0
    assert got["turns_mean"] == round(turns / 2, 1)
    assert got["battles_per_game"] == round(len(battles) / 2, 2)
    assert got["battles_won_per_game"] == round(sum(b["won"] for b in battles) / 2, 2)
    assert main([db, "--json"]) == 0 and '"games": 2' in capsys.readouterr().out
