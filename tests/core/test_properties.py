"""Replay equality and undo equality as properties over random legal play."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.random_bot import bot_rng, step
from sim.testing import assert_replay_equal, assert_undo_equal, engine, run_bots, state_bytes

games = st.tuples(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 10_000))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_replay_equality_over_random_play(case):
    seed, players, bot = case
    eng = engine()
    gid = eng.create("duel", players, seed)
    run_bots(eng, gid, bot)
    assert eng.table(gid).over
    assert_replay_equal(eng, gid)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 1000))
def test_undo_equality_over_random_play(case, pick):
    seed, players, bot = case
    eng = engine()
    gid = eng.create("duel", players, seed, analysis=True)
    run_bots(eng, gid, bot)
    assert_undo_equal(eng, gid, random.Random(pick))
    assert_undo_equal(eng, gid, random.Random(pick + 1))  # a log with an undo in it, again
    assert_replay_equal(eng, gid)  # a game with undo in it still replays identically


@settings(max_examples=25, deadline=None)
@given(games, st.integers(1, 30))
def test_same_commands_same_events_mid_game(case, steps):
    """Two engines fed the same decisions produce byte-identical states at every step."""
    seed, players, bot = case
    a, b = engine(), engine()
    ga = a.create("duel", players, seed, game_id="g", salt="ab" * 32)
    gb = b.create("duel", players, seed, game_id="g", salt="ab" * 32)
    ra, rb = bot_rng(bot), bot_rng(bot)
    for _ in range(steps):
        if not step(a, ga, ra):
            break
        step(b, gb, rb)
        assert state_bytes(a.table(ga)) == state_bytes(b.table(gb))


REAL_GAMES = sorted(
    name for name in __import__("engine.registry", fromlist=["_"]).rulesets() if name != "duel"
)


@pytest.mark.parametrize("game", REAL_GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 1000))
def test_replay_and_undo_equality_in_every_installed_game(game, seed, pick):
    from engine import registry

    rs = registry.get(game)
    players = max(p for p in rs.players if p <= 4)
    eng = engine()
    gid = eng.create(game, players, seed, analysis=True)
    run_bots(eng, gid, seed)
    assert eng.table(gid).over
    assert_undo_equal(eng, gid, random.Random(pick))
    assert_replay_equal(eng, gid)
