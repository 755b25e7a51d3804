"""Mage Knight overrides beyond the top-level amounts: amounts nested in an effect's atoms (a unit
bonus, Power of Crystals' base, an attack a turn effect gives later), skills' amounts, and a
recruit at an overridden price marked in its `mk.recruited` (docs/disputes.md)."""

from __future__ import annotations

import copy

import pytest

from engine import situation as situation_file
from engine.context import Ctx
from engine.errors import BadInput
from engine.games.mage_knight import state
from engine.games.mage_knight.cards.carry_out import join_unit
from engine.games.mage_knight.cards.resolving import card_resolutions, skill_resolutions
from engine.games.mage_knight.situations.card_overrides import card_values, skill_values
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store import EventStore

CARDS = "tests/games/mage_knight/situations/dispute_overridden_cards.toml"


def start(over, edit=None):
    doc = copy.deepcopy(situation_file.normalized(situation_file.read(CARDS)))
    doc["options"]["overrides"] = over
    doc["play"] = []
    if edit:
        edit(doc)
    eng = Engine(EventStore(":memory:"))
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    return eng, gid


def atoms_of(resolutions, kind):
    return [v for atoms in resolutions for k, v in atoms if k == kind]


def test_a_unit_bonus_nested_in_an_effect_is_overridden():
    """Into the Heat's basic effect: units get attack +2 and block +2 (a `unit_bonus` atom);
    basic_attack = 4 makes it +4 attack, the block bonus stays 2."""
    eng, gid = start({"into_the_heat": {"basic_attack": 4}})
    t = eng.table(gid)
    printed = card_resolutions("into_the_heat", "basic", True, "")
    (bonus,) = atoms_of(card_values(t, "into_the_heat", "basic", printed), "unit_bonus")
    assert (bonus["attack"], bonus["block"]) == (4, 2)
    assert atoms_of(printed, "unit_bonus")[0]["attack"] == 2


def test_power_of_crystals_base_and_burning_shield_attack():
    """Power of Crystals powered: move 4 + 2 per crystal set, powered_move = 6 sets the base;
    Burning Shield basic: attack 4 on a successful block, basic_attack = 5."""
    eng, gid = start({"power_of_crystals": {"powered_move": 6}, "burning_shield": {"basic_attack": 5}})
    t = eng.table(gid)
    per = atoms_of(
        card_values(
            t, "power_of_crystals", "powered", card_resolutions("power_of_crystals", "powered", False, "")
        ),
        "bonus_per",
    )
    assert {(v["kind"], v["base"]) for v in per} >= {("move", 6), ("heal", 2)}
    shield = atoms_of(
        card_values(t, "burning_shield", "basic", card_resolutions("burning_shield", "basic", True, "")),
        "turn_effect",
    )
    assert ("on_block", ["attack", 5]) in [tuple(x) if not isinstance(x, tuple) else x for x in shield]


def test_a_skill_amount_is_overridden():
    """Arythea's Burning Power (a skill): its attack amounts become 3 in each branch."""
    eng, gid = start({"Burning Power": {"attack": 3}})
    t = eng.table(gid)
    assert t.options["overrides"] == {"arythea_burning_power": {"attack": 3}}
    printed = skill_resolutions("arythea_burning_power")
    changed = skill_values(t, "arythea_burning_power", printed)
    assert {v["value"] for v in atoms_of(changed, "attack")} == {3}
    assert {v["value"] for v in atoms_of(printed, "attack")} != {3}


@pytest.mark.parametrize(
    "over,words",
    [
        (
            {"Burning Power": {"move": 2}},
            ["overrides.'Burning Power'.move", "gives no move", "it gives: attack"],
        ),
        ({"Burning Power": {"level": 2}}, ["overrides.'Burning Power'.level", "for a skill"]),
        ({"Burning Power": {"attack": -1}}, ["attack = -1", "at least 0"]),
        ({"into_the_heat": {"basic_influence": 2}}, ["basic_influence", "gives no influence"]),
    ],
)
def test_a_bad_nested_or_skill_override_is_refused(over, words):
    with pytest.raises((BadInput, ValueError)) as err:
        start(over)
    for w in words:
        assert w in str(err.value)


def test_recruit_at_an_overridden_price_is_marked():
    """MK:8:Interact:4a: the unit on top of the offer recruited at its overridden cost: its
    `mk.recruited` carries `overridden`; a unit joining for free (another rule) does not."""
    eng, gid = start({})
    offer = list(eng.table(gid).zone(state.UNIT_OFFER))
    unit = card_name(offer[0])
    eng, gid = start({unit: {"cost": 1}})
    t = eng.table(gid)
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    join_unit(ctx, t, 0, offer[0], "MK:8:Interact:4a")
    join_unit(ctx, t, 0, offer[1], "MK:8:Interact:4a")
    marked = [e for e in ctx.events if e.type == "mk.recruited"]
    assert marked[0].data["overridden"] == {"cost": 1}
    assert "overridden" not in marked[1].data or card_name(offer[1]) == unit
