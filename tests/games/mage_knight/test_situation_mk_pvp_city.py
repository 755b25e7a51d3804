"""Mage Knight situations that start inside a PvP combat (`[game.pvp]`) or a city assault in
progress (`[game.combat] garrison = true` on a city from `[game.tiles]`), each with its dispute
(digest A11: PvP fame at equal level and fame; A22: city defenders of a failed assault)."""

from __future__ import annotations

import copy

import pytest

from engine import situation as situation_file
from engine.errors import BadInput
from engine.games.mage_knight import state
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from sim.dispute import settle
from store import EventStore

SIT = "tests/games/mage_knight/situations/"
PVP = SIT + "dispute_pvp_retreat.toml"
CITY = SIT + "dispute_city_assault.toml"


def start(path, edit=None):
    doc = situation_file.normalized(situation_file.read(path))
    if edit:
        doc = copy.deepcopy(doc)
        edit(doc)
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    return eng, gid, doc


def variants(report, rid):
    assert report["consulted"] == [rid]
    return {v["alternative"]: v for v in report["variants"] if v["reading"] == rid}


def played(v, typ):
    return [e["data"] for e in v["decisive"] if e["type"] == typ and not e["data"].get("situation")]


# -- PvP ------------------------------------------------------------------------------------


def test_pvp_situation_starts_at_the_damage_step_of_the_melee():
    """MK:13:PvPMelee:2: the aggressor (seat 0) spends 5 damage; the legal choices are the
    damage options, retreats included, and nobody else is prompted."""
    eng, gid, _ = start(PVP)
    t = eng.table(gid)
    g = t.game
    assert g.pvp["aggressor"] == 0 and g.pvp["defender"] == 1 and g.pvp["step"] == "damage"
    assert g.combat is not None and g.combat_kind == "pvp" and g.active == 0
    options = {c["to"] for c in eng.legal(gid, 0) if c["kind"] == "pvp_damage"}
    assert {"hero", "lapse", "retreat:0,-1"} <= options
    assert all(e.rule == "SIT-0" for e in eng.store.read(gid) if e.type in ("mk.pvp", "mk.combat_started"))


def test_a11_fame_for_a_forced_retreat_at_equal_level_and_fame():
    """MK:13:PvPResult, A11: level 1 against level 1, both 0 fame: 0 fame by the digest (SUM23),
    1 under one_fame; the defender is on 0,-1 either way and the aggressor wins."""
    v = variants(settle(PVP), "A11")
    for alt in ("no_fame", "one_fame"):
        assert played(v[alt], "mk.placed") == [{"seat": 1, "pos": "0,-1"}]
        assert played(v[alt], "mk.pvp_over") == [{"aggressor": 0, "winner": 0}]
    assert played(v["no_fame"], "mk.fame") == []
    assert [d["delta"] for d in played(v["one_fame"], "mk.fame")] == [1]
    assert v["one_fame"]["difference"]["rule"] == "MK:13:PvPResult"


def test_a11_not_asked_when_the_loser_has_more_fame():
    """The loser with fame 3 gives the winner 1 fame under either reading: A11 is not consulted."""
    doc = situation_file.normalized(situation_file.read(PVP))
    doc["game"]["seat"][1]["fame"] = 3
    from sim.dispute import run

    played_run = run(doc)
    assert played_run["consulted"] == set()
    fame = [e.data for e in played_run["events"] if e.type == "mk.fame" and e.rule == "MK:13:PvPResult"]
    assert [d["delta"] for d in fame] == [1]


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda g: g["pvp"].update(defender=0), "[game.pvp] defender"),
        (lambda g: g["seat"][1].update(pos="2,-3"), "[game.pvp] defender"),
        (
            lambda g: g["pvp"].update(step="parley"),
            "[game.pvp] step: 'parley' (allowed: attack, block, damage)",
        ),
        (lambda g: g["pvp"].update(remaining=0), "MK:12:PvPRanged:5"),
        (
            lambda g: g["pvp"].update(step="block", points=[{"kind": "melee", "value": 2}]),
            "MK:12:PvPRanged:2",
        ),
        (lambda g: g["pvp"].update(surprise=True), "surprise"),
    ],
)
def test_pvp_situation_refuses_a_bad_position(change, message):
    with pytest.raises(BadInput) as err:
        start(PVP, lambda doc: change(doc["game"]))
    assert message in str(err.value)


def test_no_pvp_situation_where_the_scenario_forbids_it():
    with pytest.raises(BadInput) as err:
        start(PVP, lambda doc: doc["options"].update(scenario="first_reconnaissance"))
    assert "MK:12:PvP:1" in str(err.value)


# -- a city assault in progress --------------------------------------------------------------


def test_city_assault_situation_fights_the_citys_own_garrison():
    """MK:10:City:1: the Red City's defenders drawn at its reveal are turned face up and fight,
    fortified and with the colour bonus; the illusionists are already defeated in this combat."""
    eng, gid, _ = start(CITY)
    g = eng.table(gid).game
    (city,) = g.cities
    c = g.combat
    assert [e.uid for e in c.enemies] == city.garrison
    for e in c.enemies:
        base = content().enemies[e.enemy]
        bonus = cities_rules.defender_bonus(city.colours, base)
        assert e.armour == base.armor + bonus.armour and e.defends_fortified_site
    assert [e.uid for e in c.enemies if e.defeated] == ["violet_illusionists#1"]
    assert eng.table(gid).zone(state.at("4,-5")) == city.garrison


def test_city_assault_situation_can_conquer_the_city():
    """MK:10:City:2: with enough attack every defender falls: a shield each, the city conquered
    with seat 0 leading (a conquest at stake)."""

    def edit(doc):
        doc["game"]["combat"]["points"][0]["value"] = 30
        doc["play"][0]["command"]["targets"] = ["violet_ice_mages#1", "brown_crypt_worm#1"]

    eng, gid, doc = start(CITY, edit)
    for step in doc["play"]:
        eng.submit(gid, step["seat"], step["command"])
    g = eng.table(gid).game
    (city,) = g.cities
    assert city.status == "conquered" and city.leader == 0 and city.shields == [0, 0, 0]
    assert g.board.spaces["4,-5"].conquered_by == 0


def test_a22_defenders_of_a_failed_assault_stay_defeated_or_return():
    """MK:10:City:2, A22: the ice mages fall, the crypt worm holds: two shields either way; by the
    digest the two stay defeated, under return_on_failure they are the city's garrison again."""
    v = variants(settle(CITY), "A22")
    for alt in ("stay_defeated", "return_on_failure"):
        (shields,) = played(v[alt], "mk.city_shields")
        assert shields["tokens"] == ["violet_illusionists#1", "violet_ice_mages#1"]
    assert played(v["stay_defeated"], "mk.city_restored") == []
    (back,) = played(v["return_on_failure"], "mk.city_restored")
    assert back["tokens"] == ["violet_illusionists#1", "violet_ice_mages#1"]


def test_a22_restored_defenders_fold_into_the_city():
    def edit(doc):
        doc["options"]["readings"] = {"A22": "return_on_failure"}

    eng, gid, doc = start(CITY, edit)
    for step in doc["play"]:
        eng.submit(gid, step["seat"], step["command"])
    t = eng.table(gid)
    (city,) = t.game.cities
    assert sorted(city.garrison) == sorted(
        ["violet_ice_mages#1", "violet_illusionists#1", "brown_crypt_worm#1"]
    )
    assert city.defeated == [] and city.shields == [0, 0] and city.status == "hostile"
    assert sorted(t.zone(state.at("4,-5"))) == sorted(city.garrison)
    assert all(card_name(x) != "violet_ice_mages" for x in t.zone(state.enemy_discard("violet")))


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda g: g["combat"]["enemy"][0].update(id="green_prowlers"), "does not defend 4,-5"),
        (lambda g: g["tiles"].update({"4,-5": "no_such_tile"}), "no map tile"),
        (lambda g: g.update(conquered={"9,9": 0}), "not a site on the map"),
        (lambda g: g.update(pvp={"defender": 1}), "one combat at a time"),
    ],
)
def test_city_situation_refuses_a_bad_position(change, message):
    with pytest.raises(BadInput) as err:
        start(CITY, lambda doc: change(doc["game"]))
    assert message in str(err.value)
