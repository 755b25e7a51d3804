"""Sidebar step 5 of rulebook p.5 (rewards after fighting an epoch, Phase 2.a) through the real
pipeline. Each docstring names the rule ids it checks."""

import pytest
from epochs_helpers import Game, of

UNITS = ["Spearman", "Rider", "Recruit", "Archer"]


def won_against_slinger(units, edit=None, options=None) -> Game:
    """Seat 0 beats the Antike Slinger (space 1) with the given units and loses none."""
    g = Game("ep_epoch_fight", options=options, edit=edit)
    g.force_dice("+2", "-1")
    g.fight_epoch([1], units)
    assert g.t.game.combat.winner == "attacker" and g.t.game.step == "recruit"
    return g


def test_recruit_all_defeated_elites():
    """EP-S5-RECRUIT, EP-S5-SURVIVORS (option recruit=all): the attacker puts the defeated
    elites on their own discard pile; surviving elites go to their epoch's discard pile."""
    g = Game("ep_x01_normal_line")
    g.fight_epoch([1, 2], ["Recruit"], [("Banner", "Recruit")])
    assert g.eng.legal(g.gid, 0) == [{"kind": "recruit"}, {"kind": "decline"}]
    evs = g.play(0, "recruit")
    (rec,) = [e for e in of(evs, "zone.moved") if e.rule == "EP-S5-RECRUIT"]
    assert (rec.data["cards"], rec.data["dst"]) == (["Hoplite#1"], "p0.discard")
    (surv,) = [e for e in of(evs, "zone.moved") if e.rule == "EP-S5-SURVIVORS"]
    assert (surv.data["cards"], surv.data["dst"]) == (["Slinger#1"], "e.Antike.discard")
    assert "Hoplite#1" not in g.t.damage


def test_declined_elites_go_to_their_epoch():
    """EP-S5-RECRUIT (reading: not recruited defeated elites go to the epoch discard pile)."""
    g = Game("ep_x01_normal_line")
    g.fight_epoch([1, 2], ["Recruit"], [("Banner", "Recruit")])
    g.play(0, "decline")
    assert sorted(g.zone("e.Antike.discard")) == ["Hoplite#1", "Slinger#1"]
    assert "Hoplite#1" not in g.zone("p0.discard")


def test_recruit_each_option_chooses_per_unit():
    """EP-S5-RECRUIT with option recruit=each (reading X6 flag): one defeated elite at a time,
    decline sends the rest to the epoch."""
    g = Game("ep_epoch_fight", options={"recruit": "each"})
    g.force_dice("0", "0")
    g.fight_epoch([1, 2], ["Archer"], [("Volley", "Archer")])
    assert g.eng.legal(g.gid, 0) == [
        {"kind": "recruit", "card": "Berserker"},
        {"kind": "recruit", "card": "Slinger"},
        {"kind": "decline"},
    ]
    g.play(0, "recruit", card="Slinger")
    assert g.t.game.step == "recruit" and "Slinger#1" in g.zone("p0.discard")
    g.play(0, "decline")
    assert "Berserker#1" in g.zone("e.Antike.discard")


@pytest.mark.parametrize("deployed, draw", [(1, 4), (2, 3), (3, 2), (4, 1)])
def test_relic_draw_by_units_deployed(deployed, draw):
    """EP-S5-RELIC: 4 units draw and keep the top relic; 3, 2, 1 units draw 2, 3, 4, keep 1 and
    put the others on the relic discard pile."""
    g = won_against_slinger(UNITS[:deployed])
    g.play(0, "decline")
    assert g.prompt().kind == "relic" and g.prompt().rule == "EP-S5-RELIC"
    evs = g.play(0, "draw_relics")
    top = ["Crown", "Helm", "Orb", "Dagger", "Laurel"][:draw]
    if draw == 1:
        assert g.names("p0.relics") == ["Crown"]  # drawn and kept at once
    else:
        assert g.names("p0.relic_draw") == top and g.prompt().kind == "keep_relic"
        assert g.eng.legal(g.gid, 0) == [{"kind": "keep_relic", "relic": n} for n in sorted(top)]
        evs = g.play(0, "keep_relic", relic=top[-1])
        assert g.names("p0.relics") == [top[-1]]
        assert sorted(g.names("relic.discard")) == sorted([*top[:-1], "Scroll"])
    assert g.zone("p0.relic_draw") == [] and of(evs, "turn.started")


def test_relic_deck_refilled_from_its_discard_pile():
    """EP-S5-RELIC (reading: an empty relic deck is the shuffled relic discard pile)."""

    def edit(d):
        d["relics"] = {"deck": ["Crown"], "discard": ["Scroll", "Helm", "Orb"]}

    g = won_against_slinger(["Spearman"], edit=edit)
    g.play(0, "decline")
    evs = g.play(0, "draw_relics")
    (shuffle,) = of(evs, "zone.shuffled")
    assert (shuffle.data["zone"], shuffle.rule) == ("relic.deck", "EP-S5-RELIC")
    assert sorted(g.names("p0.relic_draw")) == ["Crown", "Helm", "Orb", "Scroll"]


def test_relic_draw_is_optional():
    """EP-S5-RELIC ('kannst du'): the attacker may skip the draw."""
    g = won_against_slinger(["Spearman"])
    g.play(0, "decline")
    g.play(0, "skip_relics")
    assert g.zone("p0.relics") == [] and len(g.zone("relic.deck")) == 5


def test_virtual_slot_forbids_relics():
    """EP-S5-VIRTUAL, EP-X-VIRTUAL: the top card of the deck fights in the virtual slot,
    farthest from the front line; an attacker who used it draws no relics even after a win."""
    g = Game("ep_epoch_fight")
    g.force_dice("+2", "-1")
    g.play(0, "jump", epoch="Antike")
    g.play(0, "fight_epoch")
    g.play(0, "target", space=1)
    g.play(0, "done")
    g.play(0, "deploy", card="Spearman")
    g.play(0, "deploy_virtual")
    assert g.zone("board.virtual") == ["Recruit#2"]  # the deck's top card
    evs = g.play(0, "done")
    assert [u["card"] for u in of(evs, "line.resolved")[0].data["attacker"]["units"]] == [
        "Spearman#1",
        "Recruit#2",
    ]
    evs = g.play(0, "decline")
    (barred,) = of(evs, "relics.barred")
    assert barred.rule == "EP-S5-VIRTUAL" and g.t.game.step == "jump"
    assert "Recruit#2" in g.zone("p0.discard") or "Recruit#2" in g.zone("p0.hand")
