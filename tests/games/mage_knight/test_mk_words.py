"""Mage Knight in words: zones explained (MK zone names), the log as sentences naming the seat
and the cards, and the audit of a block naming the enemy, the points added and the arithmetic
(MK:9:Block:5, MK:9:Block:6)."""

from __future__ import annotations

from engine import registry
from engine.narration import seat_name
from projections.audit import audit
from projections.views import REFEREE, log_view
from sim.testing import new_game, run_bots


def played(seed: int = 1, players: int = 2):
    eng, gid = new_game("mage-knight", players, seed)
    run_bots(eng, gid, seed)
    return eng, gid


def test_every_zone_of_a_game_is_explained_and_seat_zones_count_from_one():
    rs = registry.get("mage-knight")
    eng, gid = new_game("mage-knight", 2, 1)
    names = list(eng.table(gid).zones)
    assert names
    for z in names:
        assert rs.zone_label(z) != z, z
    assert rs.zone_label("hand:0") == "Seat 1's hand"
    assert rs.zone_label("units:1") == "Seat 2's units"
    assert rs.zone_label("units:regular") == "the regular unit deck"
    assert rs.zone_label("enemies:green:discard") == "the green enemy discard pile"


def test_a_turn_a_move_and_a_block_read_as_sentences():
    rs = registry.get("mage-knight")
    eng, gid = played()
    t = eng.table(gid)
    words = {e["type"]: rs.describe(t, e) for e in log_view(rs, eng.store.read(gid), REFEREE)}
    moved = next(e for e in eng.store.read(gid) if e.type == "mk.moved")
    assert rs.describe(t, {"type": "mk.moved", "actor": None, "data": moved.data}) == (
        f"{seat_name(moved.data['seat'])} moves to hex ({moved.data['to'].replace(',', ', ')}) "
        f"for {moved.data['cost']} move points."
    )
    for typ in ("mk.turn", "mk.round", "mk.played"):
        assert typ in words and "{" not in words[typ] and "_" not in words[typ].split(":")[0]


def test_a_blocks_audit_names_the_enemy_the_points_and_the_arithmetic():
    for seed in range(1, 25):
        eng, gid = played(seed)
        blocks = [e for e in eng.store.read(gid) if e.type == "mk.combat.blocked"]
        if not blocks:
            continue
        b = blocks[0]
        items = audit(eng.store, gid, b.version, REFEREE)["inputs"]
        (enemy,) = [i for i in items if i["input"].startswith("enemy ")]
        assert enemy["card"] == b.data["enemy"] and enemy["value"]["armour"] is not None
        assert [i["value"] for i in items if i["input"] == "need"] == [b.data["need"]]
        assert [i["value"] for i in items if i["input"] == "total"] == [b.data["total"]]
        steps = [i["value"] for i in items if i["input"].startswith("step ")]
        assert steps == b.data["audit"]
        points = [i for i in items if i["input"].startswith("block ")]
        assert all(p["from"][0]["type"] == "mk.combat_points" for p in points)
        return
    raise AssertionError("no block in the seeded games")
