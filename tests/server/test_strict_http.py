"""A strict HTTP surface (issue 25, "Trust"): no request ends in a 500 or a traceback, and the
table refuses what it does not understand instead of guessing.

- Deeply nested JSON (a RecursionError once, on create and on commands) is a 400 naming the
  depth limit.
- Event numbers in `since`, `at`, `n` and the live feed's query are ASCII digits only: `²`
  passes `str.isdigit` but `int('²')` raised, and `int('٣')` read an Arabic-Indic 3 as 3.
- A query parameter given twice is refused, as a JSON key named twice is (`unique_keys`).
- Read endpoints answer GET and HEAD only: any other method is a 405 with an Allow header.
- A command body holds `command` and `expected_version` only; another key is a 400 naming it.
- Two Authorization headers are a 400 (which one would count differs between proxies).
"""

import json

import pytest

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore


def make_app(tmp_path):
    db = str(tmp_path / "t.db")
    return TableApp(Engine(EventStore(db, create=True)), Seats(db))


async def request(app, method, path, body=b"", headers=(), query=b""):
    """One HTTP request through the ASGI interface: (status, headers as a dict, body bytes)."""
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    sent, inbox = [], [{"type": "http.request", "body": raw, "more_body": False}]

    async def receive():
        return inbox.pop(0)

    async def send(msg):
        sent.append(msg)

    await app(
        {
            "type": "http",
            "method": method,
            "path": path,
            "query_string": query,
            "headers": [(k.encode(), v.encode()) for k, v in headers],
        },
        receive,
        send,
    )
    head = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], head, sent[1]["body"]


async def call(app, method, path, body=b"", headers=(), query=b""):
    status, _, data = await request(app, method, path, body, headers, query)
    return status, json.loads(data)


def bearer(token):
    return [("authorization", f"Bearer {token}")]


async def duel(app):
    status, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2})
    assert status == 201, out
    gid = out["game_id"]
    _, view = await call(app, "GET", f"/api/games/{gid}/view")
    mover = out["seats"][view["prompts"][0]["seat"]]["token"]
    _, mine = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer(mover))
    return gid, mover, mine["legal"][0]


# -- no 500: deep nesting -----------------------------------------------------------------
@pytest.mark.parametrize("opener,closer", [("[", "]"), ('{"a":', "}")])
async def test_deeply_nested_json_on_create_is_a_400_naming_the_depth(tmp_path, opener, closer):
    app = make_app(tmp_path)
    for depth in (100, 5000, 30000):
        body = (opener * depth + "1" + closer * depth).encode()[:60_000]
        status, out = await call(app, "POST", "/api/games", body)
        assert status == 400, out
        assert "deep" in out["reason"] and "limit" in out["reason"]
    assert (await call(app, "GET", "/api/games"))[1]["games"] == []


async def test_deeply_nested_json_on_a_command_is_a_400_and_writes_nothing(tmp_path):
    app = make_app(tmp_path)
    gid, mover, _ = await duel(app)
    head = app.eng.store.version(gid)
    for inner in ("[" * 20000 + "]" * 20000, '{"a":' * 10000 + "1" + "}" * 10000):
        body = ('{"command": ' + inner + "}").encode()
        status, out = await call(app, "POST", f"/api/games/{gid}/commands", body, headers=bearer(mover))
        assert status == 400 and "deep" in out["reason"], out
    assert app.eng.store.version(gid) == head


async def test_nan_and_infinity_are_not_json(tmp_path):
    app = make_app(tmp_path)
    for text in (
        b'{"ruleset": "duel", "players": NaN}',
        b'{"ruleset": "duel", "players": 2, "seed": Infinity}',
    ):
        status, out = await call(app, "POST", "/api/games", text)
        assert status == 400 and "JSON" in out["reason"], out


# -- no 500: numbers in the query ------------------------------------------------------------
UNICODE_NUMBERS = ["²", "٣", "３", "𝟙", "Ⅻ", "½", " 3", "3 ", "\u00a03", "+3", "-1", "1_0", "0x1", ""]


@pytest.mark.parametrize("raw", UNICODE_NUMBERS)
async def test_event_numbers_in_the_query_are_ascii_digits_only(tmp_path, raw):
    app = make_app(tmp_path)
    gid, _, _ = await duel(app)
    from urllib.parse import quote

    value = quote(raw).encode()
    for path, key in (("log", b"since"), ("state", b"at"), ("audit", b"n")):
        status, out = await call(app, "GET", f"/api/games/{gid}/{path}", query=key + b"=" + value)
        assert status == 400, (path, raw, out)
        assert key.decode() in out["reason"] and "0-9" in out["reason"], out


async def test_plain_event_numbers_still_work(tmp_path):
    app = make_app(tmp_path)
    gid, _, _ = await duel(app)
    assert (await call(app, "GET", f"/api/games/{gid}/log", query=b"since=2"))[0] == 200
    assert (await call(app, "GET", f"/api/games/{gid}/state", query=b"at=2"))[0] == 200
    assert (await call(app, "GET", f"/api/games/{gid}/audit", query=b"n=2"))[0] == 200


@pytest.mark.parametrize("query", [b"since=1&since=2", b"since=1&since=1", b"since=%32&since=2"])
async def test_a_query_parameter_given_twice_is_refused(tmp_path, query):
    app = make_app(tmp_path)
    gid, _, _ = await duel(app)
    status, out = await call(app, "GET", f"/api/games/{gid}/log", query=query)
    assert status == 400 and "since" in out["reason"] and "twice" in out["reason"], out


async def test_an_overlong_or_undecodable_query_is_refused(tmp_path):
    app = make_app(tmp_path)
    gid, _, _ = await duel(app)
    status, out = await call(app, "GET", f"/api/games/{gid}/log", query=b"since=" + b"1" * 5000)
    assert status == 414 and "query" in out["reason"], out
    status, out = await call(app, "GET", f"/api/games/{gid}/log", query=b"since=%ff")
    assert status == 400 and "UTF-8" in out["reason"], out


async def live(app, gid, query: bytes, extensions=True):
    """Open the live feed and leave at once: the messages the app sent."""
    sent, inbox = [], [{"type": "websocket.connect"}, {"type": "websocket.disconnect"}]

    async def receive():
        return inbox.pop(0)

    async def send(msg):
        sent.append(msg)

    scope = {"type": "websocket", "path": f"/api/games/{gid}/live", "query_string": query, "headers": []}
    if extensions:
        scope["extensions"] = {"websocket.http.response": {}}
    await app(scope, receive, send)
    return sent


@pytest.mark.parametrize(
    "query",
    [b"since=%C2%B2", b"since=%D9%A3", b"since=1&since=2", b"token=a&token=b", b"since=" + b"9" * 5000],
)
async def test_the_live_feed_refuses_a_bad_query_with_a_reason(tmp_path, query):
    app = make_app(tmp_path)
    gid, _, _ = await duel(app)
    sent = await live(app, gid, query)
    assert sent[0]["type"] == "websocket.http.response.start", sent
    assert sent[0]["status"] in (400, 414)
    assert json.loads(sent[1]["body"])["reason"]
    sent = await live(app, gid, query, extensions=False)  # a server without the extension
    assert sent == [{"type": "websocket.close", "code": 4000 + 400}] or sent == [
        {"type": "websocket.close", "code": 4000 + 414}
    ], sent


async def test_the_live_feed_still_opens_with_a_good_query(tmp_path):
    app = make_app(tmp_path)
    gid, _, _ = await duel(app)
    sent = await live(app, gid, b"since=1")
    assert sent[0]["type"] == "websocket.accept"
    assert json.loads(sent[1]["text"])["event"]["version"] == 2


# -- read endpoints: GET and HEAD only -------------------------------------------------------
READS = ["/view", "/log", "/timeline", "/cards", "/state?at=1", "/audit?n=1"]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "BREW"])
async def test_read_endpoints_answer_other_methods_with_405_and_allow(tmp_path, method):
    app = make_app(tmp_path)
    gid, mover, _ = await duel(app)
    head = app.eng.store.version(gid)
    paths = [f"/api/games/{gid}{r}" for r in READS] + [
        "/api/stats",
        "/api/rulesets",
        "/",
        f"/games/{gid}",
        f"/games/{gid}/replay",
    ]
    for target in paths:
        path, _, query = target.partition("?")
        status, headers, data = await request(
            app, method, path, b'{"kind": "pass"}', bearer(mover), query.encode()
        )
        assert status == 405, (target, status, data)
        assert headers["allow"] == "GET, HEAD", target
        assert method in json.loads(data)["reason"]
    status, headers, _ = await request(app, method, f"/api/games/{gid}/commands")
    if method != "POST":
        assert status == 405 and headers["allow"] == "POST"
    if method not in ("POST",):
        status, headers, _ = await request(app, method, "/api/games")
        assert status == 405 and headers["allow"] == "GET, HEAD, POST"
    assert app.eng.store.version(gid) == head


async def test_head_gives_the_headers_of_get_without_a_body(tmp_path):
    app = make_app(tmp_path)
    gid, _, _ = await duel(app)
    for path in (f"/api/games/{gid}/view", "/api/games", "/", f"/games/{gid}"):
        got = await request(app, "GET", path)
        status, headers, data = await request(app, "HEAD", path)
        assert status == got[0] == 200 and data == b""
        assert (
            headers["content-length"] == str(len(got[2]))
            and headers["content-type"] == got[1]["content-type"]
        )


# -- command bodies and Authorization --------------------------------------------------------
@pytest.mark.parametrize("extra", [{"seat": 1}, {"Command": {}}, {"expected_Version": 3}, {"token": "x"}])
async def test_a_command_body_with_another_key_is_refused_naming_it(tmp_path, extra):
    app = make_app(tmp_path)
    gid, mover, cmd = await duel(app)
    head = app.eng.store.version(gid)
    status, out = await call(
        app, "POST", f"/api/games/{gid}/commands", {"command": cmd, **extra}, headers=bearer(mover)
    )
    assert status == 400 and next(iter(extra)) in out["reason"], out
    assert app.eng.store.version(gid) == head
    status, _ = await call(
        app,
        "POST",
        f"/api/games/{gid}/commands",
        {"command": cmd, "expected_version": head},
        headers=bearer(mover),
    )
    assert status == 200


async def test_two_authorization_headers_are_refused(tmp_path):
    app = make_app(tmp_path)
    gid, mover, cmd = await duel(app)
    head = app.eng.store.version(gid)
    twice = bearer(mover) + bearer(mover)
    status, out = await call(app, "POST", f"/api/games/{gid}/commands", {"command": cmd}, headers=twice)
    assert status == 400 and "Authorization" in out["reason"], out
    status, out = await call(app, "GET", f"/api/games/{gid}/view", headers=bearer("x") + bearer(mover))
    assert status == 400 and "Authorization" in out["reason"], out
    assert app.eng.store.version(gid) == head


# -- the same through a real server: statuses on the wire, and no traceback in its log ------
def test_a_served_table_refuses_attacks_on_the_wire_without_a_traceback(tmp_path):
    import http.client
    import socket
    from urllib.parse import urlsplit

    from tests.server.test_browser import post, start_server, stop_server

    proc, base, _ = start_server(tmp_path)
    try:
        host, port = urlsplit(base).hostname, urlsplit(base).port
        g = post(base + "/api/games", {"ruleset": "duel", "players": 2})
        gid, token = g["game_id"], g["seats"][0]["token"]

        def ask(method, path, body=None, headers=()):
            con = http.client.HTTPConnection(host, port, timeout=60)
            con.putrequest(method, path)
            for k, v in headers:
                con.putheader(k, v)
            if body is not None:
                con.putheader("content-length", str(len(body)))
            con.endheaders(body)
            r = con.getresponse()
            out = r.status, dict((k.lower(), v) for k, v in r.getheaders()), r.read()
            con.close()
            return out

        deep = b"[" * 30000 + b"]" * 30000
        assert ask("POST", "/api/games", deep)[0] == 400
        assert (
            ask(
                "POST",
                f"/api/games/{gid}/commands",
                b'{"command": ' + deep[:40000] + b"}",
                [("authorization", f"Bearer {token}")],
            )[0]
            == 400
        )
        for path in (
            f"/api/games/{gid}/log?since=%C2%B2",
            f"/api/games/{gid}/state?at=%D9%A3",
            f"/api/games/{gid}/audit?n=%EF%BC%93",
            f"/api/games/{gid}/log?since=1&since=1",
        ):
            status, _, data = ask("GET", path)
            assert status == 400 and json.loads(data)["reason"], (path, data)
        status, head, data = ask("HEAD", f"/api/games/{gid}/view")
        assert status == 200 and data == b"" and int(head["content-length"]) > 0
        status, head, _ = ask("DELETE", f"/api/games/{gid}/view")
        assert status == 405 and head["allow"] == "GET, HEAD"
        twice = [("authorization", f"Bearer {token}")] * 2
        assert ask("GET", f"/api/games/{gid}/view", headers=twice)[0] == 400
        assert (
            ask(
                "POST",
                f"/api/games/{gid}/commands",
                b'{"command": {"kind": "pass"}, "seat": 1}',
                [("authorization", f"Bearer {token}")],
            )[0]
            == 400
        )
        with socket.create_connection((host, port), timeout=60) as s:  # the live feed's query
            s.sendall(
                f"GET /api/games/{gid}/live?since=%C2%B2 HTTP/1.1\r\nHost: {host}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
        assert b"since" in answer and b"0-9" in answer
    finally:
        stop_server(proc, tmp_path)
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "RecursionError" not in log and "ValueError" not in log, log[-3000:]


@pytest.mark.parametrize("key", ["١", "²", " 1", "+1", "1_0", "01" * 7])
async def test_bot_seats_are_written_in_ascii_digits(tmp_path, key):
    """`int("١")` is 1: a bot seat given in Arabic-Indic digits was read as seat 1. Refused,
    naming the key, and no game is created."""
    app = make_app(tmp_path)
    status, out = await call(
        app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "bots": {key: "random"}}
    )
    assert status == 400 and "digits 0-9" in out["reason"], out
    _, listed = await call(app, "GET", "/api/games")
    assert listed["games"] == []


async def test_bot_seats_in_ascii_digits_are_taken(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(
        app, "POST", "/api/games", {"ruleset": "duel", "players": 2, "bots": {"1": "random"}}
    )
    assert status == 201, out
