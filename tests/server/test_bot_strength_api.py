"""Bots at the table with a strength (issue 30 item 5): the lobby's ruleset list says which
bots search in each ruleset and their strengths in words; a seat's bot is given as "mcts:deep",
kept with the game's seats and shown in its view; a strength that cannot be had is refused
with the reason and stores nothing; the table keeps a game's bots from one decision to the next."""

import json
import random

from bots.planner import PLANS
from tests.server.test_api import call, make_app


async def test_the_ruleset_list_gives_each_searching_bots_strengths_in_words(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(app, "GET", "/api/rulesets")
    assert status == 200
    got = {r["name"]: r["bot_strengths"] for r in out["rulesets"]}
    assert set(got["duel"]) == {"mcts", "strong"}
    assert set(got["dragonlords"]) == {"mcts"}  # its strong bot is greedy: nothing to deepen
    deep = next(lv for lv in got["duel"]["mcts"] if lv["name"] == "deep")
    assert deep["count"] == 128 and "128 search iterations a decision" in deep["words"]
    mk = next(lv for lv in got["mage-knight"]["strong"] if lv["name"] == "quick")
    assert "candidate turns a plan" in mk["words"]


async def test_a_bot_seat_plays_at_its_strength_and_the_game_keeps_it(tmp_path):
    app = make_app(tmp_path)
    status, out = await call(
        app,
        "POST",
        "/api/games",
        {"ruleset": "duel", "players": 2, "seed": 5, "bots": {"0": "mcts:quick", "1": "greedy"}},
    )
    assert status == 201, out
    gid = out["game_id"]
    status, view = await call(app, "GET", f"/api/games/{gid}/view", token=out["referee_token"])
    assert status == 200 and view["view"]["over"] is True  # not served: the bots play at once
    assert view["bots"] == {"0": "mcts:quick", "1": "greedy"}
    _, listed = await call(app, "GET", "/api/games")
    assert next(g for g in listed["games"] if g["game_id"] == gid)["bots"]["0"] == "mcts:quick"
    assert gid not in app.players  # a finished game's bots are dropped


async def test_a_strength_that_cannot_be_had_is_refused_and_stores_nothing(tmp_path):
    app = make_app(tmp_path)
    before = app.eng.store.conn.execute("SELECT count(*) FROM events").fetchone()[0]
    for ruleset, bot, why in (
        ("duel", "greedy:deep", "seat 1: the greedy bot has no strength setting"),
        ("dragonlords", "strong:deep", "the strong bot of dragonlords is greedy"),
        ("duel", "mcts:fast", "unknown strength 'fast'"),
        ("duel", "mcts,random", "one of random, greedy, mcts, strong"),
        ("duel", " ", "one of random, greedy, mcts, strong"),
        ("duel", "genius", "unknown bot 'genius'"),
    ):
        status, err = await call(
            app, "POST", "/api/games", {"ruleset": ruleset, "players": 2, "bots": {"1": bot}}
        )
        assert status == 400 and why in json.dumps(err), (bot, err)
    assert app.eng.store.conn.execute("SELECT count(*) FROM events").fetchone()[0] == before


def test_the_table_keeps_a_games_bots_between_decisions(tmp_path):
    """A turn planner (Mage Knight's strong bot) must keep its plan from one command to the
    next: the table holds one BotPlay per game, with each seat's planner at its strength."""
    app = make_app(tmp_path)
    gid = app.eng.create("mage-knight", 2, 7, {"scenario": "full_conquest"}, game_id="mk-kept")
    app.seats.issue(gid, 2, {0: "strong:quick", 1: "strong:quick"})
    rng = random.Random(1)
    app.bot_move(gid, rng)
    kept = app.players[gid]
    for _ in range(5):
        app.bot_move(gid, rng)
    assert app.players[gid] is kept and kept.planners
    assert {p.plans for p in kept.planners.values()} == {PLANS // 4}
