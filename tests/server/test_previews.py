"""Previews on the table: the view lists the game's words preview of each legal command beside
it (a Thunderstone purchase's price), and asking for them writes nothing."""

import re

from test_api import call, make_app

VILLAGE = {"kind": "action", "action": "village"}


async def thunderstone_in_the_buy_step(app):
    _, out = await call(app, "POST", "/api/games", {"ruleset": "thunderstone", "players": 2, "seed": 5})
    gid = out["game_id"]
    for seat in out["seats"]:
        _, v = await call(app, "GET", f"/api/games/{gid}/view", token=seat["token"])
        if VILLAGE in v["legal"]:
            status, _ = await call(
                app, "POST", f"/api/games/{gid}/commands", {"command": VILLAGE}, token=seat["token"]
            )
            assert status == 200
            return gid, seat["token"], out["referee_token"]
    raise AssertionError("no seat may go to the village")


async def test_view_previews_each_purchase_with_its_catalogue_price(tmp_path):
    """TRN-V4: each buy button's preview names the stack's top card, its printed price (as the
    card catalogue lists it) and the gold the seat has left."""
    app = make_app(tmp_path)
    gid, token, _ = await thunderstone_in_the_buy_step(app)
    _, cards = await call(app, "GET", f"/api/games/{gid}/cards")
    status, v = await call(app, "GET", f"/api/games/{gid}/view", token=token)
    assert status == 200 and len(v["previews"]) == len(v["legal"])
    gold = v["view"]["game"]["t"]["total_gold"] - v["view"]["game"]["t"]["spent"]
    buys = [(c, p) for c, p in zip(v["legal"], v["previews"], strict=True) if c["kind"] == "buy"]
    assert buys
    shown = {c["name"]: c for c in cards["cards"].values()}  # by the name the page shows (English)
    for cmd, text in buys:
        m = re.fullmatch(r"buy (.+): costs (\d+) gold, you have (\d+)", text or "")
        assert m, (cmd, text)
        assert int(m[2]) == shown[m[1]]["values"]["cost"] and int(m[3]) == gold
    assert [p for c, p in zip(v["legal"], v["previews"], strict=True) if c["kind"] == "pass"] == [None]


async def test_previews_change_no_event_and_the_referee_gets_them_per_seat(tmp_path):
    app = make_app(tmp_path)
    gid, token, referee = await thunderstone_in_the_buy_step(app)
    _, log_before = await call(app, "GET", f"/api/games/{gid}/log", query=b"since=0", token=referee)
    _, v1 = await call(app, "GET", f"/api/games/{gid}/view", token=token)
    _, ref = await call(app, "GET", f"/api/games/{gid}/view", token=referee)
    _, v2 = await call(app, "GET", f"/api/games/{gid}/view", token=token)
    _, log_after = await call(app, "GET", f"/api/games/{gid}/log", query=b"since=0", token=referee)
    assert log_after == log_before and v1 == v2
    assert set(ref["previews"]) == set(ref["legal"])
    assert all(len(ref["previews"][s]) == len(ref["legal"][s]) for s in ref["legal"])
    assert v1["previews"] in ref["previews"].values()
    _, pub = await call(app, "GET", f"/api/games/{gid}/view")
    assert "previews" not in pub and "legal" not in pub
