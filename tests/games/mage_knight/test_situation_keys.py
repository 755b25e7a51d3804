"""Mage Knight situation keys (issue 25): every key given takes effect, zero and empty included,
or is refused naming the key; a conquered city is conquered; `mk_attack`'s targets and uses are
sets; a wrong override shape names the shape expected; the keys a rulebook position needs."""
from __future__ import annotations

import copy

import pytest

from engine import situation as situation_file
from engine.errors import BadInput, IllegalCommand
from engine.games.mage_knight import state as S
from engine.games.mage_knight.part2_apply import city_at
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store import MemoryStore

SIT = "tests/games/mage_knight/situations/"


def start(path, edit=None, game=None):
    """The situation at `path` as a game; `edit(doc)` changes the document, `game` merges
    keys into its [game] table."""
    doc = situation_file.normalized(situation_file.read(SIT + path))
    doc = copy.deepcopy(doc)
    if game:
        doc["game"].update(game)
    if edit:
        edit(doc)
    eng = Engine(MemoryStore())
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    return eng, gid


def refused(path, edit=None, game=None) -> str:
    """The reason a situation is refused (the CLI: exit 2, nothing stored)."""
    with pytest.raises((BadInput, ValueError)) as exc:
        start(path, edit, game)
    return str(exc.value)


# -- item 3: mk_attack's targets and use are sets ----------------------------------------------

def test_MK_9_Ranged_4_an_attack_group_in_any_order_is_the_same_attack():
    """MK:9:Ranged:4: one attack on a group of enemies, with the points of the kinds named; the
    group and the kinds are sets, so another order is the same command (it was refused with
    "not possible in this phase")."""
    eng, gid = start("attack_two_groups.toml")
    listed = [c for c in eng.legal(gid, 0) if c["kind"] == "mk_attack" and len(c["targets"]) == 2
              and len(c["use"]) == 2]
    assert listed, "the two-enemy attack with both kinds is offered"
    cmd = {"kind": "mk_attack", "targets": listed[0]["targets"][::-1], "use": listed[0]["use"][::-1]}
    assert cmd != listed[0]
    assert eng.check(gid, 0, cmd) is None
    eng.submit(gid, 0, cmd)
    attacked = [e for e in eng.store.read(gid) if e.type == "mk.combat.attacked"]
    assert len(attacked) == 1 and sorted(attacked[0].data["targets"]) == sorted(listed[0]["targets"])
    assert all(e.defeated for e in eng.table(gid).game.combat.enemies) or eng.table(gid).game.combat is None


def test_MK_9_Ranged_4_an_unknown_target_is_still_refused_with_its_reason():
    eng, gid = start("attack_two_groups.toml")
    with pytest.raises(IllegalCommand) as exc:
        eng.submit(gid, 0, {"kind": "mk_attack", "targets": ["nobody#1", "green_prowlers#1"], "use": ["ranged"]})
    assert "not possible in this phase" not in str(exc.value)


# -- item 2: a conquered city; Elusive's second armour -------------------------------------------

def test_MK_10_City_2_a_city_stated_conquered_is_conquered():
    """MK:10:City:2: as after a won assault: no defenders, a shield of the seat per defender,
    the seat leads it and owns the space (it kept its defenders and stayed hostile)."""
    eng, gid = start("city_conquered.toml")
    t = eng.table(gid)
    city = city_at(t.game, "4,-5")
    assert city.status == "conquered" and city.leader == 1
    assert city.garrison == [] and city.defeated and city.shields == [1] * len(city.defeated)
    assert t.game.board.spaces["4,-5"].conquered_by == 1
    assert list(t.zone(S.garrison("4,-5"))) == []
    discards = [c for z in t.zones if z.startswith("enemies:") and z.endswith(":discard") for c in t.zone(z)]
    assert set(city.defeated) <= set(discards)


def test_MK_10_City_2_a_conquered_city_must_be_hostile_first():
    text = refused("city_conquered.toml", edit=lambda d: d["options"].update(scenario="mines_liberation"))
    assert "[game.conquered]" in text and "friendly" in text and "MK:10:City:2" in text


def test_MK_24_SUM_Elusive_abilities_overridden_to_none_remove_the_second_armour():
    """MK:24:SUM:Elusive: the Shocktroops (armour 3, elusive 6) without abilities have armour 3
    in the ranged phase: a ranged 3 attack defeats them (it needed 6)."""
    eng, gid = start("elusive_no_abilities.toml")
    (e,) = eng.table(gid).game.combat.enemies
    assert e.abilities == [] and e.elusive_armour == 0
    eng.submit(gid, 0, {"kind": "mk_attack", "targets": [e.uid], "use": ["ranged"]})
    attacked = [x.data for x in eng.store.read(gid) if x.type == "mk.combat.attacked"]
    assert attacked[0]["armour"] == 3


def test_MK_24_SUM_Elusive_an_elusive_armour_without_the_ability_is_refused():
    text = refused("elusive_no_abilities.toml",
                   edit=lambda d: d["options"]["overrides"]["gray_shocktroops"].update(elusive_armour=6))
    assert "elusive_armour" in text and "MK:24:SUM:Elusive" in text


# -- item 4: a wrong shape names the shape and an example --------------------------------------

@pytest.mark.parametrize("field, value, shape, example", [
    ("attacks", {"fire": 5}, "expected list", 'attacks = ["fire 5"'),
    ("attacks", "fire 5", "expected list", 'attacks = ["fire 5"'),
    ("armour", "4", "expected int", "armour = 4"),
    ("abilities", "swift", "expected list", 'abilities = ["swift"'),
])
def test_an_override_of_the_wrong_shape_says_the_shape_with_an_example(field, value, shape, example):
    text = refused("elusive_no_abilities.toml",
                   edit=lambda d: d["options"]["overrides"].update(gray_shocktroops={field: value}))
    assert f"gray_shocktroops'.{field}" in text and shape in text and example in text
