"""`runeledger dispute` beyond one reading at a time: the cross product of several readings
(--combine) with the reading behind each difference, --to-end, and the duel's card overrides."""

from __future__ import annotations

import json

import pytest

from cli import main as cli
from projections.audit import audit
from projections.views import REFEREE
from sim.dispute import settle
from sim.testing import from_situation

TS = "engine/games/thunderstone/situations/dispute_glut_light.toml"
LOW = "tests/core/situations/duel_low_health.toml"
OPEN_END = """ruleset = "duel"
players = 2
seed = 5
note = "Round 3 of 4, nothing decided: random bots play the game to its end."
[options]
rounds = 4
[game]
round = 3
[[game.seat]]
hand = ["Jab#1", "Strike#1"]
deck = ["Jab#2", "Haymaker#1"]
damage = 2
[[game.seat]]
hand = ["Jab#3", "Strike#2"]
deck = ["Jab#4", "Strike#3"]
damage = 2
"""


def by_choice(report):
    return {tuple(sorted(c["choice"].items())): c for c in report["combinations"]}


def test_combine_blames_only_the_reading_that_makes_the_difference():
    """BAT-3 (A17) decides the Glut battle; BAT-6 (A11) does not touch it (no halving trait):
    of the 4 combinations, those that change A11 alone do not differ, and the one that changes
    both names A17 alone as the cause."""
    report = settle(TS, ["A17", "A11"], combine=True)
    runs = by_choice(report)
    assert len(runs) == 4

    def key(a17: str, a11: str) -> tuple:
        return (("A11", a11), ("A17", a17))

    assert runs[key("lowers_penalty", "before_light")]["as_stated"]
    assert runs[key("lowers_penalty", "after_light")]["difference"] is None
    both = runs[key("not_for_penalty", "after_light")]["difference"]
    assert both["decisive"] and both["rule"] == "BAT-8"
    assert both["made_by"] == [{"reading": "A17", "rule": "BAT-3", "alternative": "not_for_penalty"}]
    assert not both["together"]


def test_combine_words_name_each_combination_and_its_cause(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # the console is made per print, on the current stdout
    assert cli.main(["dispute", TS, "--reading", "A17", "--reading", "A11", "--combine"]) == 0
    text = capsys.readouterr().out
    flat = text
    assert "A17=not_for_penalty" in text and "A11=after_light" in text and "(as stated)" in text
    assert flat.count("because reading A17 of rule BAT-3") == 2
    assert "reading A11 of rule" not in flat


def test_too_many_combinations_are_refused(monkeypatch, capsys):
    from sim import dispute

    monkeypatch.setattr(dispute, "MAX_COMBINATIONS", 3)
    code = cli.main(["dispute", TS, "--reading", "A17", "--reading", "A11", "--combine", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "4 combinations" in out["error"]


def test_to_end_lets_bots_finish_the_same_way_under_each_reading(tmp_path):
    path = tmp_path / "open.toml"
    path.write_text(OPEN_END, encoding="utf-8")
    short = settle(path, ["TIE"])
    assert not any(v["over"] for v in short["variants"])
    full = settle(path, ["TIE"], to_end=True)
    again = settle(path, ["TIE"], to_end=True)
    assert all(v["over"] and v["events"] > short["variants"][0]["events"] for v in full["variants"])
    assert [v["winners"] for v in full["variants"]] == [v["winners"] for v in again["variants"]]
    ends = [e for v in full["variants"] for e in v["decisive"] if e["type"] == "game.over"]
    assert len(ends) == 2


# -- duel overrides -----------------------------------------------------------------------------


def test_duel_override_changes_the_hit_and_is_marked_in_event_and_audit():
    """A Jab overridden to 6: seat 1 (2 damage) takes 6 on a forced hit and is out (DU-OUT); the
    damage event carries the overridden value and the audit of the end says so."""

    def two(game):
        game["seat"][1]["damage"] = 2

    eng, gid = from_situation(LOW, edit=two, options={"overrides": {"Jab": {"value": 6}}})
    eng.submit(gid, 0, {"kind": "play", "card": "Jab"})
    events = eng.store.read(gid)
    (hit,) = [e for e in events if e.type == "damage.dealt" and e.rule == "DU-ROLL"]
    assert hit.data["n"] == 6 and hit.data["overridden"] == {"value": 6}
    over = next(e for e in events if e.type == "game.over")
    items = audit(eng.store, gid, over.version, REFEREE)["inputs"]
    (row,) = [i for i in items if i["input"].startswith("hit on Seat 2")]
    assert "overridden by situation" in row["note"]
    (values,) = [i for i in items if i["input"] == "values of Jab"]
    assert values["value"] == {"value": 6} and values["from"][0]["type"] == "game.created"


def test_duel_without_override_keeps_its_events():
    def two(game):
        game["seat"][1]["damage"] = 2

    eng, gid = from_situation(LOW, edit=two)
    eng.submit(gid, 0, {"kind": "play", "card": "Jab"})
    (hit,) = [e for e in eng.store.read(gid) if e.type == "damage.dealt" and e.rule == "DU-ROLL"]
    assert hit.data["n"] == 1 and "overridden" not in hit.data and not eng.table(gid).over


@pytest.mark.parametrize(
    "over, words",
    [
        ({"Uppercut": {"value": 2}}, ["Uppercut"]),
        ({"Jab": {"copies": 2}}, ["copies", "value"]),
        ({"Jab": {"value": -1}}, ["value", "0 or more", "DU-ROLL"]),
        ({"Jab": {"value": "2"}}, ["value", "int"]),
    ],
)
def test_duel_bad_override_names_key_and_allowed_values(over, words):
    with pytest.raises(ValueError) as exc:
        from_situation(LOW, options={"overrides": over})
    assert all(w in str(exc.value) for w in words), str(exc.value)
