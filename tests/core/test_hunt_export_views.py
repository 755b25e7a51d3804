"""Hunt: an export for a spectator (`runeledger export --as spectator`) holds only what a
spectator may read (invariant 6): each event's payload as the public log shows it, never a hand,
a deck order or DragonLords' chip roles. Exports are public by default (issue 25): without `--as`
the public view is written; `--as referee` writes everything and its manifest says so. `query
--db` reads the public view too unless the referee is named."""

import json

import pyarrow.parquet as pq
import pytest

from bots.random_bot import play_out
from cli.main import main
from engine.pipeline import Engine
from projections.views import event_view
from store import EventStore


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("exp") / "g.db")
    eng = Engine(EventStore(path, create=True))
    for name, players, seed, opts in (
        ("dragonlords", 3, 5, {}),
        ("mage-knight", 2, 5, {"scenario": "blitz_conquest"}),
    ):
        gid = eng.create(name, players, seed, opts)
        play_out(eng, gid, seed)
    eng.store.close()
    return path


def _events(out):
    return pq.read_table(sorted((out / "events").glob("part-*"))[0]).to_pylist()


def test_a_spectator_export_shows_hidden_events_as_the_public_log_does(db, tmp_path, capsys):
    out = tmp_path / "pub"
    assert main(["export", "--db", db, "--out", str(out), "--as", "spectator"]) == 0
    rows = _events(out)
    eng = Engine(EventStore(db))
    hidden = 0
    for r in rows:
        if r["visibility"] is None:
            continue
        hidden += 1
        ev = eng.store.event(r["game_id"], r["version"])
        assert json.loads(r["payload"]) == event_view(eng.ruleset(r["game_id"]), ev, None)["data"]
        assert json.loads(r["payload"]) != ev.data or not ev.data
    assert hidden > 50
    roles = [
        json.loads(r["payload"]).get("role")
        for r in rows
        if r["type"] == "dl.hero_new" and r["visibility"] is not None
    ]
    assert roles and set(roles) <= {None}
    assert json.loads((out / "_manifest.json").read_text())["as"] == "spectator"


def _roles(rows):
    return [json.loads(r["payload"]).get("role") for r in rows if r["type"] == "dl.hero_new"]


def test_the_default_export_is_the_public_view(db, tmp_path, capsys):
    out, pub = tmp_path / "default", tmp_path / "pub"
    assert main(["export", "--db", db, "--out", str(out)]) == 0
    assert main(["export", "--db", db, "--out", str(pub), "--as", "spectator"]) == 0
    rows = _events(out)
    assert rows == _events(pub)
    assert _roles(rows) and set(_roles(rows)) <= {None}  # no chip role, as the public log shows
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["as"] == "spectator" and "public" in manifest["holds"]


def test_a_referee_export_writes_everything_says_so_and_the_two_do_not_mix(db, tmp_path, capsys):
    out = tmp_path / "ref"
    assert main(["export", "--db", db, "--out", str(out), "--as", "referee"]) == 0
    assert "king" in _roles(_events(out))
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["as"] == "referee"
    assert "everything" in manifest["holds"] and "hidden" in manifest["holds"]
    capsys.readouterr()
    assert main(["export", "--db", db, "--out", str(out), "--json"]) == 2  # the default: public
    err = json.loads(capsys.readouterr().out)
    assert "referee" in err["error"] and "spectator" in err["error"]


def test_query_over_the_store_is_public_unless_the_referee_is_named(db, capsys):
    sql = "SELECT payload FROM events WHERE type = 'dl.hero_new' AND visibility IS NOT NULL"
    assert main(["query", "--db", db, "--json", sql]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all("role" not in json.loads(r["payload"]) for r in rows)
    assert main(["query", "--db", db, "--as", "referee", "--json", sql]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert any(json.loads(r["payload"]).get("role") == "king" for r in rows)


def test_query_over_the_store_as_a_spectator(db, capsys):
    sql = "SELECT payload FROM events WHERE type = 'dl.hero_new' AND visibility IS NOT NULL"
    assert main(["query", "--db", db, "--as", "spectator", "--json", sql]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all("role" not in json.loads(r["payload"]) for r in rows)


def test_query_over_an_export_refuses_another_viewer(db, tmp_path, capsys):
    out = tmp_path / "ref2"
    assert main(["export", "--db", db, "--out", str(out), "--as", "referee"]) == 0
    capsys.readouterr()
    assert main(["query", "--tables", str(out), "--as", "spectator", "--json", "SELECT 1"]) == 2
    assert "referee" in json.loads(capsys.readouterr().out)["error"]
    assert main(["query", "--tables", str(out), "--json", "SELECT count(*) AS n FROM games"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["n"] == 2
