"""The audit of a DragonLords battle round (DL:3.4/land.2, DL:3.4/land.3, DL:3.4/land.5): each die
with the strength it was tested against and the roll it came from (a chance outcome), each
strength modifier with its rule and the event that gave it, the hits of each side."""

from __future__ import annotations

from engine.games.dragonlords import names
from projections.audit import audit
from projections.views import REFEREE
from sim.testing import new_game, run_bots


def seeded_rounds(seed: int = 1):
    eng, gid = new_game("dragonlords", 2, seed)
    run_bots(eng, gid, seed)
    return eng, gid, [e for e in eng.store.read(gid) if e.type == "dl.round"]


def named(items, start):
    return [i for i in items if i["input"].startswith(start)]


def test_every_die_of_a_round_names_its_roll_and_the_strength_it_was_tested_against():
    """DL:3.4/land.3: a die hits on a face at most the side's strength; each die's input is its
    face, linked to the dice.rolled event with the same face."""
    eng, gid, rounds = seeded_rounds()
    assert rounds
    stored = {e.version: e for e in eng.store.read(gid)}
    for r in rounds[:10]:
        items = audit(eng.store, gid, r.version, REFEREE)["inputs"]
        for side in ("attacker", "defender"):
            s = r.data[side]
            if not s:
                continue
            dice = named(items, f"{side} die ")
            assert len(dice) == len(s["dice"])
            for row, die in zip(dice, s["dice"], strict=True):
                assert row["value"] == die["face"] and row["rule"] == "DL:3.4/land.3"
                assert f"against strength {die['against']}" in row["note"]
                assert ("hit" in row["note"].split(":")[1]) == die["hit"]
                (roll,) = row["from"]
                assert roll["type"] == "dice.rolled" and roll["chance"]["stream"] == "die:d6"
                assert stored[roll["version"]].data["face"] == die["face"]
            (strength,) = named(items, f"{side} strength")
            assert strength["value"] == s["strength"]["value"]
            (base,) = named(items, f"{side}, {names.army(eng.table(gid), s['army'])}")
            assert base["value"] == s["strength"]["base"] and base["from"][0]["type"] == "dl.setup"
            (hits,) = named(items, f"{side} hits")
            assert hits["value"] == s["hits"] == sum(d["hit"] for d in s["dice"])


def test_each_modifier_names_its_rule_and_where_it_came_from():
    """DL:3.4/land.2: Hope +1 (a unit of the side knows it: the King, DL:3.4/spells.hope), the
    Kingdom -1 for an attacker (DL:2.2/kingdom), treasures: each names the event behind it."""
    found = 0
    for seed in (1, 2, 3):
        eng, gid, rounds = seeded_rounds(seed)
        for r in rounds:
            items = audit(eng.store, gid, r.version, REFEREE)["inputs"]
            for side in ("attacker", "defender"):
                for m in (r.data[side] or {}).get("strength", {}).get("modifiers", []):
                    rows = named(items, f"{side} modifier {m['source']}")
                    assert rows and all(x["rule"] == m["rule"] and x["value"] == m["delta"] for x in rows)
                    assert rows[0]["from"], f"{m['source']}: no source event"
                    if m["source"] == "Hope":
                        assert rows[0]["from"][0]["type"] in ("dl.hero_new", "dl.hero")
                    found += 1
    assert found, "no modifier in the seeded battles: the test could not fail"


def test_a_public_audit_hides_the_secret_source_of_hope():
    """The King's Hope comes from a seat-only chip (DL:2.3/placement): a spectator's audit shows
    that a source exists but not the event that names the unit."""
    for seed in (1, 2, 3):
        eng, gid, rounds = seeded_rounds(seed)
        for r in rounds:
            items = audit(eng.store, gid, r.version, None)["inputs"]
            hope = [i for i in items if i["input"].endswith("modifier Hope")]
            secret = [s for i in hope for s in i["from"] if s.get("hidden")]
            if secret:
                assert all(set(s) == {"version", "hidden"} for s in secret)
                return
    raise AssertionError("no Hope from a hidden chip in the seeded battles")
