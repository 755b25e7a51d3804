"""The combat solver of the turn planner's candidate turns (bots/combat_plan.py, the ruleset's
`plan_options` hook in bots/tree_policy.py): which cards block and which defeat, a block that
cannot hold never started, swift and fortified read as the combat reads them, and the options
it keeps always a non-empty subset of a question's."""

from __future__ import annotations

import random

import pytest

from bots import tree_walk
from engine import choices as tree
from engine.games.mage_knight.bots import combat_plan
from engine.pipeline import Engine
from sim.testing import from_situation
from store import MemoryStore

SIT = "tests/games/mage_knight/situations/attack_two_groups.toml"
DIGGERS_HAND = ["rage", "swiftness", "threaten", "march", "march", "tranquility"]


def combat(hand: list[str], enemies: list[dict], phase: str = "ranged", points: list | None = None):
    """A Solo Conquest game (part 2's habits) started inside a challenge: Arythea holding `hand`."""

    def edit(game):
        game["seat"][0]["hand"] = hand
        game["combat"]["phase"] = phase
        game["combat"]["points"] = points or []
        game["combat"]["enemy"] = enemies

    eng, gid = from_situation(SIT, options={"scenario": "solo_conquest", "heroes": "arythea"}, edit=edit)
    return eng, gid


def uses_of(plan, kind: str) -> list[tuple[str, combat_plan.Opt]]:
    return [(plan.helpers[h].name, o) for h, b, o in plan.uses if plan.bins[b].kind == kind]


def test_diggers_blocked_by_rage_and_one_card_defeated_by_the_others():
    eng, gid = combat(DIGGERS_HAND, [{"id": "green_diggers", "rampaging": True}])
    plan = combat_plan.choose(eng.table(gid), 0)
    blocks, defeats = uses_of(plan, "b"), uses_of(plan, "m")
    assert [b.kind for b in plan.bins] == ["b", "m"]  # the attack blocked, the enemy defeated
    assert ("rage", combat_plan.Opt("block", 2, "physical")) in blocks and len(blocks) == 2
    assert sum(o.value for _, o in blocks) >= 3 and sum(o.value for _, o in defeats) >= 3
    assert len({h for h, _, _ in plan.uses}) == len(plan.uses)  # each card to one need
    assert plan.worth > 0


def test_the_walk_carries_the_plan_out_without_a_wound():
    eng, gid = combat(DIGGERS_HAND, [{"id": "green_diggers", "rampaging": True}])
    rs, rng = eng.ruleset(gid), random.Random(3)
    played = []
    while eng.table(gid).game.combat is not None and len(played) < 20:
        t = eng.table(gid)
        narrow = rs.plan_options(t, 0)
        assert narrow is not None or t.game.combat.phase == "damage"
        cmd, _ = tree_walk.sample(rs, t, 0, rng, narrow=narrow if narrow is not None else tree_walk.OWN)
        played.append(cmd)
        eng.submit(gid, 0, cmd)
    blocks = [c for c in played if c["kind"] == "block"]
    assert len(blocks) == 1 and played[played.index(blocks[0]) - 2]["card"] == "rage"
    assert any(c["kind"] == "attack" for c in played)
    hand = eng.table(gid).zone("hand:0")
    assert not any(x.startswith("wound") for x in hand)


def test_a_block_that_cannot_hold_is_never_started():
    eng, gid = combat(["rage", "promise"], [{"id": "gray_swordsmen", "rampaging": True}], phase="block")
    t = eng.table(gid)
    plan = combat_plan.choose(t, 0)
    assert not [b for b in plan.bins if b.kind == "b"]  # block 3 at most against attack 6
    rs = eng.ruleset(gid)
    options = rs.question(t, 0, [], False).options
    kept = rs.plan_options(t, 0)(t, 0, [], options)
    assert kept and all(o.command is not None and o.command["kind"] == "next" for o in kept)


def test_swift_doubles_the_block_needed():
    """Wolf Riders attack 3, swift: block 5 pooled does not hold, the sideways March makes 6."""
    eng, gid = combat(
        ["march"],
        [{"id": "green_wolf_riders", "rampaging": True}],
        phase="block",
        points=[{"kind": "block", "value": 5}],
    )
    t, rs = eng.table(gid), eng.ruleset(gid)
    plan = combat_plan.choose(t, 0)
    assert [(b.kind, b.need) for b in plan.bins] == [("b", 6)]
    assert sorted(plan.helpers[h].name for h, _, _ in plan.uses) == ["march", "pool"]
    kept = rs.plan_options(t, 0)(t, 0, [], rs.question(t, 0, [], False).options)
    assert [tree.kind_of(o) for o in kept] == ["play"]  # not the block that fails


def test_a_fortified_enemy_is_not_attacked_with_plain_ranged_points():
    """Diggers are fortified: the ranged phase may hit them only with siege points, so a plan
    never readies ranged points for them there (they wait for the attack phase)."""
    eng, gid = combat(
        DIGGERS_HAND, [{"id": "green_diggers", "rampaging": True}], points=[{"kind": "ranged", "value": 3}]
    )
    t = eng.table(gid)
    plan = combat_plan.choose(t, 0)
    assert not [b for b in plan.bins if b.kind == "r"]
    rs = eng.ruleset(gid)
    options = rs.question(t, 0, [], False).options
    kept = rs.plan_options(t, 0)(t, 0, [], options)
    assert [o.command for o in kept] == [{"kind": "next"}]


def test_an_unfortified_enemy_is_defeated_in_the_ranged_phase_when_the_points_reach():
    eng, gid = combat(
        ["march", "march"],
        [{"id": "green_prowlers", "rampaging": True}],
        points=[{"kind": "ranged", "value": 3}],
    )
    t = eng.table(gid)
    plan = combat_plan.choose(t, 0)
    assert [b.kind for b in plan.bins] == ["r"]
    rs = eng.ruleset(gid)
    kept = rs.plan_options(t, 0)(t, 0, [], rs.question(t, 0, [], False).options)
    assert [o.command["kind"] for o in kept] == ["attack"]


@pytest.mark.parametrize(
    ("hand", "enemies"),
    [
        (DIGGERS_HAND, [{"id": "green_diggers", "rampaging": True}]),
        (
            ["rage", "determination", "march", "stamina"],
            [{"id": "green_orc_stonethrower", "rampaging": True}],
        ),
        (DIGGERS_HAND, [{"id": "green_prowlers", "rampaging": True}, {"id": "gray_heroes_fire"}]),
        (["march", "promise"], [{"id": "green_cursed_hags", "rampaging": True}]),
    ],
)
def test_options_kept_are_a_non_empty_subset(hand, enemies):
    for seed in range(4):
        eng, gid = combat(hand, enemies)
        rs, rng = eng.ruleset(gid), random.Random(seed)
        for _ in range(30):
            t = eng.table(gid)
            if t.game.combat is None:
                break
            narrow = rs.plan_options(t, 0)
            if narrow is not None:
                seen = []

                def checked(table, seat, path, options, narrow=narrow, seen=seen):
                    kept = narrow(table, seat, path, options)
                    assert kept and all(any(k is o for o in options) for k in kept)
                    seen.append(path)
                    return kept

                cmd, _ = tree_walk.sample(rs, t, 0, rng, narrow=checked)
                assert seen
            else:
                cmd, _ = tree_walk.sample(rs, t, 0, rng)
            eng.submit(gid, 0, cmd)
        assert eng.table(gid).game.combat is None


def test_outside_a_combat_the_habits_decide():
    eng = Engine(MemoryStore())
    eng.create("mage-knight", 1, "plan-options", {"scenario": "solo_conquest"}, game_id="g")
    t = eng.table("g")
    assert t.game.combat is None and eng.ruleset("g").plan_options(t, t.game.active) is None
