"""Hunt: `state --as referee` shows everything, including the unrevealed seed (docs/cli.md, "Reading a
game"); it showed `"seed": null` until the game ended. The public and seat views never show it
before the seed.revealed event."""

import json

from cli.main import main


def test_the_referee_sees_the_seed_and_nobody_else_does(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    assert main(["new", "dragonlords", "--players", "2", "--seed", "seven", "--db", db, "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)["game_id"]

    def state(*who):
        assert main(["state", gid, *who, "--db", db, "--json"]) == 0
        return json.loads(capsys.readouterr().out)

    ref = state("--as", "referee")
    assert ref["seed"] == "seven" and ref["seed_revealed"] is False
    for who in ((), ("--as", "0"), ("--as", "1")):
        view = state(*who)
        assert view["seed"] is None and "seven" not in json.dumps(view)
    early = state("--as", "referee", "--at", "1")
    assert early["seed"] == "seven"
