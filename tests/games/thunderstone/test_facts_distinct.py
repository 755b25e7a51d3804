"""`tree.distinct` merges copies as `same_choice` says, though it skips the cards' conditions
where the commands differ with each card read as its name: at every decision of seeded
games, for the pending choice and for each kind's commands, it keeps what keying every
command by its `same_choice` keeps."""

from __future__ import annotations

import msgspec
import pytest

from bots.random_bot import bot_rng, decide
from engine.games.thunderstone import tree
from engine.games.thunderstone.legal import legal_commands
from engine.pipeline import Engine
from store import MemoryStore

_canon = msgspec.json.Encoder(order="sorted")


def by_condition(table, s: int, cmds: list[dict]) -> list[dict]:
    seen: set[bytes] = set()
    out = []
    for c in cmds:
        key = _canon.encode(tree.same_choice(table, s, c))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, "dc-2"), (4, "dc-4"), (5, "dc-5")])
def test_distinct_keeps_what_the_conditions_keep(players, seed):
    eng = Engine(MemoryStore())
    eng.create("thunderstone", players, seed, {}, game_id="g")
    rng = bot_rng(seed)
    merged = compared = 0
    while True:
        table = eng.table("g")
        s = (
            table.game.t.pending[0].get("seat", table.game.active)
            if table.game.t.pending
            else table.game.active
        )
        cmds = legal_commands(table, s)
        groups: dict[str, list[dict]] = {}
        for c in cmds:
            groups.setdefault(c["kind"], []).append(c)
        for group in groups.values():
            want = by_condition(table, s, group)
            assert tree.distinct(table, s, group) == want, f"event {table.version}: {group}"
            merged += len(want) < len(group)
            compared += 1
        if decide(eng, "g", rng) is None:
            break
    assert compared > 200
    assert merged > 5  # copies were met and merged, not only lists with nothing alike


def test_a_slot_or_a_copy_is_left_to_the_conditions():
    assert tree._apart([{"kind": "attack", "monster": "Ork#1"}, {"kind": "attack", "monster": "Goblin#2"}])
    assert not tree._apart([{"kind": "attack", "monster": "Ork#1"}, {"kind": "attack", "monster": "Ork#2"}])
    assert not tree._apart([{"kind": "choose", "option": 0}, {"kind": "choose", "option": 1}])
    assert not tree._apart([{"kind": "choose", "option": None}])
