"""Trust point 3: undo lands on command boundaries only. Any target, allowed or not, leaves a
game in which every prompted seat has a legal command."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.random_bot import bot_rng, step
from engine import registry
from engine.errors import UndoRefused
from sim.testing import engine

RULESETS = sorted(registry.rulesets())


def _playable(eng, gid) -> None:
    t = eng.table(gid)
    if t.over:
        return
    prompts = eng.prompts(gid)
    assert prompts, f"no prompt at event {t.version}"
    for p in prompts:
        assert eng.legal(gid, p.seat), f"seat {p.seat} prompted ({p.kind}) with no legal command"


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(5, 60), pick=st.integers(0, 10_000))
def test_any_undo_target_leaves_a_playable_game(name, seed, steps, pick):
    rs = registry.get(name)
    eng = engine()
    gid = eng.create(name, max(p for p in rs.players if p <= 4), seed, analysis=True)
    rng = bot_rng(seed)
    for _ in range(steps):
        if not step(eng, gid, rng):
            break
    chooser = random.Random(pick)
    for _ in range(4):
        head = eng.table(gid).version
        target = chooser.randrange(1, head)
        before = eng.store.version(gid)
        try:
            eng.undo(gid, target)
        except UndoRefused as exc:
            assert eng.store.version(gid) == before  # a refusal writes nothing
            assert "inside" in exc.reason or "set-up" in exc.reason, exc.reason
        else:
            assert eng.table(gid).version == before + 1
        _playable(eng, gid)
        step(eng, gid, rng)  # and play goes on from there
        _playable(eng, gid)


def test_a_target_inside_a_cascade_names_both_boundaries():
    eng = engine()
    gid = eng.create("duel", 2, 3, analysis=True)
    stored = eng.submit(gid, 0, eng.legal(gid, 0)[0])
    assert len(stored) > 2
    first, last = stored[0].version, stored[-1].version
    with pytest.raises(UndoRefused, match=f"--to {first - 1} .*--to {last}"):
        eng.undo(gid, first + 1)
    eng.undo(gid, first - 1)
    assert eng.table(gid).version == last + 1
    _playable(eng, gid)
