"""Random bots finish every scenario at every player count it allows, with no stall and a
bounded number of commands (MK:18-22:Scen:*); replay and undo equality and hidden information
on a sample. RUNELEDGER_MK2_GAMES=n plays n seeds per case (default 1; `make soak` sized)."""

import os
import random

import pytest

from engine.games.mage_knight.scenarios.book import scenarios
from sim.testing import (
    assert_log_leaks_nothing,
    assert_replay_equal,
    assert_undo_equal,
    new_game,
    run_bots,
)

SEEDS = range(int(os.environ.get("RUNELEDGER_MK2_GAMES", "1")))
CASES = [
    (sid, n, seed)
    for sid, s in scenarios().items()
    if sid != "first_reconnaissance"
    for n in s.players
    for seed in SEEDS
]


@pytest.mark.parametrize("sid,players,seed", CASES)
def test_random_bots_finish_every_scenario(sid, players, seed):
    eng, gid = new_game("mage-knight", players, seed=f"{sid}-{seed}", options={"scenario": sid})
    run_bots(eng, gid, seed)
    t = eng.table(gid)
    g = t.game
    assert t.over and g.phase == "over"
    assert 1 <= g.round <= g.rounds
    assert set(g.final) == {str(s) for s in range(players)}  # every seat scored (MK:15:Score)
    assert set(t.winners) <= set(range(players))
    if scenarios()[sid].scoring.kind == "standard":
        best = max(v["total"] for v in g.final.values())
        assert t.winners == [s for s in range(players) if g.final[str(s)]["total"] == best]


def test_first_reconnaissance_solo_plays_with_the_dummy_MK_18_Scen_FirstRecon():
    eng, gid = new_game("mage-knight", 1, seed=9)
    run_bots(eng, gid, 9)
    t = eng.table(gid)
    assert t.over and t.game.dummy is not None
    assert any(e.type == "mk.dummy_turn" for e in eng.store.read(gid))


@pytest.mark.parametrize(
    "sid,players,seed", [("full_conquest", 2, 1), ("solo_conquest", 1, 2), ("blitz_cooperative", 2, 3)]
)
def test_replay_and_undo_equality_in_part2_scenarios(sid, players, seed):
    eng, gid = new_game("mage-knight", players, seed=seed, options={"scenario": sid}, analysis=True)
    run_bots(eng, gid, seed)
    assert_undo_equal(eng, gid, random.Random(seed))
    assert_replay_equal(eng, gid)


def test_no_seat_sees_the_dummy_deck_or_a_city_garrison():
    """Hidden information (invariant 6) with a dummy and cities on the map."""
    eng, gid = new_game("mage-knight", 2, seed=6, options={"scenario": "blitz_cooperative"})
    run_bots(eng, gid, 6)
    assert assert_log_leaks_nothing(eng, gid, 0) > 100
    assert assert_log_leaks_nothing(eng, gid, None) > 100


MIXES = (
    "",
    "arrival_at_night",
    "darkness_falls,be_nice",
    "random_cities,rampaging_evil",
    "more_rampaging_evil,improved_actions",
    "interactive_combat",
    "hero_auction",
    "draft,random_orientation",
)
VARIANT_CASES = [
    (sid, max(s.players), seed, MIXES[(i + seed) % len(MIXES)])
    for i, (sid, s) in enumerate(scenarios().items())
    for seed in SEEDS
]


@pytest.mark.parametrize("sid,players,seed,mix", VARIANT_CASES)
def test_replay_and_undo_equality_under_variants(sid, players, seed, mix):
    """Every scenario under a rotating mix of variants (MK:16:Var:*, MK:17:Var:*): the replay
    makes the same events, and redo after undo too (this check found card ids taken from the
    event version in Interactive Combat and in the extra wound cards)."""
    opts = {"scenario": sid, **({"variants": mix} if mix else {})}
    eng, gid = new_game("mage-knight", players, seed=f"var-{sid}-{seed}", options=opts, analysis=True)
    run_bots(eng, gid, seed)
    assert eng.table(gid).over
    assert_replay_equal(eng, gid)
    assert_undo_equal(eng, gid, random.Random(seed))
