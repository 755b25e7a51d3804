"""The lobby's open seats (issue 28, item 9): a game made with `"open": [1]` keeps seat 1's token
from its creator; the list of games names the seat open; the first to claim it gets the token
(which opens that seat), and the seat is taken from then on."""

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore
from tests.server.test_strict_http import bearer, call


def make_app(tmp_path):
    db = str(tmp_path / "t.db")
    return TableApp(Engine(EventStore(db, create=True)), Seats(db))


async def test_an_open_seat_is_listed_claimed_once_and_opens_its_seat(tmp_path):
    app = make_app(tmp_path)
    status, made = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 3, "open": [1, 2]})
    assert status == 201, made
    gid = made["game_id"]
    assert "token" in made["seats"][0] and made["seats"][1] == {"seat": 1, "open": True}
    _, listed = await call(app, "GET", "/api/games")
    assert next(g for g in listed["games"] if g["game_id"] == gid)["open"] == [1, 2]
    status, got = await call(app, "POST", f"/api/games/{gid}/seats/1/claim")
    assert status == 200 and got["seat"] == 1, got
    _, view = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(got["token"]))
    assert view["view"]["as"] == "seat 1"
    status, again = await call(app, "POST", f"/api/games/{gid}/seats/1/claim")
    assert status == 409 and "Seat 2" in again["reason"], again
    _, listed = await call(app, "GET", "/api/games")
    assert next(g for g in listed["games"] if g["game_id"] == gid)["open"] == [2]
    status, _ = await call(app, "POST", f"/api/games/{gid}/seats/7/claim")
    assert status == 404
    status, _ = await call(app, "POST", f"/api/games/{gid}/seats/0/claim")  # the creator's own
    assert status == 409


async def test_open_seats_are_seats_no_bot_plays(tmp_path):
    app = make_app(tmp_path)
    body = {"ruleset": "duel", "players": 2, "bots": {"1": "random"}, "open": [1]}
    status, out = await call(app, "POST", "/api/games", body)
    assert status == 422, out
    status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "open": "1"})
    assert status == 400, out
