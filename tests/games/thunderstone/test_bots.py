"""Random legal bots play seeded games to the end for 2 to 5 players, both set-ups and the
scenarios; replay and undo reproduce a sample exactly (DESIGN invariants 2, 3, 5)."""

from __future__ import annotations

import random

import pytest

from sim.testing import assert_replay_equal, assert_undo_equal, new_game, run_bots

GAMES = 240
SCENARIOS = ("none", "Barrowsdale", "Doomgate", "Feaynischer Sumpf", "Drachenturm")


def options(seed: int) -> dict[str, str]:
    return {
        "setup": "random" if seed % 3 else "first_game",
        "scenario": SCENARIOS[seed % 11] if seed % 11 < len(SCENARIOS) else "none",
    }


@pytest.mark.parametrize("seed", range(GAMES))
def test_ts_bots_finish_game(seed):
    """Random legal commands end every game (END-1); no stall (a seat prompted without a legal
    command) and no endless game; the end names winners and a score per seat (SCORE-1..3)."""
    players = 2 + seed % 4
    eng, gid = new_game("thunderstone", players, seed=seed, options=options(seed))
    run_bots(eng, gid, seed)
    t = eng.table(gid)
    assert t.over and t.winners and set(t.scores) == {str(s) for s in range(players)}
    assert t.seed == str(seed)
    if seed % 12 == 0:
        assert_replay_equal(eng, gid)
        assert_undo_equal(eng, gid, random.Random(seed))


def test_ts_every_event_cites_a_catalog_rule():
    """Invariant 4: every event of a finished game names a rule of the catalog."""
    eng, gid = new_game("thunderstone", 4, seed=7, options={"setup": "random"})
    run_bots(eng, gid, 7)
    catalog = eng.ruleset(gid).catalog
    assert all(e.rule in catalog for e in eng.store.read(gid))
