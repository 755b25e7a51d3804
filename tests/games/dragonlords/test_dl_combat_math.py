"""DragonLords combat arithmetic against the rulebook's worked examples (names are the example ids)."""

from __future__ import annotations

from engine.games.dragonlords.battles.arithmetic import (
    SideMagic,
    attack_strength,
    die_audit,
    income,
    is_hit,
    teleport_retreat_allowed,
)

NONE = SideMagic()
DRAGONLORD = SideMagic(panic=True, panic_source="DragonLord Panic")


def test_E02_giant_spider_hit_thresholds():
    """§3.3/quest-combat: dwarves (3) roll a d10 against defence 10; the spider (5) a d6."""
    dwarf = attack_strength(3, NONE, NONE)
    audit = die_audit([3, 4, 10], 10, dwarf)
    assert [d["hit"] for d in audit["dice"]] == [True, False, False]
    assert audit["hits"] == 1 and all(d["sides"] == 10 and d["against"] == 3 for d in audit["dice"])
    assert is_hit(5, 5) and not is_hit(6, 5)


def test_E03_panic_is_not_cumulative_and_kingdom_stacks():
    """§3.4/land.2, §3.4/spells.panic: two DragonLords give -1, not -2; INT-35: Kingdom stacks."""
    two_lords = SideMagic(panic=True)  # however many sources, the side has Panic or not
    assert attack_strength(3, NONE, two_lords).value == 2
    in_kingdom = attack_strength(3, NONE, two_lords, attacker_in_kingdom=True)
    assert in_kingdom.value == 1
    assert [(m.source, m.delta, m.rule) for m in in_kingdom.modifiers] == [
        ("Panic", -1, "DL:3.4/spells.panic"),
        ("Kingdom", -1, "DL:2.2/kingdom"),
    ]
    assert attack_strength(3, two_lords, NONE).value == 3


def test_E04_treasures_stack_with_spells():
    """§3.4/land.2: King's Hope plus Excalibur: Barbarians 4+2 = 6, Orcs 3+2 = 5; attackers 3-1."""
    king = SideMagic(hope=True, hope_source="King: Hope", treasures=("excalibur",))
    assert attack_strength(4, king, NONE).value == 6
    orcs = attack_strength(3, king, NONE)
    assert orcs.value == 5
    assert {m.source for m in orcs.modifiers} == {"King: Hope", "Excalibur Sword"}
    assert attack_strength(3, NONE, king, attacker_in_kingdom=True).value == 2


def test_E04b_ring_of_power():
    ring = SideMagic(treasures=("ring_of_power",))
    assert attack_strength(3, ring, NONE).value == 4
    assert attack_strength(3, NONE, ring).value == 2


def test_strength_is_clamped_to_one_and_six():
    """§3.4/land.2 (INT-34): clamp after summing all modifiers."""
    heavy = SideMagic(panic=True, treasures=("ring_of_power", "black_battle_axe", "medusas_shield"))
    s = attack_strength(3, NONE, heavy, attacker_in_kingdom=True)
    assert s.value == 1 and sum(m.delta for m in s.modifiers) == -5
    big = SideMagic(hope=True, treasures=("ring_of_power", "ring_of_hope", "excalibur"))
    assert attack_strength(4, big, NONE).value == 6


def test_golden_fleece_counts_only_at_sea():
    fleece = SideMagic(treasures=("golden_fleece",))
    assert attack_strength(3, fleece, NONE).value == 3
    assert attack_strength(3, fleece, NONE, at_sea=True).value == 4


def test_E08_teleport_retreat_threshold():
    """§3.4/retreat, INT-39: 6 hits on 6 Elves forbid the retreat; 5 hits allow it."""
    orcs = attack_strength(3, NONE, NONE)
    assert die_audit([1, 2, 3, 1, 2, 3, 5, 6], 6, orcs)["hits"] == 6
    assert not teleport_retreat_allowed(6, 6)
    assert die_audit([1, 2, 3, 1, 2, 5, 6, 6], 6, orcs)["hits"] == 5
    assert teleport_retreat_allowed(5, 6)


def test_E09_dragonlord_panic_on_defending_dwarves():
    """§3.4/dragonlords: the DragonLord's die hits on <= 3 (Orc); defending Dwarves drop to 2."""
    assert attack_strength(3, DRAGONLORD, NONE).value == 3
    dwarves = attack_strength(3, NONE, DRAGONLORD)
    assert dwarves.value == 2 and dwarves.modifiers[0].source == "DragonLord Panic"


def test_FQ6_kingdom_lowers_only_the_attacker():
    assert attack_strength(3, NONE, NONE, attacker_in_kingdom=True).value == 2
    assert attack_strength(3, NONE, NONE).value == 3


def test_FQ18_teleportal_income_and_no_income_without_kingdom():
    """§3.6, §6.Q18: K1 + P1 = 5 + 1; without a Kingdom nothing (§2.2/kingdom)."""
    assert income([("kingdom", False), ("teleportal", False)], dwarf=False)[0] == 6
    assert income([("gold", False), ("teleportal", False)], dwarf=False)[0] == 0
    assert income([("kingdom", False), ("gold", True)], dwarf=True)[0] == 15
    assert income([("kingdom", False), ("gold", True)], dwarf=False)[0] == 10
