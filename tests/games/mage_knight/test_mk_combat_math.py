"""Combat arithmetic against the digest's examples (E-07, E-08, E-09, E-21) and the efficiency table."""
import pytest

from engine.games.mage_knight.combat_math import (Part, attack_total, blocked, block_total, damage_hero,
                                                  damage_unit, defeats, knocked_out, resists)


def test_E07_one_damage_wounds_even_a_high_armour_unit():
    """MK:9:Damage:4a"""
    r = damage_unit(1, 5, [], "physical")
    assert (r.wounds, r.remaining, r.resisted) == (1, 0, False)
    assert any("MK:9:Damage:4a" in line for line in r.audit)


@pytest.mark.parametrize("damage,element,wounds,remaining,resisted", [
    (6, "fire", 1, 0, False),      # case a
    (7, "fire", 1, 1, False),      # case b
    (3, "fire", 0, 0, True),       # case c: absorbed, may not take damage again
    (3, "physical", 1, 0, False),  # case d
])
def test_E08_a_resistant_unit_absorbs_up_to_twice_its_armour(damage, element, wounds, remaining, resisted):
    """MK:9:Damage:4b"""
    r = damage_unit(damage, 3, ["fire"], element)
    assert (r.wounds, r.remaining, r.resisted) == (wounds, remaining, resisted)


def test_E09_hero_wounds_are_rounded_up_per_armour_step():
    """MK:9:Damage:5b"""
    assert damage_hero(5, 2).wounds_to_hand == 3
    assert damage_hero(4, 2).wounds_to_hand == 2
    assert damage_hero(1, 2).wounds_to_hand == 1
    assert damage_hero(0, 2).wounds_to_hand == 0


def test_E21_one_resistant_enemy_halves_the_whole_group():
    """MK:9:Ranged:7b, MK:9:Ranged:4a"""
    a, b = (2, ["fire"]), (3, [])
    ok, audit = defeats([Part(5, "fire"), Part(3, "fire")], [a, b])
    assert not ok and "attack total 0 + 8//2 = 4" in " ".join(audit)
    assert defeats([Part(3, "fire")], [b])[0]
    assert defeats([Part(5, "fire")], [a])[0]


def test_cold_fire_resistance_needs_both():
    assert resists(["fire", "ice"], "coldfire") and not resists(["fire"], "coldfire")
    assert attack_total([Part(4, "coldfire")], [["fire"]])[0] == 4
    assert attack_total([Part(4, "coldfire")], [["fire", "ice"]])[0] == 2


@pytest.mark.parametrize("attack,efficient,inefficient", [
    ("physical", ["physical", "fire", "ice", "coldfire"], []),
    ("fire", ["ice", "coldfire"], ["physical", "fire"]),
    ("ice", ["fire", "coldfire"], ["physical", "ice"]),
    ("coldfire", ["coldfire"], ["physical", "fire", "ice"]),
])
def test_block_efficiency_table(attack, efficient, inefficient):
    """MK:9:Block:5"""
    for e in efficient:
        assert block_total([Part(5, e)], attack)[0] == 5
    for e in inefficient:
        assert block_total([Part(5, e)], attack)[0] == 2


def test_swift_doubles_the_block_needed_and_poison_paralyze():
    """MK:9:Block:6a, MK:10:Damage:6a-b, MK:9:Damage:5c"""
    assert blocked([Part(4)], 4, "physical")[0]
    assert not blocked([Part(7)], 4, "physical", swift=True)[0]
    assert blocked([Part(8)], 4, "physical", swift=True)[0]
    assert damage_unit(4, 3, [], "physical", poison=True).wounds == 2
    par = damage_unit(4, 3, [], "physical", paralyze=True)
    assert par.destroyed and par.wounds == 0 and par.remaining == 1
    hero = damage_hero(5, 2, poison=True)
    assert (hero.wounds_to_hand, hero.wounds_to_discard) == (3, 3)
    assert knocked_out(5, 5) and not knocked_out(4, 5)


def test_unknown_element_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown element 'lightning'"):
        block_total([Part(2, "lightning")], "fire")
