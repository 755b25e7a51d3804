"""Words previews of legal commands (Ruleset.preview) for the table: a purchase's cost against
the pool, a battle's strength against the army's, read without changing the game."""

from __future__ import annotations

import msgspec
from ra_helpers import Game


def snapshot(g):
    return g.t.version, msgspec.json.encode(g.t.game), {z: list(v.cards) for z, v in g.t.zones.items()}


def test_ra_e1_previews_price_and_battle_strength():
    """E1 · ACT-BUY-2, BTL-1, BTL-5: the stronghold needs strength 2; two Fußvolk (1 each) reach
    it; with the 2-Gold played, the Armbrustschützen (cost 2) are within the 2 gold."""
    g = Game("e1_actions_any_order")
    rs = g.eng.ruleset(g.gid)
    s1 = g.zone("barracks:0:stronghold")[0]
    u1, u2 = g.card("hand:0", "Daqan-Fußvolk", 0), g.card("hand:0", "Daqan-Fußvolk", 1)
    before = snapshot(g)
    shown = {msgspec.json.encode(c): rs.preview(g.t, 0, c) for c in g.legal(0)}
    assert snapshot(g) == before
    assert (
        shown[msgspec.json.encode({"kind": "attack", "target": s1})]
        == "battle Daqan-Festung: your army needs strength 2 (BTL-1)"
    )
    assert (
        shown[msgspec.json.encode({"kind": "attack", "target": "realm:1"})]
        == "siege the home realm of Seat 2 (SGE-1)"
    )
    assert shown[msgspec.json.encode({"kind": "end_turn"})] is None
    g.play(0, "attack", target=s1)
    g.play(0, "play", card=u1)
    assert (
        rs.preview(g.t, 0, {"kind": "stop"})
        == "your army has strength 1 now, needs 2 (BTL-5: a tie goes to the army)"
    )
    g.play(0, "play", card=u2)
    g.play(0, "stop")
    assert g.events("ra.outcome")[-1].data["attacker"] == 2
    g.play(0, "play_gold", card=g.card("hand:0", "2-Gold"))
    assert (
        rs.preview(g.t, 0, {"kind": "buy", "pile": "u2"})
        == "buy Daqan-Armbrustschützen: costs 2 gold, you have 2"
    )
    assert rs.preview(g.t, 0, {"kind": "buy", "pile": "no-such-pile"}) is None


def test_ra_e6_siege_previews_give_both_totals_with_the_card_played():
    """E6 · SGE-2, SGE-3: each siege command shows attacker and defender totals as they stand
    (the card a play would add counted in), from the same functions the outcome uses; a tie goes
    to the defender. Before the resolution step: 4 against 5; the outcome after it: 7 against 5."""
    g = Game("e6_siege_home_realm")
    rs = g.eng.ruleset(g.gid)
    b1, b2, b3 = (g.card("hand:0", "Berserker", i) for i in range(3))
    ff, sr = g.card("hand:0", "Fleischfetzer"), g.card("hand:0", "Schlachtruf")
    sz, da = g.card("hand:1", "Sturmzauberweberin"), g.card("hand:1", "Darnati-Krieger")
    fort = g.card("play:1", "Latari-Festung")
    g.play(0, "attack", target="realm:1")
    before = snapshot(g)
    text = rs.preview(g.t, 0, {"kind": "play", "card": "Berserker"})
    assert snapshot(g) == before
    assert text == (
        "siege of the home realm of Seat 2: attacker 1 against defender 0 with Berserker"
        " (+1): the attacker wins as things stand (SGE-3: a tie goes to the defender)"
    )
    g.play(0, "play", card=b1)
    assert rs.preview(g.t, 1, {"kind": "play", "card": "Sturmzauberweberin"}).startswith(
        "siege of the home realm of Seat 2: attacker 1 against defender 3 with Sturmzauberweberin (+3):"
        " the defender holds"
    )
    g.play(1, "play", card=sz)
    g.play(0, "play", card=ff)
    g.play(0, "ability", card=ff, target=b1)
    g.play(1, "play", card=da)
    g.play(1, "ability", card=da, target=b1, pay=fort)
    behind = rs.preview(g.t, 0, {"kind": "play", "card": "Berserker"})
    assert "attacker 3 against defender 5 with Berserker (+1)" in behind and "the defender holds" in behind
    g.play(0, "play", card=sr)
    g.play(0, "play", card=b2)
    g.play(0, "play", card=b3)
    assert rs.preview(g.t, 0, {"kind": "pass"}).startswith(
        "siege of the home realm of Seat 2: attacker 4 against defender 5: the defender holds"
    )
    g.play(0, "pass")
    assert rs.preview(g.t, 0, {"kind": "resolve", "card": sr}).startswith(
        "siege of the home realm of Seat 2: attacker 4 against defender 5"
    )
    g.play(0, "resolve", card=sr)
    out = g.events("ra.outcome")[-1].data
    assert (out["attacker"], out["defender"]) == (7, 5)
