"""Situation overrides reach buying and scoring too (issue 17 item 2: a card's values for one
game): an overridden price makes a stack unbuyable with the price named in the refusal and the
preview (TRN-V4), and an overridden VP changes the score (SCORE-1)."""

from __future__ import annotations

from bots.random_bot import bot_rng, decide
from engine.errors import IllegalCommand
from engine.games.thunderstone.content import card
from engine.games.thunderstone.places import top_of
from engine.games.thunderstone.scoring import score
from sim.testing import new_game

SEED = 3


def first_buy(eng, gid):
    """Bots play until a seat may buy; the commands played so far, that seat, its buys."""
    rng = bot_rng(SEED)
    for _ in range(400):
        for p in eng.prompts(gid):
            buys = [c for c in eng.legal(gid, p.seat) if c["kind"] == "buy"]
            if buys:
                return p.seat, buys
        decide(eng, gid, rng)
    raise AssertionError("no buy reached")


def replay_into(eng, gid, eng2, gid2):
    for e in eng.store.read(gid):
        if e.type.startswith("cmd."):
            eng2.submit(gid2, e.actor, e.data)


def test_overridden_price_makes_a_stack_unbuyable_and_says_the_price():
    eng, gid = new_game("thunderstone", 2, SEED)
    seat, buys = first_buy(eng, gid)
    stack = buys[0]["stack"]
    name = card(top_of(eng.table(gid), stack)).name
    eng2, gid2 = new_game("thunderstone", 2, SEED, {"overrides": {name: {"price": 99}}})
    replay_into(eng, gid, eng2, gid2)
    assert eng2.table(gid2).version > 1
    legal = eng2.legal(gid2, seat)
    assert {"kind": "buy", "stack": stack} not in legal
    assert [c for c in legal if c["kind"] == "buy"] == [c for c in buys if c["stack"] != stack]
    try:
        eng2.submit(gid2, seat, {"kind": "buy", "stack": stack})
    except IllegalCommand as exc:
        assert exc.rule == "TRN-V4" and "costs 99 gold" in exc.reason
    else:
        raise AssertionError("a buy above the gold left was accepted")
    rs = eng2.ruleset(gid2)
    assert "costs 99 gold" in rs.preview(eng2.table(gid2), seat, {"kind": "buy", "stack": stack})


def test_overridden_vp_changes_the_score():
    eng, gid = new_game("thunderstone", 2, SEED)
    t = eng.table(gid)
    owned = [c for z in ("deck0", "hand0", "disc0") for c in t.zone(z)]
    assert owned
    name = card(owned[0]).name
    n = sum(1 for c in owned if card(c).name == name)
    eng2, gid2 = new_game("thunderstone", 2, SEED, {"overrides": {name: {"vp": 5}}})
    t2 = eng2.table(gid2)
    assert score(t2, 0) - score(t, 0) == n * (5 - (card(owned[0]).vp or 0))
