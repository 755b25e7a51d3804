"""Hunt: numbers too big for SQLite in CLI arguments are refused as bad input (exit 2, the
argument named), not an internal error (OverflowError) as `log --to` and `audit N` once gave."""

import json

import pytest

from cli.main import main

HUGE = "99999999999999999999999"


@pytest.fixture
def cli(tmp_path, capsys):
    db = str(tmp_path / "n.db")

    def run(*argv):
        code = main([*argv, "--db", db, "--json"])
        text = capsys.readouterr().out
        return code, json.loads(text) if text.strip().startswith(("{", "[")) else text

    return run


@pytest.mark.parametrize(
    "argv",
    [
        ("log", "{g}", "--to", HUGE),
        ("log", "{g}", "--from", HUGE),
        ("log", "{g}", "--from", "-" + HUGE),
        ("audit", "{g}", HUGE),
        ("audit", "{g}", "-" + HUGE),
        ("state", "{g}", "--at", HUGE),
        ("undo", "{g}", "--to", HUGE, "--seat", "0"),
        ("legal", "{g}", "--seat", HUGE),
        ("play", "{g}", "--seat", "0", "--expected-version", HUGE, '{"kind": "pass"}'),
    ],
)
def test_a_huge_number_is_bad_input_not_an_internal_error(cli, argv):
    code, gid = cli("new", "duel", "--players", "2", "--seed", "1")
    gid = gid["game_id"]
    code, out = cli(*[a.replace("{g}", gid) for a in argv])
    assert code == 2, out
    assert "internal error" not in out["error"] and HUGE in out["error"]
    code, log = cli("log", gid)
    assert code == 0 and log[-1]["type"] != "undo.done"


@pytest.mark.parametrize("raw", ["١", "²", "３", " 1", "1 ", "1_0", "+1", "\u00a01"])
@pytest.mark.parametrize(
    "argv",
    [
        ("log", "{g}", "--to", "{n}"),
        ("audit", "{g}", "{n}"),
        ("state", "{g}", "--at", "{n}"),
        ("legal", "{g}", "--seat", "{n}"),
        ("log", "{g}", "--as", "{n}"),
    ],
)
def test_a_number_not_written_in_ascii_digits_is_bad_input(cli, argv, raw):
    """`int` reads '١' (Arabic-Indic one) as 1 and `str.isdigit` passes '²', which `int` then
    refuses: a number from outside is the digits 0-9 only, read one way everywhere."""
    code, gid = cli("new", "duel", "--players", "2", "--seed", "1")
    gid = gid["game_id"]
    code, out = cli(*[a.replace("{g}", gid).replace("{n}", raw) for a in argv])
    assert code == 2, out
    assert "internal error" not in out["error"] and repr(raw) in out["error"], out["error"]


@pytest.mark.parametrize(
    "ruleset,option", [("duel", "rounds"), ("dragonlords", "round_limit"), ("dragonlords", "kingdoms_to_win")]
)
@pytest.mark.parametrize("raw", ["٤", "4 ", "0_4", "+4"])
def test_an_option_number_not_in_ascii_digits_is_bad_input_and_makes_no_game(cli, ruleset, option, raw):
    """`--option rounds=٤` made a game of 4 rounds: an option's number is the digits 0-9 too
    (the same text `runeledger options` and the game's header show)."""
    code, out = cli("new", ruleset, "--players", "2", "--option", f"{option}={raw}")
    assert code == 2, out
    assert option in out["error"] and repr(raw) in out["error"], out["error"]
    code, games = cli("list")
    assert code in (0, 2) and not (isinstance(games, list) and games), games
