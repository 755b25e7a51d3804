"""Effects aimed at enemies in player against player combat target the opponent's unwounded
units, never the hero (MK:13:PvPSpecial, digest §8.5): a red card's effect spares fire-resistant
units; "destroy" wounds the unit; an armour change lasts the combat and stops at 1."""

from pathlib import Path

from engine.games.mage_knight.players import pvp_targets
from sim.testing import from_situation, play

SIT = Path(__file__).parent / "situations"


def _legal(rs, t, seat, kind, **match):
    return [
        c
        for c in rs.legal_commands(t, seat)
        if c["kind"] == kind and all(c.get(k) == v for k, v in match.items())
    ]


def _to_attack(eng, gid):
    """Seat 0 steps onto seat 1, starts PvP, seat 1 commits partly and passes its ranged turn:
    seat 0 is the attacker in the ranged and siege phase."""
    play(eng, gid, 0, {"kind": "move", "to": "1,-2"})
    play(eng, gid, 0, {"kind": "pvp", "target": 1})
    play(eng, gid, 1, {"kind": "pvp_commit", "mode": "partial"})
    play(eng, gid, 1, {"kind": "pvp_pass"})
    t = eng.table(gid)
    assert t.game.pvp["attacker"] == 0 and t.game.active == 0
    return t


def _uid(t, seat, unit):
    return next(u.uid for u in t.game.players[seat].units if u.unit == unit)


def test_a_red_armour_effect_targets_an_unwounded_unit_not_a_fire_resistant_one_MK_13_PvPSpecial():
    eng, gid = from_situation(SIT / "part2_pvp_units.toml")
    t = _to_attack(eng, gid)
    rs = eng.ruleset(gid)
    tremors = _legal(rs, t, 0, "play", card="tremor", mode="basic")
    foresters = _uid(t, 1, "foresters")
    assert {c["target"] for c in tremors} == {
        foresters
    }  # not the fire mages, the wounded peasants or the hero
    play(eng, gid, 0, tremors[0])
    unit = next(u for u in t.game.players[1].units if u.uid == foresters)
    assert pvp_targets.armour(t, 1, unit) == 1  # 4 - 3, for the whole combat
    assert t.game.pvp["unit_armour"] == {foresters: -3}


def test_the_lowered_armour_counts_when_damage_is_assigned_and_never_drops_below_1():
    eng, gid = from_situation(SIT / "part2_pvp_units.toml")
    t = _to_attack(eng, gid)
    rs = eng.ruleset(gid)
    foresters = _uid(t, 1, "foresters")
    play(eng, gid, 0, _legal(rs, t, 0, "play", card="tremor", mode="basic")[0])
    play(eng, gid, 0, {"kind": "pvp_pass"})  # two passes: the melee, seat 0 attacks
    assert t.game.pvp["phase"] == "melee" and t.game.pvp["attacker"] == 0
    unit = next(u for u in t.game.players[1].units if u.uid == foresters)
    assert pvp_targets.armour(t, 1, unit) == 1  # still lowered in the melee
    play(
        eng, gid, 0, _legal(rs, t, 0, "play", card="march", mode="sideways", option=_attack_option(rs, t))[0]
    )
    play(eng, gid, 0, {"kind": "pvp_attack"})
    play(eng, gid, 1, {"kind": "pvp_block"})  # nothing blocked: 1 point to spend
    assert t.game.pvp["remaining"] == 1
    targets = {c["to"] for c in _legal(rs, t, 0, "pvp_damage")}
    assert foresters in targets and _uid(t, 1, "fire_mages") not in targets  # armour 3 > 1
    play(eng, gid, 0, {"kind": "pvp_damage", "to": foresters})
    assert unit.wounded


def _attack_option(rs, t):
    plays = [
        c
        for c in rs.legal_commands(t, 0)
        if c["kind"] == "play" and c["card"] == "march" and c["mode"] == "sideways"
    ]
    from engine.games.mage_knight.bots.goals import points

    return next(c["option"] for c in plays if points(t, c, ("attack",)))


def test_destroy_an_enemy_wounds_the_unit_instead_MK_13_PvPSpecial():
    eng, gid = from_situation(SIT / "part2_pvp_units.toml")
    t = _to_attack(eng, gid)
    rs = eng.ruleset(gid)
    assert not _legal(
        rs, t, 0, "play", card="whirlwind", mode="powered"
    )  # its destroy is for the attack phase
    play(eng, gid, 0, {"kind": "pvp_pass"})
    whirl = _legal(rs, t, 0, "play", card="whirlwind", mode="powered")
    mages = _uid(t, 1, "fire_mages")
    assert mages in {c["target"] for c in whirl}  # white: a fire-resistant unit is fair game
    play(eng, gid, 0, next(c for c in whirl if c["target"] == mages))
    assert next(u for u in t.game.players[1].units if u.uid == mages).wounded
    assert not [c for c in _legal(rs, t, 0, "play") if c.get("target") == mages]  # wounded: no more target


def test_an_effect_that_only_stops_an_attack_is_not_offered_on_units():
    eng, gid = from_situation(SIT / "part2_pvp_units.toml")
    t = _to_attack(eng, gid)
    rs = eng.ruleset(gid)
    assert not _legal(rs, t, 0, "play", card="whirlwind", mode="basic")  # "does not attack" (reading)
