"""Attack test for the table's HTTP and WebSocket surface (invariant 9, issue 25 "No 500").

Fuzzed requests go to the ASGI app in-process (an exception would fail the test, so a request
the server cannot handle is found here before it is a 500 and a traceback in a server log):
any method, the real routes and near misses, query strings of event numbers written in every
Unicode digit and space class, overlong and undecodable query strings, repeated parameters,
zero, one or two Authorization headers, bodies nested thousands of levels deep, JSON values of
every shape, command bodies with extra keys, and the live feed's query the same way.

Each answer is below 500; a refusal is JSON with a reason; a 405 says what is allowed; and
no game moved unless the request was a command the server accepted (200).

Hypothesis sizes: 250 requests and 60 feeds in `make test`; `make soak` (RUNELEDGER_SOAK=1)
runs RUNELEDGER_SOAK_EXAMPLES (7000) of each.
"""

from __future__ import annotations

import json
import time
from urllib.parse import quote

import pytest
import trio
from attack_helpers import FIGURES, examples, register_figures
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.pipeline import Engine
from server.app import TableApp
from server.tokens import Seats
from store import EventStore


@pytest.fixture(autouse=True, scope="module")
def _figures(request):
    register_figures(request.config)


class Table:
    """The app under attack, a game in play, its tokens and each game's version."""

    def __init__(self, path: str):
        self.app = TableApp(Engine(EventStore(path, create=True)), Seats(path))
        out = trio.run(
            call,
            self.app,
            "POST",
            "/api/games",
            {},
            json.dumps({"ruleset": "duel", "players": 2}).encode(),
            b"",
        )
        assert out[0] == 201, out
        created = json.loads(out[2])
        self.gid = created["game_id"]
        self.tokens = [s["token"] for s in created["seats"]] + [created["referee_token"]]

    def versions(self) -> dict[str, int]:
        store = self.app.eng.store
        return {g: store.version(g) for g in store.game_ids()}


async def call(app, method: str, path: str, headers, body: bytes, query: bytes):
    sent, inbox = [], [{"type": "http.request", "body": body, "more_body": False}]

    async def receive():
        return inbox.pop(0) if inbox else {"type": "http.disconnect"}

    async def send(msg):
        sent.append(msg)

    hdrs = headers.items() if isinstance(headers, dict) else headers
    await app(
        {"type": "http", "method": method, "path": path, "query_string": query, "headers": list(hdrs)},
        receive,
        send,
    )
    start, body_msg = sent
    return start["status"], dict(start["headers"]), body_msg["body"]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    t = Table(str(tmp_path_factory.mktemp("fuzz") / "t.db"))
    yield t
    t.app.eng.store.close()


def fuzz_settings(default: int):
    return settings(
        max_examples=examples(default),
        deadline=None,
        report_multiple_bugs=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


# -- strategies ---------------------------------------------------------------------------
UNICODE_DIGITS = st.characters(categories=["Nd", "No", "Nl"])  # '٣', '²', 'Ⅻ', '½', '３'
SPACES = st.characters(categories=["Zs", "Zl", "Zp", "Cc"])  # '\xa0', '\u2003', '\t'
NUMBERS = st.one_of(
    st.integers(0, 40).map(str),
    st.integers(0, 10**20).map(str),
    st.text(UNICODE_DIGITS, min_size=1, max_size=3),
    st.builds(
        lambda a, n, b: a + str(n) + b,
        st.text(SPACES, max_size=2),
        st.integers(0, 40),
        st.text(SPACES, max_size=2),
    ),
    st.builds(lambda d, n: d + str(n), st.text(UNICODE_DIGITS, min_size=1, max_size=2), st.integers(0, 9)),
    st.sampled_from(["-1", "+1", "1_0", "0x1", "1e3", "1.0", "", "NaN", "١", "²", "𝟠", "0" * 13]),
    st.text(max_size=8),
)
KEYS = st.one_of(st.sampled_from(["since", "at", "n", "token"]), st.text(max_size=6))


def encoded(pairs, raw_tail: bytes) -> bytes:
    return "&".join(f"{quote(k)}={quote(v)}" for k, v in pairs).encode() + raw_tail


def queries(table: Table):
    values = st.one_of(NUMBERS, st.sampled_from(table.tokens))
    pairs = st.lists(st.tuples(KEYS, values), max_size=4)
    tails = st.one_of(
        st.just(b""),
        st.binary(max_size=12),
        st.sampled_from(
            [b"&since=1&since=1", b"&%ff=1", b"&since=%C2%B2", b"&&", b"&=", b"&since", b"&at=%00"]
        ),
    )
    plain = st.builds(encoded, pairs, tails)
    overlong = st.builds(
        lambda k, n: k + b"=" + b"9" * n,
        st.sampled_from([b"since", b"at", b"n", b"token", b"x"]),
        st.integers(900, 20_000),
    )
    return st.one_of(plain, plain, plain, overlong)


def paths(table: Table):
    gids = st.one_of(
        st.just(table.gid), st.just(table.gid), st.sampled_from(["nope", "a" * 101]), st.text(max_size=10)
    )
    ends = st.sampled_from(
        ["view", "log", "commands", "state", "audit", "timeline", "cards", "live", "replay", "", "view/", "x"]
    )
    api = st.builds(lambda g, e: f"/api/games/{g}/{e}".rstrip("/"), gids, ends)
    page = st.builds(lambda g, e: f"/games/{g}/{e}".rstrip("/"), gids, st.sampled_from(["", "replay", "x"]))
    fixed = st.sampled_from(
        [
            "/",
            "/api/games",
            "/api/stats",
            "/api/rulesets",
            "/static/table.js",
            "/static/../app.py",
            "/api",
            "//",
            "",
        ]
    )
    return st.one_of(api, api, page, fixed, st.text(max_size=20))


def headers(table: Table):
    auth = st.one_of(
        st.sampled_from(table.tokens).map(lambda t: f"Bearer {t}"),
        st.text(max_size=20),
        st.just("Bearer "),
        st.just("bearer  x"),
    )
    one = auth.map(lambda a: [(b"authorization", a.encode("utf-8", "surrogatepass"))])
    two = st.tuples(auth, auth).map(
        lambda ab: [(b"authorization", a.encode("utf-8", "surrogatepass")) for a in ab]
    )
    other = st.lists(st.tuples(st.binary(min_size=1, max_size=8), st.binary(max_size=16)), max_size=2)
    return st.builds(lambda a, o: a + o, st.one_of(st.just([]), one, two), other)


JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8), NUMBERS
)
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def nested(kind: str, depth: int) -> bytes:
    """A document `depth` levels deep, built here (too big for hypothesis to print)."""
    opener, closer = {"list": ("[", "]"), "dict": ('{"a":', "}"), "mixed": ('[{"a":', "}]")}[kind]
    inner = opener * depth + "1" + closer * depth
    return inner.encode()


def bodies(table: Table):
    deep = st.builds(
        nested,
        st.sampled_from(["list", "dict", "mixed"]),
        st.sampled_from([2, 15, 17, 100, 1000, 5000, 30_000]),
    )
    wrap = st.sampled_from(
        [
            b"%s",
            b'{"command": %s}',
            b'{"command": {"kind": %s}}',
            b'{"ruleset": "duel", "players": 2, "options": %s}',
        ]
    )
    deep_in = st.builds(lambda w, d: (w % d)[:70_000], wrap, deep)
    command = st.builds(
        lambda c, extra: json.dumps({"command": c, **extra}).encode(),
        JSON,
        st.dictionaries(st.sampled_from(["expected_version", "seat", "Command", "token"]), JSON, max_size=2),
    )
    create = st.builds(
        lambda d: json.dumps({"ruleset": "duel", **d}).encode(),
        st.dictionaries(st.sampled_from(["players", "seed", "options", "bots", "x"]), JSON, max_size=3),
    )
    return st.one_of(
        st.just(b""),
        deep_in,
        deep_in,
        command,
        create,
        JSON.map(lambda v: json.dumps(v).encode()),
        st.binary(max_size=40),
        st.sampled_from(
            [
                b"NaN",
                b'{"a": 1, "a": 2}',
                b"[1,",
                b"\xff\xfe",
                b'{"command": {"kind": "pass"}, "expected_version": 1.0}',
            ]
        ),
    )


METHODS = st.one_of(
    st.sampled_from(["GET", "GET", "HEAD", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]),
    st.text(min_size=1, max_size=8),
)


# -- the properties -----------------------------------------------------------------------
def check_answer(status: int, head: dict, data: bytes, method: str) -> None:
    assert 200 <= status < 500, (status, data[:300])
    if status == 405:
        assert head[b"allow"], head
    if method == "HEAD":  # the headers of the GET, no body
        assert data == b"" and int(head[b"content-length"]) > 0
    elif status >= 400:
        out = json.loads(data)
        assert isinstance(out["reason"], str) and out["reason"], out


@fuzz_settings(250)
@given(data=st.data())
def test_no_request_ends_in_a_500_or_moves_a_game_it_should_not(table, data):
    method = data.draw(METHODS, label="method")
    path = data.draw(paths(table), label="path")
    query = data.draw(queries(table), label="query")
    hdrs = data.draw(headers(table), label="headers")
    body = data.draw(bodies(table), label="body")
    before = table.versions()
    started = time.monotonic()
    status, head, out = trio.run(call, table.app, method, path, hdrs, body, query)
    FIGURES.seconds["server fuzz: requests"] = (
        FIGURES.seconds.get("server fuzz: requests", 0.0) + time.monotonic() - started
    )
    FIGURES.add("fuzz inputs: server HTTP requests")
    check_answer(status, head, out, method)
    after = table.versions()
    if not (status == 200 and method == "POST" and path.endswith("/commands")):
        assert {g: after[g] for g in before} == before, (status, out[:300])
    if not (status == 201 and path == "/api/games"):
        assert set(after) == set(before), (status, out[:300])


async def open_feed(app, path: str, query: bytes, extensions: bool):
    """The feed opened and left at once: the messages the app sent."""
    sent, inbox = [], [{"type": "websocket.connect"}, {"type": "websocket.disconnect"}]

    async def receive():
        return inbox.pop(0) if inbox else {"type": "websocket.disconnect"}

    async def send(msg):
        sent.append(msg)

    scope = {"type": "websocket", "path": path, "query_string": query, "headers": []}
    if extensions:
        scope["extensions"] = {"websocket.http.response": {}}
    with trio.fail_after(30):
        await app(scope, receive, send)
    return sent


@fuzz_settings(60)
@given(data=st.data())
def test_the_live_feed_refuses_a_bad_query_with_a_reason_or_opens(table, data):
    path = data.draw(st.one_of(st.just(f"/api/games/{table.gid}/live"), paths(table)), label="path")
    query = data.draw(queries(table), label="query")
    extensions = data.draw(st.booleans(), label="http response extension")
    started = time.monotonic()
    sent = trio.run(open_feed, table.app, path, query, extensions)
    FIGURES.seconds["server fuzz: live feeds"] = (
        FIGURES.seconds.get("server fuzz: live feeds", 0.0) + time.monotonic() - started
    )
    FIGURES.add("fuzz inputs: server live feed queries")
    first = sent[0]["type"]
    if first == "websocket.accept":
        assert all(m["type"] == "websocket.send" for m in sent[1:])
    elif first == "websocket.http.response.start":
        assert extensions and 400 <= sent[0]["status"] < 500
        assert json.loads(sent[1]["body"])["reason"]
    else:
        assert first == "websocket.close" and not extensions
        assert 4400 <= sent[0]["code"] < 4500, sent
