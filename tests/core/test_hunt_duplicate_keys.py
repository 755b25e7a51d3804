"""Hunt: a JSON object that names a key twice is refused at the boundary (CORE-5), in the CLI and
the table's API: `{"kind": "place", "to": "K1", "to": "K2"}` was played as K2 (the last wins in
Python, the first in other parsers), so what a client showed and what the engine played could
differ. Nothing is written."""

import json

import pytest
import trio

from cli.main import main
from engine.boundary import parse_command
from engine.errors import BadInput


@pytest.mark.parametrize(
    "text",
    [
        '{"kind": "pass", "kind": "play"}',
        '{"kind": "play", "card": "Jab", "card": "Strike"}',
        '{"kind": "play", "x": {"a": 1, "a": 2}}',
    ],
)
def test_a_key_named_twice_is_bad_input(text):
    with pytest.raises(BadInput) as err:
        parse_command(text)
    assert err.value.rule == "CORE-5" and "twice" in err.value.reason


def test_the_cli_refuses_it_and_writes_nothing(tmp_path, capsys):
    db = str(tmp_path / "d.db")
    assert main(["new", "duel", "--players", "2", "--seed", "1", "--db", db, "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)["game_id"]
    assert main(["legal", gid, "--seat", "0", "--db", db, "--json"]) == 0
    legal = json.loads(capsys.readouterr().out)
    card = next(c["card"] for c in legal if c["kind"] == "play")
    assert main(["log", gid, "--db", db, "--json"]) == 0
    before = len(json.loads(capsys.readouterr().out))
    code = main(
        [
            "play",
            gid,
            "--seat",
            "0",
            "--db",
            db,
            "--json",
            f'{{"kind": "play", "card": "{card}", "card": "{card}"}}',
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "twice" in out["error"], out
    assert main(["log", gid, "--db", db, "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == before


def test_the_table_refuses_it(tmp_path):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "server"))
    from test_api import call, make_app

    async def run():
        app = make_app(tmp_path)
        status, out = await call(
            app, "POST", "/api/games", b'{"ruleset": "duel", "players": 2, "players": 3}'
        )
        assert status == 400 and "twice" in out["reason"]
        status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "seed": 1})
        gid, token = out["game_id"], out["seats"][0]["token"]
        status, v = await call(app, "GET", f"/api/games/{gid}/view", token=token)
        card = next(c["card"] for c in v["legal"] if c["kind"] == "play")
        body = f'{{"command": {{"kind": "play", "card": "{card}", "card": "{card}"}}}}'.encode()
        status, out = await call(app, "POST", f"/api/games/{gid}/commands", body, token=token)
        assert status == 400 and "twice" in out["reason"], out
        status, after = await call(app, "GET", f"/api/games/{gid}/view", token=token)
        assert after["version"] == v["version"]

    trio.run(run)


def test_an_option_given_twice_is_refused(tmp_path, capsys):
    db = str(tmp_path / "o.db")
    code = main(
        [
            "new",
            "duel",
            "--players",
            "2",
            "--option",
            "rounds=4",
            "--option",
            "rounds=8",
            "--db",
            db,
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "rounds" in out["error"] and "twice" in out["error"]
    if (tmp_path / "o.db").exists():
        assert main(["list", "--db", db, "--json"]) == 0
        assert "duel-" not in capsys.readouterr().out


def test_simulate_refuses_an_option_given_twice(tmp_path, capsys):
    code = main(
        [
            "simulate",
            "duel",
            "--players",
            "2",
            "--games",
            "1",
            "--option",
            "rounds=4",
            "--option",
            "rounds=8",
            "--db",
            str(tmp_path / "s.db"),
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "twice" in out["error"], out
