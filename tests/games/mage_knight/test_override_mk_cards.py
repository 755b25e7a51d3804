"""Mage Knight overrides of deed cards (`[overrides."March"] basic_move = 5`) and of units'
level, cost and ability values (`[overrides."Peasants"]`): the rules take them, the events and
the audit mark them, and a bad one is refused naming the field."""

from __future__ import annotations

import copy

import pytest

from engine import situation as situation_file
from engine.errors import BadInput
from engine.games.mage_knight.scenarios.scoring import category_points
from engine.games.mage_knight.turn.actions import recruit_cost
from engine.pipeline import Engine
from projections.audit import audit
from projections.views import REFEREE
from store import EventStore

CARDS = "tests/games/mage_knight/situations/dispute_overridden_cards.toml"


def start(edit=None, play=True):
    doc = situation_file.normalized(situation_file.read(CARDS))
    doc = copy.deepcopy(doc)
    if edit:
        edit(doc)
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    if play:
        for step in doc["play"]:
            eng.submit(gid, step["seat"], step["command"])
    return eng, gid


def of(eng, gid, typ):
    return [e for e in eng.store.read(gid) if e.type == typ and not e.data.get("situation")]


def test_overridden_card_and_unit_amounts_reach_the_attack():
    """Rage basic attack 4 (printed 2) and the Peasants' attack 5 (printed 2): 9 in all."""
    eng, gid = start()
    (played,) = of(eng, gid, "mk.played")
    assert played.data["effect"] == "attack 4" and played.data["overridden"] == {"basic_attack": 4}
    activated = [e for e in of(eng, gid, "mk.unit") if "overridden" in e.data]
    assert activated and activated[0].data["overridden"]["attack"] == 5
    (attacked,) = of(eng, gid, "mk.combat.attacked")
    assert attacked.data["total"] == 9


def test_without_overrides_the_printed_amounts_hold():
    def edit(doc):
        doc["options"].pop("overrides")
        doc["play"] = doc["play"][:2]

    eng, gid = start(edit)
    (played,) = of(eng, gid, "mk.played")
    assert played.data["effect"] == "attack 2" and "overridden" not in played.data
    points = [e.data["value"] for e in of(eng, gid, "mk.combat_points")]
    assert points == [2, 2]


def test_audit_marks_the_overridden_points():
    eng, gid = start()
    (attacked,) = of(eng, gid, "mk.combat.attacked")
    items = audit(eng.store, gid, attacked.version, REFEREE)["inputs"]
    points = {i["input"]: i for i in items if i["input"].startswith("melee")}
    rage = points["melee 4 (physical) from rage"]
    peasants = points["melee 5 (physical) from peasants"]
    assert rage["note"] == "overridden by situation: basic_attack=4"
    assert "attack=5" in peasants["note"] and "level=3" in peasants["note"]
    for item in (rage, peasants):
        assert [s["type"] for s in item["from"]] == ["mk.combat_points", "game.created"]


def test_march_basic_move_overridden_outside_combat():
    def edit(doc):
        doc["game"].pop("combat")
        doc["play"] = [
            {"seat": 0, "command": {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""}}
        ]

    eng, gid = start(edit)
    moves = [e.data["delta"] for e in of(eng, gid, "mk.points") if e.data["kind"] == "move"]
    assert moves == [5]
    assert eng.table(gid).game.players[0].move == 5


def test_unit_level_and_cost_overridden():
    """Level 3 counts for the Greatest Leader (MK:15:Score) and cost 1 is the recruit price
    (MK:8:Interact:4a); without overrides the printed level 1 and cost 4."""
    eng, gid = start(play=False)
    t = eng.table(gid)
    assert category_points(t, 0)["leader"] == 3 and recruit_cost(t, 0, "peasants") == 1
    eng, gid = start(lambda doc: doc["options"].pop("overrides"), play=False)
    t = eng.table(gid)
    assert category_points(t, 0)["leader"] == 1 and recruit_cost(t, 0, "peasants") == 4


def test_overridden_unit_level_sets_the_healing_price():
    """MK:11:Wounds:3: a wounded unit heals for its level in points; level 3 is not healed by 2."""
    from engine.context import Ctx
    from engine.games.mage_knight.turn.actions import heal

    for over, healed in ((3, False), (1, True)):

        def edit(doc, over=over):
            doc["options"]["overrides"]["peasants"]["level"] = over
            doc["game"].pop("combat")
            doc["game"]["seat"][0]["wounded_units"] = [0]

        eng, gid = start(edit, play=False)
        t = eng.table(gid)
        ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
        heal(ctx, t, 0, 2)
        assert (not t.game.players[0].units[0].wounded) == healed


@pytest.mark.parametrize(
    "over,words",
    [
        (
            {"March": {"basic_attack": 3}},
            ["overrides.'March'.basic_attack", "gives no attack", "it gives: move"],
        ),
        ({"March": {"swift": 3}}, ["overrides.'March'.swift", "allowed:"]),
        ({"Rage": {"powered_influence": 1}}, ["overrides.'Rage'.powered_influence"]),
        ({"March": {"basic_move": -1}}, ["basic_move = -1", "at least 0"]),
        ({"peasants": {"level": 0}}, ["overrides.'peasants'.level = 0", "at least 1"]),
        ({"peasants": {"fly": 2}}, ["overrides.'peasants'.fly"]),
        (
            {"Foresters": {"attack": 2}},
            ["overrides.'Foresters'.attack", "no attack ability", "it has: block, move"],
        ),
        ({"green_prowlers": {"level": 2}}, ["overrides.'green_prowlers'.level", "an enemy"]),
    ],
)
def test_a_bad_override_is_refused_naming_the_field(over, words):
    def edit(doc):
        doc["options"]["overrides"] = over

    with pytest.raises((BadInput, ValueError)) as err:  # the CLI: exit 2, nothing stored
        start(edit, play=False)
    for w in words:
        assert w in str(err.value)
