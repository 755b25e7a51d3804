"""Mage Knight's bot habits one question at a time (bots/tree_policy.py, Ruleset.bot_options):
a bot walking the choice tree with them plays seeded games of several scenarios to their end,
and the hook always keeps a non-empty subset of the options it was given."""

from __future__ import annotations

import random

import pytest

from bench.mk_choices_compare import tree_command, tree_play_out
from bots.random_bot import command_limit
from engine import choices as tree
from engine.games.mage_knight.bots import tree_policy
from engine.games.mage_knight.bots.goals import far_explore, is_open, points, stand_in, strongest
from engine.games.mage_knight.bots.policy import choices
from engine.pipeline import Engine
from store import MemoryStore


class Watched:
    """The hook bound to the game's ruleset, checking each answer and counting the narrowed."""

    def __init__(self, rs):
        self.rs, self.asked, self.narrowed = rs, 0, 0

    def __call__(self, table, seat, path, options):
        kept = tree_policy.bot_options(self.rs, table, seat, path, options)
        assert kept, f"nothing kept at {path}"
        assert all(any(k is o for o in options) for k in kept), f"an option not given at {path}"
        assert len({id(k) for k in kept}) == len(kept), f"an option kept twice at {path}"
        self.asked += 1
        self.narrowed += len(kept) < len(options)
        return kept


@pytest.mark.parametrize(
    ("scenario", "players", "seed"),
    [
        ("first_reconnaissance", 2, "tree-fr"),
        ("full_conquest", 2, "tree-fc"),
        ("blitz_cooperative", 2, "tree-coop"),
    ],
)
def test_tree_bot_plays_to_the_end(scenario, players, seed):
    eng = Engine(MemoryStore())
    options = {} if scenario == "first_reconnaissance" else {"scenario": scenario}
    eng.create("mage-knight", players, seed, options, game_id="g")
    rs = eng.ruleset("g")
    hook = Watched(rs)
    n = tree_play_out(eng, "g", seed, hook)  # a Stall or a rules error fails the test
    table = eng.table("g")
    assert table.over and table.game.phase == "over"
    assert 0 < n < command_limit(rs)
    assert table.game.round >= 1 and hook.narrowed > 0  # the habits did narrow some questions
    assert hook.asked >= n


def test_habits_keep_stand_ins_they_cannot_judge():
    """A stand-in (an option leading to several commands) is kept by the habits that read
    fields it has not got yet; whole commands are judged as before."""
    far, near = {"kind": "explore", "at": "0,-6"}, {"kind": "explore", "at": "0,-3"}
    lazy = stand_in({"kind": "explore"})
    assert far_explore([far, near]) == [far]
    assert far_explore([far, near, lazy]) == [far, lazy]
    assert is_open(lazy) and not is_open(far)
    play = stand_in({"kind": "play"})
    assert strongest(None, [play, {"kind": "move", "to": "1,0"}], ("move",)) == [play]


class AgainstFlat(Watched):
    """At each first question, the kinds kept against those policy.choices keeps of the whole
    legal list."""

    def __init__(self, rs, eng, gid):
        super().__init__(rs)
        self.eng, self.gid, self.first, self.same = eng, gid, 0, 0

    def __call__(self, table, seat, path, options):
        kept = super().__call__(table, seat, path, options)
        if path:
            return kept
        flat = {c["kind"] for c in choices(table, seat, self.eng.legal(self.gid, seat))}
        opened = {
            tree.kind_of(o)
            for o in options
            if o.command is None and tree.kind_of(o) not in tree_policy.PEEKED
        }
        kinds = {tree.kind_of(o) for o in kept}
        assert kinds <= flat | opened, (kinds, flat, opened)
        self.first += 1
        self.same += kinds == flat
        return kept


def test_first_question_keeps_the_flat_policys_kinds():
    """At every first question of a game, the hook keeps only kinds the flat policy keeps of the
    whole legal list, or kinds it could not judge without walking them (plays, activations,
    skills: stand-ins); most often exactly the same kinds."""
    eng = Engine(MemoryStore())
    eng.create("mage-knight", 2, "tree-flat", {"scenario": "full_conquest"}, game_id="g")
    hook = AgainstFlat(eng.ruleset("g"), eng, "g")
    tree_play_out(eng, "g", "tree-flat", hook)
    assert hook.first > 100 and hook.same > hook.first // 2


def test_a_stand_in_knowing_its_card_scores_what_its_plays_may_give():
    """A stand-in for the plays of one card scores at least what each of its legal plays gives
    (the most any option may yield), so `strongest` never drops the card holding the best play."""
    eng = Engine(MemoryStore())
    eng.create("mage-knight", 2, "tree-card", {"scenario": "full_conquest"}, game_id="g")
    rs = eng.ruleset("g")
    rng = random.Random(2)
    checked = 0
    for _ in range(120):
        p = eng.prompts("g")[0]
        table = eng.table("g")
        if p.kind == "turn" and table.game.combat is None:
            legal = eng.legal("g", p.seat)
            plays = [c for c in legal if c["kind"] == "play" and not c.get("boost")]
            known: dict = {}
            for name in {c["card"] for c in plays}:
                lazy = stand_in({"kind": "play", "card": name})
                for kinds in (("move",), ("influence",)):
                    best = max(points(table, c, kinds, (), known) for c in plays if c["card"] == name)
                    assert points(table, lazy, kinds, (), known) >= best, (name, kinds)
                    checked += 1
        eng.submit("g", p.seat, tree_command(rs, table, p.seat, rng, Watched(rs)))
    assert checked > 20
