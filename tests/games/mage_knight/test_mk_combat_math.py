"""Combat arithmetic against the digest's examples (E-07, E-08, E-09, E-21) and the efficiency table."""

import pytest

from engine.games.mage_knight.combat.arithmetic import (
    Part,
    attack_total,
    block_total,
    blocked,
    damage_hero,
    damage_unit,
    defeats,
    knocked_out,
    resists,
)


def test_E07_one_damage_wounds_even_a_high_armour_unit():
    """MK:9:Damage:4a"""
    r = damage_unit(1, 5, [], "physical")
    assert (r.wounds, r.remaining, r.resisted) == (1, 0, False)
    assert any("MK:9:Damage:4a" in line for line in r.audit)


@pytest.mark.parametrize(
    "damage,element,wounds,remaining,resisted",
    [
        (6, "fire", 1, 0, False),  # case a
        (7, "fire", 1, 1, False),  # case b
        (3, "fire", 0, 0, True),  # case c: absorbed, may not take damage again
        (3, "physical", 1, 0, False),  # case d
    ],
)
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


@pytest.mark.parametrize(
    "attack,efficient,inefficient",
    [
        ("physical", ["physical", "fire", "ice", "coldfire"], []),
        ("fire", ["ice", "coldfire"], ["physical", "fire"]),
        ("ice", ["fire", "coldfire"], ["physical", "ice"]),
        ("coldfire", ["coldfire"], ["physical", "fire", "ice"]),
    ],
)
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


def test_E20_split_ranged_and_siege_against_a_fortified_keep():
    """MK:9:Ranged:2 (E-20): ranged may not target the keep's defender, siege may; ranged on the orc."""
    from engine.games.mage_knight.combat.arithmetic import may_target_in_ranged_phase

    assert "siege" in may_target_in_ranged_phase("ranged", fortified=False, site_fortified=True)
    assert may_target_in_ranged_phase("siege", fortified=False, site_fortified=True) is None
    assert may_target_in_ranged_phase("ranged", fortified=False, site_fortified=False) is None
    assert "cannot be attacked" in may_target_in_ranged_phase("siege", fortified=True, site_fortified=True)
    assert (
        may_target_in_ranged_phase("ranged", fortified=False, site_fortified=True, unfortified=True) is None
    )
    assert "only ranged and siege" in may_target_in_ranged_phase(
        "melee", fortified=False, site_fortified=False
    )
    # case b: Ranged 3 on the orc (armour 3), Siege 4 on the keep's defender (armour 4)
    assert defeats([Part(3)], [(3, [])])[0] and defeats([Part(4)], [(4, [])])[0]
    # case a: siege 4 alone against both (armour 7) fails
    assert not defeats([Part(4)], [(4, []), (3, [])])[0]


def test_elusive_brutal_cumbersome_assassination():
    from engine.games.mage_knight.combat.arithmetic import (
        enemy_armour,
        unblocked_damage,
        units_may_take,
    )

    assert enemy_armour(4, 8, "ranged", all_attacks_blocked=True)[0] == 8
    assert enemy_armour(4, 8, "attack", all_attacks_blocked=False)[0] == 8
    assert enemy_armour(4, 8, "attack", all_attacks_blocked=True)[0] == 4
    assert enemy_armour(4, 8, "attack", all_attacks_blocked=True, bonus=1)[0] == 5
    assert enemy_armour(4, 0, "ranged", all_attacks_blocked=False)[0] == 4
    assert unblocked_damage(5, brutal=True)[0] == 10
    dmg, audit = unblocked_damage(5, brutal=True, cumbersome_reduction=2)
    assert dmg == 6 and "MK:10:Abilities:Cumbersome" in audit[0]
    assert unblocked_damage(3, cumbersome_reduction=5)[0] == 0
    assert not units_may_take(assassination=True) and units_may_take(assassination=False)


def test_E22_orcs_defeated_elsewhere_give_no_reputation():
    """MK:10:Result:2a"""
    from engine.games.mage_knight.combat.arithmetic import reputation_for_defeat

    assert reputation_for_defeat("green", on_rampaging_space=True)[0] == 1
    assert reputation_for_defeat("green", on_rampaging_space=False)[0] == 0
    assert reputation_for_defeat("red", on_rampaging_space=True)[0] == 2
    assert reputation_for_defeat("gray", on_rampaging_space=False, printed=-1)[0] == -1


def test_damage_phase_audit_explains_every_number():
    """Issue 12 audit: a brutal poisonous vampiric fire attack on a resistant unit, then the hero."""
    from engine.games.mage_knight.combat.arithmetic import UnitTarget, resolve_unblocked

    r = resolve_unblocked(
        4,
        "fire",
        [UnitTarget("guards", 3, ("fire",))],
        hero_armour=2,
        brutal=True,
        poison=True,
        vampiric=True,
    )
    # 8 damage: guards absorb 3 without a wound, then 2 wounds (poison) and 3 more; 2 to the hero
    g = r.units["guards"]
    assert (g.wounds, g.remaining) == (2, 2)
    assert (r.hero.wounds_to_hand, r.hero.wounds_to_discard) == (1, 1)
    assert r.vampiric_armour == 2
    text = "\n".join(r.audit)
    for rule in (
        "MK:10:Abilities:Brutal",
        "MK:9:Damage:4b",
        "MK:9:Damage:4a",
        "MK:9:Damage:5b",
        "MK:10:Damage:6a",
        "MK:10:Abilities:Vampiric",
    ):
        assert rule in text
    with pytest.raises(ValueError, match="Assassin"):
        resolve_unblocked(3, "physical", [UnitTarget("peasants", 3)], 2, assassination=True)
    with pytest.raises(ValueError, match="no damage is left for b"):
        resolve_unblocked(2, "physical", [UnitTarget("a", 3), UnitTarget("b", 3)], 2)
