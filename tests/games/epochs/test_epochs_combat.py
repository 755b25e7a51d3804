"""Sidebar step 4 (combat) and step 5 (Phase 2.a rewards) of rulebook p.5, through the real
pipeline. Each docstring names the rule ids it checks."""

import pytest
from epochs_helpers import Game, line, of

from engine.errors import IllegalCommand


def test_lines_run_in_fixed_order_after_one_roll():
    """EP-S4-ROLL, EP-S4-LINES, EP-X-DIE: the combat opens with the die roll (one die per side),
    then ranged, normal, melee, one after another."""
    g = Game("ep_x01_normal_line")
    evs = g.fight_epoch([1, 2], ["Recruit"])
    rolls = of(evs, "dice.rolled")
    assert [e.rule for e in rolls] == ["EP-S4-ROLL"] * 2
    lines = of(evs, "line.resolved")
    assert [(e.data["line"], e.data["order"]) for e in lines] == [
        (name, {"n": n, "rule": "EP-S4-LINES"}) for n, name in enumerate(["ranged", "normal", "melee"], 1)
    ]
    assert [e.cause for e in lines[1:]] == [e.version for e in lines[:-1]]  # one after another
    assert max(e.version for e in rolls) < min(e.version for e in of(evs, "line.resolved"))


def test_units_cannot_change_after_the_roll():
    """EP-S4-ROLL: once the die is rolled, deploying units or markers is rejected citing it."""
    g = Game("ep_x01_normal_line")
    g.fight_epoch([1, 2], ["Recruit"], [("Banner", "Recruit")])
    assert g.t.game.step == "recruit"
    for kind, kw in (
        ("deploy", {"card": "Archer"}),
        ("deploy_virtual", {}),
        ("marker", {"marker": "Volley", "unit": "Recruit#1"}),
    ):
        with pytest.raises(IllegalCommand) as err:
            g.play(0, kind, **kw)
        assert err.value.rule == "EP-S4-ROLL"


def test_negative_total_counts_as_zero():
    """EP-S4-ZERO, EP-S4-DIFF: attacker -1 counts as 0, so against 1 the attacker suffers 1
    damage, not 2."""
    g = Game("ep_epoch_fight")
    g.force_dice("-1", "-1")
    evs = g.fight_epoch([3], ["Archer"])  # Hoplite: normal 2; Archer has no normal value
    att = line(evs, "normal").data["attacker"]
    assert (att["raw"], att["total"], att["zero_rule"]) == (-1, 0, "EP-S4-ZERO")
    assert line(evs, "normal").data["damage"]["n"] == 1
    assert "zero_rule" not in line(evs, "normal").data["defender"]


def test_equal_totals_deal_no_damage():
    """EP-S4-DIFF: equal totals mean nobody suffers damage."""
    g = Game("ep_x01_normal_line")
    evs = g.fight_epoch([1, 2], ["Recruit"])
    ranged = line(evs, "ranged")
    assert ranged.data["diff"] == 0 and ranged.data["damage"]["side"] is None
    assert all(e.data["line"] != "ranged" for e in of(evs, "damage.dealt"))


@pytest.mark.parametrize(
    "overflow, hits, lost",
    [("spill", {"Slinger#1": 1, "Berserker#1": 1}, 1), ("front_only", {"Slinger#1": 1}, 2)],
)
def test_damage_from_the_front_line(overflow, hits, lost):
    """EP-S4-DAMAGE (reading X1 as option overflow), EP-S4-DEFEAT: 3 damage against two units
    with 1 damage symbol each, Slinger nearest the front line."""
    g = Game("ep_epoch_fight", options={"overflow": overflow})
    g.force_dice("0", "0")
    evs = g.fight_epoch([1, 2], ["Archer"], [("Volley", "Archer")])  # ranged 2+2 vs 1
    ranged = [e for e in evs if e.data.get("line") == "ranged"]
    assert {e.data["target"]: e.data["n"] for e in of(ranged, "damage.dealt")} == hits
    assert [e.data["card"] for e in of(ranged, "unit.defeated")] == list(hits)
    (gone,) = of(ranged, "damage.lost")
    assert gone.data["n"] == lost and gone.rule == "EP-S4-DAMAGE"


def test_defeated_unit_takes_no_further_part():
    """EP-S4-DEFEAT, EP-S4-TOTAL: a unit defeated in the ranged line adds neither its values nor
    its war marker to the later lines."""
    g = Game("ep_epoch_fight")
    g.force_dice("0", "+2")
    evs = g.fight_epoch([3], ["Recruit", "Spearman"], [("Banner", "Recruit")])
    assert [e.data["card"] for e in of(evs, "unit.defeated")][:1] == ["Recruit#1"]
    normal = line(evs, "normal").data["attacker"]
    assert [u["card"] for u in normal["units"]] == ["Spearman#1"] and normal["markers"] == 0


@pytest.mark.parametrize(
    "name, spaces, units, markers, dice, winner, survivors",
    [
        (
            "ep_x01_normal_line",
            [1, 2],
            ["Recruit"],
            [("Banner", "Recruit")],
            (),
            "attacker",
            {"attacker": 1, "defender": 1},
        ),
        (
            "ep_epoch_fight",
            [1],
            ["Archer", "Spearman"],
            [],
            ("0", "0"),
            "attacker",
            {"attacker": 2, "defender": 0},
        ),
        ("ep_epoch_fight", [1, 3], ["Recruit"], [], ("0", "0"), "defender", {"attacker": 0, "defender": 2}),
    ],
)
def test_winner_by_survivors(name, spaces, units, markers, dice, winner, survivors):
    """EP-S4-WINNER: after melee the side with more surviving units wins; a tie (first case,
    from the X-01 set-up) goes to the attacker."""
    g = Game(name)
    if dice:
        g.force_dice(*dice)
    evs = g.fight_epoch(spaces, units, markers)
    (result,) = of(evs, "combat.decided")
    assert (result.data["winner"], result.data["survivors"]) == (winner, survivors)
    assert result.rule == "EP-S4-WINNER"


def test_elites_are_taken_in_board_space_order():
    """EP-X-TARGETS, EP-X-PHASE2 (stand-ins for the first steps of 2.a): the attacker picks 1-3
    face-up elites or heroes of the epoch; they stand in board-space order, space 1 nearest the
    front line."""
    g = Game("ep_x01_normal_line")
    g.play(0, "jump", epoch="Antike")
    g.play(0, "fight_epoch")
    assert g.eng.legal(g.gid, 0) == [{"kind": "target", "space": i} for i in (1, 2, 3)]
    g.play(0, "target", space=2)
    assert g.eng.legal(g.gid, 0) == [{"kind": "target", "space": 3}, {"kind": "done"}]
    with pytest.raises(IllegalCommand) as err:
        g.play(0, "target", space=1)
    assert err.value.rule == "EP-X-TARGETS"
    evs = g.play(0, "target", space=3)
    assert of(evs, "elite.targeted")[0].data["hero"] is True  # Strategos
    assert g.names("board.defence") == ["Slinger", "Strategos"]
    assert g.names("e.Antike.space1") == ["Hoplite"]


def test_attacker_deploys_one_to_four_units():
    """EP-X-DEPLOY (stand-in for 2.a deployment): at least 1 and at most 4 units from hand, at
    most 1 war marker per unit; breaches are rejected citing the rule."""
    g = Game("ep_epoch_fight", edit=lambda d: d["seats"][0]["hand"].append("Recruit"))
    g.play(0, "jump", epoch="Antike")
    g.play(0, "fight_epoch")
    g.play(0, "target", space=1)
    g.play(0, "done")
    with pytest.raises(IllegalCommand) as err:
        g.play(0, "done")
    assert err.value.rule == "EP-X-DEPLOY" and "at least one unit" in err.value.reason
    for name in ("Spearman", "Rider", "Recruit", "Archer"):
        g.play(0, "deploy", card=name)
    with pytest.raises(IllegalCommand) as err:
        g.play(0, "deploy", card="Recruit")
    assert err.value.rule == "EP-X-DEPLOY" and "at most 4" in err.value.reason
    g.play(0, "marker", marker="Drill", unit=g.on_board("Rider"))
    with pytest.raises(IllegalCommand) as err:
        g.play(0, "marker", marker="Banner", unit=g.on_board("Rider"))
    assert err.value.rule == "EP-X-DEPLOY"
    assert g.names("board.attack") == ["Spearman", "Rider", "Recruit", "Archer"]
