"""`runeledger choices`: the tree's JSON contract as it is, steps opened with --expand, a
plain numbered listing without --json, and bad tokens refused by name (exit 2)."""

import json

import pytest

from cli.main import main


@pytest.fixture
def cli(tmp_path, capsys):
    db = str(tmp_path / "choices.db")

    def run(*argv, ok=True, as_json=True):
        code = main([*argv, "--db", db] + (["--json"] if as_json else []))
        text = capsys.readouterr()
        assert (code == 0) == ok, text
        body = text.out if as_json or ok else text.err
        return json.loads(body) if as_json else (code, body)

    return run


def test_choices_json_expand_and_play(cli):
    gid = cli("new", "duel", "--players", "2", "--seed", "4")["game_id"]
    seat = cli("prompts", gid)["prompts"][0]["seat"]
    q = cli("choices", gid, "--seat", str(seat))
    assert set(q) == {"version", "seat", "question", "rule", "options"}
    assert q["seat"] == seat and q["question"] == "What do you do?" and q["rule"] == "DU-PLAY"
    for node in q["options"]:
        assert node.keys() - {"label", "preview"} in ({"command"}, {"expand"}), node
    step = next(n for n in q["options"] if "expand" in n)
    sub = cli("choices", gid, "--seat", str(seat), "--expand", step["expand"])
    assert sub["question"] == "Which card?" and all("command" in n for n in sub["options"])
    reached = [n["command"] for n in sub["options"]] + [n["command"] for n in q["options"] if "command" in n]
    legal = cli("legal", gid, "--seat", str(seat))
    assert sorted(map(json.dumps, reached)) == sorted(map(json.dumps, legal))
    evs = cli("play", gid, "--seat", str(seat), json.dumps(sub["options"][0]["command"]))
    assert evs[0]["type"] == "cmd.play"
    stale = cli("choices", gid, "--seat", str(seat), "--expand", step["expand"], ok=False)
    assert "is stale" in stale["error"] and step["expand"][:20] in stale["error"]
    edited = cli("choices", gid, "--seat", str(seat), "--expand", "x" + step["expand"], ok=False)
    assert "damaged" in edited["error"]


def test_choices_listing_in_words(cli):
    gid = cli("new", "duel", "--players", "2", "--seed", "4")["game_id"]
    seat = cli("prompts", gid)["prompts"][0]["seat"]
    code, text = cli("choices", gid, "--seat", str(seat), as_json=False)
    assert "What do you do?" in text and "│ 1 " in text and "Pass" in text
    assert f"--seat {seat} --expand " in text  # a step's token on a line of its own
    code, text = cli("choices", gid, "--seat", str(1 - seat), as_json=False)
    assert "has nothing to decide" in text
    code, text = cli("choices", gid, "--seat", "5", as_json=False, ok=False)
    assert code == 2 and "no seat has the index 5" in text
