"""Disputes in DragonLords (issue 17, point 2): the catalog's readings, consulted by the rules;
the §14.2 interpretations as readings carried by game options; card overrides marked in the
events; `runeledger dispute` on a battle where two readings give different outcomes."""

import json
from pathlib import Path

from dl_helpers import events, sit, submit

from cli import main as cli
from engine import readings, registry
from sim.dispute import settle

DISPUTE = Path("engine/games/dragonlords/disputes/dispute_kingdom_panic.toml")


def _variants(report, rid):
    return {v["alternative"]: v for v in report["variants"] if v["reading"] == rid}


def _round(v):
    return next(e for e in v["decisive"] if e["type"] == "dl.round")["data"]


def test_INT35_dispute_kingdom_and_panic_give_different_battles():
    """Five Dwarves roll 2s against A's kingdom held by DragonLords: stacked -1s leave strength 1
    (no hit); the kingdom's -1 dropped under Panic leaves 2 (five hits)."""
    report = settle(DISPUTE)
    assert "INT-35" in report["consulted"]
    v = _variants(report, "INT-35")
    assert v["stacks"]["as_stated"] and not v["not_with_panic"]["as_stated"]
    assert _round(v["stacks"])["hits"] == {"0": 0, "1": 0}
    assert _round(v["not_with_panic"])["hits"] == {"0": 5, "1": 0}
    diff = v["not_with_panic"]["difference"]
    assert diff["decisive"] and diff["this"]["type"] == "dl.round" and diff["rule"] == "DL:3.4/land.5"


def test_dispute_cli_names_the_reading_and_its_rule(capsys):
    code = cli.main(["dispute", str(DISPUTE), "--reading", "INT-35", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and [r["id"] for r in out["readings"]] == ["INT-35"]
    assert out["readings"][0]["rule"] == "DL:2.2/kingdom"


def test_every_option_reading_is_the_game_option_with_the_same_choices():
    """The §14.2 interpretations that are options are readings too, default first, same values."""
    rs = registry.get("dragonlords")
    known = readings.of(rs)
    with_option = {r.option: r for r in known.values() if r.option}
    assert {"income", "teleport_retreat", "spell_attacks", "casualties", "elf_realm"} <= set(with_option)
    for name, r in with_option.items():
        assert rs.options[name].default == r.default, name
        assert set(rs.options[name].choices) == set(r.alternatives), name
    cat = registry.get("dragonlords").catalog.rules
    assert all(r.rule in cat for r in known.values())


def test_a_reading_chosen_by_option_and_by_reading_is_the_same_game():
    rs = registry.get("dragonlords")
    a = rs.check_options({"reading.INT-45": "additive"})
    assert a["income"] == "additive" and a["readings"] == {"INT-45": "additive"}


def _strong_dwarves():
    """E-03 with the Dwarves' strength overridden to 5, one round fought."""
    eng, gid = sit(
        "e03_two_dragonlords", forced={"die:d6": [6] * 11}, options={"overrides": {"Zwerg": {"strength": 5}}}
    )
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "T1a"})
    submit(eng, gid, 0, {"kind": "stand"})
    return eng, gid


def test_overrides_change_a_units_strength_and_are_marked_in_the_round():
    """A situation overrides the Dwarves' strength to 5: the round names the override."""
    eng, gid = _strong_dwarves()
    r = events(eng, gid, "dl.round")[-1].data
    assert r["attacker"]["strength"]["base"] == 5 and r["attacker"]["strength"]["value"] == 4  # 5 - Panic
    assert "overridden" in r["attacker"]["strength"]
    assert events(eng, gid, "dl.setup")[0].data["overrides"] == {"dwarf": {"strength": 5}}


def test_overrides_of_a_treasure_are_marked_and_bad_fields_refused():
    import pytest

    rs = registry.get("dragonlords")
    with pytest.raises(ValueError, match="allowed: strength"):
        rs.check_options({"overrides": {"Zwerg": {"defense": 8}}})
    with pytest.raises(ValueError, match="no card named"):
        rs.check_options({"overrides": {"Gandalf": {"strength": 8}}})
    eng, gid = sit(
        "e04_king_excalibur",
        forced={"die:d6": [6] * 11},
        options={"overrides": {"Excalibur Sword": {"own": 2}}},
    )
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "K1", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "K1"})
    mods = events(eng, gid, "dl.round")[-1].data["defender"]["strength"]["modifiers"]
    assert {"source": "Excalibur Sword (overridden)", "delta": 2, "rule": "DL:3.3/treasures"} in mods


def test_the_audit_marks_an_overridden_strength_with_the_set_up_event():
    from engine.explain import History
    from engine.games.dragonlords.audit.why import why

    eng, gid = _strong_dwarves()
    evs = eng.store.read(gid)
    ev = [e for e in evs if e.type == "dl.round"][-1]
    inputs = why(eng.table(gid), ev, History(evs))
    base = next(i for i in inputs if i["input"].startswith("attacker, Seat 2's dwarf army: base strength"))
    assert base["value"] == 5 and base["note"] == "overridden by situation"
    assert base["from"] and base["from"][0]["type"] == "dl.setup"
