"""Attacks aimed at single enemies (MK:8:Combat:4, MK:9:Ranged:4): a pooled point with a `target`
counts only in an attack on a group holding that enemy, one with a `not_target` only in an attack
on a group without it; Forked Lightning, Dueling and Charm's Possess use them."""

import msgspec

from engine.games.mage_knight.combat import abilities
from engine.games.mage_knight.combat.arithmetic import Part, attack_total
from engine.games.mage_knight.combat.state import Points
from tests.games.mage_knight.test_cards_advanced import fight, give_skill, legal, play_first, player


def combat(eng, gid):
    return eng.table(gid).game.combat


def uid_of(eng, gid, enemy: str) -> str:
    return next(e.uid for e in combat(eng, gid).enemies if e.enemy == enemy)


def to_phase(eng, gid, phase: str) -> None:
    """Pass on (unblocked attacks go to the hero) until the combat is in `phase`."""
    while combat(eng, gid).phase != phase:
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)


def aimed_pool(eng, gid) -> list[tuple]:
    return [(p.kind, p.element, p.value, p.target, p.not_target) for p in combat(eng, gid).pool]


def last_attack_audit(eng, gid) -> list[str]:
    return [e for e in eng.store.read(gid) if e.type == "mk.combat.attacked"][-1].data["audit"]


def test_aimed_parts_count_only_against_their_enemy_and_the_audit_names_them():
    """MK:8:Combat:4, MK:9:Ranged:4a: Attack 3, Attack 1 aimed at A: 4 against a group with A;
    Attack 2 kept off A counts against B only (5)"""
    parts = [Part(3), Part(1, "physical", target="A"), Part(2, "fire", not_target="A")]
    total_a, audit_a = attack_total(parts, [[]], uids=["A"])
    total_b, audit_b = attack_total(parts, [[]], uids=["B"])
    assert (total_a, total_b) == (4, 5)
    assert any("aimed at A, in this attack: counts" in line for line in audit_a)
    assert any("may not be used against A" in line for line in audit_a)
    assert any("aimed at A, not in this attack: does not count" in line for line in audit_b)
    assert attack_total(parts, [[]])[0] == 6  # no group named: every part counts (as before)


def test_untargeted_points_encode_exactly_as_before():
    """Golden hashes: a point with no target encodes without the new fields"""
    assert msgspec.to_builtins(Points("melee", "fire", 2, "rage")) == {
        "kind": "melee",
        "element": "fire",
        "value": 2,
        "source": "rage",
    }
    assert msgspec.to_builtins(Points("melee", "fire", 2, "x", target="A"))["target"] == "A"


def test_forked_lightning_aims_one_cold_fire_ranged_attack_at_each_chosen_enemy():
    """MK:5:Skills:4c, MK:8:Combat:4, MK:9:Ranged:4: Braevalar's Forked Lightning: Ranged Cold
    Fire Attack 1 on each of up to three different enemies; with Swiftness's Ranged Attack 3 the
    Prowlers (armour 3) fall to 3 + their own 1, and the Hags' point stays in the pool"""
    eng, gid = fight(hand=["swiftness"], tokens=["white"], enemies=("green_prowlers", "green_cursed_hags"))
    prowlers, hags = uid_of(eng, gid, "green_prowlers"), uid_of(eng, gid, "green_cursed_hags")
    give_skill(eng, gid, "braevalar_forked_lightning")
    offered = {c["target"] for c in legal(eng, gid, kind="skill", skill="braevalar_forked_lightning")}
    assert f"{prowlers},{hags}" in offered or f"{hags},{prowlers}" in offered
    assert all(len(set(t.split(","))) == len(t.split(",")) <= 3 for t in offered)  # different, up to 3
    target = f"{prowlers},{hags}" if f"{prowlers},{hags}" in offered else f"{hags},{prowlers}"
    play_first(eng, gid, kind="skill", skill="braevalar_forked_lightning", target=target)
    assert sorted(aimed_pool(eng, gid)) == sorted(
        [("ranged", "coldfire", 1, prowlers, ""), ("ranged", "coldfire", 1, hags, "")]
    )
    # one point of 1 reaches neither armour; aimed at the Prowlers it cannot help against the Hags
    why = abilities.attack_problem(combat(eng, gid), [hags], ["ranged"])
    assert why is not None and why[0] == "MK:9:Ranged:6"
    play_first(eng, gid, card="swiftness", mode="powered", pay="token:white")
    assert {"kind": "attack", "targets": [prowlers], "use": ["ranged"]} in eng.legal(gid, 0)
    eng.submit(gid, 0, {"kind": "attack", "targets": [prowlers], "use": ["ranged"]})
    c = combat(eng, gid)
    assert next(e for e in c.enemies if e.uid == prowlers).defeated
    assert aimed_pool(eng, gid) == [("ranged", "coldfire", 1, hags, "")]  # the Hags' point is kept
    audit = last_attack_audit(eng, gid)
    assert any(f"aimed at {hags}, not in this attack" in line for line in audit)
    assert any(f"aimed at {prowlers}, in this attack: counts" in line for line in audit)


def _duel(units=(), hand=("rage",)):
    eng, gid = fight(hand=list(hand), units=list(units), enemies=("green_prowlers",))
    prowlers = uid_of(eng, gid, "green_prowlers")
    give_skill(eng, gid, "wolfhawk_dueling")
    assert legal(eng, gid, kind="skill", skill="wolfhawk_dueling") == []  # block phase only
    to_phase(eng, gid, "block")
    play_first(eng, gid, kind="skill", skill="wolfhawk_dueling", target=prowlers)
    assert ("block", "physical", 1, "", "") in aimed_pool(eng, gid)
    to_phase(eng, gid, "attack")
    assert ("melee", "physical", 1, prowlers, "") in aimed_pool(eng, gid)
    return eng, gid, prowlers


def test_dueling_attacks_the_same_enemy_and_gives_fame_without_units():
    """MK:5:Skills:4c, MK:8:Combat:4: Wolfhawk's Dueling: Block 1, then Attack 1 on the same enemy
    in the attack phase; Rage's Attack 2 + 1 defeats the Prowlers (armour 3) and no unit took
    part: fame +1 at once"""
    eng, gid, prowlers = _duel()
    fame = player(eng, gid).fame
    play_first(eng, gid, card="rage", mode="basic", option=0)
    eng.submit(gid, 0, {"kind": "attack", "targets": [prowlers], "use": ["melee"]})
    assert next(e for e in combat(eng, gid).enemies if e.uid == prowlers).defeated
    assert player(eng, gid).fame == fame + 1


def test_dueling_gives_no_fame_when_a_unit_took_part():
    """MK:5:Skills:4c: Dueling: the Peasants' Attack 2 helps defeat the Prowlers: no fame +1"""
    eng, gid, prowlers = _duel(units=["peasants"], hand=())
    fame = player(eng, gid).fame
    unit = player(eng, gid).units[0].uid
    play_first(eng, gid, kind="activate", unit=unit, ability=0)
    eng.submit(gid, 0, {"kind": "attack", "targets": [prowlers], "use": ["melee"]})
    assert next(e for e in combat(eng, gid).enemies if e.uid == prowlers).defeated
    assert player(eng, gid).fame == fame


def test_charm_possess_attack_is_used_against_the_other_enemies_only():
    """MK:8:Combat:4: Possess (Charm powered): the Prowlers' Attack 4 joins the attack phase kept
    off the Prowlers: it defeats the Diggers (armour 3) but cannot be used on the Prowlers"""
    eng, gid = fight(
        night=True, hand=["charm"], tokens=["white", "black"], enemies=("green_prowlers", "green_diggers")
    )
    prowlers, diggers = uid_of(eng, gid, "green_prowlers"), uid_of(eng, gid, "green_diggers")
    play_first(eng, gid, card="charm", mode="powered", target=prowlers)
    to_phase(eng, gid, "attack")
    assert aimed_pool(eng, gid) == [("melee", "physical", 4, "", prowlers)]
    why = abilities.attack_problem(combat(eng, gid), [prowlers], ["melee"])
    assert why is not None and why[0] == "MK:8:Combat:4" and prowlers in why[1]
    assert not [c for c in legal(eng, gid, kind="attack") if prowlers in c["targets"]]
    eng.submit(gid, 0, {"kind": "attack", "targets": [diggers], "use": ["melee"]})
    assert next(e for e in combat(eng, gid).enemies if e.uid == diggers).defeated
    assert any(f"used against others than {prowlers}: counts" in line for line in last_attack_audit(eng, gid))


def test_forked_lightning_audit_lists_only_the_points_that_counted():
    """MK:9:Ranged:4, MK:8:Combat:4: the audit of the attack on the Prowlers names Swiftness's
    Ranged 3 and the point aimed at the Prowlers, not the one aimed at the Hags"""
    from engine.games.mage_knight.combat.state import aims_at
    from projections.audit import audit
    from projections.views import REFEREE

    eng, gid = fight(hand=["swiftness"], tokens=["white"], enemies=("green_prowlers", "green_cursed_hags"))
    prowlers, hags = uid_of(eng, gid, "green_prowlers"), uid_of(eng, gid, "green_cursed_hags")
    give_skill(eng, gid, "braevalar_forked_lightning")
    offered = {c["target"] for c in legal(eng, gid, kind="skill", skill="braevalar_forked_lightning")}
    target = next(t for t in offered if set(t.split(",")) == {prowlers, hags})
    play_first(eng, gid, kind="skill", skill="braevalar_forked_lightning", target=target)
    play_first(eng, gid, card="swiftness", mode="powered", pay="token:white")
    eng.submit(gid, 0, {"kind": "attack", "targets": [prowlers], "use": ["ranged"]})
    ev = [e for e in eng.store.read(gid) if e.type == "mk.combat.attacked"][-1]
    items = audit(eng.store, gid, ev.version, REFEREE)["inputs"]
    by = next(i for i in items if i["input"] == "attack by element")
    assert by["value"] == {"physical": 3, "coldfire": 1}
    assert ev.data["total"] == 4 and aims_at(combat(eng, gid).pool[0], [hags])


def test_forked_lightning_refuses_the_same_enemy_twice_and_changes_nothing():
    """MK:5:Skills:4c: Forked Lightning's enemies are different ones: a target naming one enemy
    twice (or no enemy) is refused with the rule and the choices, and no event is stored"""
    import pytest

    from engine.errors import IllegalCommand

    eng, gid = fight(enemies=("green_prowlers", "green_cursed_hags"))
    give_skill(eng, gid, "braevalar_forked_lightning")
    prowlers = uid_of(eng, gid, "green_prowlers")
    before = len(eng.store.read(gid))
    for target in (f"{prowlers},{prowlers}", "nobody"):
        with pytest.raises(IllegalCommand) as err:
            eng.submit(
                gid,
                0,
                {"kind": "skill", "skill": "braevalar_forked_lightning", "option": 0, "target": target},
            )
        assert "MK:5:Skills:4c" in str(err.value) and target in str(err.value)
    assert len(eng.store.read(gid)) == before and combat(eng, gid).pool == []
