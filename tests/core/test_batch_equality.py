"""Trust point 1: a game made by `Engine.batch()` (group commit, as `simulate` plays) is
byte-identical to the same decisions submitted one at a time, and replays and folds."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.random_bot import bot_rng, play_out, step
from engine import registry
from engine.pipeline import Engine
from engine.replay import replay
from projections.state import StateReader
from store import EventStore

RULESETS = sorted(registry.rulesets())


def _fixed_clock_engine() -> Engine:
    return Engine(EventStore(":memory:", clock=lambda: 0.0))


def _rows(eng: Engine, gid: str) -> list[tuple]:
    return list(
        eng.store.conn.execute(
            "SELECT version, type, schema, data, visibility, actor, rule_id, cause, command_id, "
            "prev_hash, hash FROM events WHERE game_id=? ORDER BY version",
            (gid,),
        )
    )


def _players(name: str) -> int:
    return max(p for p in registry.get(name).players if p <= 4)


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_batch_equals_one_at_a_time(name, seed):
    players = _players(name)
    batched, single = _fixed_clock_engine(), _fixed_clock_engine()
    salt = "00" * 32
    salt = "5a" * 32  # the commitment is salted at random; both games must share it
    gb = batched.create(name, players, seed, game_id="g", salt=salt)
    gs = single.create(name, players, seed, game_id="g", salt=salt)
    with batched.batch():
        play_out(batched, gb, seed)
    rng = bot_rng(seed)
    while step(single, gs, rng):
        pass
    assert _rows(batched, gb) == _rows(single, gs)
    assert batched.store.verify().ok


@pytest.mark.parametrize("name", RULESETS)
def test_simulated_games_replay_and_fold(name):
    """The shape `simulate` uses: one batch per game, many games, then read back cold."""
    eng = Engine(EventStore(":memory:"))
    gids = []
    for i in range(6):
        gid = eng.create(name, _players(name), f"sim-{i}")
        with eng.batch():
            play_out(eng, gid, f"sim-{i}")
        eng.forget(gid)
        gids.append(gid)
    reader = StateReader(eng.store)
    for gid in gids:
        result = replay(eng.store, gid)
        assert result.ok, result.difference
        assert reader.state_at(gid, use_snapshots=False).over
    assert eng.store.verify().ok
