"""Set-up at human speed over HTTP (issue 28, item 7): `GET /api/games/{id}/proposal` gives the
prompted seat the bot's proposal for the rest of its set-up; `POST` accepts it (some steps
changed), plays what can be played now, and the table plays the rest when the seat's turn
comes again; a refused step stores nothing and is named."""

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore
from tests.server.test_strict_http import bearer, call


def make_app(tmp_path):
    db = str(tmp_path / "t.db")
    return TableApp(Engine(EventStore(db, create=True)), Seats(db))


async def dragonlords(app, bots=None):
    body = {"ruleset": "dragonlords", "players": 2, "bots": bots or {}}
    status, out = await call(app, "POST", "/api/games", body)
    assert status == 201, out
    gid = out["game_id"]
    _, view = await call(app, "GET", f"/api/games/{gid}/view")
    return gid, {s: v["token"] for s, v in enumerate(out["seats"])}, view


async def test_the_prompted_seat_reads_its_proposal_and_others_none(tmp_path):
    app = make_app(tmp_path)
    gid, tokens, view = await dragonlords(app)
    mover = view["prompts"][0]["seat"]
    _, mine = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[mover]))
    assert mine["proposal"] is True
    status, got = await call(app, "GET", f"/api/games/{gid}/proposal", headers=bearer(tokens[mover]))
    assert status == 200 and got["seat"] == mover and got["version"] == view["version"]
    assert len(got["steps"]) > 12 and got["steps"][0]["now"] and got["steps"][0]["label"]
    _, theirs = await call(app, "GET", f"/api/games/{gid}/proposal", headers=bearer(tokens[1 - mover]))
    assert theirs["steps"] == []
    status, _ = await call(app, "GET", f"/api/games/{gid}/proposal")
    assert status == 401


async def test_accepted_with_a_bot_opponent_the_set_up_is_done(tmp_path):
    app = make_app(tmp_path)
    gid, tokens, view = await dragonlords(app, {"1": "random"})  # the bot has played up to seat 1's turn
    assert view["prompts"][0]["seat"] == 0
    body = {"expected_version": view["version"]}
    status, done = await call(app, "POST", f"/api/games/{gid}/proposal", body, bearer(tokens[0]))
    assert status == 200 and done["played"] == 1 and done["waiting"] > 0, done
    _, v = await call(app, "GET", f"/api/games/{gid}/view")
    assert not v["view"]["game"]["phase"].startswith("setup")  # the plan and the bot placed the rest
    assert v["prompts"][0]["seat"] == 0  # the bot played on to the human seat's first decision
    assert not app.plans


async def test_a_refused_change_is_named_and_stores_nothing(tmp_path):
    app = make_app(tmp_path)
    gid, tokens, view = await dragonlords(app)
    mover = view["prompts"][0]["seat"]
    body = {"expected_version": view["version"], "changes": {"2": {"kind": "place", "to": "nowhere"}}}
    status, out = await call(app, "POST", f"/api/games/{gid}/proposal", body, bearer(tokens[mover]))
    assert status == 422 and "step 3" in out["reason"], out
    _, after = await call(app, "GET", f"/api/games/{gid}/view")
    assert after["version"] == view["version"]
    stale = {"expected_version": view["version"] - 1}
    status, out = await call(app, "POST", f"/api/games/{gid}/proposal", stale, bearer(tokens[mover]))
    assert status == 409, out
    bad = {"expected_version": view["version"], "changes": {"first": {}}}
    status, out = await call(app, "POST", f"/api/games/{gid}/proposal", bad, bearer(tokens[mover]))
    assert status == 400, out
    status, out = await call(
        app,
        "POST",
        f"/api/games/{gid}/proposal",
        {"expected_version": view["version"]},
        bearer(tokens[1 - mover]),
    )
    assert status == 422 and "no set-up decision" in out["reason"], out


async def test_the_plan_plays_the_seats_step_when_its_turn_comes(tmp_path):
    app = make_app(tmp_path)
    gid, tokens, view = await dragonlords(app)
    mover = view["prompts"][0]["seat"]
    body = {"expected_version": view["version"]}
    await call(app, "POST", f"/api/games/{gid}/proposal", body, bearer(tokens[mover]))
    assert (gid, mover) in app.plans
    other = 1 - mover
    _, theirs = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[other]))
    play = {"command": theirs["legal"][0], "expected_version": theirs["version"]}
    status, _ = await call(app, "POST", f"/api/games/{gid}/commands", play, bearer(tokens[other]))
    assert status == 200
    _, v = await call(app, "GET", f"/api/games/{gid}/view")
    assert v["prompts"][0]["seat"] == other  # the plan played the seat's step at once
    _, mine = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[mover]))
    assert mine["proposal"] is False and mine["version"] == v["version"]
