"""Hunt: a DragonLords situation file with a value of the wrong shape is refused as bad input
naming the field (exit 2), never an internal error: `heroes = "H99"` once failed set-up with a
TypeError; an army past the races, a hero id without its number, a spell outside 1..6, a
role, race or treasure the game does not have are refused the same way."""

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from cli.main import main

SIT = Path(__file__).parent / "situations"
E05 = (SIT / "e05_naval.toml").read_text()


def _run(tmp_path, text: str):
    path = tmp_path / "s.toml"
    path.write_text(text)
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["new", "--situation", str(path), "--db", ":memory:", "--json"])
    return code, json.loads(out.getvalue())


@pytest.mark.parametrize(
    "old,new,words",
    [
        (
            'heroes = [{id = "H1", army = 0, loc = "K1", role = "king"}, {id = "H2", army = 1, loc = "K4", role = "king"}]',
            'heroes = "H99"',
            "heroes",
        ),
        (
            '{id = "H2", army = 1, loc = "K4", role = "king"}',
            '{id = "H2", army = 5, loc = "K4", role = "king"}',
            "army",
        ),
        (
            '{id = "H2", army = 1, loc = "K4", role = "king"}',
            '{id = "Hx", army = 1, loc = "K4", role = "king"}',
            "id",
        ),
        (
            '{id = "H2", army = 1, loc = "K4", role = "king"}',
            '{id = "H2", army = 1, loc = "K4", role = "queen"}',
            "role",
        ),
        (
            '{id = "H2", army = 1, loc = "K4", role = "king"}',
            '{id = "H2", army = 1, loc = "K4", role = "king", spells = [9]}',
            "spells",
        ),
        (
            '{id = "H2", army = 1, loc = "K4", role = "king"}',
            '{id = "H2", army = 1, loc = "K4", role = "king", treasures = ["nope"]}',
            "treasure",
        ),
        (
            '{id = "H2", army = 1, loc = "K4", role = "king"}',
            '{id = "H2", army = 1, loc = "K4", role = "king", colour = 1}',
            "colour",
        ),
        ('{loc = "K4", army = 1, n = 2}', '{loc = "K4", army = 1, n = "two"}', "n"),
        ('{loc = "K4", army = 1, n = 2}', '{loc = "K4", army = -1, n = 2}', "army"),
        ('{id = "S11", army = 0, zone = "S6"}', '{id = -1, army = 0, zone = "S6"}', "id"),
        ('{id = "S11", army = 0, zone = "S6"}', '{id = "S11", army = 0, zone = "nowhere"}', "zone"),
        ('races = ["orc", "dwarf"]', 'races = ["orc", "troll"]', "race"),
        ('races = ["orc", "dwarf"]', 'races = "orc"', "races"),
        ("active = 0", 'active = "0"', "active"),
        ("active = 0", "active = 7", "active"),
    ],
)
def test_a_wrong_value_is_bad_input_naming_it(tmp_path, old, new, words):
    assert old in E05
    code, out = _run(tmp_path, E05.replace(old, new))
    assert code == 2, out
    assert words in out["error"] and "internal error" not in out["error"]


def test_a_battle_value_of_the_wrong_type_is_bad_input(tmp_path):
    text = (SIT / "battle_after_round.toml").read_text()
    assert 'origins = ["T1c"]' in text
    code, out = _run(tmp_path, text.replace('origins = ["T1c"]', "origins = -1"))
    assert code == 2 and "origins" in out["error"], out


def test_the_example_itself_still_loads(tmp_path):
    code, out = _run(tmp_path, E05)
    assert code == 0, out


@pytest.mark.parametrize(
    "edit,words",
    [
        (lambda g: g.update(parties=[{"army": 0, "space": "nowhere"}]), "space"),
        (lambda g: g.update(tools=[["laser"], []]), "tool"),
        (lambda g: g.update(gold={"T1a": 5}), "gold"),
        (lambda g: g.update(gold={"nowhere": 5}), "gold"),
        (lambda g: g["units"].append({"loc": "K1", "army": 0, "n": 1000}), "INT-02"),
    ],
)
def test_a_place_or_tool_the_game_lacks_is_bad_input(edit, words):
    from engine.situation import SituationError
    from sim.testing import from_situation

    with pytest.raises(SituationError) as err:
        from_situation(SIT / "quest_party.toml", edit=edit)
    assert words in str(err.value)
