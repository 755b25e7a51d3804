"""The view names the bot seats (seat -> bot kind) for every viewer: the player panels show
"bot: random" and "thinking…" while a bot is to act (docs/server.md "The table")."""

from tests.server.test_strict_http import bearer, call
from tests.server.test_undo_api import make_app


async def test_the_view_names_the_bot_seats_for_every_viewer(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(
        app, "POST", "/api/games", {"ruleset": "duel", "players": 3, "bots": {"2": "random"}}
    )
    assert status == 201, out
    gid, tokens = out["game_id"], {s["seat"]: s["token"] for s in out["seats"]}
    _, public = await call(app, "GET", f"/api/games/{gid}/view")
    _, mine = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(tokens[0]))
    for view in (public, mine):
        assert view["bots"] == {"2": "random"}, view.get("bots")
