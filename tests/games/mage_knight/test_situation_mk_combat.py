"""`[game.combat]`: a Mage Knight situation that starts inside a combat, and `[overrides]` of
enemy and unit values (docs/disputes.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import main as cli
from engine import registry
from engine.situation import SituationError
from sim.testing import from_situation

SIT = "tests/games/mage_knight/situations/"
BEASTS = SIT + "dispute_assault_beasts.toml"
CUMBERSOME = SIT + "dispute_cumbersome_damage.toml"
BEASTS_UID = "green_orc_war_beasts#1"


def events(eng, gid, typ):
    return [e for e in eng.store.read(gid) if e.type == typ]


def test_a_situation_starts_in_the_stated_phase_with_the_points_played():
    eng, gid = from_situation(BEASTS)
    t = eng.table(gid)
    c = t.game.combat
    assert c is not None and c.phase == "attack" and c.fortified_site
    assert [(p.kind, p.element, p.value) for p in c.pool] == [
        ("melee", "fire", 3),
        ("melee", "ice", 3),
        ("melee", "physical", 2),
    ]
    assert [e.uid for e in c.enemies] == [BEASTS_UID] and c.enemies[0].rampaging
    (started,) = events(eng, gid, "mk.combat_started")
    assert started.rule == "SIT-0" and started.data["kind"] == "assault"
    assert "readings" not in started.data["combat"] and "overridden" not in started.data
    assert t.game.players[0].acted
    legal = registry.get("mage-knight").legal_commands(t, 0)
    assert {"kind": "attack", "targets": [BEASTS_UID], "use": ["melee"]} in legal
    assert not any(c["kind"] in ("move", "explore", "challenge") for c in legal)


def test_points_blocked_attacks_and_earlier_defeats_are_stated():
    def edit(game):
        game["combat"]["phase"] = "block"
        game["combat"]["points"] = [{"kind": "block", "element": "physical", "value": 4}]
        game["combat"]["enemy"] = [
            {"id": "green_prowlers", "defeated": True, "rampaging": True},
            {"id": "green_diggers", "blocked": [0]},
            {"id": "gray_guardsmen"},
        ]

    eng, gid = from_situation(BEASTS, edit=edit)
    c = eng.table(gid).game.combat
    prowlers, diggers, guards = c.enemies
    assert prowlers.defeated and c.fame == prowlers.fame and c.defeated_order == [prowlers.uid]
    assert diggers.attacks[0].blocked and not guards.attacks[0].blocked
    assert [(p.kind, p.value) for p in c.pool] == [("block", 4)]


def test_the_whole_combat_plays_on_from_the_situation():
    """Damage stated in the situation ends in wounds in the hand and the combat's result."""
    eng, gid = from_situation(CUMBERSOME)
    for cmd in (
        {"kind": "next"},
        {"kind": "assign", "enemy": "green_orc_stonethrower#1", "attack": 0, "to": "hero"},
        {"kind": "next"},
        {"kind": "next"},
    ):
        eng.submit(gid, 0, cmd)
    (damage,) = events(eng, gid, "mk.combat.damage")
    assert (damage.data["damage"], damage.data["wounds_to_hand"]) == (7, 4)
    (over,) = events(eng, gid, "mk.combat_over")
    assert over.data["outcome"]["wounds_to_hand"] == 4 and eng.table(gid).game.combat is None


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda c: c.update(kind="ambush"), ["kind", "ambush", "challenge"]),
        (lambda c: c.update(phase="over"), ["phase", "ranged", "MK:8:Combat:3"]),
        (lambda c: c.update(space="9,9"), ["space", "9,9"]),
        (lambda c: c.update(enemy=[{"id": "green_nobody"}]), ["enemy.id", "green_nobody"]),
        (lambda c: c.update(enemy=[{"id": "green_prowlers", "blocked": [3]}]), ["blocked", "MK:9:Block:3"]),
        (
            lambda c: c.update(enemy=[{"id": "green_prowlers", "defeated": True}]),
            ["defeated", "MK:10:Result:1"],
        ),
        (
            lambda c: c.update(phase="block", points=[], enemy=[{"id": "green_orc_summoners"}]),
            ["summons", "MK:10:Abilities:Summon"],
        ),
        (
            lambda c: c.update(phase="damage", points=[], enemy=[{"id": "green_prowlers", "blocked": [0]}]),
            ["damage phase", "MK:9:Damage:1"],
        ),
        (
            lambda c: c.update(points=[{"kind": "block", "value": 2}]),
            ["points", "attack phase", "MK:8:Combat:3"],
        ),
        (lambda c: c.update(surprise=True), ["surprise"]),
    ],
)
def test_a_wrong_combat_key_is_refused_naming_it(change, words):
    with pytest.raises(SituationError) as exc:
        from_situation(BEASTS, edit=lambda game: change(game["combat"]))
    assert all(w in str(exc.value) for w in words), str(exc.value)


def test_cli_new_refuses_a_bad_combat_with_exit_2(tmp_path, capsys):
    text = Path(BEASTS).read_text(encoding="utf-8").replace('phase = "attack"', 'phase = "later"')
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    code = cli.main(["new", "--situation", str(bad), "--db", str(tmp_path / "g.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "phase" in out["error"] and "later" in out["error"]


# -- overrides ------------------------------------------------------------------------------


def test_an_enemy_override_changes_the_combat_and_is_marked():
    """Armour 4 instead of 5 makes fire 3 + ice 3 + physical 2 a win under per-element halving
    (A8) too; the token's overridden values are listed in mk.combat_started."""
    over = {"Orc War Beasts": {"armour": 4, "attacks": ["fire 4", "ice 2"], "fame": 6}}
    assert from_situation(BEASTS, options={"overrides": {"Orc Summoners": {"attacks": ["summon green"]}}})
    eng, gid = from_situation(BEASTS, options={"overrides": over, "readings": {"A8": "per_type"}})
    created = eng.store.read(gid)[0]
    assert created.data["options"]["overrides"] == {
        "green_orc_war_beasts": {"armour": 4, "attacks": ["fire 4", "ice 2"], "fame": 6}
    }
    (started,) = events(eng, gid, "mk.combat_started")
    assert started.data["overridden"] == {
        BEASTS_UID: created.data["options"]["overrides"]["green_orc_war_beasts"]
    }
    assert started.data["combat"]["readings"] == {"A8": "per_type"}
    e = eng.table(gid).game.combat.enemies[0]
    assert (e.armour, e.fame) == (4, 6)
    assert [(a.value, a.element, a.summon, a.summon_pile) for a in e.attacks] == [
        (4, "fire", False, ""),
        (2, "ice", False, ""),
    ]
    eng.submit(gid, 0, {"kind": "attack", "targets": [BEASTS_UID], "use": ["melee"]})
    (attacked,) = events(eng, gid, "mk.combat.attacked")
    assert (attacked.data["total"], attacked.data["armour"]) == (4, 4)
    assert events(eng, gid, "mk.combat.defeated")[0].data["fame"] == 6


def test_a_unit_override_changes_its_armour_in_combat():
    def edit(game):
        game["seat"][0]["units"] = ["peasants"]
        game["combat"]["phase"] = "damage"
        game["combat"]["points"] = []

    eng, gid = from_situation(BEASTS, edit=edit, options={"overrides": {"peasants": {"armour": 5}}})
    c = eng.table(gid).game.combat
    (unit,) = c.units
    assert unit.armour == 5
    (started,) = events(eng, gid, "mk.combat_started")
    assert started.data["overridden"] == {unit.uid: {"armour": 5}}
    eng.submit(gid, 0, {"kind": "assign", "enemy": BEASTS_UID, "attack": 0, "to": unit.uid})
    (damage,) = events(eng, gid, "mk.combat.damage")
    assert damage.data["remaining"] == 1  # brutal: 3 x 2 = 6, less armour 5


@pytest.mark.parametrize(
    "over, words",
    [
        ({"Nobody": {"armour": 3}}, ["Nobody"]),
        ({"Thugs": {"armour": 3}}, ["Thugs", "gray_thugs", "thugs", "content id"]),
        ({"green_prowlers": {"colour": 3}}, ["colour", "armour", "fame"]),
        (
            {"peasants": {"fame": 3}},
            ["fame", "unit", "armour, attack, block, cost, influence, level, move, resistances"],
        ),
        ({"green_prowlers": {"attacks": ["lightning 3"]}}, ["lightning 3", "coldfire"]),
        ({"green_prowlers": {"abilities": ["flying"]}}, ["flying", "swift"]),
        ({"green_prowlers": {"resistances": ["wind"]}}, ["wind", "physical"]),
        ({"green_prowlers": {"armour": 0}}, ["armour", "at least 1"]),
        ({"green_prowlers": {"armour": "3"}}, ["armour", "int"]),
    ],
)
def test_a_wrong_override_is_refused_naming_it(over, words):
    with pytest.raises(ValueError) as exc:
        from_situation(BEASTS, options={"overrides": over})
    assert all(w in str(exc.value) for w in words), str(exc.value)


def test_units_wounded_and_spent_enter_the_combat_as_stated():
    def edit(game):
        game["seat"][0].update(units=["peasants", "foresters"], wounded_units=[1], spent_units=[0])

    eng, gid = from_situation(BEASTS, edit=edit)
    c = eng.table(gid).game.combat
    peasants, foresters = c.units
    assert (peasants.ready, peasants.wounded) == (False, False)
    assert (foresters.ready, foresters.wounded) == (True, True)
    legal = registry.get("mage-knight").legal_commands(eng.table(gid), 0)
    assert not any(cmd["kind"] == "activate" and cmd["unit"] == peasants.uid for cmd in legal)


def test_each_enemys_marks_land_on_that_enemy():
    """A bug found by the combat questions' tests: the placed tokens came back in the reverse
    of the situation's order, so with several enemies one's `defeated`, `blocked` and
    `rampaging` marks landed on another (MK:8:Combat:1, MK:9:Block:3, MK:10:Result:1)."""

    def edit(game):
        game["combat"]["phase"] = "block"
        game["combat"]["points"] = []
        game["combat"]["enemy"] = [
            {"id": "green_prowlers", "defeated": True, "rampaging": True},
            {"id": "green_diggers", "blocked": [0]},
            {"id": "gray_guardsmen"},
        ]

    eng, gid = from_situation(BEASTS, edit=edit)
    c = eng.table(gid).game.combat
    by_id = {e.uid.split("#")[0]: e for e in c.enemies}
    assert set(by_id) == {"green_prowlers", "green_diggers", "gray_guardsmen"}
    assert by_id["green_prowlers"].defeated and by_id["green_prowlers"].rampaging
    assert not by_id["gray_guardsmen"].defeated and not by_id["gray_guardsmen"].rampaging
    assert by_id["green_diggers"].attacks[0].blocked
    assert not by_id["gray_guardsmen"].attacks[0].blocked
    assert c.defeated_order == [by_id["green_prowlers"].uid]
