"""Unit abilities with their values, mana costs and resistances (MK:5:Units:5, content/units.json
and content/readings.json)."""

from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.turn.actions import unit_resolutions
from tests.games.mage_knight.test_cards_advanced import fight, legal, player, pool, sit


def to_phase(eng, gid, phase):
    while eng.table(gid).game.combat.phase != phase:
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)


def activate(eng, gid, ability: int, option: int = 0, **more):
    uid = player(eng, gid).units[0].uid
    cmds = legal(eng, gid, kind="activate", unit=uid, ability=ability, option=option, **more)
    assert cmds, f"ability {ability} not offered"
    eng.submit(gid, 0, cmds[0])
    return cmds[0]


def foe(eng, gid, uid):
    return next(e for e in eng.table(gid).game.combat.enemies if e.uid == uid)


def test_thugs_influence_costs_reputation():
    """MK:5:Units:5: Thugs: Influence 4 and reputation -1"""
    eng, gid = sit("cards_village", units=["thugs"])
    activate(eng, gid, 2)
    p = player(eng, gid)
    assert p.influence == 4 and p.reputation == -1 and not p.units[0].ready


def test_utem_swordsmen_strong_attack_wounds_the_unit():
    """MK:11:Wounds:2a: Utem Swordsmen: Attack 6, then the unit is wounded"""
    eng, gid = fight(units=["utem_swordsmen"])
    to_phase(eng, gid, "attack")
    activate(eng, gid, 2, option=0)
    assert pool(eng, gid) == [("melee", "physical", 6)] and player(eng, gid).units[0].wounded


def test_sorcerers_strip_fortification_and_shoot():
    """MK:8:Combat:4: Sorcerers (white mana): an enemy loses fortification; Ranged Attack 3"""
    eng, gid = fight(units=["sorcerers"], tokens=["white"], enemies=("green_diggers",))
    uid = next(e.uid for e in eng.table(gid).game.combat.enemies if e.enemy == "green_diggers")
    activate(eng, gid, 1, target=uid, pay="token:white")
    assert "fortified" not in foe(eng, gid, uid).abilities
    assert pool(eng, gid) == [("ranged", "physical", 3)] and player(eng, gid).tokens == []


def test_illusionists_cannot_target_a_fortified_enemy():
    """MK:8:Combat:4: Illusionists (white mana): an unfortified enemy does not attack; the
    fortified Diggers are not a target"""
    eng, gid = fight(units=["illusionists"], tokens=["white"], enemies=("green_diggers",))
    diggers = next(e.uid for e in eng.table(gid).game.combat.enemies if e.enemy == "green_diggers")
    targets = {c["target"] for c in legal(eng, gid, kind="activate", ability=1)}
    assert diggers not in targets
    other = sorted(targets)[0]
    activate(eng, gid, 1, target=other)
    assert foe(eng, gid, other).prevented


def test_delphana_masters_lower_armour_by_five():
    """MK:8:Combat:4: Delphana Masters (green mana): an enemy gets Armour -5 (at least 1)"""
    eng, gid = fight(units=["delphana_masters"], tokens=["green"], enemies=("green_prowlers",))
    uid = next(e.uid for e in eng.table(gid).game.combat.enemies if e.enemy == "green_prowlers")
    activate(eng, gid, 2, target=uid)
    assert foe(eng, gid, uid).armour_mod == -5


def test_altem_guardians_give_every_unit_all_resistances():
    """MK:9:Damage:4b: Altem Guardians: all units gain physical, fire and ice resistance"""
    eng, gid = fight(units=["altem_guardians", "peasants"])
    activate(eng, gid, 2)
    units = eng.table(gid).game.combat.units
    assert all(set(u.resistances) >= {"physical", "fire", "ice"} for u in units)


def test_herbalist_heal_needs_green_mana():
    """MK:5:Units:5: Herbalist: Heal 2 for a green mana"""
    eng, gid = sit("cards_village", units=["herbalist"], hand=["wound", "wound", "march"])
    assert legal(eng, gid, kind="activate", ability=0) == []
    eng, gid = sit("cards_village", units=["herbalist"], hand=["wound", "wound", "march"], tokens=["green"])
    activate(eng, gid, 0)
    assert player(eng, gid).tokens == []


def test_every_unit_ability_resolves_to_something():
    """MK:5:Units:5: no unit ability of a real unit is empty (a stand-in part alone would be
    listed in CONTENT.md)"""
    empty = []
    for u in content().units.values():
        if u.placeholder:
            continue
        for i in range(len(u.abilities)):
            if not any(any(k != "stand_in" for k, _ in r) for r in unit_resolutions(u.id, i)):
                empty.append(f"{u.id}:{i}")
    assert empty == []


def test_altem_mages_cold_fire_block_grows_with_blue_and_red_mana():
    """MK:5:Units:5: Altem Mages: Cold Fire Block 5, 7 for a blue or red mana, 9 for both"""
    eng, gid = fight(units=["altem_mages"], tokens=["blue", "red"], enemies=("green_prowlers",))
    while eng.table(gid).game.combat.phase != "block":
        eng.submit(gid, 0, {"kind": "next"})
    values = sorted({r[-1][1]["value"] for r in unit_resolutions("altem_mages", 1) if r[-1][0] == "block"})
    assert values == [5, 7, 9]
    activate(eng, gid, 1, option=7, pay="token:blue+token:red")
    assert pool(eng, gid) == [("block", "coldfire", 9)] and player(eng, gid).tokens == []


def test_herbalist_readies_another_unit_never_itself():
    """MK:5:Units:6 (reading): the Herbalist's "ready a level I or II unit" readies another
    spent unit; with none, the Herbalist, spent to use it, stays spent (readying itself changed
    nothing and let a search choose the same command for ever)."""
    eng, gid = sit("cards_village", units=["herbalist"])
    herbalist = player(eng, gid).units[0].uid
    eng.submit(gid, 0, legal(eng, gid, kind="activate", unit=herbalist, ability=1)[0])
    assert not player(eng, gid).units[0].ready
    eng, gid = sit("cards_village", units=["herbalist", "thugs"])
    herbalist, thugs = (u.uid for u in player(eng, gid).units)
    eng.submit(gid, 0, legal(eng, gid, kind="activate", unit=thugs, ability=2)[0])
    eng.submit(gid, 0, legal(eng, gid, kind="activate", unit=herbalist, ability=1)[0])
    ready = {u.uid: u.ready for u in player(eng, gid).units}
    assert ready == {herbalist: False, thugs: True}
