"""`runeledger dispute`: a situation played under each reading of the rules it touches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import main as cli
from sim.dispute import settle
from sim.testing import from_situation

TS = "engine/games/thunderstone/situations/dispute_glut_light.toml"
RA = "engine/games/rune_age/situations/dispute_city_casualties.toml"


def variants(report, rid):
    return {v["alternative"]: v for v in report["variants"] if v["reading"] == rid}


def battle(v):
    return next(e for e in v["decisive"] if e["type"] == "ts.battle")


def test_thunderstone_glut_light_reading_decides_the_battle():
    """BAT-3 with reading A17: Glut's own LICHT +1 lowers the penalty (won) or not (lost)."""
    report = settle(TS)
    assert "A17" in report["consulted"]
    v = variants(report, "A17")
    stated, other = battle(v["lowers_penalty"]), battle(v["not_for_penalty"])
    assert v["lowers_penalty"]["as_stated"] and not v["not_for_penalty"]["as_stated"]
    assert (stated["data"]["won"], stated["data"]["light_penalty"], stated["data"]["total"]) == (True, 1, 5)
    assert (other["data"]["won"], other["data"]["light_penalty"], other["data"]["total"]) == (False, 2, 3)
    diff = v["not_for_penalty"]["difference"]
    assert diff["decisive"] and diff["rule"] == "BAT-8" and diff["this"]["type"] == "ts.battle"


def test_rune_age_city_icons_reading_decides_the_battle():
    """BTL-3 with reading A16: a forced skull against a city with an icon costs the only unit
    (the city holds) unless only enemies cause casualties (the city is captured)."""
    report = settle(RA, ["A16"])
    v = variants(report, "A16")
    outcome = {
        alt: next(e for e in x["decisive"] if e["type"] == "ra.outcome")["data"] for alt, x in v.items()
    }
    assert outcome["any_icons"]["winner"] == "target" and outcome["any_icons"]["attacker"] == 0
    assert outcome["enemies_only"]["winner"] == "army" and outcome["enemies_only"]["attacker"] == 3
    assert next(e["type"] for e in v["any_icons"]["decisive"]) == "ra.casualties"
    assert not any(e["type"] == "ra.casualties" for e in v["enemies_only"]["decisive"])


def test_only_named_readings_are_played():
    report = settle(RA, ["A16"])
    assert {v["reading"] for v in report["variants"]} == {"A16"}


def test_unknown_reading_names_the_known_ones(capsys):
    code = cli.main(["dispute", RA, "--reading", "RA-NOPE", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "RA-NOPE" in out["error"] and "A16" in out["error"]


def test_cli_json_and_words(capsys):
    assert cli.main(["dispute", TS, "--reading", "A17", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [v["alternative"] for v in report["variants"]] == ["lowers_penalty", "not_for_penalty"]
    assert cli.main(["dispute", TS, "--reading", "A17"]) == 0
    text = capsys.readouterr().out
    assert "A17" in text and "not_for_penalty" in text and "BAT-8" in text


def test_a_chosen_reading_is_recorded_in_the_creation_event():
    eng, gid = from_situation(TS, options={"readings": {"A17": "not_for_penalty"}})
    created = eng.store.read(gid)[0]
    assert created.data["options"]["readings"] == {"A17": "not_for_penalty"}


@pytest.mark.parametrize(
    "readings, words",
    [
        ({"TS-NOPE": "x"}, ["TS-NOPE", "A17"]),
        ({"A17": "maybe"}, ["A17", "lowers_penalty", "not_for_penalty"]),
    ],
)
def test_bad_reading_in_a_situation_names_key_and_allowed_values(readings, words):
    with pytest.raises(ValueError) as exc:
        from_situation(TS, options={"readings": readings})
    assert all(w in str(exc.value) for w in words)


def test_bad_override_names_key_and_allowed_fields():
    with pytest.raises(ValueError) as exc:
        from_situation(TS, options={"overrides": {"Glut": {"colour": 3}}})
    assert "colour" in str(exc.value) and "health" in str(exc.value)
    with pytest.raises(ValueError) as exc:
        from_situation(TS, options={"overrides": {"Glutt": {"health": 3}}})
    assert "Glutt" in str(exc.value)


def test_override_changes_the_battle_and_is_recorded():
    """An overridden health (7) turns the won battle into a lost one; recorded in game.created."""
    eng, gid = from_situation(TS, options={"overrides": {"Glut": {"health": 7}}})
    events = eng.store.read(gid)
    assert events[0].data["options"]["overrides"] == {"Glut": {"health": 7}}
    b = next(e for e in events if e.type == "ts.battle")
    assert (b.data["health"], b.data["won"]) == (7, False)


def test_decisive_types_of_the_file_replace_the_catalogs(tmp_path):
    text = Path(TS).read_text(encoding="utf-8").replace("[game]", 'decisive = ["ts.target"]\n[game]', 1)
    path = tmp_path / "d.toml"
    path.write_text(text, encoding="utf-8")
    report = settle(path, ["A17"])
    assert {e["type"] for v in report["variants"] for e in v["decisive"]} == {"ts.target"}
    assert all(v["difference"] is None or not v["difference"]["decisive"] for v in report["variants"])


@pytest.mark.parametrize("name", ["thunderstone", "rune-age", "epochs", "duel"])
def test_catalog_readings_cite_catalog_rules_and_are_asked_by_the_rules(name):
    """Each listed ambiguity names a rule of the catalog, its default is an alternative, and
    the rules ask for it (by id) or carry it as a declared game option."""
    import pathlib

    from engine import readings, registry

    rs = registry.get(name)
    listed = readings.of(rs)
    assert listed
    pkg = pathlib.Path(__import__(type(rs).__module__, fromlist=["_"]).__file__).parent
    code = "".join(p.read_text(encoding="utf-8") for p in pkg.rglob("*.py"))
    for rid, r in listed.items():
        assert r.rule in rs.catalog and r.default in r.alternatives, rid
        if r.option:
            assert set(r.alternatives) == set(rs.options[r.option].choices), rid
        else:
            assert f'chosen(table, "{rid}")' in code, rid
