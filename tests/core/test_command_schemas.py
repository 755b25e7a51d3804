"""Each ruleset's declared command shapes (engine.commands) match what its legal_commands
really offer, and a command of the wrong shape is refused before the game's `explain` reads
it (explain once crashed on a number where it expected a card name)."""

import pytest

from bots.random_bot import bot_rng, step
from engine import registry
from engine.commands import check_shape
from engine.errors import BadInput
from sim.testing import engine

RULESETS = sorted(registry.rulesets())


@pytest.mark.parametrize("name", RULESETS)
def test_every_legal_command_fits_the_declared_shapes(name):
    rs = registry.get(name)
    assert rs.commands, f"{name} declares no command shapes"
    seen = set()
    for seed in range(4):
        eng = engine()
        gid = eng.create(name, max(p for p in rs.players if p <= 4), seed)
        rng = bot_rng(seed)
        for _ in range(300):
            t = eng.table(gid)
            if t.over:
                break
            for seat in range(t.players):
                for cmd in eng.legal(gid, seat):
                    check_shape(rs, cmd)
                    seen.add(cmd["kind"])
            step(eng, gid, rng)
    assert len(seen) >= min(3, len(rs.commands))


@pytest.mark.parametrize("name", RULESETS)
def test_a_wrongly_typed_field_is_bad_input_and_changes_nothing(name):
    rs = registry.get(name)
    eng = engine()
    gid = eng.create(name, max(p for p in rs.players if p <= 4), 1)
    rng = bot_rng(1)
    tried = 0
    for _ in range(60):
        t = eng.table(gid)
        if t.over:
            break
        for seat in range(t.players):
            for cmd in eng.legal(gid, seat)[:6]:
                for key in [k for k in cmd if k != "kind"]:
                    takes_list = "list" in str(rs.commands[cmd["kind"]][key])  # a pick's field
                    for wrong in (True, 7 if takes_list else ["x"], {"a": 1}, None):
                        head = eng.store.version(gid)
                        with pytest.raises(BadInput, match=f"`\\$.{key}`"):
                            eng.submit(gid, seat, {**cmd, key: wrong})
                        assert eng.store.version(gid) == head
                        tried += 1
        step(eng, gid, rng)
    assert tried > 0
