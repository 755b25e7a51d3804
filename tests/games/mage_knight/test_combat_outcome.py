"""The combat result (MK:10:Result): defeated enemies in time order, fame, reputation, wounds,
knock-out once, and the `mk.combat.ended` event carrying the outcome."""

from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from tests.games.mage_knight.test_combat_flow import combat, foe, library, nxt, play, to_phase


def test_outcome_lists_defeats_in_time_order_with_fame_and_wounds():
    """MK:10:Result:1, MK:9:Ranged:5, MK:10:Result:2a, MK:9:Damage:5b."""
    lib = library(foe("a", 3, [(2,)], fame=2), foe("b", 3, [(4,)], fame=3), foe("c", 9, [(3,)], fame=6))
    c = combat(lib, [("A", "a"), ("B", "b"), ("X", "c")], hero_armour=2, hand_limit=9)
    combat_machine.add_points(c, "ranged", "physical", 3, "bow")
    play(c, {"kind": "attack", "targets": ["B"], "use": ["ranged"]})
    to_phase(c, "attack")
    combat_machine.add_points(c, "melee", "physical", 3, "sword")
    play(c, {"kind": "attack", "targets": ["A"], "use": ["melee"]})
    ev = nxt(c)
    o = combat_machine.outcome(c)
    assert o.defeated == ["B", "A"] and o.undefeated == ["X"] and not o.all_defeated
    assert (o.fame, o.reputation, o.wounds_to_hand) == (5, 0, 1 + 2)
    assert ev[-1] == ("mk.combat.ended", ev[-1][1]) and ev[-1][1]["outcome"]["defeated"] == ["B", "A"]
    assert ev[-1][1]["outcome"] == __import__("msgspec").to_builtins(o)


def test_knock_out_happens_once_and_the_summon_pile_is_the_token_s():
    """MK:9:Damage:5c, MK:10:Abilities:Summon (necromancers summon from the green pile)."""
    k = content()
    c = combat(
        k, [("n", "green_shrouded_necromancers"), ("d", "gray_swordsmen")], hero_armour=2, hand_limit=3
    )
    nxt(c)
    assert combat_machine.pending_summons(c) == [{"summoner": "n", "attack": 0, "pile": "green"}]
    combat_machine.fold(c, *combat_machine.summoned(k, c, "n", 0, "green_prowlers"))
    nxt(c)
    kinds = [
        t
        for cmd in (
            {"kind": "assign", "enemy": "d", "attack": 0, "to": "hero"},
            {"kind": "assign", "enemy": "n~0", "attack": 0, "to": "hero"},
        )
        for t, _ in play(c, cmd)
    ]
    assert kinds.count("mk.combat.knocked_out") == 1 and c.wounds_to_hand == 5
    assert "mk.combat.summoned_discarded" in kinds


def test_preview_gives_the_numbers_of_a_legal_command():
    """MK:9:Ranged:5, MK:9:Block:6a, MK:10:Damage:6a (issue 12 audit: every number explained)."""
    c = combat(
        library(foe("p", 3, [(3,)], fame=2, abilities=["swift", "poison"])),
        [("e", "p")],
        units=[("u", "peasants", False, True)],
        hero_armour=2,
    )
    combat_machine.add_points(c, "ranged", "physical", 4, "bow")
    assert (
        combat_machine.preview(c, {"kind": "attack", "targets": ["e"], "use": ["ranged"]})
        == "attack 4 vs armour 3: defeats e, fame +2"
    )
    assert combat_machine.preview(c, {"kind": "attack", "targets": ["e"], "use": ["melee"]}) is None
    nxt(c)
    combat_machine.add_points(c, "block", "physical", 5, "shield")
    assert (
        combat_machine.preview(c, {"kind": "block", "enemy": "e", "attack": 0})
        == "block 5 vs 6 needed: fails, the attack comes through"
    )
    nxt(c)
    assert (
        combat_machine.preview(c, {"kind": "assign", "enemy": "e", "attack": 0, "to": "u"})
        == "3 damage to u: 2 wound(s), 0 left"
    )
    assert (
        combat_machine.preview(c, {"kind": "assign", "enemy": "e", "attack": 0, "to": "hero"})
        == "3 damage: 2 wound(s) into hand and 2 to the discard pile"
    )
    assert c.wounds_to_hand == 0  # a preview changes nothing
