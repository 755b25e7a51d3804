"""The audit of Mage Knight's decisive events outside a combat against enemies names each cause
(why_map.py): a keep's half fame (A10), a PvP result and its fame (A11), a city's shields and
restored defenders (A22), a forced withdrawal (A23), the Source at round preparation (A34), the
colour of an effect on an enemy (A31); `--json` carries the same chain."""

from __future__ import annotations

import json

from cli import main as cli
from engine import situation as situation_file
from engine.pipeline import Engine
from projections.audit import audit
from projections.views import REFEREE
from store import EventStore

SIT = "tests/games/mage_knight/situations/"


def played(name, readings=None):
    doc = situation_file.normalized(situation_file.read(SIT + name))
    if readings:
        doc["options"]["readings"] = readings
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    for step in doc["play"]:
        eng.submit(gid, step["seat"], step["command"])
    return eng, gid


def inputs(eng, gid, typ, rule=None):
    ev = next(
        e
        for e in eng.store.read(gid)
        if e.type == typ and (rule is None or e.rule == rule) and not e.data.get("situation")
    )
    return audit(eng.store, gid, ev.version, REFEREE)["inputs"], ev


def named(items, start):
    return [i for i in items if i["input"].startswith(start)]


def reading(items, rid):
    (r,) = named(items, f"reading {rid}:")
    return r


def test_keep_fame_names_each_defeat_the_owner_and_the_halving():
    eng, gid = played("dispute_keep_half_fame.toml", {"A10": "round_down"})
    items, ev = inputs(eng, gid, "mk.fame", "MK:10:Result:1")
    (enemy,) = named(items, "fame of gray_crossbowmen#1")
    assert enemy["value"] == 3 and enemy["from"][0]["type"] == "mk.combat.defeated"
    (half,) = named(items, "7,-5 is a keep of Seat 2: half fame")
    assert half["value"] == "3 -> 1" and half["rule"] == "MK:8:Combat:1a"
    assert named(items, "fame gained")[0]["value"] == ev.data["delta"] == 1
    assert reading(items, "A10")["value"] == "round_down"


def test_pvp_result_names_the_retreat_levels_fame_and_reading():
    eng, gid = played("dispute_pvp_retreat.toml")
    items, _ev = inputs(eng, gid, "mk.pvp_over")
    assert [i["from"][0]["type"] for i in items if i["from"]] == ["mk.pvp", "mk.placed"]
    assert named(items, "result")[0]["value"] == "Seat 1 wins"
    assert reading(items, "A11")["value"] == "no_fame"
    eng, gid = played("dispute_pvp_retreat.toml", {"A11": "one_fame"})
    items, _ev = inputs(eng, gid, "mk.fame", "MK:13:PvPResult")
    assert named(items, "winner: Seat 1")[0]["value"] == {"level": 1, "fame": 0}
    assert named(items, "loser: Seat 2")[0]["value"] == {"level": 1, "fame": 0}
    assert named(items, "Seat 2 forced to retreat to 0,-1")[0]["from"][0]["type"] == "mk.placed"
    assert named(items, "equal level and equal fame")
    assert reading(items, "A11")["value"] == "one_fame" and "chosen" in reading(items, "A11")["note"]


def test_city_shields_and_restored_defenders_name_each_defeat():
    eng, gid = played("dispute_city_assault.toml", {"A22": "return_on_failure"})
    items, _ = inputs(eng, gid, "mk.city_shields")
    (city,) = named(items, "city at 4,-5: red level 4")
    assert len(city["value"]["garrison"]) == 3
    assert named(items, "defender violet_illusionists#1")[0]["from"][0]["type"] == "mk.combat_started"
    assert named(items, "defender violet_ice_mages#1")[0]["from"][0]["type"] == "mk.combat.defeated"
    assert named(items, "shields for Seat 1")[0]["value"] == 2
    items, _ = inputs(eng, gid, "mk.city_restored")
    assert named(items, "defenders back in the city")[0]["value"] == [
        "violet_illusionists#1",
        "violet_ice_mages#1",
    ]
    assert reading(items, "A22")["value"] == "return_on_failure"


def test_city_conquest_names_the_leader():
    doc = situation_file.normalized(situation_file.read(SIT + "dispute_city_assault.toml"))
    doc["game"]["combat"]["points"][0]["value"] = 30
    doc["play"][0]["command"]["targets"] = ["violet_ice_mages#1", "brown_crypt_worm#1"]
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    for step in doc["play"]:
        eng.submit(gid, step["seat"], step["command"])
    items, ev = inputs(eng, gid, "mk.city_conquered")
    assert len(named(items, "defender ")) == 3
    assert named(items, "every defender defeated")[0]["value"] == ev.data["leader"] == 0


def test_withdrawal_names_the_space_the_path_and_the_wounds():
    eng, gid = played("dispute_withdraw_no_path.toml", {"A23": "nearest_safe"})
    items, _ = inputs(eng, gid, "mk.placed", "MK:11:EoT:2")
    assert named(items, "Seat 1 ends the turn on 0,1")[0]["rule"] == "MK:7:Move:7d"
    assert named(items, "this turn's path")[0]["value"].startswith("none")
    assert named(items, "withdrawn to")[0]["value"] == "0,0"
    assert named(items, "wounds to the hand")[0]["value"] == 1
    assert reading(items, "A23")["value"] == "nearest_safe"


def test_round_source_names_each_die_down_to_the_forced_rolls():
    eng, gid = played("dispute_round_source.toml")
    items, _ev = inputs(eng, gid, "mk.source", "MK:4:Round:2b")
    dice = named(items, "die roll")
    assert [d["value"] for d in dice] == ["gold", "black", "black", "green", "white", "red"]
    assert all(d["from"][0]["chance"]["forced"] for d in dice)
    assert named(items, "first roll: at least half basic colours")[0]["value"] is False
    assert reading(items, "A34")["value"] == "each_round"


def test_effect_on_an_enemy_names_the_card_colour_and_reading():
    eng, gid = played("dispute_basic_blue_effect.toml")
    items, _ = inputs(eng, gid, "mk.combat.enemy_modified")
    (colour,) = named(items, "effect of Swift Reflexes")
    assert colour["value"] == "blue" and colour["from"][0]["type"] == "mk.played"
    assert reading(items, "A31")["value"] == "powering_mana"


def test_audit_json_gives_the_same_chain(tmp_path, capsys):
    db = str(tmp_path / "g.db")
    assert cli.main(["new", "--situation", SIT + "dispute_pvp_retreat.toml", "--db", db, "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)["game_id"]
    assert (
        cli.main(
            [
                "play",
                gid,
                json.dumps({"kind": "pvp_damage", "to": "retreat:0,-1"}),
                "--seat",
                "0",
                "--db",
                db,
                "--json",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert cli.main(["log", gid, "--db", db, "--json", "--as", "referee"]) == 0
    n = next(e["version"] for e in json.loads(capsys.readouterr().out) if e["type"] == "mk.pvp_over")
    assert cli.main(["audit", gid, str(n), "--db", db, "--json", "--as", "referee"]) == 0
    report = json.loads(capsys.readouterr().out)
    eng = Engine(EventStore(db))
    assert report["inputs"] == audit(eng.store, gid, n, REFEREE)["inputs"]
    assert any(i["input"].startswith("reading A11:") for i in report["inputs"])
