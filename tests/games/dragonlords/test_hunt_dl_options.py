"""Hunt: bad DragonLords options are refused at `new` with the option and the rule named (exit 2,
nothing stored), never an internal error (DL:2.3.1 races, DL:4.1 kingdoms to win, ENG-CAP)."""

import json

import pytest

from cli.main import main
from engine.errors import BadInput
from sim.testing import engine


@pytest.mark.parametrize(
    "option,rule,words",
    [
        ("races=orc,orc", "DL:2.3.1", "races"),
        ("races=ORC,elf", "DL:2.3.1", "races"),
        ("races=orc,elf,dwarf,barbarian,orc", "DL:2.3.1", "races"),
        ("kingdoms_to_win=-3", "DL:4.1", "kingdoms_to_win"),
        ("kingdoms_to_win=99", "DL:4.1", "kingdoms_to_win"),
        ("kingdoms_to_win=abc", "DL:4.1", "kingdoms_to_win"),
        ("round_limit=-1", "ENG-CAP", "round_limit"),
        ("round_limit=abc", "ENG-CAP", "round_limit"),
    ],
)
def test_a_bad_option_is_refused_naming_it_and_its_rule(tmp_path, capsys, option, rule, words):
    db = tmp_path / "dl.db"
    code = main(["new", "dragonlords", "--players", "2", "--option", option, "--db", str(db), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 2, out
    assert out["rule"] == rule and words in out["error"] and "internal error" not in out["error"]
    assert main(["list", "--db", str(db), "--json"]) in (0, 2)
    listed = capsys.readouterr().out
    assert "dragonlords-" not in listed


def test_good_options_still_make_a_game():
    eng = engine()
    for opts in ({"races": "elf,orc,barbarian,dwarf"}, {"kingdoms_to_win": "4", "round_limit": "0"}, {}):
        gid = eng.create("dragonlords", 2, 1, opts)
        assert eng.table(gid).version > 1
    with pytest.raises(BadInput):
        eng.create("dragonlords", 3, 1, {"races": "orc,elf"})


@pytest.mark.parametrize("value", [1.5, True, None, [3]])
def test_a_count_that_is_no_whole_number_is_refused_ENG_CAP(value):
    with pytest.raises(BadInput) as err:
        engine().create("dragonlords", 2, 1, {"round_limit": value})
    assert err.value.rule == "ENG-CAP" and "round_limit" in err.value.reason
