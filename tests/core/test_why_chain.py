"""Audit why-chains (engine.explain.why): for a decisive event of each ruleset, every input the
rule used is named with the event it came from and its rule id, down to chance outcomes."""

from __future__ import annotations

import json

from bots.random_bot import bot_rng, decide
from cli import main as cli
from engine.explain import why_lines
from projections.audit import audit
from projections.views import REFEREE
from sim.testing import from_situation, new_game, run_bots

TS_EX14 = "engine/games/thunderstone/situations/ex14_corpses_immune_to_magic.toml"
RA_CITY = "engine/games/rune_age/situations/dispute_city_casualties.toml"
EP_X01 = "engine/games/epochs/situations/ep_x01_normal_line.toml"


def inputs(eng, gid, n, who=REFEREE):
    return audit(eng.store, gid, n, who)["inputs"]


def named(items, start):
    return [i for i in items if i["input"].startswith(start)]


def first(eng, gid, typ, test=lambda e: True):
    return next(e for e in eng.store.read(gid) if e.type == typ and test(e))


def seeded_battle():
    """A seeded two-seat game played by random bots up to its first battle."""
    eng, gid = new_game("thunderstone", 2, 7)
    rng, n = bot_rng(1), 0
    while not any(e.type == "ts.battle" for e in eng.store.read(gid)) and n < 2000:
        decide(eng, gid, rng, n)
        n += 1
    return eng, gid, first(eng, gid, "ts.battle")


def test_thunderstone_battle_names_the_trait_the_parts_and_the_light():
    """EX-14 (p.15) BAT-1, BAT-3, BAT-6, BAT-8: the battle against a Leiche is lost because its
    immunity to magic zeroes the Gorinther's magic; the chain names each laid-out card with its
    contribution, the monster's health and trait, the light penalty and the reading in force."""
    eng, gid = from_situation(TS_EX14)
    eng.submit(gid, 0, {"kind": "action", "action": "dungeon"})
    eng.submit(gid, 0, {"kind": "attack", "monster": "Leiche I#1"})
    battle = first(eng, gid, "ts.battle")
    items = inputs(eng, gid, battle.version)
    parts = [p["card"] for p in battle.data["parts"]]
    for card in parts:
        (row,) = [i for i in items if i.get("card") == card]
        assert row["rule"] == "BAT-1" and row["from"][0]["rule"] == "TRN-D1"
    (target,) = named(items, "target Leiche I (monster")
    assert target["value"]["health"] == 5 and target["from"][0]["type"] == "ts.target"
    assert target["card"] == "Leiche I#1"
    (trait,) = named(items, "trait of Leiche I: immune_magic")
    assert trait["rule"] == "BAT-6" and "MAGIC" in trait["value"]
    (mod,) = named(items, "trait modifier")
    assert mod["value"] == "immune to magic: magic 2 -> 0"
    (result,) = named(items, "result")
    assert result["value"].startswith("lost") and "immune to magic" in result["note"]
    (light,) = named(items, "light penalty")
    assert light["rule"] == "BAT-3" and light["value"]["position base"] == 1
    assert named(items, "reading A17") and named(items, "reading of BAT-8")


def test_thunderstone_battle_trail_reaches_the_shuffle_that_dealt_the_card():
    """In a seeded game every laid-out card's trail ends at its deal: a drawn card's trail
    passes through the shuffle of the deck it came from (a chance outcome)."""
    eng, gid, battle = seeded_battle()
    items = inputs(eng, gid, battle.version)
    chance = [s for i in items for s in i["from"] if s.get("chance")]
    assert chance and all(s["type"] in ("zone.shuffled", "chance.picked", "dice.rolled") for s in chance)
    assert len(items) > len(battle.data["parts"])


def test_thunderstone_public_audit_hides_hand_and_deck_events():
    eng, gid, battle = seeded_battle()
    public = inputs(eng, gid, battle.version, None)
    hidden = [s for i in public for s in i["from"] if s.get("hidden")]
    assert hidden and all(set(s) == {"version", "hidden"} for s in hidden)


def test_rune_age_battle_names_the_dice_the_lost_unit_and_the_overrides():
    """BTL-3, CAS-1, CAS-4, BTL-5: the city holds because the forced skull destroyed the only
    unit; the chain names the die roll (forced), the unit lost, the target's strength and icons,
    the overridden values and the reading A16 in force."""
    eng, gid = from_situation(RA_CITY)
    out = first(eng, gid, "ra.outcome")
    items = inputs(eng, gid, out.version)
    (dice,) = named(items, "casualty dice")
    assert dice["value"] == [1]
    rolled = [s for s in dice["from"] if s["type"] == "dice.rolled"]
    assert rolled and rolled[0]["chance"]["forced"] and rolled[0]["rule"] == "CAS-1"
    (lost,) = named(items, "attacker unit lost")
    assert lost["rule"] == "CAS-4" and lost["card"] == ["Untote Horde#1"]
    (target,) = named(items, "target Dallak (city)")
    assert target["value"] == {"printed strength": 3, "icons": 1}
    over = named(items, "values of ")
    assert {i["input"] for i in over} == {"values of Dallak"}  # the horde was lost before
    assert all(i["note"] == "overridden by situation" for i in over)
    (reading,) = named(items, "reading A16")
    assert reading["value"] == "any_icons"


def test_epochs_line_names_units_marker_and_dice_down_to_the_roll():
    """X-01 (p.5) EP-S4-TOTAL, EP-X-DIE: the normal line's 3 is the Recruit's 1, the Banner's
    1 and the die's +1; each input names its event, the die its roll."""
    eng, gid = from_situation(EP_X01)
    for cmd in (
        {"kind": "jump", "epoch": "Antike"},
        {"kind": "fight_epoch"},
        {"kind": "target", "space": 1},
        {"kind": "target", "space": 2},
        {"kind": "done"},
        {"kind": "deploy", "card": "Recruit"},
    ):
        eng.submit(gid, 0, cmd)
    recruit = next(c for c in eng.table(gid).zone("board.attack"))
    eng.submit(gid, 0, {"kind": "marker", "marker": "Banner", "unit": recruit})
    eng.submit(gid, 0, {"kind": "done"})
    line = first(eng, gid, "line.resolved", lambda e: e.data["line"] == "normal")
    items = inputs(eng, gid, line.version)
    (unit,) = named(items, "attacker Recruit: normal value")
    assert unit["value"] == 1 and unit["from"][0]["rule"] == "EP-X-DEPLOY"
    assert unit["card"] == "Recruit#1"
    (marker,) = named(items, "attacker war marker")
    assert marker["value"] == 1 and marker["from"][0]["type"] == "marker.assigned"
    (die,) = named(items, "attacker die")
    assert die["value"] == "+1" and [s["type"] for s in die["from"]] == ["dice.assigned", "dice.rolled"]
    assert die["from"][1]["chance"]["forced"]
    (total,) = named(items, "attacker total")
    assert total["value"] == 3


def test_duel_end_names_every_hit_and_its_roll():
    """DU-ROLL, DU-LIMIT / DU-OUT: each hit of the game, its card and the die roll behind it."""
    eng, gid = new_game("duel", 2, 3)
    run_bots(eng, gid, 3)
    over = first(eng, gid, "game.over")
    items = inputs(eng, gid, over.version)
    hits = named(items, "hit on Seat")
    dealt = [e for e in eng.store.read(gid) if e.type == "damage.dealt"]
    assert len(hits) == len(dealt) > 0
    assert all(h["from"][1]["type"] == "dice.rolled" and h["from"][1]["chance"] for h in hits)
    (per_seat,) = named(items, "damage per seat")
    assert sum(per_seat["value"].values()) == sum(e.data["n"] for e in dealt)
    assert named(items, "reading TIE") or over.rule == "DU-OUT"


def test_audit_json_carries_the_chain_and_words_render_it(tmp_path, capsys):
    db = str(tmp_path / "g.db")
    assert cli.main(["new", "--situation", RA_CITY, "--db", db, "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)["game_id"]
    assert cli.main(["log", gid, "--db", db, "--json", "--as", "referee"]) == 0
    n = next(e["version"] for e in json.loads(capsys.readouterr().out) if e["type"] == "ra.outcome")
    assert cli.main(["audit", gid, str(n), "--db", db, "--json", "--as", "referee"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert any(i["input"] == "casualty dice" for i in report["inputs"])
    lines = why_lines(report)
    assert any("casualty dice = [1]" in x and "chance outcome, forced" in x for x in lines)


def test_plain_audit_prints_every_input_with_its_source(tmp_path, capsys, monkeypatch):
    """Without --json the audit shows the why-chain as a table in words: each input, its
    rule and the event it came from, down to the forced casualty roll."""
    monkeypatch.setenv("COLUMNS", "250")
    db = str(tmp_path / "g.db")
    assert cli.main(["new", "--situation", RA_CITY, "--db", db, "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)["game_id"]
    assert cli.main(["log", gid, "--db", db, "--json", "--as", "referee"]) == 0
    n = next(e["version"] for e in json.loads(capsys.readouterr().out) if e["type"] == "ra.outcome")
    assert cli.main(["audit", gid, str(n), "--db", db, "--as", "referee"]) == 0
    text = capsys.readouterr().out
    assert f"every input of event {n}" in text
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if "casualty dice" in x)
    cell = " ".join(lines[at : at + 4])  # a wide cell wraps onto the next rows
    assert "[1]" in lines[at] and "dice.rolled [CAS-1]" in cell and "forced" in cell
