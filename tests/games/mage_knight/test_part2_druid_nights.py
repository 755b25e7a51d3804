"""Druid Nights (MK:21:Scen:DruidNights): glades marked with shields, the summoning chant once
per night for double fame and crystals, glades cleared after the first night, the end once all
have chanted in the second night."""

from engine.context import Ctx
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.scenarios import druid_nights
from sim.testing import new_game


def _night(n_players=2):
    """A Druid Nights game whose set-up map shows a magical glade (the first such seed)."""
    for seed in range(1, 30):
        eng, gid = new_game("mage-knight", n_players, seed=seed, options={"scenario": "druid_nights"})
        t = eng.table(gid)
        if any(sp.site == "magical_glade" for sp in t.game.board.spaces.values()):
            break
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    g = t.game
    glade = next(k for k, sp in g.board.spaces.items() if sp.site == "magical_glade")
    plain = next(k for k, sp in g.board.spaces.items() if not sp.site and sp.terrain == "plains")
    return t, ctx, g, glade, plain


def test_a_glade_takes_one_shield_per_player_MK_21_Scen_DruidNights():
    t, ctx, g, glade, _plain = _night()
    ctx.emit("mk.placed", {"seat": 0, "pos": glade}, rule="MK:10:City:2")
    assert {"kind": "glade"} in druid_nights.commands(t, 0)
    ctx.emit("mk.points", {"seat": 0, "kind": "move", "delta": 3}, rule="MK:7:Move:3")
    druid_nights.mark(ctx, t, 0, {})
    assert g.glades[glade] == [0] and g.players[0].move == 0  # marking ends the movement
    assert {"kind": "glade"} not in druid_nights.commands(t, 0)
    ctx.emit("mk.placed", {"seat": 1, "pos": glade}, rule="MK:10:City:2")
    druid_nights.mark(ctx, t, 1, {})
    assert g.glades[glade] == [0, 1]


def test_the_chant_summons_a_monster_per_glade_for_double_fame_MK_21_Scen_DruidNights():
    t, ctx, g, glade, plain = _night()
    ctx.emit("mk.placed", {"seat": 0, "pos": glade}, rule="MK:10:City:2")
    druid_nights.mark(ctx, t, 0, {})
    ctx.emit("mk.placed", {"seat": 0, "pos": plain}, rule="MK:10:City:2")
    assert not druid_nights.may_chant(g, 0)  # by day: no chant
    ctx.emit("mk.round", {"round": 2, "night": True}, rule="MK:4:Round:2a")
    assert g.night_no == 1 and druid_nights.may_chant(g, 0)
    druid_nights.chant(ctx, t, 0, {})
    assert g.combat is not None and g.combat_kind == "chant"
    [e] = g.combat.enemies
    assert content().enemies[e.enemy].color == "brown"  # first night: brown
    from engine.games.mage_knight.scenarios.special_rules import double_fame

    assert double_fame(g, 4) == 8 and g.chant_crystals == {"0": 1}
    assert not druid_nights.may_chant(g, 0)  # once per night
    village = next((k for k, sp in g.board.spaces.items() if sp.site == "village"), None)
    if village:
        ctx.emit("mk.placed", {"seat": 1, "pos": village}, rule="MK:10:City:2")
        ctx.emit("mk.glade", {"seat": 1, "space": glade}, rule="MK:21:Scen:DruidNights")
        assert not druid_nights.may_chant(g, 1)  # not on an inhabited space


def test_glades_cleared_after_the_first_night_and_the_second_night_ends_the_game_MK_21_Scen_DruidNights():
    t, ctx, g, glade, _plain = _night()
    ctx.emit("mk.round", {"round": 2, "night": True}, rule="MK:4:Round:2a")
    ctx.emit("mk.glade", {"seat": 0, "space": glade}, rule="MK:21:Scen:DruidNights")
    ctx.emit("mk.chanted", {"seat": 0, "crystals": 1}, rule="MK:21:Scen:DruidNights")
    druid_nights.end_of_round(ctx, t)
    assert g.glades == {} and g.chanted == []
    ctx.emit("mk.round", {"round": 3, "night": False}, rule="MK:4:Round:2a")
    ctx.emit("mk.round", {"round": 4, "night": True}, rule="MK:4:Round:2a")
    assert g.night_no == 2
    for seat in (0, 1):
        assert not druid_nights.all_chanted(g)
        ctx.emit("mk.chanted", {"seat": seat, "crystals": 2}, rule="MK:21:Scen:DruidNights")
    assert druid_nights.all_chanted(g)
    from engine.games.mage_knight.scenarios.book import end_triggered, scenarios
    from engine.games.mage_knight.scenarios.rounds import facts

    assert end_triggered(scenarios()["druid_nights"], facts(t))


def test_the_chant_crystals_come_at_the_end_of_the_turn_MK_21_Scen_DruidNights():
    t, ctx, g, _glade, _plain = _night()
    ctx.emit("mk.chanted", {"seat": 0, "crystals": 2}, rule="MK:21:Scen:DruidNights")
    before = sum(g.players[0].crystals.values()) + g.players[0].fame + len(g.players[0].rewards)
    druid_nights.end_of_turn(ctx, t, 0)
    after = sum(g.players[0].crystals.values()) + g.players[0].fame + len(g.players[0].rewards)
    assert after - before == 2 and g.chant_crystals == {}
    rolls = [e for e in ctx.events if e.type == "dice.rolled" and e.rule == "MK:21:Scen:DruidNights"]
    assert rolls
