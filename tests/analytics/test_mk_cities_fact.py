"""Mage Knight's city facts from a real conquest (random bots never take a city, so the
seeded exports never fill `mk_cities`): the situation of a Red City assault, won."""

from __future__ import annotations

from analytics.export import fact_rows
from engine import situation as situation_file
from engine.pipeline import Engine
from store import EventStore

SIT = "tests/games/mage_knight/situations/"


def test_a_conquered_city_is_one_row_with_its_leader_and_shields():
    doc = situation_file.normalized(situation_file.read(SIT + "dispute_city_assault.toml"))
    doc["game"]["combat"]["points"][0]["value"] = 30  # enough to defeat the whole garrison
    doc["play"][0]["command"]["targets"] = ["violet_ice_mages#1", "brown_crypt_worm#1"]
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    for step in doc["play"]:
        eng.submit(gid, step["seat"], step["command"])
    events = eng.store.read(gid)
    conquered = [e for e in events if e.type == "mk.city_conquered"]
    assert len(conquered) == 1
    rows = fact_rows(events, "mage-knight")["mk_cities"]
    assert len(rows) == 1
    (city,) = rows
    assert city["seat"] == conquered[0].data["leader"] == 0
    assert city["hero"] == "Norowas"
    assert city["spaces"] == ["4,-5"] and city["colours"] == ["red"] and city["level"] == 4
    assert city["shields"] == [{"seat": 0, "shields": 3}]  # three defenders, all Norowas's
