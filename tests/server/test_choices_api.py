"""The choice tree over HTTP (issue 27, item 2): `GET /api/games/{id}/view` gives the token's
seat its `choices` beside `legal` (the referee every seat's, a spectator none), and
`GET /api/games/{id}/choices?expand=TOKEN` answers a lazy step; a bad token is a 400 naming it.
Walking the tree over HTTP reaches exactly what `legal` lists."""

import json

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore
from tests.server.test_strict_http import bearer, call


def make_app(tmp_path):
    db = str(tmp_path / "t.db")
    return TableApp(Engine(EventStore(db, create=True)), Seats(db))


async def game(app, ruleset="thunderstone", players=2):
    status, out = await call(app, "POST", "/api/games", {"ruleset": ruleset, "players": players})
    assert status == 201, out
    return out["game_id"], {s: v["token"] for s, v in enumerate(out["seats"])}


async def walk(app, gid, token, node):
    """Every complete command below a node, expanding each step through the API."""
    if "command" in node:
        return [node["command"]]
    if "expand" in node:
        status, step = await call(
            app,
            "GET",
            f"/api/games/{gid}/choices",
            headers=bearer(token),
            query=f"expand={node['expand']}".encode(),
        )
        assert status == 200, step
        node = step
    if "pick" in node:
        raise AssertionError("the default tree has no picks yet")
    out = []
    for option in node["options"]:
        out += await walk(app, gid, token, option)
    return out


def canon(cmds):
    return sorted(json.dumps(c, sort_keys=True) for c in cmds)


async def test_the_view_gives_the_seat_its_choices_and_the_walk_reaches_legal(tmp_path):
    app = make_app(tmp_path)
    gid, tokens = await game(app)
    _, public = await call(app, "GET", f"/api/games/{gid}/view")
    assert "choices" not in public and "legal" not in public  # a spectator decides nothing
    mover = public["prompts"][0]["seat"]
    _, mine = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[mover]))
    tree = mine["choices"]
    assert tree["seat"] == mover and tree["version"] == mine["version"] and tree["options"]
    assert canon(await walk(app, gid, tokens[mover], tree)) == canon(mine["legal"])
    other = 1 - mover
    _, theirs = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[other]))
    assert theirs["choices"]["seat"] == other
    assert canon(await walk(app, gid, tokens[other], theirs["choices"])) == canon(theirs["legal"])


async def test_a_bad_expand_token_is_a_400_naming_it(tmp_path):
    app = make_app(tmp_path)
    gid, tokens = await game(app)
    status, out = await call(
        app, "GET", f"/api/games/{gid}/choices", headers=bearer(tokens[0]), query=b"expand=not-a-token"
    )
    assert status == 400 and "not-a-token" in out["reason"], out


async def test_choices_need_a_seats_token(tmp_path):
    app = make_app(tmp_path)
    gid, _ = await game(app)
    status, out = await call(app, "GET", f"/api/games/{gid}/choices")
    assert status in (401, 403), out
    status, out = await call(app, "POST", f"/api/games/{gid}/choices")
    assert status == 405, out


def test_the_research_api_gives_the_same_tree():
    import runeledger

    g = runeledger.open("duel", players=2, seed=7)
    seat = g.to_act()
    tree = g.choices(seat)
    assert tree["seat"] == seat and tree["options"]
    found = []

    def walk_local(node):
        if "command" in node:
            found.append(node["command"])
        elif "expand" in node:
            walk_local(g.choices(seat, node["expand"]))
        else:
            for option in node["options"]:
                walk_local(option)

    walk_local(tree)
    assert canon(found) == canon(g.legal(seat))
