"""The combat examples of the rulebook (examples file, Part A) driven through the combat module's
start/add_points/legal/decide/fold. Enemy and unit numbers are the examples' fixtures."""

from __future__ import annotations

from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from tests.games.mage_knight.test_combat_flow import combat, deny, foe, library, nxt, play, to_phase


def test_E_04_a_combined_block_is_one_effect_for_one_enemy_attack():
    """MK:5:Combined:1a, MK:9:Block:3: the combined block goes whole to one enemy attack."""
    c = combat(library(foe("one", 4, [(3,)]), foe("two", 4, [(3,)])), [("e1", "one"), ("e2", "two")])
    nxt(c)
    for _ in range(2):  # "Maximalwirkung" playing "Verbissenheit" several times: one effect
        combat_machine.add_points(c, "block", "physical", 3, "Maximalwirkung + Verbissenheit")
    deny(c, {"kind": "block", "enemy": "e1", "attack": 0, "value": 3}, "MK:5:Combined:1a")
    play(c, {"kind": "block", "enemy": "e1", "attack": 0})
    assert c.pool == []
    deny(c, {"kind": "block", "enemy": "e2", "attack": 0}, "MK:9:Block:4")


def test_E_07_one_damage_wounds_even_a_high_armour_unit():
    """MK:9:Damage:4a."""
    c = combat(
        library(foe("weak", 3, [(1,)]), units={"wall": (5, [])}),
        [("e", "weak")],
        units=[("u", "wall", False, True)],
    )
    to_phase(c, "damage")
    ev = play(c, {"kind": "assign", "enemy": "e", "attack": 0, "to": "u"})
    assert (ev[0][1]["wounds"], ev[0][1]["remaining"]) == (1, 0)
    assert "MK:9:Damage:4a" in " ".join(ev[0][1]["audit"])
    assert c.units[0].wounded and c.wounds_to_hand == 0
    nxt(c)
    assert c.phase == "attack"  # nothing reached the hero, nothing left to assign


def _e08(value, element, second=None):
    attacks = [(value, element)] + ([second] if second else [])
    c = combat(
        library(foe("f", 5, attacks), units={"salamander": (3, ["fire"])}),
        [("e", "f")],
        units=[("u", "salamander", False, True)],
        hero_armour=2,
    )
    to_phase(c, "damage")
    return c, play(c, {"kind": "assign", "enemy": "e", "attack": 0, "to": "u"})[0][1]


def test_E_08_a_resistant_unit_absorbs_up_to_twice_its_armour():
    """MK:9:Damage:4b (cases a-d)."""
    c, d = _e08(6, "fire")  # case a
    assert (d["wounds"], d["remaining"], d["resisted"]) == (1, 0, False)
    c, d = _e08(7, "fire")  # case b: 1 left for the hero
    assert (d["wounds"], d["remaining"]) == (1, 1)
    assert combat_machine.legal(c) == [{"kind": "assign", "enemy": "e", "attack": 0, "to": "hero"}]
    play(c, combat_machine.legal(c)[0])
    assert c.wounds_to_hand == 1
    c, d = _e08(3, "fire", second=(2, "physical"))  # case c: absorbed, no more damage
    assert (d["wounds"], d["remaining"], d["resisted"]) == (0, 0, True) and not c.units[0].wounded
    deny(c, {"kind": "assign", "enemy": "e", "attack": 1, "to": "u"}, "MK:9:Damage:4b")
    c, d = _e08(3, "physical")  # case d
    assert (d["wounds"], d["remaining"]) == (1, 0)


def test_E_09_hero_wounds_are_rounded_up_per_armour_step():
    """MK:9:Damage:5b."""
    c = combat(library(foe("x", 9, [(5,), (4,), (1,)])), [("e", "x")], hero_armour=2, hand_limit=9)
    to_phase(c, "damage")
    got = [
        play(c, {"kind": "assign", "enemy": "e", "attack": i, "to": "hero"})[0][1]["wounds_to_hand"]
        for i in range(3)
    ]
    assert got == [3, 2, 1] and combat_machine.outcome(c).wounds_to_hand == 6


def _e20():
    lib = library(foe("keep", 4, [(3,)], fame=3), foe("orc", 3, [(3,)], pile="green", fame=2))
    c = combat(lib, [("K", "keep"), ("O", "orc")], fortified_site=True, site="keep", rampaging=["O"])
    combat_machine.add_points(c, "ranged", "physical", 3, "Ranged Attack 3")
    combat_machine.add_points(c, "siege", "physical", 4, "Siege Attack 4")
    return c


def test_E_20_split_the_ranged_attack_to_use_ranged_against_unfortified_enemies():
    """MK:9:Ranged:7a, MK:9:Ranged:2, MK:8:Combat:2b (a provoked rampager is not fortified)."""
    c = _e20()  # case a: one attack on both
    assert "siege" in deny(
        c, {"kind": "attack", "targets": ["K", "O"], "use": ["ranged", "siege"]}, "MK:9:Ranged:2"
    )
    assert "armour 7" in deny(c, {"kind": "attack", "targets": ["K", "O"], "use": ["siege"]}, "MK:9:Ranged:6")
    c = _e20()  # case b: ranged on O, siege on K
    play(c, {"kind": "attack", "targets": ["O"], "use": ["ranged"]})
    assert c.fame == 2
    play(c, {"kind": "attack", "targets": ["K"], "use": ["siege"]})
    assert c.fame == 5 and combat_machine.outcome(c).all_defeated


def _e21():
    lib = library(foe("A", 2, [(2,)], res=["fire"], fame=2), foe("B", 3, [(2,)], fame=3))
    return combat(lib, [("A", "A"), ("B", "B")])


def test_E_21_one_resistant_enemy_halves_the_whole_group():
    """MK:9:Ranged:7b, MK:9:Ranged:4a."""
    c = _e21()  # case a
    combat_machine.add_points(c, "ranged", "fire", 5, "Fire Ranged Attack 5")
    combat_machine.add_points(c, "ranged", "fire", 3, "Fire Ranged Attack 3")
    why = deny(c, {"kind": "attack", "targets": ["A", "B"], "use": ["ranged"]}, "MK:9:Ranged:6")
    assert "attack 4 does not reach the targets' armour 5" in why
    c = _e21()  # case b
    combat_machine.add_points(c, "ranged", "fire", 3, "Fire Ranged Attack 3")
    play(c, {"kind": "attack", "targets": ["B"], "use": ["ranged"]})
    combat_machine.add_points(c, "ranged", "fire", 5, "Fire Ranged Attack 5")
    ev = play(c, {"kind": "attack", "targets": ["A"], "use": ["ranged"]})
    assert ev[0][1]["total"] == 2 and combat_machine.outcome(c).defeated == ["B", "A"]  # time order


def _defeat_in_attack_phase(enemy, **kw):
    c = combat(content(), [("e", enemy)], **kw)
    to_phase(c, "attack")
    combat_machine.add_points(c, "melee", "coldfire", 30, "overwhelming")
    play(c, {"kind": "attack", "targets": ["e"], "use": ["melee"]})
    nxt(c)
    return combat_machine.outcome(c)


def test_E_22_orcs_defeated_elsewhere_give_no_reputation():
    """MK:10:Result:2a."""
    a = _defeat_in_attack_phase("green_prowlers", rampaging=["e"], hand_limit=20)  # case a
    b = _defeat_in_attack_phase("green_prowlers", site="city", fortified_site=True, hand_limit=20)  # case b
    c = _defeat_in_attack_phase("red_swamp_dragon", rampaging=["e"], hand_limit=20)  # case c
    assert (a.reputation, b.reputation, c.reputation) == (1, 0, 2)
    assert a.all_defeated and b.defeated == ["e"] and c.fame == 7
    assert any("MK:10:Result:2a" in line for line in a.audit)
