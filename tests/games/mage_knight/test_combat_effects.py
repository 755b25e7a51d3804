"""Non-attack effects on enemies in combat and the immunities that cancel them."""

import pytest

from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from tests.games.mage_knight.test_combat_flow import combat, deny, foe, library, nxt, play, to_phase


def fold_all(c, events):
    for t, d in events:
        combat_machine.fold(c, t, d)


def test_arcane_immunity_stops_armour_changes_but_not_attack_changes():
    """MK:10:Abilities:ArcaneImmunity, MK:8:Combat:4."""
    c = combat(content(), [("s", "violet_sorcerers")])
    why = combat_machine.effect_problem(c, "s", armour=-2)
    assert why[0] == "MK:10:Abilities:ArcaneImmunity"
    with pytest.raises(ValueError, match="MK:10:Abilities:ArcaneImmunity"):
        combat_machine.modify_enemy(c, "s", source="Tremor", armour=-2)
    fold_all(c, combat_machine.modify_enemy(c, "s", source="Chill", attack=2))
    nxt(c)
    combat_machine.add_points(c, "block", "physical", 4, "shield")
    ev = play(c, {"kind": "block", "enemy": "s", "attack": 0})
    assert ev[0][1]["need"] == 4 and ev[0][1]["success"]


def test_colour_immunity_of_resistant_enemies():
    """MK:8:Combat:5a, MK:8:Combat:5b."""
    c = combat(content(), [("f", "violet_fire_mages"), ("i", "violet_ice_mages")])
    assert combat_machine.effect_problem(c, "f", armour=-1, colour="red")[0] == "MK:8:Combat:5a"
    assert combat_machine.effect_problem(c, "i", armour=-1, colour="blue")[0] == "MK:8:Combat:5b"
    assert combat_machine.effect_problem(c, "f", armour=-1, colour="blue") is None
    fold_all(c, combat_machine.modify_enemy(c, "f", source="Frost", armour=-3, colour="blue"))
    combat_machine.add_points(c, "ranged", "physical", 2, "bow")
    play(c, {"kind": "attack", "targets": ["f"], "use": ["ranged"]})  # armour 5 - 3 = 2


def test_armour_never_below_one_and_prevented_enemy_does_not_attack():
    """MK:8:Combat:4, MK:10:Abilities:MultipleAttacks (stopping it stops all its attacks)."""
    c = combat(library(foe("x", 2, [(3,), (4,)]), foe("y", 3, [(2,)])), [("x", "x"), ("y", "y")])
    fold_all(c, combat_machine.modify_enemy(c, "x", source="Whirlwind", prevent=True))
    fold_all(c, combat_machine.modify_enemy(c, "y", source="Weaken", armour=-5, attack=2))
    to_phase(c, "block")
    assert combat_machine.legal(c) == [{"kind": "next"}]  # x does not attack, y's attack is down to 0
    nxt(c)
    assert c.phase == "attack"
    combat_machine.add_points(c, "melee", "physical", 1, "sideways")
    assert "armour 1" in " ".join(
        play(c, {"kind": "attack", "targets": ["y"], "use": ["melee"]})[0][1]["audit"]
    )


def test_no_effect_on_a_replaced_summoner():
    """MK:10:Abilities:Summon: no effect may target the summoner in the block and damage phases."""
    k = content()
    c = combat(k, [("s", "green_orc_summoners")])
    nxt(c)
    combat_machine.fold(c, *combat_machine.summoned(k, c, "s", 0, "brown_gargoyle"))
    assert combat_machine.effect_problem(c, "s", attack=1)[0] == "MK:10:Abilities:Summon"
    assert combat_machine.effect_problem(c, "s~0", attack=1) is None
    assert combat_machine.effect_problem(c, "s", attack=0)[0] == "MK:8:Combat:4"
    deny(c, {"kind": "block", "enemy": "s", "attack": 0}, "MK:9:Block:3")


def test_effects_on_attacks_come_before_the_damage_phase():
    """MK:8:Combat:4 (found by the property test: stopping an attack whose damage was half
    assigned left the combat with no legal command)."""
    c = combat(content(), [("d", "red_fire_dragon")], units=[("u", "altem_guardians", False, True)])
    to_phase(c, "damage")
    play(c, {"kind": "assign", "enemy": "d", "attack": 0, "to": "u"})
    assert combat_machine.effect_problem(c, "d", prevent=True, colour="blue")[0] == "MK:8:Combat:4"
    assert combat_machine.effect_problem(c, "d", attack=1)[0] == "MK:8:Combat:4"
    assert combat_machine.effect_problem(c, "d", armour=-1) is None
    assert combat_machine.legal(c) == [{"kind": "assign", "enemy": "d", "attack": 0, "to": "hero"}]
