"""Trust point 7: every read command shows the public view unless a seat or the referee is
named; seats out of range are refused."""

import json

import pytest

from bots.random_bot import bot_rng, step
from cli.main import main
from engine import registry
from engine.pipeline import Engine
from projections.views import state_view
from store import EventStore

RULESETS = sorted(registry.rulesets())


def _strings(node) -> set[str]:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(set(), *map(_strings, node.values()))
    if isinstance(node, list):
        return set().union(set(), *map(_strings, node))
    return set()


def _cards(node) -> set[str]:
    return {s for s in _strings(node) if "#" in s}


def _zone_cards(view) -> set[tuple[str, str]]:
    return {(name, c) for name, z in view["zones"].items() for c in _cards(z)}


@pytest.fixture(scope="module", params=RULESETS)
def played(request, tmp_path_factory):
    name = request.param
    db = str(tmp_path_factory.mktemp(name) / "v.db")
    eng = Engine(EventStore(db))
    players = 2 if 2 in registry.get(name).players else min(registry.get(name).players)
    gid = eng.create(name, players, 5)
    rng = bot_rng(5)
    for _ in range(25):
        if not step(eng, gid, rng):
            break
    rs = eng.ruleset(gid)
    public: set[str] = set()
    for v in range(1, eng.table(gid).version + 1):
        public |= _cards(state_view(rs, eng.reader.state_at(gid, v), None))
    everything = _cards([e.data for e in eng.store.read(gid)])
    eng.store.close()
    return db, gid, players, public, everything


def cli(db, *argv):
    import io
    from contextlib import redirect_stdout

    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main([*argv, "--db", db, "--json"])
    return code, json.loads(buf.getvalue())


def test_reads_without_as_show_only_public_cards(played):
    db, gid, _players, public, everything = played
    assert everything - public, "the game hid nothing: the test could not fail"
    head = cli(db, "state", gid)[1]["version"]
    shown = set()
    for argv in (
        ("state", gid),
        ("log", gid),
        ("timeline", gid),
        *[("audit", gid, str(v)) for v in range(2, head + 1, max(1, head // 15))],
    ):
        code, out = cli(db, *argv)
        assert code == 0, out
        shown |= _cards(out)
    assert not shown - public, f"hidden cards shown to the public: {sorted(shown - public)[:5]}"


def test_referee_sees_everything_only_when_named(played):
    db, gid, _players, public, everything = played
    code, log = cli(db, "log", gid, "--as", "referee")
    assert code == 0 and _cards(log) == everything
    code, state = cli(db, "state", gid, "--as", "referee")
    assert code == 0 and "seed" in state and _cards(state) - public


def test_a_seat_sees_its_own_hand_and_not_the_others(played):
    db, gid, players, public, _everything = played
    views = [cli(db, "state", gid, "--as", str(s))[1] for s in range(players)]
    for s, view in enumerate(views):
        assert view["as"] == f"seat {s}"
    # Cards by zone and id: a card id names one card of one seat's deck (both duel decks
    # hold a "Jab#3"), so two seats each seeing their own copy is no leak.
    shown = cli(db, "state", gid)[1]
    seen = [_zone_cards(v) - _zone_cards(shown) for v in views]
    own = [{(z, c) for z, c in cards if c not in public} for cards in seen]
    for a in range(players):
        for b in range(players):
            if a != b:
                assert not own[a] & own[b], "two seats see the same private card"


@pytest.mark.parametrize("who", ["2", "-1", "99999999999999999999", "0.0", "true", "Referee"])
def test_a_seat_out_of_range_is_refused(played, who):
    db, gid, players, _public, _everything = played
    if who == "2" and players > 2:
        who = str(players)
    for cmd in ("state", "log", "audit", "timeline"):
        argv = (cmd, gid, "2") if cmd == "audit" else (cmd, gid)
        code, out = cli(db, *argv, "--as", who)
        assert code == 2 and "error" in out, (cmd, who, out)
