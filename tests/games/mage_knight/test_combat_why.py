"""The audit of a Mage Knight combat (MK:9, MK:10) names each cause of a decisive event: the
enemy's values (and a situation's overrides), the points with their events, the attack by
element and the resistances, the armour, the wounds and each step of the arithmetic with its
rule id, and the readings in force."""

from __future__ import annotations

from engine.explain import why_lines
from projections.audit import audit
from projections.views import REFEREE
from sim.testing import from_situation

SIT = "tests/games/mage_knight/situations/"
BEASTS = SIT + "dispute_assault_beasts.toml"
CUMBERSOME = SIT + "dispute_cumbersome_damage.toml"
UID = "green_orc_war_beasts#1"


def inputs(eng, gid, typ):
    ev = next(e for e in eng.store.read(gid) if e.type == typ)
    return audit(eng.store, gid, ev.version, REFEREE)["inputs"], ev


def named(items, start):
    return [i for i in items if i["input"].startswith(start)]


def test_an_attack_names_points_elements_resistances_armour_and_the_override():
    eng, gid = from_situation(BEASTS, options={"overrides": {"green_orc_war_beasts": {"fame": 6}}})
    eng.submit(gid, 0, {"kind": "attack", "targets": [UID], "use": ["melee"]})
    items, ev = inputs(eng, gid, "mk.combat.attacked")
    (enemy,) = named(items, "enemy ")
    assert enemy["card"] == UID and enemy["value"]["armour"] == 5 and enemy["value"]["fame"] == 6
    assert enemy["note"] == "overridden by situation: fame=6"
    assert [s["type"] for s in enemy["from"][:2]] == ["game.created", "mk.combat_started"]
    points = named(items, "melee ")
    assert [(p["value"], p["from"][0]["type"]) for p in points] == [(3, "mk.combat_points")] * 2 + [
        (2, "mk.combat_points")
    ]
    (by,) = named(items, "attack by element")
    assert by["value"] == {"fire": 3, "ice": 3, "physical": 2} and len(by["from"]) == 3
    (res,) = named(items, "resistances of")
    assert res["value"] == ["fire", "ice"] and res["rule"] == "MK:9:Ranged:4a"
    assert [i["value"] for i in items if i["input"] in ("total", "armour")] == [5, 5]
    steps = named(items, "step ")
    assert [s["value"] for s in steps] == ev.data["audit"]
    assert {s["rule"] for s in steps} >= {"MK:9:Ranged:4", "MK:9:Ranged:4a", "MK:9:Ranged:5"}
    (a8,) = named(items, "reading A8")
    assert a8["value"] == "combined" and a8["note"].startswith("default")


def test_damage_names_the_hero_armour_the_cumbersome_steps_wounds_and_the_chosen_reading():
    eng, gid = from_situation(CUMBERSOME, options={"readings": {"A19": "block_only"}})
    for cmd in (
        {"kind": "cumbersome", "enemy": "green_orc_stonethrower#1", "attack": 0, "points": 3},
        {"kind": "next"},
        {"kind": "assign", "enemy": "green_orc_stonethrower#1", "attack": 0, "to": "hero"},
    ):
        eng.submit(gid, 0, cmd)
    items, _ev = inputs(eng, gid, "mk.combat.damage")
    (armour,) = named(items, "hero armour")
    assert armour["value"] == 2 and armour["rule"] == "MK:9:Damage:5b"
    (earlier,) = named(items, "earlier on this attack: mk.combat.cumbersome")
    assert earlier["value"]["points"] == 3 and earlier["from"][0]["type"] == "mk.combat.cumbersome"
    (wounds,) = [i for i in items if i["input"] == "wounds_to_hand"]
    assert wounds["value"] == 4 and wounds["rule"] == "MK:9:Damage:5b"
    assert any("reading A19: block_only" in s["value"] for s in named(items, "step "))
    (a19,) = named(items, "reading A19")
    assert a19["value"] == "block_only" and a19["note"].startswith("chosen for this game")


def test_the_combat_result_lists_every_step_with_wounds_and_fame():
    eng, gid = from_situation(CUMBERSOME)
    for cmd in (
        {"kind": "next"},
        {"kind": "assign", "enemy": "green_orc_stonethrower#1", "attack": 0, "to": "hero"},
        {"kind": "next"},
        {"kind": "next"},
    ):
        eng.submit(gid, 0, cmd)
    items, ev = inputs(eng, gid, "mk.combat_over")
    (outcome,) = named(items, "outcome")
    assert outcome["value"]["wounds_to_hand"] == 4 and outcome["value"]["undefeated"] == [
        "green_orc_stonethrower#1"
    ]
    steps = named(items, "combat step")
    (damage,) = [s for s in steps if "mk.combat.damage" in s["input"]]
    assert damage["value"]["wounds_to_hand"] == 4 and "(MK:9:Damage:5b)" in damage["note"]
    assert named(items, "enemy Orc Stonethrower (green_orc_stonethrower), armour 2")
    lines = why_lines(audit(eng.store, gid, ev.version, REFEREE))
    assert any("MK:9:Damage:5b" in line for line in lines)
