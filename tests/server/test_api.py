"""The table's JSON API, called in-process through its ASGI interface: every status code,
tokens that open only their own seat, nothing written on any error, and the live feed's since=."""

import json

import trio

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore


def make_app(tmp_path):
    db = str(tmp_path / "t.db")
    return TableApp(Engine(EventStore(db, create=True)), Seats(db))


async def call(app, method, path, body=None, token=None, query=b""):
    headers = [(b"authorization", f"Bearer {token}".encode())] if token else []
    raw = body if isinstance(body, bytes) else json.dumps(body).encode() if body is not None else b""
    sent, inbox = [], [{"type": "http.request", "body": raw, "more_body": False}]

    async def receive():
        return inbox.pop(0)

    async def send(msg):
        sent.append(msg)

    await app(
        {"type": "http", "method": method, "path": path, "query_string": query, "headers": headers},
        receive,
        send,
    )
    return sent[0]["status"], json.loads(sent[1]["body"])


async def new_duel(app, seed=3):
    status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "seed": seed})
    assert status == 201
    return out


async def test_create_gives_distinct_tokens_stored_only_as_hashes(tmp_path):
    app = make_app(tmp_path)
    out = await new_duel(app)
    tokens = [s["token"] for s in out["seats"]] + [out["referee_token"]]
    assert len(set(tokens)) == 3 and all(len(t) >= 43 for t in tokens)
    assert len(out["commitment"]) >= 32
    # the hashes are in the store, beside the game (no side file any more)
    stored = b"".join(f.read_bytes() for f in tmp_path.iterdir() if f.name.startswith("t.db"))
    assert not (tmp_path / "t.db.seats").exists()
    assert not any(t.encode() in stored for t in tokens)
    rows = app.eng.store.seat_tokens(out["game_id"])
    assert [r[0] for r in rows] == ["0", "1", "referee"]


async def test_view_per_token(tmp_path):
    app = make_app(tmp_path)
    out = await new_duel(app)
    gid, (s0, _s1) = out["game_id"], out["seats"]
    status, pub = await call(app, "GET", f"/api/games/{gid}/view")
    assert status == 200 and "legal" not in pub and pub["view"]["as"] == "spectator"
    status, v0 = await call(app, "GET", f"/api/games/{gid}/view", token=s0["token"])
    assert status == 200 and v0["view"]["as"] == "seat 0" and isinstance(v0["legal"], list)
    status, ref = await call(app, "GET", f"/api/games/{gid}/view", token=out["referee_token"])
    assert status == 200 and set(ref["legal"]) == {"0", "1"}
    status, _err = await call(app, "GET", f"/api/games/{gid}/view", token="x" * 43)
    assert status == 403
    other = await new_duel(app, seed=4)
    status, _ = await call(app, "GET", f"/api/games/{gid}/view", token=other["seats"][0]["token"])
    assert status == 403  # a token of another game opens nothing here
    assert (await call(app, "GET", "/api/games/nope/view"))[0] == 404


async def seat_to_move(app, out):
    gid = out["game_id"]
    _, v = await call(app, "GET", f"/api/games/{gid}/view")
    seat = v["prompts"][0]["seat"]
    return out["seats"][seat]["token"], out["seats"][1 - seat]["token"], v["version"]


async def test_command_status_codes_and_nothing_written_on_error(tmp_path):
    app = make_app(tmp_path)
    out = await new_duel(app)
    gid = out["game_id"]
    mover, waiter, version = await seat_to_move(app, out)
    _, v = await call(app, "GET", f"/api/games/{gid}/view", token=mover)
    cmd = v["legal"][0]
    head = app.eng.store.version(gid)
    url = f"/api/games/{gid}/commands"
    assert (await call(app, "POST", url, {"command": cmd}))[0] == 401
    assert (await call(app, "POST", url, {"command": cmd}, token="bad"))[0] == 403
    assert (await call(app, "POST", url, {"command": cmd}, token=out["referee_token"]))[0] == 403
    assert (await call(app, "POST", url, b"{not json", token=mover))[0] == 400
    status, err = await call(app, "POST", url, {"command": cmd}, token=waiter)
    assert status == 422 and err["rule"] and err["reason"]
    status, err = await call(app, "POST", url, {"command": {"kind": "nonsense"}}, token=mover)
    assert status == 400 and err["reason"]  # not a command of this game at all
    assert (await call(app, "POST", url, {"command": cmd, "expected_version": version - 1}, token=mover))[
        0
    ] == 409
    assert (await call(app, "POST", "/api/games/nope/commands", {"command": cmd}, token=mover))[0] == 404
    assert app.eng.store.version(gid) == head  # nothing written by any refusal
    status, ok = await call(app, "POST", url, {"command": cmd, "expected_version": version}, token=mover)
    assert status == 200 and ok["version"] > version and ok["events"]
    assert (await call(app, "POST", "/api/games", {"ruleset": "nope", "players": 2}))[0] == 422
    assert (await call(app, "POST", "/api/games", {"ruleset": "duel"}))[0] == 400
    assert (await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 9}))[0] == 422
    assert (await call(app, "GET", f"/api/games/{gid}/log", query=b"since=x"))[0] == 400


async def test_seat_never_sees_other_seats_hidden_events(tmp_path):
    app = make_app(tmp_path)
    out = await new_duel(app)
    gid = out["game_id"]
    for seat in (0, 1):
        status, log = await call(app, "GET", f"/api/games/{gid}/log", token=out["seats"][seat]["token"])
        assert status == 200
        for e in log["events"]:
            ev = app.eng.store.event(gid, e["version"])
            if not ev.visible_to(seat):
                assert (e.get("redacted") and e["data"] != ev.data) or not ev.data


async def test_log_gives_each_event_in_words_as_its_seat_sees_it(tmp_path):
    """GET /log adds "text", the ruleset's sentence for the event as the token's seat sees it:
    a seat reads its own drawn cards by name and the other seat's draw as a count; a command's
    response carries the words too."""
    app = make_app(tmp_path)
    out = await new_duel(app)
    gid = out["game_id"]
    mover, _, _ = await seat_to_move(app, out)
    _, v = await call(app, "GET", f"/api/games/{gid}/view", token=mover)
    seat = v["prompts"][0]["seat"]
    status, done = await call(
        app, "POST", f"/api/games/{gid}/commands", {"command": v["legal"][0]}, token=mover
    )
    assert status == 200 and done["events"][0]["text"].startswith(f"Seat {seat + 1} ")
    for s in (0, 1):
        _, log = await call(app, "GET", f"/api/games/{gid}/log", token=out["seats"][s]["token"])
        for e in log["events"]:
            assert e["text"] and "{" not in e["text"], e
        draws = {
            e["data"]["dst"]: e
            for e in log["events"]
            if e["type"] == "zone.moved" and e["data"]["dst"].endswith(".hand")
        }
        own, other = draws[f"p{s}.hand"], draws[f"p{1 - s}.hand"]
        hidden = {c.split("#")[0] for c in app.eng.store.event(gid, other["version"]).data["cards"]}
        assert all(c.split("#")[0] in own["text"] for c in own["data"]["cards"])
        assert "(unseen)" in other["text"] and not any(c in other["text"] for c in hidden)
    _, pub = await call(app, "GET", f"/api/games/{gid}/log", query=b"since=3")
    assert pub["events"][0]["version"] == 4 and all(e["text"] for e in pub["events"])


async def test_live_feed_since_no_miss_no_duplicate(tmp_path):
    app = make_app(tmp_path)
    out = await new_duel(app)
    gid = out["game_id"]
    got = []

    async def feed(since, n_stop):
        send_in, recv_in = trio.open_memory_channel(10)
        await send_in.send({"type": "websocket.connect"})

        async def receive():
            return await recv_in.receive()

        async def send(msg):
            if msg["type"] == "websocket.send":
                m = json.loads(msg["text"])
                if "event" in m:
                    got.append(m["event"]["version"])
                    if m["event"]["version"] >= n_stop:
                        await send_in.send({"type": "websocket.disconnect"})

        scope = {
            "type": "websocket",
            "path": f"/api/games/{gid}/live",
            "query_string": f"since={since}".encode(),
            "headers": [],
        }
        await app(scope, receive, send)

    async def play_one():
        mover, _, _ = await seat_to_move(app, out)
        _, v = await call(app, "GET", f"/api/games/{gid}/view", token=mover)
        await call(app, "POST", f"/api/games/{gid}/commands", {"command": v["legal"][0]}, token=mover)

    first = app.eng.store.version(gid)
    await play_one()
    mid = app.eng.store.version(gid)
    with trio.fail_after(10):
        await feed(0, mid)  # disconnects once it has seen event `mid`
        async with trio.open_nursery() as n:
            await play_one()
            end = app.eng.store.version(gid)
            n.start_soon(feed, mid, end)  # the nursery waits until it has seen `end`
    assert got == list(range(1, end + 1)), (first, mid, end, got)


async def test_smart_bots_take_seats_and_an_unknown_bot_is_refused(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(
        app,
        "POST",
        "/api/games",
        {"ruleset": "duel", "players": 2, "seed": 5, "bots": {"0": "greedy", "1": "mcts"}},
    )
    assert status == 201  # not served: the bots play at once, to the end
    gid = out["game_id"]
    status, view = await call(app, "GET", f"/api/games/{gid}/view", token=out["referee_token"])
    assert status == 200 and view["view"]["over"] is True
    before = app.eng.store.conn.execute("SELECT count(*) FROM events").fetchone()[0]
    status, err = await call(
        app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "bots": {"1": "genius"}}
    )
    assert status == 400 and "mcts" in json.dumps(err)
    assert app.eng.store.conn.execute("SELECT count(*) FROM events").fetchone()[0] == before
