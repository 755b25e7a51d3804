"""The worked examples of rulebook p.5, played
through the real pipeline from situation files."""

from epochs_helpers import Game, line, of

from projections.audit import audit
from sim import testing


def test_ep_x01_normal_line_difference_becomes_damage():
    """X-01, rules EP-S4-TOTAL, EP-S4-DIFF, EP-S4-DAMAGE, EP-S4-LINES: attacker 3 against
    defender 2 in the normal line deals 1 damage to the defender's unit nearest the front line,
    placed before the melee line is resolved."""
    g = Game("ep_x01_normal_line")
    evs = g.fight_epoch([1, 2], ["Recruit"], [("Banner", "Recruit")])
    normal = line(evs, "normal")
    att, dfn = normal.data["attacker"], normal.data["defender"]
    assert (att["total"], dfn["total"]) == (3, 2)
    # the 3 is unit 1 + war marker 1 + die +1; the 2 is Hoplite 2 + Slinger (no value) + die 0
    assert [(u["card"], u["value"], u["bonus"]) for u in att["units"]] == [("Recruit#1", 1, 1)]
    assert (att["markers"], att["die"]) == (1, "+1")
    assert [(u["card"], u["value"]) for u in dfn["units"]] == [("Hoplite#1", 2), ("Slinger#1", 0)]
    assert normal.data["damage"] == {"side": "defender", "n": 1, "rule": "EP-S4-DIFF"}
    after = [e for e in evs if e.version > normal.version]
    hit = after[0]
    assert (hit.type, hit.rule, hit.data["target"], hit.data["n"], hit.data["slot"]) == (
        "damage.dealt",
        "EP-S4-DAMAGE",
        "Hoplite#1",
        1,
        1,
    )
    assert after[1].type == "line.resolved" and after[1].data["line"] == "melee"
    assert hit.cause == normal.version  # the audit chain leads from the damage to its line
    assert not of([e for e in evs if e.version < normal.version], "damage.dealt")  # ranged 1:1


def test_ep_x02_fragile_unit_lost_in_ranged_line():
    """X-02, rules EP-S4-DEFEAT, EP-S4-DAMAGE, EP-S4-TOTAL, EP-S4-WINNER: a unit with no ranged
    value and 1 damage symbol takes 1 damage in the ranged line, is turned face down at once,
    and its normal (4) and melee (5) values no longer count."""
    g = Game("ep_x02_fragile_unit")
    evs = g.fight_epoch([1], ["Archer"])
    ranged = line(evs, "ranged")
    assert ranged.data["damage"] == {"side": "defender", "n": 1, "rule": "EP-S4-DIFF"}
    (down,) = [e for e in of(evs, "unit.defeated") if e.data["card"] == "Berserker#1"]
    assert (down.rule, down.data["line"], down.data["face_down"]) == ("EP-S4-DEFEAT", "ranged", True)
    assert down.version < line(evs, "normal").version
    for name in ("normal", "melee"):
        dfn = line(evs, name).data["defender"]
        assert dfn["units"] == [] and dfn["total"] == 1  # only the die's +1, not 4+1 or 5+1
    assert "Berserker#1" in g.t.game.combat.defeated
    (result,) = of(evs, "combat.decided")
    assert result.data["winner"] == "none" and result.data["survivors"] == {"attacker": 0, "defender": 0}


def test_ep_x01_audit_shows_where_the_damage_went():
    """Audit of X-01's damage: the chain goes damage -> its line (totals, marker bonus, die,
    rule ids) -> the earlier line -> the dice -> the attacker's decision; replay is equal."""
    g = Game("ep_x01_normal_line")
    evs = g.fight_epoch([1, 2], ["Recruit"], [("Banner", "Recruit")])
    hit = of(evs, "damage.dealt")[0]
    chain = audit(g.eng.store, g.gid, hit.version)["chain"]
    assert [c["type"] for c in chain] == [
        "damage.dealt",
        "line.resolved",
        "line.resolved",
        "dice.assigned",
        "cmd.done",
    ]
    assert [c["rule"] for c in chain] == [
        "EP-S4-DAMAGE",
        "EP-S4-TOTAL",
        "EP-S4-TOTAL",
        "EP-X-DIE",
        "EP-X-DEPLOY",
    ]
    assert chain[0]["data"]["target"] == "Hoplite#1" and "rulebook p.5" in chain[0]["rule_source"]
    normal = chain[1]["data"]
    assert normal["attacker"]["markers"] == 1 and normal["attacker"]["die"] == "+1"
    assert normal["damage"] == {"side": "defender", "n": 1, "rule": "EP-S4-DIFF"}
    testing.assert_replay_equal(g.eng, g.gid)
