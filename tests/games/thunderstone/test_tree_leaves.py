"""A bot's Thunderstone question built as plain leaves (tree._leaves) is the very question the
default grouping builds from the same commands: the same options in the same order, so a
random bot draws the same command either way (seeded games and their pinned hashes unchanged)."""

from __future__ import annotations

import msgspec

from bots.random_bot import bot_rng, decide
from engine import choices, registry
from engine.games.thunderstone import tree
from engine.games.thunderstone.legal import legal_commands
from engine.pipeline import Engine
from store import MemoryStore


def _asked(rs, table, seat: int) -> list[tuple[list, list]]:
    """(path, commands) of the questions a bot may be asked at this state that `_leaves`
    may answer: the first question of a one-kind listing, and each kind's step."""
    cmds = legal_commands(table, seat)
    if not cmds or table.game.t.pending:
        return []
    kinds: dict[str, list] = {}
    for c in cmds:
        kinds.setdefault(c["kind"], []).append(c)
    if len(kinds) == 1:
        return [([], cmds)]
    return [([["kind", k]], group) for k, group in kinds.items()]


def test_leaves_are_the_default_grouping_at_every_decision_of_seeded_games():
    rs = registry.get("thunderstone")
    enc = msgspec.json.encode
    met = 0
    for seed in ("leaves-1", "leaves-2"):
        eng = Engine(MemoryStore())
        gid = eng.create("thunderstone", 4, seed)
        rng = bot_rng(seed)
        for _ in range(400):
            table = eng.table(gid)
            if table.over:
                break
            for p in eng.prompts(gid):
                for path, cmds in _asked(rs, table, p.seat):
                    quick = tree._leaves(rs, table, p.seat, cmds)
                    if quick is None:
                        continue
                    met += 1
                    want = choices.grouped(rs, table, p.seat, path, cmds, False)
                    assert enc(quick) == enc(want), (seed, table.version, path)
                    assert enc(tree.question(rs, table, p.seat, path, False)) == enc(want)
            decide(eng, gid, rng)
    assert met > 100  # the shortcut answered many questions


def test_commands_that_may_merge_or_group_are_left_to_the_grouping():
    same = [{"kind": "buy", "stack": "A"}, {"kind": "buy", "stack": "A"}]
    card = [{"kind": "attack", "monster": "Ork#1"}, {"kind": "attack", "monster": "Ork#2"}]
    slot = [{"kind": "choose", "option": 0}, {"kind": "choose", "option": 1}]
    shared = [
        {"kind": "use", "a": 1, "b": "x"},
        {"kind": "use", "a": 1, "b": "y"},
        {"kind": "use", "a": 2, "b": "x"},
    ]
    mixed = [{"kind": "buy", "stack": "A"}, {"kind": "buy", "board": "b", "stack": "B"}]
    for cmds in (same, card, slot, shared, mixed):
        assert not tree._one_step(cmds), cmds
    assert tree._one_step([{"kind": "action", "action": a} for a in ("village", "dungeon", "rest")])
