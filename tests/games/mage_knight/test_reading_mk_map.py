"""Mage Knight's ambiguities outside combat as switchable readings (digest A10, A23, A31, A34):
each is asked by the rules (readings_map.py) and each alternative changes an outcome of a
situation played by `runeledger dispute`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import main as cli
from engine import readings, registry
from engine import situation as situation_file
from engine.pipeline import Engine
from sim.dispute import settle
from store import EventStore

SIT = "tests/games/mage_knight/situations/"
KEEP = SIT + "dispute_keep_half_fame.toml"
WITHDRAW = SIT + "dispute_withdraw_no_path.toml"
BLUE = SIT + "dispute_basic_blue_effect.toml"
SOURCE = SIT + "dispute_round_source.toml"


def variants(report, rid):
    assert report["consulted"] == [rid]
    return {v["alternative"]: v for v in report["variants"] if v["reading"] == rid}


def played(v, typ):
    return [e["data"] for e in v["decisive"] if e["type"] == typ and not e["data"].get("situation")]


def test_a10_half_fame_of_another_players_keep_rounded_up_or_down():
    """MK:8:Combat:1a, A10: the crossbowmen (fame 3) of the keep seat 1 owns: 2 fame rounded up
    (the digest, as p.22), 1 rounded down."""
    v = variants(settle(KEEP), "A10")
    assert [d["delta"] for d in played(v["round_up"], "mk.fame")] == [2]
    assert [d["delta"] for d in played(v["round_down"], "mk.fame")] == [1]
    diff = v["round_down"]["difference"]
    assert diff["rule"] == "MK:10:Result:1" and diff["decisive"]
    assert (diff["as_stated"]["data"]["delta"], diff["this"]["data"]["delta"]) == (2, 1)


def test_a10_not_asked_for_an_even_total(tmp_path):
    """Fame 4 (swordsmen) halves to 2 either way: the reading is not consulted."""
    text = (
        Path(KEEP)
        .read_text(encoding="utf-8")
        .replace('"gray_crossbowmen"', '"gray_swordsmen"')
        .replace("gray_crossbowmen#1", "gray_swordsmen#2")
        .replace("value = 4", "value = 5")
    )
    path = tmp_path / "even.toml"
    path.write_text(text, encoding="utf-8")
    report = settle(str(path))
    assert report["consulted"] == [] and report["variants"] == []


def test_a23_withdrawal_without_a_safe_space_on_the_path():
    """MK:11:EoT:2, A23: the turn began on a lake and the hero did not move: by the digest there
    is no path to retrace and he stays; under nearest_safe he goes to the portal 0,0 with a wound."""
    v = variants(settle(WITHDRAW), "A23")
    assert played(v["retrace"], "mk.placed") == []
    (moved,) = played(v["nearest_safe"], "mk.placed")
    assert (moved["pos"], moved["wounds"]) == ("0,0", 1)
    assert v["nearest_safe"]["difference"]["rule"] == "MK:11:EoT:2"


def test_a31_blue_basic_effect_on_an_ice_resistant_enemy():
    """MK:8:Combat:5b, A31: Swift Reflexes (blue, basic, no mana) on the Ice Mages. Printed colour
    (the digest): the resistant enemy ignores it and the play is refused; powered-by-mana reading
    (the file's): its ice attack 5 drops to 4 and deals 4 (2 wounds on armour 2)."""
    v = variants(settle(BLUE), "A31")
    (hit,) = played(v["powering_mana"], "mk.combat.damage")
    assert played(v["powering_mana"], "mk.combat.enemy_modified")[0]["attack"] == 1
    assert (hit["damage"], hit["wounds_to_hand"]) == (4, 2)
    refused = v["printed_colour"]["refused"]
    assert refused["step"] == 1 and refused["command"]["card"] == "wolfhawk_swift_reflexes"
    assert played(v["printed_colour"], "mk.combat.damage") == []


def test_a31_spells_and_powered_effects_keep_their_colour():
    """A spell is paid with its colour's mana, so A31 is not asked for it (nor for a card whose
    colour the enemy does not resist)."""
    from engine.games.mage_knight.content.load import content
    from engine.games.mage_knight.readings.map import effect_colour

    doc = situation_file.normalized(situation_file.read(BLUE))
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    t = eng.table(gid)
    seen: set[str] = set()
    readings.consulting(seen)
    try:
        assert effect_colour(t, content().cards["chill"], "basic") == "blue"
        assert effect_colour(t, content().cards["rage"], "basic") == "red"
        assert effect_colour(t, content().cards["wolfhawk_swift_reflexes"], "powered") == "blue"
        assert seen == set()
        assert effect_colour(t, content().cards["wolfhawk_swift_reflexes"], "basic") is None
        assert seen == {"A31"}
    finally:
        readings.consulting(None)


def test_a34_source_rule_at_round_preparation():
    """MK:4:Round:2b, A34: round 2's dice come up gold, black, black; by the digest they are
    rerolled (green, white, red), under setup_only they stand."""
    v = variants(settle(SOURCE), "A34")

    def round_two(alt):
        return [d["faces"] for d in played(v[alt], "mk.source")]

    assert round_two("each_round") == [["green", "white", "red"]]
    assert round_two("setup_only") == [["gold", "black", "black"]]
    assert v["setup_only"]["difference"]["rule"] == "MK:4:Round:2b"


def test_a34_set_up_keeps_its_rule_under_setup_only():
    """The set-up's Source is checked under either reading (MK:3:Setup:12)."""
    doc = situation_file.normalized(situation_file.read(SOURCE))
    doc["options"]["readings"] = {"A34": "setup_only"}
    doc["forced"] = {"die:mana": ["gold", "black", "red", "blue", "green"]}
    doc["play"] = []
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    sources = [e.data["faces"] for e in eng.store.read(gid) if e.type == "mk.source"]
    assert sources[0] == ["blue", "green", "red"]  # gold and black rerolled


@pytest.mark.parametrize("path,rid", [(KEEP, "A10"), (WITHDRAW, "A23"), (BLUE, "A31"), (SOURCE, "A34")])
def test_cli_dispute_names_the_reading(path, rid, capsys):
    assert cli.main(["dispute", path, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in report["readings"]] == [rid]
    rule = readings.of(registry.get("mage-knight"))[rid].rule
    assert report["readings"][0]["rule"] == rule


def test_a_bad_alternative_is_refused_naming_the_allowed(capsys):
    assert (
        cli.main(
            ["new", "mage-knight", "--players", "1", "--option", "reading.A23=teleport", "--db", ":memory:"]
        )
        == 2
    )
    err = capsys.readouterr()
    assert "A23" in err.out + err.err and "nearest_safe" in err.out + err.err


def test_a31_unit_effects_paid_with_red_or_blue_mana_name_their_own_exclusion():
    """A31 for unit abilities (MK:8:Combat:5a-b): the colour would be the mana paid. Every unit
    effect on an enemy paid with red or blue mana (Amotep Freezers, Delphana Masters) already
    excludes the enemies resisting that element by its own text, and the other unit effects are
    paid with white, green or nothing: the reading cannot change a unit's effect, so it is not
    asked for units (this test fails if new content breaks that)."""
    from engine.games.mage_knight.cards.resolving import unit_resolutions
    from engine.games.mage_knight.content.load import content
    from engine.games.mage_knight.readings.map import RESISTED_BY

    seen = []
    for uid, unit in content().units.items():
        for i, ability in enumerate(unit.abilities):
            for atoms in unit_resolutions(uid, i):
                for kind, v in atoms:
                    if kind != "enemy_effect":
                        continue
                    paid = ability.get("mana_cost")
                    if paid in RESISTED_BY:
                        assert v["exclude_resistance"] == RESISTED_BY[paid], (uid, i)
                        seen.append(uid)
    assert sorted(set(seen)) == ["amotep_freezers", "delphana_masters"]
