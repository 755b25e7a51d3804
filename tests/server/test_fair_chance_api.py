"""The live table's fair chance (CORE-3C) and seats stored with their game, through the API:
a client's seed predicts nothing outside analysis mode, seats contribute when they connect,
analysis mode is public, an older table's orphans are hidden from the lobby."""

import sqlite3

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore
from tests.server.test_api import call


def make_app(tmp_path):
    eng = Engine(EventStore(str(tmp_path / "t.db"), create=True))
    return TableApp(eng, Seats(eng.store))


def _deal(app, gid):
    t = app.eng.table(gid)
    return {z: list(v.cards) for z, v in sorted(t.zones.items())}


async def test_CORE_3C_same_client_seed_outside_analysis_deals_differently(tmp_path):
    app = make_app(tmp_path)
    games = []
    for _ in range(2):
        status, out = await call(
            app, "POST", "/api/games", {"ruleset": "thunderstone", "players": 2, "seed": 7}
        )
        assert status == 201 and out["analysis"] is False and "client_seed" not in out
        games.append(out["game_id"])
    assert _deal(app, games[0]) != _deal(app, games[1])
    # the client's seed is only the creator's contribution: committed, not published
    status, log = await call(app, "GET", f"/api/games/{games[0]}/log")
    mine = [e for e in log["events"] if e["type"] == "chance.contributed"]
    assert [set(e["data"]) for e in mine] == [{"who", "commitment"}]
    assert mine[0]["data"]["who"] == "creator"


async def test_CORE_3C_client_seed_in_analysis_mode_shows_on_the_public_header(tmp_path):
    app = make_app(tmp_path)
    made = []
    for _ in range(2):
        status, out = await call(
            app, "POST", "/api/games", {"ruleset": "thunderstone", "players": 2, "seed": 7, "analysis": True}
        )
        assert status == 201 and out["analysis"] is True and out["client_seed"] == "7"
        made.append(out["game_id"])
    gid = made[0]
    assert _deal(app, made[0]) == _deal(app, made[1])  # the seed is the chance: anyone can deal it
    status, log = await call(app, "GET", f"/api/games/{gid}/log")  # a spectator's log
    header = log["events"][0]
    assert header["type"] == "game.created" and header["data"]["client_seed"] == "7"
    assert header["data"]["analysis"] is True
    status, view = await call(app, "GET", f"/api/games/{gid}/view")
    assert view["view"]["analysis"] is True and view["view"]["client_seed"] == "7"
    status, lobby = await call(app, "GET", "/api/games")
    listed = {g["game_id"]: g for g in lobby["games"]}
    assert listed[gid]["analysis"] is True and listed[gid]["client_seed"] == "7"


async def test_CORE_3C_analysis_mode_takes_no_contributions(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(
        app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "analysis": True, "contributions": True}
    )
    assert status == 422 and out["rule"] == "CORE-3C"
    status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "analysis": "yes"})
    assert status == 400 and "analysis" in out["reason"]
    assert app.eng.store.game_ids() == []


async def test_CORE_3C_seats_contribute_when_they_connect_and_the_last_one_deals(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(
        app,
        "POST",
        "/api/games",
        {"ruleset": "duel", "players": 3, "contributions": True, "bots": {"2": "random"}},
    )
    assert status == 201 and out["awaiting"] == [0, 1]  # the bot seat is not awaited
    gid, s0, s1 = out["game_id"], out["seats"][0]["token"], out["seats"][1]["token"]
    conn = f"/api/games/{gid}/connect"
    status, view = await call(app, "GET", f"/api/games/{gid}/view", token=s0)
    assert view["view"]["awaiting"] == [0, 1] and view["legal"] == []
    assert [p["kind"] for p in view["prompts"]] == ["contribute", "contribute"]
    status, got = await call(
        app, "POST", f"/api/games/{gid}/commands", {"command": {"kind": "pass"}}, token=s0
    )
    assert status == 422 and got["rule"] == "CORE-3C"
    status, got = await call(app, "POST", conn, {"contribution": "a" * 64}, token=s0)
    assert status == 200 and len(got["commitment"]) == 64 and got["awaiting"] == [1]
    assert not app.eng.table(gid).zones
    status, again = await call(app, "POST", conn, {"contribution": "b"}, token=s0)
    assert status == 409 and again["rule"] == "CORE-3C"
    status, bad = await call(app, "POST", conn, {"contribution": 5}, token=s1)
    assert status == 400 and "contribution" in bad["reason"]
    status, bad = await call(app, "POST", conn, {"contribution": "x", "more": 1}, token=s1)
    assert status == 400
    status, _ref = await call(app, "POST", conn, {"contribution": "x"}, token=out["referee_token"])
    assert status == 403
    status, got = await call(app, "POST", conn, {"contribution": None}, token=s1)
    assert status == 200 and got["declined"] and got["awaiting"] == []
    assert app.eng.table(gid).zones  # dealt
    status, view = await call(app, "GET", f"/api/games/{gid}/view", token=s1)
    assert view["view"]["awaiting"] == [] and view["prompts"][0]["kind"] != "contribute"


async def test_CORE_3C_a_game_dealt_at_creation_takes_no_contribution(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2})
    status, got = await call(
        app,
        "POST",
        f"/api/games/{out['game_id']}/connect",
        {"contribution": "late"},
        token=out["seats"][0]["token"],
    )
    assert status == 409 and "already contributed" in got["reason"]


async def test_an_orphan_of_an_older_table_is_hidden_from_the_lobby(tmp_path):
    path = str(tmp_path / "t.db")
    eng = Engine(EventStore(path, create=True))
    eng.create("duel", 2, game_id="served")
    eng.create("duel", 2, game_id="orphan")
    side = sqlite3.connect(path + ".seats")  # the older table's file, written after the game
    side.execute(
        "CREATE TABLE seat_token (game_id TEXT, seat TEXT, hash TEXT, bot TEXT, PRIMARY KEY (game_id, seat))"
    )
    from server.tokens import digest

    side.executemany(
        "INSERT INTO seat_token VALUES ('served',?,?,NULL)",
        [("0", digest("tok0")), ("1", digest("tok1")), ("referee", digest("r"))],
    )
    side.commit()
    side.close()
    app = TableApp(eng, Seats(eng.store))
    status, lobby = await call(app, "GET", "/api/games")
    assert [g["game_id"] for g in lobby["games"]] == ["served"]
    # the served game's seats came along into the store: its token still opens its seat
    status, view = await call(app, "GET", "/api/games/served/view", token="tok1")
    assert status == 200 and view["view"]["as"] == "seat 1"
