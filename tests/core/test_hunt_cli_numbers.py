"""Hunt: numbers too big for SQLite in CLI arguments are refused as bad input (exit 2, the
argument named), not an internal error (OverflowError) as `log --to` and `audit N` once gave."""
import json

import pytest

from engine.cli import main

HUGE = "99999999999999999999999"


@pytest.fixture
def cli(tmp_path, capsys):
    db = str(tmp_path / "n.db")

    def run(*argv):
        code = main([*argv, "--db", db, "--json"])
        text = capsys.readouterr().out
        return code, json.loads(text) if text.strip().startswith(("{", "[")) else text
    return run


@pytest.mark.parametrize("argv", [
    ("log", "{g}", "--to", HUGE), ("log", "{g}", "--from", HUGE), ("log", "{g}", "--from", "-" + HUGE),
    ("audit", "{g}", HUGE), ("audit", "{g}", "-" + HUGE), ("state", "{g}", "--at", HUGE),
    ("undo", "{g}", "--to", HUGE, "--seat", "0"), ("legal", "{g}", "--seat", HUGE),
    ("play", "{g}", "--seat", "0", "--expected-version", HUGE, "{\"kind\": \"pass\"}"),
])
def test_a_huge_number_is_bad_input_not_an_internal_error(cli, argv):
    code, gid = cli("new", "duel", "--players", "2", "--seed", "1")
    gid = gid["game_id"]
    code, out = cli(*[a.replace("{g}", gid) for a in argv])
    assert code == 2, out
    assert "internal error" not in out["error"] and HUGE in out["error"]
    code, log = cli("log", gid)
    assert code == 0 and log[-1]["type"] != "undo.done"
