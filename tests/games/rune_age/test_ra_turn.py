"""The turn outside combat: targets once per round, keeping cards, refills, illegal commands."""

from __future__ import annotations

from ra_helpers import Game


def test_ra_keep_cards_for_one_influence_each_and_refill_to_five():
    """TRN-3, TRN-4, A28: keep a card by exhausting a stronghold; the rest is discarded; draw to five."""

    def fort(doc):
        doc["seat"][0]["play"] = ["Daqan-Festung"]

    g = Game("rules_base", edit=fort)
    g.play(0, "end_turn")
    assert g.prompt().kind == "keep" and {"kind": "keep", "slot": 0} not in g.legal(0)
    g.play(0, "use_influence", card=g.card("play:0", "Daqan-Festung"))
    kept = g.zone("hand:0")[2]
    g.play(0, "keep", slot=2)  # the one influence is spent: nothing is left to decide
    ev = g.events("ra.kept")[-1]
    assert ev.vis == [0] and ev.data["card"] == kept
    assert kept in g.zone("hand:0") and len(g.zone("hand:0")) == 5
    assert len(g.zone("discard:0")) == 4 and g.g.active == 1


def test_ra_no_keep_prompt_without_influence():
    """TRN-3: without influence to pay, the hand is simply discarded."""
    g = Game("rules_base")
    g.play(0, "end_turn")
    # five discarded, four drawn, then the discard pile is the new deck (ZON-2) for the fifth
    assert g.g.active == 1 and len(g.zone("hand:0")) == 5
    assert (len(g.zone("deck:0")), len(g.zone("discard:0"))) == (4, 0)
    assert [e.rule for e in g.events("zone.shuffled")][-1] == "ZON-2"


def test_ra_each_target_once_per_round_per_player():
    """ACT-CMB-2, A10: a failed attack blocks that target for this player this round only."""
    g = Game("rules_base")
    city = g.card("cities", "Tamalir")
    g.play(0, "attack", target=city)
    g.play(0, "stop")
    assert city in g.zone("cities")
    assert g.rejected(0, "attack", target=city).rule == "ACT-CMB-2"
    g.finish_turn(0)
    assert {"kind": "attack", "target": city} in g.legal(1)  # another player may attack it
    g.finish_turn(1)  # the event phase draws Reiche Ernte (cards only)
    assert g.g.round == 2 and {"kind": "attack", "target": city} in g.legal(0)


def test_ra_out_of_turn_and_wrong_step_commands_are_rejected_with_rules():
    """TRN-2, BTL-2, SCN-MO-3: illegal commands name the rule that forbids them."""
    g = Game("rules_base")
    assert g.rejected(1, "end_turn").rule == "TRN-2"
    g.play(0, "attack", target=g.card("cities", "Tamalir"))
    assert g.rejected(0, "play", card=g.card("hand:0", "1-Gold")).rule == "BTL-2"
    assert g.rejected(0, "play_gold", card=g.card("hand:0", "1-Gold")).rule == "ACT-BUY-6"
    m = Game("rules_base", edit=lambda d: d.update(scenario="monument"))
    assert {"kind": "attack", "target": "realm:1"} not in m.legal(0)
    assert m.rejected(0, "attack", target="realm:1").rule == "SCN-MO-3"


def test_ra_action_card_from_hand_then_discarded():
    """ACT-CARD-1, ABL-5: Plünderung (stand-in text) lets a fellow player draw 2; then it is discarded."""
    g = Game(
        "rules_base",
        edit=lambda d: d.update(scenario="world_fire") or d["seat"][0].update(hand=["Plünderung", "1-Gold"]),
    )
    pl = g.card("hand:0", "Plünderung")
    g.play(0, "card_action", card=pl, seat=1)
    assert len(g.zone("hand:1")) == 7 and pl in g.zone("discard:0")
    assert g.events("ra.ability_used")[-1].rule == "ABL-1"


def test_ra_rune_used_once_per_turn_by_exhausting():
    """SCN-RW-4, A26: a gold rune is exhausted for gold in a purchase action and readied in TRN-1."""

    def runes(doc):
        doc["scenario"] = "rune_wars"
        doc["seat"][0]["play"] = ["Rune des Goldes"]
        doc["seat"][1]["play"] = ["Rune des Wissens"]

    g = Game("rules_base", edit=runes)
    rune = g.card("play:0", "Rune des Goldes")
    g.play(0, "use_gold", card=rune)
    assert g.g.pool == 2 and rune in g.g.exhausted
    assert {"kind": "use_gold", "card": rune} not in g.legal(0)
    g.play(0, "buy", pile="u2")
    g.finish_turn(0)
    other = g.card("play:1", "Rune des Wissens")
    g.play(1, "card_action", card=other)
    assert len(g.zone("hand:1")) == 6 and other in g.zone("play:1") and other in g.g.exhausted
