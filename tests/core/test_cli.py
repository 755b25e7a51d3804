"""The runeledger CLI contract, driven through main() with its real argument parsing."""

import json

import pytest

from cli.main import main


@pytest.fixture
def cli(tmp_path, capsys):
    db = str(tmp_path / "cli.db")

    def run(*argv, ok=True):
        code = main([*argv, "--db", db, "--json"])
        text = capsys.readouterr().out
        assert (code == 0) == ok, text
        return json.loads(text) if text.strip().startswith(("{", "[")) else text

    return run


def test_full_cli_round(cli, tmp_path):
    games = cli("games")
    assert "duel" in [g["name"] for g in games["games"]]
    gid = cli("new", "duel", "--players", "2", "--seed", "4", "--option", "rounds=4")["game_id"]
    prompts = cli("prompts", gid)["prompts"]
    assert prompts[0]["seat"] == 0 and prompts[0]["rule"] == "DU-PLAY"
    legal = cli("legal", gid, "--seat", "0")
    evs = cli("play", gid, "--seat", "0", json.dumps(legal[0]))  # accepted unchanged
    assert evs[0]["type"] == "cmd." + legal[0]["kind"]
    bad = cli("play", gid, "--seat", "0", '{"kind": "pass"}', ok=False)
    assert bad["rule"] == "DU-PLAY" and "turn" in bad["error"]
    bad = cli("play", gid, "--seat", "1", "{not json", ok=False)
    assert bad["rule"] == "CORE-5"
    log = cli("log", gid, "--as", "1")
    hidden = [e for e in log if e.get("redacted")]
    assert hidden and all("cards" not in e["data"] for e in hidden)
    full = cli("state", gid, "--at", "5")
    assert full["version"] == 5 and "zones" in full
    view = cli("state", gid, "--as", "1")
    assert "cards" not in view["zones"]["p0.hand"] and "cards" in view["zones"]["p1.hand"]
    audit = cli("audit", gid, str(evs[-1]["version"]))
    assert audit["chain"][-1]["type"].startswith("cmd.") and audit["chain"][0]["rule_summary"]
    assert cli("replay", gid)["ok"] is True
    assert cli("verify")["ok"] is True
    refused = cli("undo", gid, "--to", "12", ok=False)
    assert "CORE-6" in refused["error"] or refused["rule"] == "CORE-6"


def test_simulate_stores_normal_games_with_workers(cli):
    summary = cli("simulate", "duel", "--games", "6", "--players", "3", "--workers", "2", "--seed", "9")
    assert summary["games"] == 6 and sum(summary["wins_per_seat"].values()) == pytest.approx(6)
    assert cli("verify")["events"] == summary["events"]
    assert cli("replay", "duel-9-00003")["ok"] is True


def test_verify_exit_code_names_the_bad_event(cli, tmp_path):
    gid = cli("new", "duel", "--players", "2", "--seed", "1")["game_id"]
    import sqlite3

    con = sqlite3.connect(tmp_path / "cli.db")
    con.execute("DROP TRIGGER events_no_update")
    con.execute("UPDATE events SET actor=1 WHERE version=4")
    con.commit()
    report = cli("verify", ok=False)
    assert report["first_bad"]["game_id"] == gid and report["first_bad"]["version"] == 4


def test_situation_via_cli(cli):
    from pathlib import Path

    path = Path(__file__).parent / "situations/duel_low_health.toml"
    gid = cli("new", "--situation", str(path))["game_id"]
    cli("play", gid, "--seat", "0", '{"kind": "play", "card": "Haymaker"}')
    assert cli("prompts", gid)["over"] is True


def test_force_via_cli_is_recorded_and_refused_outside_analysis(cli):
    plain = cli("new", "duel", "--players", "2", "--seed", "1")["game_id"]
    refused = cli("force", plain, '{"die:attack": ["miss"]}', ok=False)
    assert refused["rule"] == "CORE-3F"
    gid = cli("new", "duel", "--players", "2", "--seed", "1", "--analysis")["game_id"]
    forced = cli("force", gid, '{"die:attack": ["crit"]}')
    log = cli("log", gid, "--from", str(forced["event"]))
    assert log[0]["type"] == "chance.forced" and log[0]["rule"] == "CORE-3F"
    card = cli("legal", gid, "--seat", "0")[0]
    evs = cli("play", gid, "--seat", "0", __import__("json").dumps(card))
    assert [e["data"]["face"] for e in evs if e["type"] == "dice.rolled"] == ["crit"]


def test_anchor_then_verify_finds_a_consistent_rewrite_only_with_the_anchor(cli, tmp_path):
    """Trust point 5: a tail cut with the chain and heads patched up passes the store's own
    checks only if the attacker also fixes the store head; the anchor still catches it."""
    import sqlite3

    gid = cli("new", "duel", "--players", "2", "--seed", "3")["game_id"]
    legal = cli("legal", gid, "--seat", "0")
    cli("play", gid, "--seat", "0", json.dumps(legal[0]))
    anchor = str(tmp_path / "anchor.json")
    cli("anchor", "--out", anchor)
    assert cli("verify", "--anchor", anchor)["ok"] is True
    con = sqlite3.connect(tmp_path / "cli.db")
    head = con.execute("SELECT MAX(version) FROM events WHERE game_id=?", (gid,)).fetchone()[0]
    cut = con.execute(
        "SELECT MIN(version) FROM events WHERE game_id=? AND type LIKE 'cmd.%'", (gid,)
    ).fetchone()[0]
    con.execute("DROP TRIGGER events_no_delete")
    con.execute("DELETE FROM events WHERE game_id=? AND version>=?", (gid, cut))
    last_hash = con.execute(
        "SELECT hash FROM events WHERE game_id=? AND version=?", (gid, cut - 1)
    ).fetchone()[0]
    con.execute("UPDATE streams SET version=?, head_hash=? WHERE game_id=?", (cut - 1, last_hash, gid))
    con.commit()
    report = cli("verify", "--anchor", anchor, ok=False)
    kinds = {f["kind"] for f in report["faults"]}
    assert {"truncated", "trigger"} <= kinds, kinds
    assert (
        any(
            f.get("game_id") == gid and f["version"] == cut
            for f in report["faults"]
            if f["kind"] == "truncated"
        )
        and head > cut
    )
    refused = cli("anchor", ok=False)  # an anchor of a broken store would bless the damage
    assert "does not verify" in refused["error"]


def test_list_names_each_game_with_its_status(cli):
    live = cli("new", "duel", "--players", "3", "--seed", "5")["game_id"]
    cli("simulate", "duel", "--games", "2", "--players", "2", "--seed", "L")
    games = cli("list")
    by_id = {g["game_id"]: g for g in games}
    assert list(by_id) == [live, "duel-L-00000", "duel-L-00001"]  # creation order
    assert by_id[live]["status"] == "in play" and by_id[live]["players"] == 3
    assert by_id["duel-L-00000"]["status"] == "over"
    assert by_id["duel-L-00000"]["last_event"] == "seed.revealed"
    assert [g["game_id"] for g in cli("list", "--limit", "1")] == [live]
    assert cli("list", "--ruleset", "thunderstone") == []


def test_an_undecodable_argument_is_named_escaped_not_a_traceback(tmp_path, capsys):
    """A byte the shell could not decode reaches argv as a surrogate; found by the argv fuzz."""
    from cli.main import main

    for extra in ([], ["--json"]):
        assert main(["prompts", "0", "\udcff", "--db", str(tmp_path / "x.db"), *extra]) == 2
        out = capsys.readouterr()
        said = out.out + out.err
        assert "unrecognized arguments:" in said and "udcff" in said and "Traceback" not in said
