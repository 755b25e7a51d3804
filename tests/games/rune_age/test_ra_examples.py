"""The rulebook's worked examples E0..E9 (rules/rune-age-examples.md), each from a situation file
through the real pipeline. FIXTURE values live in the situation files, not in the content."""

from __future__ import annotations

import pytest
from ra_helpers import Game

from engine.games.rune_age.cards import spec


def test_ra_e0_setup_four_players_dragonlords():
    """E0 · SET-1..11, SET-T, RND-2: the set-up figure for four players."""
    g = Game("e0_setup_four_players")
    assert [len(g.zone(f"gold:{v}")) for v in (1, 2, 3)] == [4, 14, 10]
    assert {z: len(g.zone(z)) for z in g.t.zones if z.startswith("neutral:")} == {
        "neutral:Schlachtruf": 5,
        "neutral:Gewaltmarsch": 5,
        "neutral:Dämon": 5,
    }
    assert len(g.zone("cities")) == 5 and len(g.zone("box")) == 3
    assert g.names("objective") == ["Die Drachenlords"]
    stages = [spec(g.g, c).stage for c in g.zone("events")]
    assert len(stages) == 10 and stages == sorted(stages) and stages[0] == 1 and stages[-1] == 2
    assert g.zone("event_discard") == [] and g.zone("enemies") == [] and g.zone("event_drawn") == []
    assert g.g.order == [0, 1, 2, 3] and g.g.first == 0 and g.g.round == 1 and g.g.active == 0
    for s in range(4):
        assert [len(g.zone(f"barracks:{s}:{p}")) for p in ("stronghold", "u1", "u2", "u3", "u5")] == [
            3,
            5,
            4,
            4,
            3,
        ]
        assert (len(g.zone(f"hand:{s}")), len(g.zone(f"deck:{s}")), len(g.zone(f"discard:{s}"))) == (5, 3, 0)
        assert g.damage(s) == 0
    shuffled = [e.data["zone"] for e in g.events("zone.shuffled")]
    assert [z for z in shuffled if z.startswith("deck:")] == ["deck:0", "deck:1", "deck:2", "deck:3"]
    assert [z for z in shuffled if z.startswith("stage:")] == ["stage:2", "stage:1"]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_ra_e0_setup_other_player_counts_leave_four_one_gold(players):
    """E0 variant · SET-T, SET-8: 4 one-gold cards remain in the centre at every player count."""
    g = Game.new(players, seed=players, scenario="dragonlords")
    assert len(g.zone("gold:1")) == 4
    row = {1: (8, 4, 2, 2), 2: (10, 6, 3, 3), 3: (12, 8, 4, 4)}[players]
    assert (
        len(g.zone("gold:2")),
        len(g.zone("gold:3")),
        len(g.zone("neutral:Dämon")),
        len(g.zone("cities")),
    ) == row


def test_ra_e1_actions_any_order_fight_buy_fight():
    """E1 · TRN-2, ACT-CMB-2, BTL-5, ACT-BUY-2: fight, spend gold, fight again."""
    g = Game("e1_actions_any_order")
    s1 = g.zone("barracks:0:stronghold")[0]
    u1, u2 = g.card("hand:0", "Daqan-Fußvolk", 0), g.card("hand:0", "Daqan-Fußvolk", 1)
    u3, g2 = g.card("hand:0", "Daqan-Armbrustschützen"), g.card("hand:0", "2-Gold")
    g.play(0, "attack", target=s1)
    g.play(0, "play", card=u1)
    g.play(0, "play", card=u2)
    g.play(0, "stop")
    g.play(0, "play_gold", card=g2)
    bought, left = g.zone("barracks:0:u2")[0], len(g.zone("barracks:0:u2"))
    g.play(0, "buy", pile="u2")
    s2 = g.zone("barracks:0:stronghold")[0]
    g.play(0, "attack", target=s2)
    g.play(0, "play", card=u3)  # only the 1-gold card is left: deployment must stop (BTL-2)
    assert s1 in g.zone("play:0") and s2 in g.zone("play:0") and s1 != s2
    assert {u1, u2, u3, g2, bought} <= set(g.zone("discard:0"))
    assert len(g.zone("barracks:0:stronghold")) == 1 and len(g.zone("barracks:0:u2")) == left - 1
    assert g.events("ra.forfeited") == []
    assert [e.data["winner"] for e in g.events("ra.outcome")] == ["army", "army"]


def test_ra_e2_purchase_action_cannot_be_interrupted():
    """E2 case a · ACT-BUY-5/6: a battle closes the purchase action; the second gold is lost."""
    g = Game("e2_purchase_not_interrupted")
    g2 = g.card("hand:0", "2-Gold")
    g.play(0, "play_gold", card=g2)
    g.play(0, "buy", pile="u1")
    g.play(0, "attack", target=g.zone("barracks:0:stronghold")[0])
    forfeits = g.events("ra.forfeited")
    assert [(e.data["amount"], e.rule) for e in forfeits] == [(1, "ACT-BUY-5")]
    g.play(0, "stop")
    err = g.rejected(0, "buy", pile="u1")
    assert err.rule == "ACT-BUY-1"
    assert g.names("discard:0").count("Untote Horde") == 1 and g2 in g.zone("discard:0")


def test_ra_e2_two_hordes_in_one_purchase_action():
    """E2 case b · ACT-BUY-1/2: one 2-gold card buys two Hordes in the same action."""
    g = Game("e2_purchase_not_interrupted")
    before = len(g.zone("barracks:0:u1"))
    g.play(0, "play_gold", card=g.card("hand:0", "2-Gold"))
    g.play(0, "buy", pile="u1")
    g.play(0, "buy", pile="u1")
    g.play(0, "end_action")
    assert g.names("discard:0").count("Untote Horde") == 2 and "2-Gold" in g.names("discard:0")
    assert len(g.zone("barracks:0:u1")) == before - 2 and g.events("ra.forfeited") == []


def test_ra_e3_purchase_box_two_units_with_seven_gold():
    """E3 · ACT-BUY-1/2, ZON-6: 3+3+1 gold buys Pegasusreiter and Sturmzauberweberin."""
    g = Game("e3_purchase_box")
    golds = [g.card("hand:0", "3-Gold", 0), g.card("hand:0", "3-Gold", 1), g.card("hand:0", "1-Gold")]
    for c in golds:
        g.play(0, "play_gold", card=c)
    g.play(0, "buy", pile="u2")
    g.play(0, "buy", pile="u5")
    g.play(0, "end_action")
    assert set(g.names("discard:0")) == {"3-Gold", "1-Gold", "Pegasusreiter", "Sturmzauberweberin"}
    assert len(g.zone("discard:0")) == 5 and not set(golds) & set(g.zone("hand:0"))
    assert (len(g.zone("barracks:0:u2")), len(g.zone("barracks:0:u5"))) == (3, 2)
    assert g.events("ra.forfeited") == []


def test_ra_e3_variant_costs_six_keep_or_forfeit_the_one_gold():
    """E3 variant · ACT-BUY-5: with costs summing to 6 the 1-gold card may stay in hand; played anyway, 1 is lost."""

    def six(doc):
        doc["fixture"]["Sturmzauberweberin"]["cost"] = 4

    g = Game("e3_purchase_box", edit=six)
    for c in [g.card("hand:0", "3-Gold", 0), g.card("hand:0", "3-Gold", 1)]:
        g.play(0, "play_gold", card=c)
    g.play(0, "buy", pile="u2")
    g.play(0, "buy", pile="u5")
    g.play(0, "end_action")
    assert "1-Gold" in g.names("hand:0") and g.events("ra.forfeited") == []
    h = Game("e3_purchase_box", edit=six)
    for c in [h.card("hand:0", "3-Gold", 0), h.card("hand:0", "3-Gold", 1), h.card("hand:0", "1-Gold")]:
        h.play(0, "play_gold", card=c)
    h.play(0, "buy", pile="u2")
    h.play(0, "buy", pile="u5")
    h.play(0, "end_action")
    assert [e.data["amount"] for e in h.events("ra.forfeited")] == [1]


def test_ra_e4_influence_box_three_cards_buy_a_three_gold():
    """E4 · ACT-INF-1..4, RES-2, TRN-1: 1+1+3 influence buys a 3-gold card; the cards stay exhausted until D's next turn."""
    g = Game("e4_influence_box")
    a, b = g.card("play:0", "Daqan-Festung", 0), g.card("play:0", "Daqan-Festung", 1)
    river = g.card("play:0", "Riverwatch")
    for c in (a, b, river):
        g.play(0, "use_influence", card=c)
    top = g.zone("gold:3")[0]
    g.play(0, "acquire", pile="gold:3")
    g.play(0, "end_action")
    assert set(g.g.exhausted) == {a, b, river} and top in g.zone("discard:0")
    assert len(g.zone("gold:3")) == 5 and g.events("ra.forfeited") == []
    g.finish_turn(0)
    assert set(g.g.exhausted) == {a, b, river} and g.g.active == 1
    g.finish_turn(1)
    assert g.g.round == 2 and g.g.active == 0 and g.g.exhausted == []
    refresh = g.events("ra.refreshed")[-1]
    assert refresh.rule == "TRN-1" and set(refresh.data["cards"]) == {a, b, river}


def test_ra_e4_negative_four_influence_cannot_buy_a_three_gold():
    """E4 negative · ACT-INF-4: Riverwatch and one stronghold give 4 < 5; the acquisition is rejected."""
    g = Game("e4_influence_box")
    g.play(0, "use_influence", card=g.card("play:0", "Riverwatch"))
    g.play(0, "use_influence", card=g.card("play:0", "Daqan-Festung"))
    assert g.g.pool == 4
    assert g.rejected(0, "acquire", pile="gold:3").rule == "ACT-INF-4"
    assert len(g.zone("gold:3")) == 6


def test_ra_e5_battle_kalladra_casualty_and_reward():
    """E5 · BTL-1..7, CAS-1..4, ABL-2/3, DES-1, RWD-1: 1+1+2+3+3 = 10 beats Kalladra (8)."""
    g = Game("e5_battle_kalladra")
    kalladra = g.zone("enemies")[0]
    h1, h3 = g.card("hand:0", "Untote Horde", 0), g.card("hand:0", "Untote Horde", 1)
    h2 = g.zone("discard:0")[0]
    sa, dk = g.card("hand:0", "Skelett-Bogenschütze"), g.card("hand:0", "Dunkler Ritter")
    barracks = len(g.zone("barracks:0:u1"))
    g.play(0, "attack", target=kalladra)
    g.play(0, "play", card=h1)
    assert g.prompt().kind == "on_play"
    g.play(0, "ability", card=h1, target=h2)
    assert h2 in g.zone("army:0") and h2 not in g.zone("discard:0")
    g.play(0, "play", card=h3)  # the search finds nothing: no on-play prompt
    assert g.prompt().kind == "deploy" and g.g.combat.pending == ""
    g.play(0, "play", card=sa)  # only opposing players' units: no legal target against an enemy
    assert g.prompt().kind == "deploy"
    g.play(0, "play", card=dk)  # only the 1-gold card is left: deployment must stop (BTL-2)
    rolls = g.events("dice.rolled")
    assert len(rolls) == 1 and rolls[0].rule == "CAS-1" and rolls[0].data["face"] == 1
    assert g.prompt().kind == "casualty"
    assert {c["card"] for c in g.legal(0)} == {h1, h2, h3, sa, dk}
    g.play(0, "casualty", card=h3)
    assert h3 in g.zone("barracks:0:u1") and len(g.zone("barracks:0:u1")) == barracks + 1
    assert g.prompt().kind == "resolution"
    g.play(0, "resolve", card=dk)
    out = g.events("ra.outcome")[-1].data
    assert (out["attacker"], out["target"], out["winner"]) == (10, 8, "army")
    assert kalladra in g.zone("play:0") and g.zone("enemies") == []
    assert g.names("hand:0") == ["1-Gold"]
    assert set(g.zone("discard:0")) == {h1, h2, sa, dk}


@pytest.mark.parametrize("strength,wins", [(10, True), (11, False)])
def test_ra_e5_variants_tie_wins_and_a_loss_blocks_a_second_attack(strength, wins):
    """E5 variants · BTL-5 (a tie goes to the army), ACT-CMB-2 (each target once per round)."""

    def harder(doc):
        doc["fixture"]["Drachenlord Kalladra"]["strength"] = strength

    g = Game("e5_battle_kalladra", edit=harder)
    kalladra = g.zone("enemies")[0]
    h1 = g.card("hand:0", "Untote Horde", 0)
    g.play(0, "attack", target=kalladra)
    g.play(0, "play", card=h1)
    g.play(0, "ability", card=h1, target=g.zone("discard:0")[0])
    for name in ("Untote Horde", "Skelett-Bogenschütze", "Dunkler Ritter"):
        g.play(0, "play", card=g.card("hand:0", name))
    g.play(0, "casualty", card=h1)
    g.play(0, "resolve", card=g.card("army:0", "Dunkler Ritter"))
    assert (kalladra in g.zone("play:0")) is wins
    if not wins:
        assert g.zone("enemies") == [kalladra]
        assert g.rejected(0, "attack", target=kalladra).rule == "ACT-CMB-2"


def test_ra_e6_siege_of_a_home_realm():
    """E6 · SGE-1..5, ABL-2/3, DES-1/3, A28: alternate play, a paid on-play destroy, pass, 7-5 = 2 damage."""
    g = Game("e6_siege_home_realm")
    b1, b2, b3 = (g.card("hand:0", "Berserker", i) for i in range(3))
    ff, sr = g.card("hand:0", "Fleischfetzer"), g.card("hand:0", "Schlachtruf")
    sz, da = g.card("hand:1", "Sturmzauberweberin"), g.card("hand:1", "Darnati-Krieger")
    fort = g.card("play:1", "Latari-Festung")
    x = g.zone("deck:0")[0]
    berserkers = len(g.zone("barracks:0:u1"))
    g.play(0, "attack", target="realm:1")
    assert g.g.combat.kind == "siege" and g.g.combat.defender == 1
    g.play(0, "play", card=b1)
    assert g.prompt().seat == 1 and g.prompt().kind == "deploy"
    g.play(1, "play", card=sz)
    g.play(0, "play", card=ff)
    g.play(0, "ability", card=ff, target=b1)
    assert b1 in g.g.combat.wounded and x in g.zone("hand:0")
    g.play(1, "play", card=da)
    assert {"kind": "ability", "card": da, "target": b1, "pay": fort} in g.legal(1)
    g.play(1, "ability", card=da, target=b1, pay=fort)
    assert b1 in g.zone("barracks:0:u1") and fort in g.g.exhausted
    g.play(0, "play", card=sr)  # the defender holds only gold now: he passes (SGE-2, A30)
    assert 1 in g.g.combat.passed and g.prompt().seat == 0
    g.play(0, "play", card=b2)
    g.play(0, "play", card=b3)
    g.play(0, "pass")
    assert [e.data["total"] for e in g.events("ra.announced")] == [1, 3, 3, 5, 3, 4]
    assert g.prompt().kind == "resolution" and g.legal(0) == [
        {"kind": "resolve", "card": sr},
        {"kind": "done"},
    ]
    g.play(0, "resolve", card=sr)
    out = g.events("ra.outcome")[-1].data
    assert (out["attacker"], out["defender"], out["winner"]) == (7, 5, "attacker")
    assert g.damage(1) == 2 and g.events("damage.dealt")[-1].rule == "SGE-4"
    assert set(g.zone("discard:0")) == {ff, b2, b3, sr} and set(g.zone("discard:1")) == {sz, da}
    assert len(g.zone("barracks:0:u1")) == berserkers + 1
    mark = g.t.version
    g.finish_turn(0)  # TRN-4: every player draws up to five, then E's turn begins
    refill = [e for e in g.events("zone.moved", since=mark) if e.data["dst"] == "hand:1"]
    assert [(e.rule, e.data["n"]) for e in refill] == [("TRN-4", 2)]
    turn = g.events("ra.turn", since=mark)[0]
    refresh = g.events("ra.refreshed", since=mark)[0]
    assert refill[0].version < turn.version < refresh.version and turn.data["seat"] == 1
    assert refresh.rule == "TRN-1" and refresh.data["cards"] == [fort]


def test_ra_e7_resolution_discard_for_two_strength_captures_the_city():
    """E7 case a · ABL-3, BTL-5: discarding G makes the Belagerungsmaschine 4; 4 >= 4 captures."""
    g = Game("e7_resolution_siege_engine")
    city, bm, gold = (
        g.card("cities", "Tamalir"),
        g.card("hand:0", "Belagerungsmaschine"),
        g.card("hand:0", "1-Gold"),
    )
    g.play(0, "attack", target=city)
    g.play(0, "play", card=bm)
    assert g.prompt().kind == "resolution"
    g.play(0, "resolve", card=bm, discard=gold)
    assert gold in g.zone("discard:0") and city in g.zone("play:0")


def test_ra_e7_declining_the_ability_loses():
    """E7 case b · ABL-1: the ability is optional; 2 < 4 and the city stays neutral."""
    g = Game("e7_resolution_siege_engine")
    city = g.card("cities", "Tamalir")
    g.play(0, "attack", target=city)
    g.play(0, "play", card=g.card("hand:0", "Belagerungsmaschine"))
    g.play(0, "done")
    assert city in g.zone("cities") and g.events("ra.outcome")[-1].data["winner"] == "target"


def test_ra_e7_empty_hand_makes_the_ability_unavailable():
    """E7 case c · ABL-3: with no hand card to discard there is no resolution choice at all."""
    g = Game("e7_resolution_siege_engine", edit=lambda d: d["seat"][0].update(hand=["Belagerungsmaschine"]))
    city = g.card("cities", "Tamalir")
    g.play(0, "attack", target=city)
    g.play(0, "play", card=g.card("hand:0", "Belagerungsmaschine"))
    assert g.g.combat is None and city in g.zone("cities")


def test_ra_e7_second_use_in_the_same_turn_is_rejected():
    """E7 case d · ABL-1: once per card per turn."""
    g = Game(
        "e7_resolution_siege_engine",
        edit=lambda d: d["seat"][0].update(hand=["Belagerungsmaschine", "Schlachtruf", "1-Gold", "1-Gold"]),
    )
    bm = g.card("hand:0", "Belagerungsmaschine")
    g.play(0, "attack", target=g.card("cities", "Tamalir"))
    g.play(0, "play", card=bm)
    g.play(0, "play", card=g.card("hand:0", "Schlachtruf"))  # gold left only: deployment stops
    g.play(0, "resolve", card=bm, discard=g.card("hand:0", "1-Gold"))
    err = g.rejected(0, "resolve", card=bm, discard=g.card("hand:0", "1-Gold"))
    assert err.rule == "ABL-1"


def test_ra_e8_stronghold_bought_for_four_gold_gives_influence_at_once():
    """E8 case a · RES-4, ACT-BUY-3: bought ready, usable for 1 influence in the same turn."""
    g = Game("e8_stronghold_note")
    for name in ("2-Gold", "1-Gold", "1-Gold"):
        g.play(0, "play_gold", card=g.card("hand:0", name))
    fort = g.zone("barracks:0:stronghold")[0]
    g.play(0, "buy", pile="stronghold")
    assert fort in g.zone("play:0") and fort not in g.g.exhausted
    g.play(0, "use_influence", card=fort)
    assert g.g.action == "influence" and g.g.pool == 1


def test_ra_e8_stronghold_captured_with_exactly_two_strength():
    """E8 case b · BTL-5: 2 >= 2, the tie goes to the player."""
    g = Game("e8_stronghold_note")
    fort = g.zone("barracks:0:stronghold")[0]
    g.play(0, "attack", target=fort)
    g.play(0, "play", card=g.card("hand:0", "Latari-Späher", 0))
    g.play(0, "play", card=g.card("hand:0", "Latari-Späher", 0))
    assert fort in g.zone("play:0") and fort not in g.g.exhausted


def test_ra_e8_another_players_stronghold_is_never_a_target():
    """E8 case c · SGE-1, A32: neither in his barracks nor in his play area."""
    g = Game("e8_stronghold_note")
    theirs = [g.zone("barracks:1:stronghold")[0], g.card("play:1", "Uthuk-Festung")]
    targets = {c["target"] for c in g.legal(0) if c["kind"] == "attack"}
    for fort in theirs:
        assert fort not in targets
        assert g.rejected(0, "attack", target=fort).rule == "SGE-1"


def test_ra_e9_mind_control_may_take_a_race_card():
    """E9 · SCN-MO-5: any card of the opponent's hand, race cards included."""
    g = Game("e9_mind_control")
    gk = g.card("hand:0", "Gedankenkontrolle")
    g.play(0, "card_action", card=gk, seat=1)
    assert g.prompt().kind == "take" and g.prompt().seat == 0
    shown = g.events("ra.hand_shown")[-1]
    assert shown.vis == [0, 1] and set(shown.data["cards"]) == set(g.zone("hand:1"))
    assert g.legal(0) == [{"kind": "take", "slot": 0}, {"kind": "take", "slot": 1}]
    knight = g.card("hand:1", "Daqan-Ritter")
    g.play(0, "take", slot=g.zone("hand:1").index(knight))
    assert knight in g.zone("hand:0") and g.names("hand:1") == ["3-Gold"]
    assert gk in g.zone("discard:0")
