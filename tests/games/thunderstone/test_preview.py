"""Words previews of legal commands (Ruleset.preview) for the table: a purchase's price and a
battle's totals, computed by the battle code itself and without changing the game."""

import msgspec
import pytest
from ts_helpers import Game


def snapshot(g):
    return g.t.version, msgspec.json.encode(g.t.game), {z: list(v.cards) for z, v in g.t.zones.items()}


def previews(g):
    rs, t = g.eng.ruleset(g.gid), g.t
    return {msgspec.json.encode(c): rs.preview(t, t.game.active, c) for c in g.legal()}


def test_ts_ex01_buy_preview_gives_price_and_gold():
    """EX-01 (p.7) TRN-V4: 5 gold in the buy step; the Schaedelspalter costs 4."""
    g = Game("ex01_erik_buys", seat0={"xp": 3})
    g.play("action", action="village")
    rs = g.eng.ruleset(g.gid)
    before = snapshot(g)
    text = rs.preview(g.t, 0, {"kind": "buy", "stack": "Schaedelspalter"})
    assert text == "buy Schaedelspalter: costs 4 gold, you have 5"
    assert rs.preview(g.t, 0, {"kind": "pass"}) is None
    previews(g)
    assert snapshot(g) == before


def test_ts_second_buy_preview_shows_the_gold_left():
    """TRN-V4 with a Stadtfuehrer (one extra buy): 8 gold, the Seelenjuwel costs 5, so the second
    buy's preview says 3 are left."""
    g = Game(
        "a2_clarifications", seat0={"hand": ["Stadtfuehrer", "Fackel", "Fackel", "Fackel", "Miliz", "Miliz"]}
    )
    g.play("action", action="village")
    g.use("play0", "Stadtfuehrer", 0)
    rs = g.eng.ruleset(g.gid)
    assert (
        rs.preview(g.t, 0, {"kind": "buy", "stack": "Seelenjuwel"})
        == "buy Seelenjuwel: costs 5 gold, you have 8"
    )
    g.play("buy", stack="Seelenjuwel")
    assert rs.preview(g.t, 0, {"kind": "buy", "stack": "Miliz"}) == "buy Miliz: costs 0 gold, you have 3"


@pytest.mark.parametrize(
    "scene, position, name",
    [
        ("ex04_sage_and_fireball", 1, "Fabelwesen I"),
        ("ex10_light_penalties", 1, "Erzuerntes Wasser"),
        ("ex10_light_penalties", 3, "Stuermische Erde"),
        ("ex09_master_spoils", 3, "Gruftgeist"),
    ],
)
def test_ts_attack_preview_matches_the_battle_that_follows(scene, position, name):
    """BAT-ALG, BAT-3, BAT-8: the preview's totals are those the battle then records (for
    monsters without battle effects), and asking for previews writes no event."""
    g = Game(scene)
    g.play("action", action="dungeon")
    monster = g.id(f"pos{position}", name)
    before = snapshot(g)
    every = previews(g)
    assert snapshot(g) == before
    text = every[msgspec.json.encode({"kind": "attack", "monster": monster})]
    g.play("attack", monster=monster)
    b = g.last("ts.battle")
    assert text.startswith(f"attack {name}: attack {b['attack']} + magic {b['magic']}")
    assert f"= {b['total']} vs health {b['health']}: " in text
    assert (f"- light penalty {b['deduction']:d}" in text) == bool(b["deduction"])
    assert text.split(": ")[2].startswith("wins" if b["won"] else "loses")


def test_ts_ex02_level_preview_gives_xp_cost_and_xp():
    """EX-02 (p.9) LVL-1: Marie's Veteranen-Berserker costs 3 XP and she has 3."""
    g = Game("ex02_marie_levels")
    g.play("action", action="village")
    g.play("pass")
    berserker = g.id("play0", "Veteranen-Berserker")
    cmd = next(c for c in g.legal() if c == {"kind": "level", "card": berserker})
    assert g.eng.ruleset(g.gid).preview(g.t, 0, cmd) == "level up Veteranen-Berserker: costs 3 XP, you have 3"
