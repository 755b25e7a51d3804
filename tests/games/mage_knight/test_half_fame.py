"""Half fame for defeating the defenders of another player's site is decided by one rule and
applied once, to the combat's total (MK:8:Combat:1a; MK:22:Scen:ConquerKeepsTowers, reading A10:
rounded up). Before the merge fix a keep of another player in the keep-and-tower scenario gave a
quarter: each enemy's fame was halved at the assault and the total halved again at the end."""

from engine.context import Ctx
from engine.games.mage_knight.combat import fight
from engine.games.mage_knight.content.load import content
from sim.testing import new_game


def _assault_and_win(sid, site, rnd, seed=1):
    opts = {"scenario": sid} if sid else {}
    eng, gid = new_game("mage-knight", 2, seed=seed, options=opts)
    t = eng.table(gid)
    ctx = Ctx(eng.ruleset(gid), t, f"test-{seed}", "test:1", None, 10_000)
    g = t.game
    space = next((k for k, sp in sorted(g.board.spaces.items()) if sp.site == site), None)
    if space is None:  # no such site on the starting map: make one (setup only)
        space = next(k for k, sp in sorted(g.board.spaces.items()) if sp.site == "village")
        g.board.spaces[space].site = site
    g.round = rnd
    ctx.emit("mk.conquered", {"seat": 1, "space": space}, rule="MK:10:Result:3")
    ctx.emit("mk.placed", {"seat": 1, "pos": "0,0"}, rule="MK:10:City:2")
    ctx.emit("mk.placed", {"seat": 0, "pos": space}, rule="MK:10:City:2")
    before = g.players[0].fame
    fight.assault(ctx, t, 0, space)
    c = g.combat
    base = [content().enemies[e.enemy].fame for e in c.enemies]
    for e in c.enemies:
        assert e.fame == content().enemies[e.enemy].fame  # not halved per enemy
        ctx.emit(
            "mk.combat.defeated",
            {"enemy": e.uid, "fame": e.fame, "reputation": 0, "rule": "MK:10:Result:1", "audit": []},
            rule="MK:10:Result:1",
        )
    fight.finish(ctx, t, 0)
    return g.players[0].fame - before, sum(base), len(base)


def test_another_players_keep_gives_half_fame_once_in_the_keep_and_tower_scenario_MK_22_Scen_ConquerKeepsTowers():
    gained, total, n = _assault_and_win("conquer_keeps_towers", "keep", 3)
    assert n >= 1
    assert gained == (total + 1) // 2  # half of the total, not a quarter


def test_another_players_tower_gives_half_fame_where_towers_are_owned_like_keeps_MK_22_Scen_ConquerKeepsTowers():
    gained, total, n = _assault_and_win("conquer_keeps_towers", "mage_tower", 1)
    assert n >= 1 and gained == (total + 1) // 2


def test_another_players_keep_gives_half_fame_rounded_up_MK_8_Combat_1a():
    gained, total, n = _assault_and_win(None, "keep", 1)
    assert n == 1 and gained == (total + 1) // 2
