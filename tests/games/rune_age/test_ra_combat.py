"""Combat details beyond the examples: forced casualties, wounds, end-of-combat abilities, Naga."""

from __future__ import annotations

import pytest
from ra_helpers import Game

from engine.errors import BadInput
from sim import testing


def test_ra_casualties_take_every_unit_when_skulls_outnumber_them():
    """CAS-2, CAS-4: two skulls, one unit: it is destroyed without a choice; tactics never die."""

    def edit(d):
        d["enemies"] = ["Drachenlord Ghox"]
        d["seat"][0]["hand"] = ["Daqan-Fußvolk", "Schlachtruf", "1-Gold"]

    g = Game("rules_base", edit=edit, forced={"die:casualty": [2]})
    g.play(0, "attack", target=g.card("enemies", "Drachenlord Ghox"))
    g.play(0, "play", card="Daqan-Fußvolk")
    g.play(0, "play", card="Schlachtruf")
    assert g.prompt().kind == "resolution"
    assert "Daqan-Fußvolk" in g.names("barracks:0:u1") and g.names("army:0") == ["Schlachtruf"]
    assert g.events("zone.moved")[-1].rule == "CAS-4"


def test_ra_a_unit_is_wounded_only_once_and_destroyed_after_the_combat():
    """DES-3: a wounded unit still counts, cannot be wounded again, and goes to its origin at the end."""

    def edit(d):
        d["races"] = ["uthuk", "daqan"]
        d["seat"][0]["hand"] = ["Berserker", "Fleischfetzer", "Fleischfetzer", "1-Gold"]
        d["seat"][1]["hand"] = ["1-Gold", "1-Gold", "Daqan-Fußvolk", "1-Gold", "1-Gold"]

    g = Game("rules_base", edit=edit)
    g.play(0, "attack", target=g.card("cities", "Dallak"))
    berserker = g.card("hand:0", "Berserker")
    g.play(0, "play", card="Berserker")
    g.play(0, "play", card="Fleischfetzer")
    g.play(0, "ability", card=g.card("army:0", "Fleischfetzer"), target=berserker)
    g.play(0, "play", card="Fleischfetzer")
    targets = [c.get("target") for c in g.legal(0) if c["kind"] == "ability"]
    assert berserker not in targets and targets
    g.play(0, "decline", card=g.g.combat.pending)  # gold only in hand: deployment stops
    g.play(0, "resolve", card=berserker)  # only while wounded: +2
    out = g.events("ra.outcome")[-1].data
    assert out["attacker"] == 1 + 2 + 2 + 2 and berserker in g.zone("barracks:0:u1")


def test_ra_end_of_combat_ability_before_cards_leave():
    """ABL-4, BTL-7: Hexenmeister (stand-in text) draws a card in the end-of-combat step."""

    def edit(d):
        d["scenario"] = "monument"
        d["seat"][0]["hand"] = ["Hexenmeister", "1-Gold"]

    g = Game("rules_base", edit=edit)
    hx = g.card("hand:0", "Hexenmeister")
    g.play(0, "attack", target=g.card("cities", "Dallak"))
    g.play(0, "play", card="Hexenmeister")
    assert g.prompt().kind == "end_of_combat" and hx in g.zone("army:0")
    g.play(0, "end_ability", card=hx)
    assert len(g.zone("hand:0")) == 2 and hx in g.zone("discard:0") and g.g.combat is None


def test_ra_naga_silences_the_opponents_resolution_abilities():
    """Naga (p.16-17 strategy tip, stand-in text): with an opposing Naga, Schlachtruf gives nothing."""

    def edit(d):
        d.update(neutrals=["Schlachtruf", "Naga", "Dämon"], cities=["Dallak"])
        d["seat"][0]["hand"] = ["Schlachtruf", "Daqan-Fußvolk"]
        d["seat"][1].update(hand=["Naga", "1-Gold"], play=["Tamalir"])

    g = Game("rules_base", edit=edit)
    g.play(0, "attack", target=g.card("play:1", "Tamalir"))
    g.play(0, "play", card="Schlachtruf")
    g.play(1, "play", card="Naga")
    g.play(0, "play", card="Daqan-Fußvolk")  # both hands are empty of units: both pass
    assert g.g.combat is None and g.events("ra.strength") == []
    assert g.events("ra.outcome")[-1].data["attacker"] == 1


def test_ra_mantikor_destroys_a_hand_card_to_its_origin():
    """ACT-CARD-1, DES-1 (stand-in text): the destroyed card returns to its place of origin."""

    def edit(d):
        d["scenario"] = "rune_wars"
        d["seat"][0]["hand"] = ["Mantikor", "1-Gold", "Daqan-Fußvolk"]

    g = Game("rules_base", edit=edit)
    gold = len(g.zone("gold:1"))
    g.play(0, "card_action", card="Mantikor", target="1-Gold")
    assert len(g.zone("gold:1")) == gold + 1 and g.names("hand:0") == ["Daqan-Fußvolk"]
    assert "Mantikor" in g.names("discard:0")


def test_ra_optional_neutral_swap_needs_the_same_costs():
    """OPT-1: swapping neutral types is allowed only for types of the same influence cost."""
    g = Game.new(2, scenario="dragonlords", neutrals="Schlachtruf,Plünderung,Mantikor")
    assert sorted(z for z in g.t.zones if z.startswith("neutral:")) == [
        "neutral:Mantikor",
        "neutral:Plünderung",
        "neutral:Schlachtruf",
    ]
    with pytest.raises(BadInput, match="same influence cost") as refused:  # bad input, not a crash
        testing.new_game(
            "rune-age", 2, 1, {"scenario": "dragonlords", "neutrals": "Schlachtruf,Drache,Dämon"}
        )
    assert refused.value.rule == "CORE-1O"


def test_ra_a_pass_is_final_in_a_siege():
    """SGE-2: after passing, a player may play no more cards; the other plays on in a row."""
    g = Game("rules_base")
    g.play(0, "attack", target="realm:1")
    g.play(0, "pass")
    assert g.rejected(0, "play", card="Daqan-Fußvolk").rule == "SGE-2"
    g.play(1, "play", card="Berserker")
    assert g.prompt().seat == 1
    g.play(1, "play", card="Uthuk-Jäger")
    g.play(1, "pass")
    assert g.events("ra.outcome")[-1].data["winner"] == "defender" and g.damage(1) == 0


def test_ra_an_indestructible_unit_is_never_a_casualty():
    """CAS-3, CAS-4: the Totenbeschwörer (stand-in text) cannot be chosen; another unit must go."""

    def edit(d):
        d["races"] = ["waiqar", "uthuk"]
        d["enemies"] = ["Drachenlord Ghox"]
        d["seat"][0].update(hand=["Totenbeschwörer", "Untote Horde", "1-Gold"], deck=["1-Gold"])

    g = Game("rules_base", edit=edit, forced={"die:casualty": [2]})
    g.play(0, "attack", target=g.card("enemies", "Drachenlord Ghox"))
    g.play(0, "play", card="Totenbeschwörer")
    g.play(0, "play", card="Untote Horde")
    assert g.g.combat is None and "Untote Horde" in g.names("barracks:0:u1")
    assert g.names("discard:0") == ["Totenbeschwörer"]  # it survived the two skulls
