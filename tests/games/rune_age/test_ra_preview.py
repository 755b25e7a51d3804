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
    assert shown[msgspec.json.encode({"kind": "attack", "target": s1})] == \
        "battle Daqan-Festung: your army needs strength 2 (BTL-1)"
    assert shown[msgspec.json.encode({"kind": "attack", "target": "realm:1"})] == \
        "siege the home realm of seat 1 (SGE-1)"
    assert shown[msgspec.json.encode({"kind": "end_turn"})] is None
    g.play(0, "attack", target=s1)
    g.play(0, "play", card=u1)
    assert rs.preview(g.t, 0, {"kind": "stop"}) == \
        "your army has strength 1 now, needs 2 (BTL-5: a tie goes to the army)"
    g.play(0, "play", card=u2)
    g.play(0, "stop")
    assert g.events("ra.outcome")[-1].data["attacker"] == 2
    g.play(0, "play_gold", card=g.card("hand:0", "2-Gold"))
    assert rs.preview(g.t, 0, {"kind": "buy", "pile": "u2"}) == \
        "buy Daqan-Armbrustschützen: costs 2 gold, you have 2"
    assert rs.preview(g.t, 0, {"kind": "buy", "pile": "no-such-pile"}) is None
