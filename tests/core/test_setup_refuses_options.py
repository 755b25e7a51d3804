"""Options a ruleset's set-up refuses are bad input (exit 2, rule CORE-1O), not an internal error
(exit 70): Rune Age's Runewars needs at least 2 players (§9.6), and the check lives in its
set-up, which alone knows the player count with the scenario. Nothing is stored."""

import json
import subprocess
import sys

import pytest

from engine.errors import BadInput
from sim.testing import engine


def test_a_scenario_for_more_players_is_refused_as_bad_input(tmp_path):
    eng = engine(str(tmp_path / "t.db"))
    with pytest.raises(BadInput) as info:
        eng.create("rune-age", 1, 7, {"scenario": "runewars"})
    assert info.value.rule == "CORE-1O" and "at least 2 players" in info.value.reason
    assert eng.store.game_ids() == []


def test_the_cli_exits_2_naming_the_rule(tmp_path):
    db = tmp_path / "t.db"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cli.main",
            "new",
            "rune-age",
            "--players",
            "1",
            "--option",
            "scenario=runewars",
            "--db",
            str(db),
            "--json",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2, out
    err = json.loads(out.stdout)
    assert err["rule"] == "CORE-1O" and "2 players" in err["error"]
    assert "Traceback" not in out.stderr
