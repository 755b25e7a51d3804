"""Issue 15 item 3 through the JSON API (in-process): what the web table's boards are drawn from.
A Mage Knight seat's view lists its hexes with axial q and r, each move names a hex of that list
and each explore a position off it, and playing them by the API moves the game on; a
DragonLords view names its places and fleets; seat 1's responses never hold seat 0's hand."""

import json

from bots.random_bot import bot_rng, decide
from tests.server.test_api import call, make_app


async def new_game(app, ruleset, seed):
    status, out = await call(app, "POST", "/api/games", {"ruleset": ruleset, "players": 2, "seed": seed})
    assert status == 201
    return out


def play_until(app, gid, until, key):
    rng = bot_rng(key)
    for _ in range(400):
        if until():
            return
        decide(app.eng, gid, rng)
    raise AssertionError("the game never reached the position the test needs")


async def test_mage_knight_view_lists_hexes_that_moves_and_explores_name(tmp_path):
    app = make_app(tmp_path)
    out = await new_game(app, "mage-knight", 7)
    gid = out["game_id"]

    def ready():
        seat = app.eng.prompts(gid)[0].seat
        kinds = {c["kind"] for c in app.eng.legal(gid, seat)}
        return {"move", "explore"} <= kinds

    play_until(app, gid, ready, "boards-mage-knight")
    seat = app.eng.prompts(gid)[0].seat
    token = out["seats"][seat]["token"]
    status, v = await call(app, "GET", f"/api/games/{gid}/view", token=token)
    assert status == 200
    spaces = v["view"]["game"]["board"]["spaces"]
    assert all(k == f"{s['q']},{s['r']}" and s["terrain"] for k, s in spaces.items())
    moves = [c for c in v["legal"] if c["kind"] == "move"]
    explores = [c for c in v["legal"] if c["kind"] == "explore"]
    assert moves and explores
    assert all(c["to"] in spaces for c in moves) and not any(c["at"] in spaces for c in explores)
    status, done = await call(
        app,
        "POST",
        f"/api/games/{gid}/commands",
        token=token,
        body={"command": explores[0], "expected_version": v["version"]},
    )
    assert status == 200 and done["version"] > v["version"]
    status, v2 = await call(app, "GET", f"/api/games/{gid}/view", token=token)
    assert len(v2["view"]["game"]["board"]["spaces"]) == len(spaces) + 7
    assert explores[0]["at"] in v2["view"]["game"]["board"]["spaces"]


async def test_mage_knight_seat_1_responses_never_hold_seat_0s_hand(tmp_path):
    app = make_app(tmp_path)
    out = await new_game(app, "mage-knight", 3)
    gid = out["game_id"]
    status, ref = await call(app, "GET", f"/api/games/{gid}/view", token=out["referee_token"])
    hand0 = ref["view"]["zones"]["hand:0"]["cards"]
    assert len(hand0) == 5
    s1 = out["seats"][1]["token"]
    for path in ("view", "log"):
        status, body = await call(app, "GET", f"/api/games/{gid}/{path}", token=s1)
        assert status == 200
        text = json.dumps(body)
        assert not [c for c in hand0 if c in text], path
    status, v1 = await call(app, "GET", f"/api/games/{gid}/view", token=s1)
    assert "cards" not in v1["view"]["zones"]["hand:0"] and v1["view"]["zones"]["hand:0"]["n"] == 5


async def test_dragonlords_view_names_places_fleets_and_hides_seat_0s_chips_and_scrolls(tmp_path):
    app = make_app(tmp_path)
    out = await new_game(app, "dragonlords", 1)
    gid = out["game_id"]
    play_until(
        app,
        gid,
        lambda: not app.eng.table(gid).game.phase.startswith("setup") and bool(app.eng.table(gid).game.ships),
        "boards-dragonlords",
    )
    status, ref = await call(app, "GET", f"/api/games/{gid}/view", token=out["referee_token"])
    status, v1 = await call(app, "GET", f"/api/games/{gid}/view", token=out["seats"][1]["token"])
    assert status == 200
    g, rg = v1["view"]["game"], ref["view"]["game"]
    assert g["troops"] == rg["troops"] and len(g["troops"]) > 10
    assert {s["zone"] for s in g["ships"].values()}
    seat0 = {str(i) for i, a in enumerate(g["armies"]) if a["seat"] == 0}
    for _hid, h in g["heroes"].items():
        if str(h["army"]) in seat0:
            assert h["role"] in ("chip", "dragonlord") and "spells" not in h
    assert any(str(h["army"]) in seat0 and h["role"] in ("king", "wizard") for h in rg["heroes"].values())
    scrolls0 = [
        c
        for name, z in ref["view"]["zones"].items()
        if name.startswith("scrolls:") and g["armies"][int(name.split(":")[1])]["seat"] == 0
        for c in z["cards"]
    ]
    assert scrolls0
    text = json.dumps(v1)
    assert not [c for c in scrolls0 if c in text]


async def test_view_names_each_zone_in_words(tmp_path):
    """The view response carries each zone's name in words (`Ruleset.zone_label`), for every
    zone of the view and only those."""
    app = make_app(tmp_path)
    status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "seed": 3})
    gid = out["game_id"]
    for token in (None, out["seats"][0]["token"], out["referee_token"]):
        status, v = await call(app, "GET", f"/api/games/{gid}/view", token=token)
        assert status == 200 and set(v["zone_labels"]) == set(v["view"]["zones"])
    assert v["zone_labels"]["p0.hand"] == "Seat 1's hand"
