"""A battle round names every die, the strength it was tested against and each modifier's rule."""

import pytest

from engine.games.dragonlords.battles.arithmetic import SideMagic
from engine.games.dragonlords.battles.round import BattleInputError, Force, resolve_round


def test_E03_round_audit_names_panic_and_kingdom():
    lords = Force((3, 3, 3, 3, 3, 3), SideMagic(panic=True, panic_source="DragonLord Panic"))
    dwarves = Force((3, 3, 3, 3, 3))
    r = resolve_round(dwarves, lords, [1, 2, 3, 1, 6], [3, 3, 4, 6, 1, 2], kingdom=True)
    g = r["attacker"]["groups"][0]
    assert [d["against"] for d in g["dice"]] == [1] * 5
    assert [m["rule"] for m in g["strength"]["modifiers"]] == ["DL:3.4/spells.panic", "DL:2.2/kingdom"]
    assert r["hits_on_defender"] == 2  # faces 1 and 1 hit against strength 1
    assert r["hits_on_attacker"] == 4  # the Orcs hit on <= 3: faces 3, 3, 1, 2
    assert r["last_round"] is False


def test_mixed_bases_are_tested_separately():
    """A DragonLord that replaced an Orc fights at 3 beside Barbarians at 4 (§3.4/dragonlords)."""
    r = resolve_round(Force((4, 3, 4)), Force((3,)), [4, 4, 4], [6])
    strengths = [(g["strength"]["base"], [d["hit"] for d in g["dice"]]) for g in r["attacker"]["groups"]]
    assert strengths == [(3, [False]), (4, [True, True])]


def test_sneak_attack_defender_does_not_strike_back():
    r = resolve_round(Force((3, 3)), Force((3, 3)), [1, 5], [], sneak=True)
    assert r["defender"] is None and r["hits_on_attacker"] == 0 and r["last_round"] is True
    assert r["rule"] == "DL:3.4/sneak"
    with pytest.raises(BattleInputError, match=r"DL:3.4/sneak"):
        resolve_round(Force((3,)), Force((3,)), [1], [2], sneak=True)


def test_wrong_number_of_faces_or_impossible_face_is_refused():
    with pytest.raises(BattleInputError, match="attacker has 2 dice"):
        resolve_round(Force((3, 3)), Force((3,)), [1], [1])
    with pytest.raises(BattleInputError, match=r"1..6, got 7"):
        resolve_round(Force((3,)), Force((3,)), [7], [1])
