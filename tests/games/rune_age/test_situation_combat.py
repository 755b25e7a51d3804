"""Rune Age situations that state a dispute: a combat started from the file ([game.combat]),
seats eliminated or passed, card overrides, readings (docs/disputes.md)."""

from __future__ import annotations

import pytest

from engine.situation import SituationError
from projections.audit import audit
from projections.views import REFEREE
from sim.testing import from_situation

CITY = "engine/games/rune_age/situations/dispute_city_casualties.toml"


def events(eng, gid, typ):
    return [e for e in eng.store.read(gid) if e.type == typ]


def with_unit_in_hand(game):
    """The seat keeps a unit in hand, so the combat waits in its deployment step."""
    game["seat"][0]["hand"] = ["Skelett-Bogenschütze", "1-Gold"]


def test_combat_starts_in_deployment_with_the_army_of_the_file():
    """ACT-CMB-1, BTL-1, BTL-2: the combat is declared at set-up; the army holds the file's
    cards; the seat may play more or stop."""
    eng, gid = from_situation(CITY, edit=with_unit_in_hand)
    t = eng.table(gid)
    (declared,) = events(eng, gid, "ra.combat")
    assert declared.data["combat"]["target"] == "Dallak#1" and t.game.combat.step == "deploy"
    assert [c.split("#")[0] for c in t.zone("army:0")] == ["Untote Horde"]
    assert {"kind": "stop"} in eng.legal(gid, 0)
    assert {"kind": "play", "card": "Skelett-Bogenschütze"} in eng.legal(gid, 0)


def test_forced_die_is_used_later_in_play():
    """CORE-3F: the file's forced casualty face waits until the die is rolled after `stop`."""
    eng, gid = from_situation(CITY, edit=with_unit_in_hand)
    assert not events(eng, gid, "dice.rolled")
    eng.submit(gid, 0, {"kind": "stop"})
    (roll,) = events(eng, gid, "dice.rolled")
    assert roll.data["forced"] and roll.data["face"] == 1


def test_overrides_are_recorded_in_the_setup_event():
    eng, gid = from_situation(CITY)
    (setup,) = events(eng, gid, "ra.setup")
    assert setup.data["overrides"]["Dallak"] == {"icons": 1, "strength": 3}
    (declared,) = events(eng, gid, "ra.combat")
    assert declared.data["combat"]["icons"] == 1 and declared.data["combat"]["target_strength"] == 3


def test_bad_override_names_the_allowed_fields():
    with pytest.raises(ValueError) as exc:
        from_situation(CITY, options={"overrides": {"Dallak": {"colour": 1}}})
    assert "colour" in str(exc.value) and "defence" in str(exc.value)


def test_bad_combat_target_names_the_targets():
    def edit(game):
        game["combat"]["target"] = "Nowhere"

    with pytest.raises(SituationError) as exc:
        from_situation(CITY, edit=edit)
    assert "'Nowhere'" in str(exc.value) and "Dallak" in str(exc.value) and "realm:1" in str(exc.value)


def test_seat_marked_eliminated_leaves_at_set_up():
    """ELM-1: a seat marked eliminated is out before play starts (here of three)."""

    def edit(game):
        game["races"] = ["waiqar", "daqan", "latari"]
        game["seat"].append({"hand": ["1-Gold"], "eliminated": True})

    eng, gid = from_situation(CITY, players=3, edit=edit)
    (out,) = events(eng, gid, "ra.eliminated")
    assert out.data["seat"] == 2 and 2 in eng.table(gid).game.eliminated


def test_siege_with_a_seat_that_passed():
    """SGE-1, SGE-2: a siege of seat 1's home realm in which the defender already passed:
    only the attacker plays on."""

    def edit(game):
        game["combat"] = {"target": "realm:1", "passed": [1]}
        game["seat"][0]["hand"] = ["Skelett-Bogenschütze", "1-Gold"]
        game["seat"][1]["hand"] = ["Daqan-Fußvolk", "1-Gold"]

    eng, gid = from_situation(CITY, edit=edit)
    c = eng.table(gid).game.combat
    assert (c.kind, c.passed, c.turn) == ("siege", [1], 0)
    assert {"kind": "pass"} in eng.legal(gid, 0) and not eng.legal(gid, 1)
    eng.submit(gid, 0, {"kind": "play", "card": "Skelett-Bogenschütze"})  # then must pass: A30
    (out,) = events(eng, gid, "ra.outcome")
    assert (out.data["attacker"], out.data["defender"], out.data["winner"]) == (5, 0, "attacker")
    rows = {i["input"]: i for i in audit(eng.store, gid, out.version, REFEREE)["inputs"]}
    assert rows["seats that passed (final)"]["value"] == [1, 0]  # the file's, then the attacker
    assert rows["seats that passed (final)"]["from"][0]["rule"] == "SGE-2"


def test_passed_outside_a_siege_is_refused():
    def edit(game):
        game["combat"]["passed"] = [0]

    with pytest.raises(SituationError) as exc:
        from_situation(CITY, edit=edit)
    assert "passed" in str(exc.value) and "siege" in str(exc.value)


def test_reading_RA_A11_captured_city_enters_exhausted():
    """BTL-5 with A11 exhausted: the captured city is exhausted at once (default: ready)."""
    opts = {"readings": {"A16": "enemies_only", "A11": "exhausted"}}
    eng, gid = from_situation(CITY, options=opts)
    assert "Dallak#1" in eng.table(gid).game.exhausted
    eng, gid = from_situation(CITY, options={"readings": {"A16": "enemies_only"}})
    assert "Dallak#1" in eng.table(gid).zone("play:0")
    assert "Dallak#1" not in eng.table(gid).game.exhausted


def test_option_reading_and_its_option_must_agree():
    with pytest.raises(ValueError) as exc:
        from_situation(CITY, options={"readings": {"A2": "harsh"}, "casualty_die": "mild"})
    assert "A2" in str(exc.value) and "casualty_die" in str(exc.value)
    eng, gid = from_situation(CITY, options={"readings": {"A2": "harsh"}})
    assert eng.table(gid).options["casualty_die"] == "harsh"
