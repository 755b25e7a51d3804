"""Undo over HTTP (issue 27, item 5): `POST /api/games/{id}/undo` with a seat's token and an
optional `{"to": N}` takes back the seat's own decisions where the policy allows (CORE-6):
200 `{"version"}`; 422 with the reason when the policy forbids it (a chance outcome, another
seat's decision); 409 when the game moved on since `expected_version`; 400 a bad body."""

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore
from tests.server.test_strict_http import bearer, call


def make_app(tmp_path):
    db = str(tmp_path / "t.db")
    return TableApp(Engine(EventStore(db, create=True)), Seats(db))


async def played(app, **create):
    """A duel in which the first seat to act has played one legal command."""
    status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2, **create})
    assert status == 201, out
    gid, tokens = out["game_id"], [s["token"] for s in out["seats"]]
    _, public = await call(app, "GET", f"/api/games/{gid}/view")
    seat = public["prompts"][0]["seat"]
    _, mine = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[seat]))
    before = mine["version"]
    status, out = await call(
        app, "POST", f"/api/games/{gid}/commands", {"command": mine["legal"][0]}, headers=bearer(tokens[seat])
    )
    assert status == 200, out
    return gid, tokens, seat, before


async def test_a_seat_takes_back_its_own_decision_where_the_policy_allows(tmp_path):
    app = make_app(tmp_path)
    gid, tokens, seat, before = await played(app, analysis=True, seed=7)  # analysis: no limits
    _, view = await call(app, "GET", f"/api/games/{gid}/view")
    at = view["version"]
    status, out = await call(app, "POST", f"/api/games/{gid}/undo", {}, headers=bearer(tokens[seat]))
    assert status == 200 and out["version"] > at, out
    _, after = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[seat]))
    assert after["prompts"][0]["seat"] == seat  # the decision is the seat's again
    _, log = await call(app, "GET", f"/api/games/{gid}/log")
    assert log["events"][-1]["type"] == "undo.done" and log["events"][-1]["data"]["to"] == before


async def test_the_policy_refuses_undoing_a_reveal_or_a_roll_with_the_reason(tmp_path):
    app = make_app(tmp_path)
    gid, tokens, seat, before = await played(app)  # a duel play reveals the card and rolls
    _, view = await call(app, "GET", f"/api/games/{gid}/view")
    status, out = await call(
        app, "POST", f"/api/games/{gid}/undo", {"to": before}, headers=bearer(tokens[seat])
    )
    assert status == 422 and out["rule"] == "CORE-6", out
    assert "revealed hidden cards" in out["reason"] or "chance outcome" in out["reason"], out
    _, again = await call(app, "GET", f"/api/games/{gid}/view")
    assert again["version"] == view["version"]  # nothing written


async def test_a_stale_expected_version_is_a_conflict_and_bad_bodies_are_named(tmp_path):
    app = make_app(tmp_path)
    gid, tokens, seat, before = await played(app, analysis=True, seed=7)
    status, out = await call(
        app, "POST", f"/api/games/{gid}/undo", {"expected_version": before}, headers=bearer(tokens[seat])
    )
    assert status == 409, out
    for body in ({"to": "3"}, {"back": 1}, [1]):
        status, out = await call(app, "POST", f"/api/games/{gid}/undo", body, headers=bearer(tokens[seat]))
        assert status == 400, (body, out)
    status, out = await call(app, "POST", f"/api/games/{gid}/undo", {})
    assert status in (401, 403), out
    status, out = await call(app, "GET", f"/api/games/{gid}/undo", headers=bearer(tokens[seat]))
    assert status == 405, out
