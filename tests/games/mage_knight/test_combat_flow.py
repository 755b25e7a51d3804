"""The four-phase combat driven through start/add_points/legal/decide/fold, one test per rule
(§7.3-§7.9). Also the helpers the other combat tests use: fixture content, `play`, `deny` and
`random_walk`."""

from __future__ import annotations

import re
from types import SimpleNamespace

import msgspec
import pytest

from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content import schema
from engine.games.mage_knight.content.load import content

RULE = re.compile(r"^MK:\d+:[A-Za-z]+(:[0-9A-Za-z]+)?$")


def foe(eid, armour, attacks, *, pile="gray", fame=3, res=(), abilities=(), elusive=0, rep=0):
    """A fixture enemy record (the examples' made-up values)."""
    return schema.Enemy(
        provenance="stand-in: test fixture",
        id=eid,
        name=eid,
        color=pile,
        category="test",
        set="test",
        copies=1,
        armor=armour,
        armor_elusive=elusive,
        fame=fame,
        reputation=rep,
        attacks=[a if isinstance(a, schema.Attack) else schema.Attack(*a) for a in attacks],
        resistances=list(res),
        abilities=list(abilities),
    )


def library(*enemies, units=None):
    """The shipped content plus fixture enemies and units (armor, resistances)."""
    k = content()
    more_units = {u: SimpleNamespace(armor=a, resistances=list(r)) for u, (a, r) in (units or {}).items()}
    return SimpleNamespace(
        enemies={**k.enemies, **{e.id: e for e in enemies}}, units={**k.units, **more_units}
    )


def play(c, cmd):
    """Decide a legal command and fold its events; returns the events."""
    assert combat_machine.explain(c, cmd) is None, combat_machine.explain(c, cmd)
    assert cmd in combat_machine.legal(c)
    events = combat_machine.decide(c, cmd)
    for t, d in events:
        assert t.startswith("mk.combat.") and RULE.match(d["rule"]), (t, d)
        assert msgspec.json.decode(msgspec.json.encode(d)) == d  # JSON-ready
        combat_machine.fold(c, t, d)
    return events


def deny(c, cmd, rule):
    """An illegal command: explained with `rule`, refused by decide, nothing changed."""
    before = msgspec.to_builtins(c)
    why = combat_machine.explain(c, cmd)
    assert why is not None and why[0] == rule, why
    assert cmd not in combat_machine.legal(c)
    with pytest.raises(ValueError, match=re.escape(rule)):
        combat_machine.decide(c, cmd)
    assert msgspec.to_builtins(c) == before
    return why[1]


def nxt(c):
    return play(c, {"kind": "next"})


def to_phase(c, phase):
    """Advance to `phase`; damage on the way all goes to the hero."""
    while c.phase != phase:
        hero = [cmd for cmd in combat_machine.legal(c) if cmd.get("to") == "hero"]
        play(c, hero[0]) if hero else nxt(c)


def random_walk(c, pick, draw=lambda pile: None, limit=1000):
    """Play legal commands chosen by `pick` until the combat is over; summon draws come from
    `draw(pile)`. Returns the number of commands played."""
    for n in range(limit):
        if c.phase == "over":
            return n
        for p in combat_machine.pending_summons(c):
            combat_machine.fold(
                c, *combat_machine.summoned(content(), c, p["summoner"], p["attack"], draw(p["pile"]))
            )
        cmds = combat_machine.legal(c)
        assert cmds, "a running combat always has a legal command"
        for t, d in combat_machine.decide(c, pick(cmds)):
            combat_machine.fold(c, t, d)
    raise AssertionError("combat did not end")


def combat(lib, enemies, **kw):
    kw.setdefault("hero_armour", 2)
    kw.setdefault("hand_limit", 5)
    return combat_machine.start(lib, enemies, **kw)


# -- ranged and siege phase -------------------------------------------------------------------


def test_doubly_fortified_enemy_cannot_be_targeted_in_ranged_phase():
    """MK:9:Ranged:2 (fortified ability + fortified site), MK:10:Abilities:Unfortified."""
    lib = library(
        foe("wall", 2, [(3,)], abilities=["fortified"]), foe("free", 2, [(3,)], abilities=["unfortified"])
    )
    c = combat(lib, [("a", "wall"), ("b", "free")], fortified_site=True)
    combat_machine.add_points(c, "siege", "physical", 9, "catapult")
    assert "cannot be attacked" in deny(
        c, {"kind": "attack", "targets": ["a"], "use": ["siege"]}, "MK:9:Ranged:2"
    )
    combat_machine.add_points(c, "ranged", "physical", 2, "bow")
    play(c, {"kind": "attack", "targets": ["b"], "use": ["ranged"]})  # unfortified ignores the site
    to_phase(c, "attack")  # fortification does not matter in the attack phase (MK:10:Attack:1)
    combat_machine.add_points(c, "melee", "physical", 2, "sword")
    play(c, {"kind": "attack", "targets": ["a"], "use": ["melee"]})
    assert combat_machine.outcome(c).all_defeated


def test_melee_points_only_in_attack_phase_and_points_lapse():
    """MK:8:Combat:3, MK:9:Ranged:8, MK:10:Attack:1 (ranged/siege count as attacks there)."""
    c = combat(library(foe("x", 5, [(2,)])), [("x", "x")])
    assert combat_machine.points_problem(c, "melee", "physical", 3)[0] == "MK:8:Combat:3"
    with pytest.raises(ValueError, match="MK:8:Combat:3"):
        combat_machine.add_points(c, "block", "physical", 3, "shield")
    combat_machine.add_points(c, "ranged", "physical", 3, "bow")
    ev = nxt(c)
    assert c.pool == [] and any("lapses (MK:9:Ranged:8)" in line for line in ev[0][1]["audit"])
    combat_machine.add_points(c, "block", "physical", 2, "shield")
    to_phase(c, "attack")
    combat_machine.add_points(c, "ranged", "physical", 3, "bow")
    combat_machine.add_points(c, "melee", "physical", 2, "sword")
    assert {"kind": "attack", "targets": ["x"], "use": ["ranged", "melee"]} in combat_machine.legal(c)
    deny(c, {"kind": "attack", "targets": ["x"], "use": ["melee"]}, "MK:9:Ranged:6")


def test_all_enemies_defeated_in_ranged_phase_ends_the_combat():
    """MK:9:Ranged:5 (defeated at once, fame at once), MK:10:Result:1."""
    c = combat(library(foe("x", 3, [(9,)], fame=4)), [("x", "x")])
    combat_machine.add_points(c, "ranged", "ice", 3, "bolt")
    ev = play(c, {"kind": "attack", "targets": ["x"], "use": ["ranged"]})
    assert c.fame == 4 and ev[1][0] == "mk.combat.defeated"
    ev = nxt(c)
    assert c.phase == "over" and ev[-1][0] == "mk.combat.ended"
    assert ev[-1][1]["outcome"]["all_defeated"] and ev[-1][1]["outcome"]["fame"] == 4
    assert (
        combat_machine.legal(c) == [] and combat_machine.explain(c, {"kind": "next"})[0] == "MK:10:Result:1"
    )


# -- block phase ------------------------------------------------------------------------------


def test_swift_needs_double_block_and_elements_halve_blocks():
    """MK:9:Block:5, MK:9:Block:6, MK:9:Block:6a, MK:9:Block:8 (a failed block has no effect)."""
    lib = library(foe("fast", 5, [(3,)], abilities=["swift"]), foe("hot", 5, [(3, "fire")]))
    c = combat(lib, [("f", "fast"), ("h", "hot")])
    nxt(c)
    combat_machine.add_points(c, "block", "physical", 5, "shield")
    ev = play(c, {"kind": "block", "enemy": "f", "attack": 0})
    assert ev[0][1]["need"] == 6 and not ev[0][1]["success"] and not c.enemies[0].attacks[0].blocked
    assert c.pool == []  # the block points are spent even when the block fails
    combat_machine.add_points(c, "block", "fire", 5, "fire shield")  # inefficient against fire: 2
    ev = play(c, {"kind": "block", "enemy": "h", "attack": 0})
    assert not ev[0][1]["success"]
    assert "efficient 0 + inefficient 5//2 = 2" in " ".join(ev[0][1]["audit"])
    nxt(c)
    assert c.phase == "damage"


def test_multiple_attacks_are_blocked_one_by_one():
    """MK:10:Abilities:MultipleAttacks, MK:9:Block:3: each attack separately; 'blocked' needs all."""
    c = combat(library(foe("two", 4, [(2,), (3, "ice")], abilities=["elusive"], elusive=8)), [("t", "two")])
    nxt(c)
    combat_machine.add_points(c, "block", "physical", 2, "a")
    play(c, {"kind": "block", "enemy": "t", "attack": 0})
    deny(c, {"kind": "block", "enemy": "t", "attack": 0}, "MK:9:Block:3")
    combat_machine.add_points(c, "block", "fire", 3, "b")
    play(c, {"kind": "block", "enemy": "t", "attack": 1})
    nxt(c)
    assert c.phase == "attack"  # nothing unblocked: damage phase skipped (MK:9:Damage:1)
    combat_machine.add_points(
        c, "melee", "physical", 4, "sword"
    )  # all blocked: elusive uses the lower armour
    play(c, {"kind": "attack", "targets": ["t"], "use": ["melee"]})


def test_elusive_keeps_high_armour_unless_all_attacks_blocked():
    """MK:10:Abilities:Elusive."""
    c = combat(library(foe("ghost", 3, [(2,)], abilities=["elusive"], elusive=6)), [("g", "ghost")])
    combat_machine.add_points(c, "ranged", "physical", 5, "bow")
    assert "armour 6" in deny(c, {"kind": "attack", "targets": ["g"], "use": ["ranged"]}, "MK:9:Ranged:6")
    to_phase(c, "damage")
    play(c, {"kind": "assign", "enemy": "g", "attack": 0, "to": "hero"})
    nxt(c)
    combat_machine.add_points(c, "melee", "physical", 5, "sword")
    deny(c, {"kind": "attack", "targets": ["g"], "use": ["melee"]}, "MK:9:Ranged:6")
    combat_machine.add_points(c, "melee", "physical", 1, "sideways")
    play(c, {"kind": "attack", "targets": ["g"], "use": ["melee"]})


def test_cumbersome_move_points_reduce_the_attack_to_blocked():
    """MK:10:Abilities:Cumbersome: -1 attack per move point; at 0 it counts as blocked, the
    reduced value is what a block must reach and what damage comes through."""
    c = combat(
        library(
            foe("slow", 4, [(5,)], abilities=["cumbersome"]),
            foe("slow2", 4, [(5,)], abilities=["cumbersome", "swift"]),
        ),
        [("s", "slow"), ("t", "slow2")],
    )
    nxt(c)
    combat_machine.add_points(c, "move", "physical", 7, "march")
    deny(c, {"kind": "cumbersome", "enemy": "s", "attack": 0, "points": 6}, "MK:10:Abilities:Cumbersome")
    ev = play(c, {"kind": "cumbersome", "enemy": "s", "attack": 0, "points": 5})
    assert ev[0][1]["blocked"] and c.enemies[0].attacks[0].blocked
    play(c, {"kind": "cumbersome", "enemy": "t", "attack": 0, "points": 2})
    combat_machine.add_points(c, "block", "physical", 6, "shield")  # swift: (5 - 2) x 2 = 6
    ev = play(c, {"kind": "block", "enemy": "t", "attack": 0})
    assert ev[0][1]["need"] == 6 and ev[0][1]["success"]


# -- damage phase -----------------------------------------------------------------------------


def test_brutal_poison_to_units_and_hero():
    """MK:10:Abilities:Brutal, MK:10:Damage:6a, MK:9:Damage:5b."""
    c = combat(
        library(foe("b", 5, [(3,)], abilities=["brutal", "poison"]), units={"pike": (2, [])}),
        [("b", "b")],
        units=[("u", "pike", False, True)],
        hero_armour=3,
        hand_limit=9,
    )
    to_phase(c, "damage")
    ev = play(c, {"kind": "assign", "enemy": "b", "attack": 0, "to": "u"})
    assert ev[0][1]["damage"] == 6 and ev[0][1]["wounds"] == 2 and ev[0][1]["remaining"] == 4
    # the started attack must be finished before another (MK:9:Damage:1); the unit is wounded now
    deny(c, {"kind": "assign", "enemy": "b", "attack": 0, "to": "u"}, "MK:9:Damage:4")
    deny(c, {"kind": "next"}, "MK:10:Damage:7")
    play(c, {"kind": "assign", "enemy": "b", "attack": 0, "to": "hero"})
    o = combat_machine.outcome(c)
    assert (o.wounds_to_hand, o.wounds_to_discard, o.unit_wounds) == (2, 2, {"u": 2})


def test_paralyze_destroys_units_and_empties_the_hand():
    """MK:10:Damage:6b."""
    c = combat(
        library(foe("m", 4, [(4,), (1,)], abilities=["paralyze"]), units={"pike": (2, [])}),
        [("m", "m")],
        units=[("u", "pike", False, True)],
    )
    to_phase(c, "damage")
    ev = play(c, {"kind": "assign", "enemy": "m", "attack": 0, "to": "u"})
    assert ev[0][1]["destroyed"] and ev[0][1]["remaining"] == 2
    play(c, {"kind": "assign", "enemy": "m", "attack": 0, "to": "hero"})
    deny(c, {"kind": "assign", "enemy": "m", "attack": 1, "to": "u"}, "MK:9:Damage:4")
    play(c, {"kind": "assign", "enemy": "m", "attack": 1, "to": "hero"})
    o = combat_machine.outcome(c)
    assert o.units_destroyed == ["u"] and o.paralyzed and o.wounds_to_hand == 2


def test_assassination_damage_only_to_the_hero_and_knock_out():
    """MK:10:Abilities:Assassination, MK:9:Damage:5c (wounds this combat reach the hand limit)."""
    c = combat(
        library(foe("k", 6, [(5,)], abilities=["assassination"])),
        [("k", "k")],
        units=[("u", "peasants", False, True)],
        hero_armour=2,
        hand_limit=5,
    )
    combat_machine.fold(c, *combat_machine.add_hand_wounds(c, 2, "self-wounding card")[0])
    to_phase(c, "damage")
    deny(c, {"kind": "assign", "enemy": "k", "attack": 0, "to": "u"}, "MK:10:Abilities:Assassination")
    ev = play(c, {"kind": "assign", "enemy": "k", "attack": 0, "to": "hero"})
    assert [t for t, _ in ev] == ["mk.combat.damage", "mk.combat.knocked_out"]
    assert (
        combat_machine.outcome(c).knocked_out
        and combat_machine.outcome(c).wounds_to_hand == 3
        and c.other_hand_wounds == 2
    )


def test_vampiric_armour_grows_for_the_rest_of_the_combat():
    """MK:10:Abilities:Vampiric: +1 per unit wounded, +1 per wound into hand."""
    c = combat(
        library(foe("v", 4, [(5,)], abilities=["vampiric"]), units={"pike": (2, [])}),
        [("v", "v")],
        units=[("u", "pike", False, True)],
        hero_armour=2,
    )
    to_phase(c, "damage")
    play(c, {"kind": "assign", "enemy": "v", "attack": 0, "to": "u"})
    play(c, {"kind": "assign", "enemy": "v", "attack": 0, "to": "hero"})  # 3 damage -> 2 wounds
    assert c.enemies[0].armour_bonus == 3
    nxt(c)
    combat_machine.add_points(c, "melee", "physical", 6, "sword")
    assert "armour 7" in deny(c, {"kind": "attack", "targets": ["v"], "use": ["melee"]}, "MK:9:Ranged:6")


# -- summoners --------------------------------------------------------------------------------


def test_summoned_token_replaces_the_summoner_and_is_discarded_without_fame():
    """MK:10:Abilities:Summon, MK:9:Block:7a, MK:10:Damage:6c."""
    k = content()
    c = combat(k, [("s", "red_dragon_summoner")])
    nxt(c)
    assert [p["pile"] for p in combat_machine.pending_summons(c)] == ["brown", "brown"]
    assert (
        combat_machine.legal(c) == []
        and combat_machine.explain(c, {"kind": "next"})[0] == "MK:10:Abilities:Summon"
    )
    combat_machine.fold(c, *combat_machine.summoned(k, c, "s", 0, "brown_minotaur"))
    combat_machine.fold(c, *combat_machine.summoned(k, c, "s", 1, "brown_gargoyle"))
    assert {cmd.get("enemy") for cmd in combat_machine.legal(c)} == {None}  # no block points yet
    combat_machine.add_points(c, "block", "physical", 5, "shield")
    assert {cmd["enemy"] for cmd in combat_machine.legal(c) if cmd["kind"] == "block"} == {"s~0", "s~1"}
    ev = play(c, {"kind": "block", "enemy": "s~0", "attack": 0})
    assert ev[-1][0] == "mk.combat.summoned_discarded"
    nxt(c)
    ev = play(c, {"kind": "assign", "enemy": "s~1", "attack": 0, "to": "hero"})
    assert ev[-1][0] == "mk.combat.summoned_discarded" and c.wounds_to_hand == 3
    nxt(c)
    combat_machine.add_points(c, "melee", "physical", 20, "big")
    targets = {tuple(cmd["targets"]) for cmd in combat_machine.legal(c) if cmd["kind"] == "attack"}
    assert targets == {("s",)}  # the summoner is back, the summoned tokens are gone
    play(c, {"kind": "attack", "targets": ["s"], "use": ["melee"]})
    assert combat_machine.outcome(c).fame == 9 and combat_machine.outcome(c).defeated == ["s"]


def test_summoner_defeated_in_ranged_phase_summons_nothing():
    """MK:10:Abilities:Summon."""
    c = combat(content(), [("s", "green_orc_summoners"), ("p", "green_prowlers")])
    combat_machine.add_points(c, "ranged", "physical", 4, "bow")
    play(c, {"kind": "attack", "targets": ["s"], "use": ["ranged"]})
    nxt(c)
    assert combat_machine.pending_summons(c) == [] and c.phase == "block"


def test_random_walk_terminates_on_real_enemies():
    """MK:8:Combat:3: the phases always run to the end."""
    c = combat(
        content(),
        [("a", "red_dragon_summoner"), ("b", "green_orc_stonethrower")],
        units=[("u", "peasants", False, True)],
    )
    n = random_walk(c, lambda cmds: cmds[-1], draw=lambda pile: "brown_medusa")
    assert c.phase == "over" and n >= 4 and not combat_machine.outcome(c).all_defeated


def test_a_summoned_summoner_summons_nothing_and_leaves_with_the_damage_phase():
    """MK:10:Abilities:Summon, MK:10:Damage:6c: necromancers draw from the green pile, which holds
    orc summoners; the drawn summoner does not summon again and is gone in the attack phase."""
    k = content()
    c = combat(k, [("n", "green_shrouded_necromancers")])
    nxt(c)
    combat_machine.fold(c, *combat_machine.summoned(k, c, "n", 0, "green_orc_summoners"))
    assert combat_machine.legal(c) == [{"kind": "next"}] and combat_machine.pending_summons(c) == []
    ev = nxt(c)
    assert c.phase == "attack" and ("mk.combat.summoned_discarded" in [t for t, _ in ev])
    assert [e.uid for e in c.enemies if not e.discarded] == ["n"]


def test_weakened_attack_is_explained_in_the_damage_audit():
    """MK:8:Combat:4, MK:10:Abilities:Brutal: effects lower the attack before Brutal doubles it."""
    c = combat(library(foe("b", 5, [(4,)], abilities=["brutal"])), [("b", "b")], hero_armour=2)
    for t, d in combat_machine.modify_enemy(c, "b", source="Weaken", attack=1):
        combat_machine.fold(c, t, d)
    to_phase(c, "damage")
    d = play(c, {"kind": "assign", "enemy": "b", "attack": 0, "to": "hero"})[0][1]
    assert d["damage"] == 6 and "attack 4 - 1 by effects = 3" in " ".join(d["audit"])
