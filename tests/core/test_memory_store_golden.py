"""The seeded games of test_golden_hashes.py played on a MemoryStore make the same events,
byte for byte and hash for hash, as on the SQLite store (golden_hashes.json, never regenerated
here): the in-memory store builds its rows with the code EventStore appends with."""

import hashlib
import json

import pytest

from bots.random_bot import play_out
from engine import registry
from engine.pipeline import Engine
from store import MemoryStore
from tests.core.test_golden_hashes import CASES, GOLDEN, SALT


def memory_digest(name: str, seed: str) -> dict:
    rs = registry.get(name)
    eng = Engine(MemoryStore(clock=lambda: 0.0))
    assert isinstance(eng.store, MemoryStore)
    gid = eng.create(name, max(p for p in rs.players if p <= 4), seed, game_id=f"{name}-{seed}", salt=SALT)
    with eng.batch():
        play_out(eng, gid, seed)
    # version, type, schema, data, visibility, actor, rule_id, cause, command_id, hash
    rows = [[*r[2:11], r[12]] for r in eng.store.stored_rows([gid])]
    body = json.dumps(rows, separators=(",", ":")).encode()
    return {"events": len(rows), "head": rows[-1][-1], "sha256": hashlib.sha256(body).hexdigest()}


@pytest.fixture(scope="module")
def golden():
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("name,seed", CASES)
def test_seeded_game_on_a_memory_store_makes_the_golden_events(golden, name, seed):
    assert memory_digest(name, seed) == golden[f"{name}/{seed}"]
