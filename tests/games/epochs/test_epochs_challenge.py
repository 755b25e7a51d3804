"""Phase 2.b (challenging another player), rulebook p.5, through the real pipeline from
situations/ep_challenge.toml: seats 0 and 1 stand in Antike, seat 2 in Mittelalter."""

import pytest
from epochs_helpers import Game, of

from engine.errors import IllegalCommand
from projections.views import event_view, state_view
from sim import testing


def challenge(g: Game, defence, attack, dice, defence_markers=()):
    """Seat 0 challenges seat 1; seat 1 places first, then seat 0; returns the combat events."""
    g.force_dice(*dice)
    g.play(0, "jump", epoch="Antike")
    g.play(0, "challenge", seat=1)
    for name in defence:
        g.play(1, "deploy", card=name)
    for marker, unit in defence_markers:
        g.play(1, "marker", marker=marker, unit=g.on_board(unit, "board.defence"))
    g.play(1, "done")
    for name in attack:
        g.play(0, "deploy", card=name)
    return g.play(0, "done")


ATTACKER_WINS = (["Archer"], ["Recruit", "Archer", "Spearman", "Rider"], ("-1", "+2"))


def test_only_a_player_in_the_same_epoch_can_be_challenged():
    """EP-2B-TARGET: the target's Sabaton must stand in the epoch the attacker jumped into."""
    g = Game("ep_challenge")
    g.play(0, "jump", epoch="Antike")
    assert [c for c in g.eng.legal(g.gid, 0) if c["kind"] == "challenge"] == [
        {"kind": "challenge", "seat": 1}
    ]
    for seat in (2, 0):
        with pytest.raises(IllegalCommand) as err:
            g.play(0, "challenge", seat=seat)
        assert err.value.rule == "EP-2B-TARGET"
    with pytest.raises(IllegalCommand) as err:
        g.play(1, "pass")
    assert err.value.rule == "EP-X-PHASE2" and "Seat 1 decides" in err.value.reason


def test_defender_places_first_up_to_three_units_one_marker_each():
    """EP-2B-DEFENDER, EP-2B-ATTACKER: the defender acts first with up to 3 units and war
    markers, at most 1 per unit; then the attacker deploys."""
    g = Game("ep_challenge")
    g.play(0, "jump", epoch="Antike")
    g.play(0, "challenge", seat=1)
    p = g.prompt()
    assert (p.seat, p.kind, p.rule) == (1, "defend", "EP-2B-DEFENDER")
    with pytest.raises(IllegalCommand) as err:
        g.play(0, "deploy", card="Spearman")
    assert err.value.rule == "EP-2B-DEFENDER"
    for name in ("Spearman", "Rider", "Archer"):
        g.play(1, "deploy", card=name)
    assert g.names("board.defence") == ["Spearman", "Rider", "Archer"]
    with pytest.raises(IllegalCommand) as err:
        g.play(1, "deploy", card="Recruit")
    assert err.value.rule == "EP-2B-DEFENDER" and "3 units" in err.value.reason
    spear = g.on_board("Spearman", "board.defence")
    g.play(1, "marker", marker="Banner", unit=spear)
    with pytest.raises(IllegalCommand) as err:
        g.play(1, "marker", marker="Drill", unit=spear)
    assert err.value.rule == "EP-2B-DEFENDER" and "1 war marker per unit" in err.value.reason
    g.play(1, "done")
    p = g.prompt()
    assert (p.seat, p.kind, p.rule) == (0, "deploy", "EP-2B-ATTACKER")


def test_attacker_win_rewards_honour_medal_and_relic():
    """EP-2B-HONOUR, EP-2B-MEDAL, EP-2B-MEDAL-IMAGE, EP-2B-RELIC: the losing defender gets 1
    weapon-honour marker for 2 defeated attacker units; the attacker picks 2 of the defender's
    own-image medals, keeps 1, returns 1; then draws the defender's shuffled relics (4 units
    deployed: 1) and keeps it; the rest go back to the defender face up."""
    g = Game("ep_challenge")
    evs = challenge(g, *ATTACKER_WINS)
    (result,) = of(evs, "combat.decided")
    assert result.data["winner"] == "attacker"
    (honour,) = of(evs, "honour.gained")
    assert honour.data == {"seat": 1, "n": 1, "attacker_units_defeated": 2}
    assert g.t.game.honour == [0, 1, 0]
    (eligible,) = of(evs, "medals.eligible")
    assert eligible.data["n"] == 3 and eligible.rule == "EP-2B-MEDAL-IMAGE"
    (pick,) = of(evs, "chance.picked")
    assert pick.vis == [0, 1] and all(m.split("#")[1].startswith("1.") for m in pick.data["picked"])
    assert g.prompt().kind == "keep_medal" and g.prompt().seat == 0
    kept, back = g.zone("p0.medal_pick")
    g.play(0, "keep_medal", index=0)
    assert kept in g.zone("p0.medals") and back in g.zone("p1.medals")
    assert "Gold#2.3" in g.zone("p1.medals")  # seat 2's image: never drawable here
    assert g.prompt().kind == "relic" and g.prompt().rule == "EP-2B-RELIC"
    g.eng.force(g.gid, {"shuffle:p1.relic_stake": [["Orb#1"]]})
    evs = g.play(0, "draw_relics")
    (shuffle,) = of(evs, "zone.shuffled")
    assert shuffle.data["zone"] == "p1.relic_stake" and shuffle.vis == []
    assert g.zone("p0.relics") == ["Orb#1"]
    assert sorted(g.zone("p1.relics")) == ["Crown#1", "Helm#1"]
    assert of(evs, "turn.started")
    testing.assert_replay_equal(g.eng, g.gid)


def test_single_eligible_medal_is_taken_at_once():
    """EP-2B-MEDAL-IMAGE, EP-2B-MEDAL (reading X4): with one medal showing the loser's Sabaton
    the winner takes it; a medal showing another Sabaton stays."""
    g = Game("ep_challenge", edit=lambda d: d["seats"][1].update(medals=["Bronze", "Gold@2"]))
    evs = challenge(g, *ATTACKER_WINS)
    assert not of(evs, "chance.picked")  # nothing to choose from
    assert "Bronze#1.2" in g.zone("p0.medals") and g.zone("p1.medals") == ["Gold#2.2"]
    assert g.prompt().kind == "relic"


def test_defender_win_takes_attacker_medal_and_gets_no_honour():
    """EP-2B-MEDAL, EP-2B-HONOUR, EP-2B-RELIC, EP-P3-DEFENDER, EP-P3-HAND: a winning defender
    picks the attacker's medals; no honour marker and no relic draw; both players refill."""
    g = Game("ep_challenge")
    evs = challenge(g, ["Spearman", "Rider", "Archer"], ["Recruit"], ("0", "0"), [("Banner", "Spearman")])
    assert of(evs, "combat.decided")[0].data["winner"] == "defender"
    assert not of(evs, "honour.gained")
    assert of(evs, "medals.eligible")[0].data == {"winner": 1, "loser": 0, "image": 0, "n": 3}
    assert g.prompt().seat == 1 and g.prompt().kind == "keep_medal"
    evs = g.play(1, "keep_medal", index=1)
    assert not of(evs, "step.opened") and len(g.zone("p1.medals")) == 5
    moved = [e for e in of(evs, "zone.moved") if e.rule == "EP-P3-DEFENDER"]
    assert moved and all(e.data["dst"] == "p1.discard" for e in moved)
    assert [e.data["zone"] for e in of(evs, "zone.shuffled")] == ["p1.deck"]
    assert len(g.zone("p0.hand")) == 4 and len(g.zone("p1.hand")) == 4


def test_both_destroyed_gives_no_rewards():
    """EP-S4-WINNER, reading X3: both sides wiped out is nobody's loss: no honour, no medals,
    no relics."""
    g = Game("ep_challenge")
    evs = challenge(g, ["Recruit"], ["Archer"], ("+1", "+2"))
    assert of(evs, "combat.decided")[0].data["winner"] == "none"
    assert not (of(evs, "honour.gained") or of(evs, "medals.eligible") or of(evs, "step.opened"))
    assert of(evs, "turn.started")


def test_virtual_slot_forbids_stealing_relics():
    """EP-2B-VIRTUAL: an attacker who used the virtual card slot draws no relics from the
    defender."""
    g = Game("ep_challenge", edit=lambda d: d["seats"][1].update(medals=[]))
    g.force_dice("+2", "-1")
    g.play(0, "jump", epoch="Antike")
    g.play(0, "challenge", seat=1)
    g.play(1, "done")
    g.play(0, "deploy", card="Spearman")
    g.play(0, "deploy_virtual")
    evs = g.play(0, "done")
    (barred,) = of(evs, "relics.barred")
    assert barred.rule == "EP-2B-VIRTUAL" and len(g.zone("p1.relics")) == 3


def test_medal_picks_stay_hidden_from_others():
    """Invariant 6 with EP-X-MEDALS: the picked medals are seen by winner and loser only; a
    third seat sees the pick's size and the medals' images, never their kind."""
    g = Game("ep_challenge")
    evs = challenge(g, *ATTACKER_WINS)
    (pick,) = of(evs, "chance.picked")
    rs = g.eng.ruleset(g.gid)
    assert event_view(rs, pick, 2)["data"] == {"stream": "pick:medals", "n": 2}
    assert event_view(rs, pick, 1)["data"]["picked"] == pick.data["picked"]
    view = state_view(rs, g.t, 2)
    assert "cards" not in view["zones"]["p1.medals"] and "cards" not in view["zones"]["p0.medal_pick"]
    assert view["game"]["medal_images"][1] == [1, 2]
