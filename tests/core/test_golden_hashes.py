"""Determinism (invariant 2): a fixed set of seeded games per ruleset must make exactly the
events they made when this file was last regenerated. A change that alters any event of
them (rules, bots, chance, encoding) fails here and must be deliberate:
`RUNELEDGER_REGOLD=1 pytest tests/core/test_golden_hashes.py` rewrites golden_hashes.json,
and the commit says why the games changed."""

import hashlib
import json
import os
from pathlib import Path

import pytest

from bots.random_bot import play_out
from engine import registry
from engine.pipeline import Engine
from store import EventStore

GOLDEN = Path(__file__).with_name("golden_hashes.json")
SALT = "c0" * 32  # the commitment's salt is random in real games; fixed here
CASES = [(name, seed) for name in sorted(registry.rulesets()) for seed in ("g1", "g2", "g3")]


def game_digest(name: str, seed: str) -> dict:
    rs = registry.get(name)
    eng = Engine(EventStore(":memory:", clock=lambda: 0.0))
    gid = eng.create(name, max(p for p in rs.players if p <= 4), seed, game_id=f"{name}-{seed}", salt=SALT)
    with eng.batch():
        play_out(eng, gid, seed)
    rows = list(
        eng.store.conn.execute(
            "SELECT version, type, schema, data, visibility, actor, rule_id, cause, command_id, hash "
            "FROM events WHERE game_id=? ORDER BY version",
            (gid,),
        )
    )
    body = json.dumps(rows, separators=(",", ":")).encode()
    return {"events": len(rows), "head": rows[-1][-1], "sha256": hashlib.sha256(body).hexdigest()}


@pytest.fixture(scope="module")
def golden():
    if os.environ.get("RUNELEDGER_REGOLD"):
        table = {f"{n}/{s}": game_digest(n, s) for n, s in CASES}
        GOLDEN.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("name,seed", CASES)
def test_seeded_game_makes_the_same_events(golden, name, seed):
    key = f"{name}/{seed}"
    assert key in golden, f"{key} has no golden digest: regenerate (see module docstring)"
    assert game_digest(name, seed) == golden[key]
