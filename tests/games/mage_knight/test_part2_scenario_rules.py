"""Special rules of single scenarios wired into the turn (MK:20-22:Scen:*): Only One Returns
(E-25), Mines Liberation, the keep and tower scenario."""

from engine.context import Ctx
from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import ends_move, unkey
from engine.games.mage_knight.map.rules import withdraw
from engine.games.mage_knight.scenarios import special_rules
from engine.mechanics.zones import card_name
from sim.testing import new_game


def _game(sid, players=2, seed=1):
    eng, gid = new_game("mage-knight", players, seed=seed, options={"scenario": sid})
    t = eng.table(gid)
    return eng, gid, t, Ctx(eng.ruleset(gid), t, f"test-{seed}", "test:1", None, 10_000)


def test_E25_only_one_returns_the_hero_on_the_portal_wins_MK_22_Scen_OnlyOneReturns():
    from engine.games.mage_knight.scenarios.scoring import scenario_result

    _eng, _gid, t, ctx = _game("only_one_returns", 3)
    for seat, pos in ((0, "1,-2"), (1, "0,0"), (2, "2,-3")):
        ctx.emit("mk.placed", {"seat": seat, "pos": pos}, rule="MK:10:City:2")
    total, _lines, winners, rule = scenario_result(t)
    assert winners == [1] and total == {0: 0, 1: 1, 2: 0} and rule == "MK:22:Scen:OnlyOneReturns"
    ctx.emit("mk.placed", {"seat": 1, "pos": "1,-1"}, rule="MK:10:City:2")
    assert scenario_result(t)[2] == []  # nobody there: no winner


def test_the_portal_closes_after_round_1_and_eliminates_who_stands_on_it_MK_22_Scen_OnlyOneReturns():
    _eng, _gid, t, ctx = _game("only_one_returns", 3)
    g = t.game
    for seat, pos in ((0, "0,0"), (1, "1,-2"), (2, "0,0")):
        ctx.emit("mk.placed", {"seat": seat, "pos": pos}, rule="MK:10:City:2")
    assert special_rules.portal_open(g)
    special_rules.close_portal(ctx, t)
    assert [p.out for p in g.players] == [True, False, True] and g.players[0].pos == ""
    from engine.games.mage_knight.turn.flow import begin_round

    begin_round(ctx, t, 2)
    assert g.pickers == [1] and not special_rules.portal_open(g)  # the eliminated pick no tactic
    # from now on the portal is a plains space for one hero where combat may start (reading A27):
    # a step onto the occupied portal is a PvP start; after the round end is announced it is a
    # visit without PvP: no action there, and forced withdrawal at the end of the turn (E-25)
    from engine.games.mage_knight.legal import moves

    ctx.emit("mk.placed", {"seat": 2, "pos": "0,0"}, rule="MK:10:City:2")
    ctx.emit("mk.placed", {"seat": 1, "pos": "1,-1"}, rule="MK:10:City:2")
    ctx.emit("mk.points", {"seat": 1, "kind": "move", "delta": 5}, rule="MK:7:Move:3")
    assert "0,0" in moves(t, 1)
    ctx.emit("mk.announced", {"seat": 2, "last_turns": [1]}, rule="MK:6:Turn:3")
    assert "0,0" in moves(t, 1)
    from engine.games.mage_knight.map.rules import safe_here
    from engine.games.mage_knight.players.pvp_turn import step_ok, visiting

    assert not step_ok(t, 1, "0,0")
    ctx.emit("mk.placed", {"seat": 1, "pos": "0,0"}, rule="MK:10:City:2")
    assert visiting(t, 1) and not safe_here(t, 1)


def test_mines_get_their_defenders_when_revealed_MK_20_Scen_Mines():
    seen = 0
    for seed in range(1, 6):
        _eng, _gid, t, _ctx = _game("mines_liberation", 2, seed)
        for k, sp in t.game.board.spaces.items():
            if sp.site != "mine":
                continue
            seen += 1
            core = content().tiles[sp.tile].type == "core"
            assert [content().enemies[card_name(x)].color for x in t.zone(state.at(k))] == [
                "red" if core else "green"
            ]
            assert len(t.zone(state.garrison(k))) == 1 and t.zones[state.garrison(k)].vis == "hidden"
            assert content().enemies[card_name(t.zone(state.garrison(k))[0])].color == "brown"
            assert special_rules.night_fight(t.game, k)
    assert seen


def test_a_liberated_mine_gives_reputation_crystals_and_fame_MK_20_Scen_Mines():
    _eng, _gid, t, ctx = _game("mines_liberation", 2, 1)
    g = t.game
    k = next(k for k, sp in g.board.spaces.items() if sp.site == "mine")
    sp = g.board.spaces[k]
    assert not special_rules.mine_gives_crystal(g, sp)
    rep = g.players[0].reputation
    ctx.emit("mk.conquered", {"seat": 0, "space": k}, rule="MK:10:Result:3")
    special_rules.liberated(ctx, t, 0, k)
    core = content().tiles[sp.tile].type == "core"
    assert g.players[0].reputation == rep + (2 if core else 1)
    assert special_rules.mine_gives_crystal(g, sp)
    before = g.players[0].crystals.get(sp.mine, 0)
    special_rules.mine_output(ctx, t)
    assert g.players[0].crystals.get(sp.mine, 0) == before + 1
    assert special_rules.mines_held(g) == {0: (0, 1) if core else (1, 0), 1: (0, 0)}


def test_keep_and_tower_rules_MK_22_Scen_ConquerKeepsTowers():
    _eng, _gid, t, ctx = _game("conquer_keeps_towers", 2, 1)
    g = t.game
    assert g.board.owned_towers and not special_rules.tower_spell(g)
    tower = next((k for k, sp in g.board.spaces.items() if sp.site == "mage_tower"), None)
    keep = next((k for k, sp in g.board.spaces.items() if sp.site == "keep"), None)
    site = tower or keep
    assert special_rules.assault_rep(t, site) == 0  # no reputation loss
    ctx.emit("mk.conquered", {"seat": 1, "space": site}, rule="MK:10:Result:3")
    assert ends_move(g.board, unkey(site), 0) and not ends_move(g.board, unkey(site), 1)
    for rnd, n in ((1, 1), (2, 1), (3, 2), (4, 2)):
        g.round = rnd
        assert special_rules.garrison_size(t, site, 0) == n and special_rules.garrison_size(t, site, 1) == 1
    assert special_rules.assault_fame(t, site, 0, 7) == 4 and special_rules.assault_fame(t, site, 1, 7) == 7
    assert "keep" in special_rules.recruit_sites(
        g, ("village",)
    ) and "mage_tower" in special_rules.recruit_sites(g, ("monastery",))
    if tower:
        ctx.emit("mk.placed", {"seat": 1, "pos": tower}, rule="MK:10:City:2")
        special_rules.tower_mana(ctx, t, 1)
        assert g.players[1].tokens == ["black" if g.night else "gold"]


def test_first_reconnaissance_keeps_part_one_rules():
    _eng, _gid, t, _ctx = _game("first_reconnaissance", 2, 1)
    g = t.game
    assert special_rules.portal_open(g) and special_rules.tower_spell(g) and not g.board.owned_towers
    assert special_rules.recruit_sites(g, ("village",)) == ("village",)


def test_forced_withdrawal_back_along_the_path_one_wound_per_space_MK_7_Move_7d():
    _eng, _gid, t, ctx = _game("full_conquest", 2, 1)
    g = t.game
    spaces = sorted(k for k, sp in g.board.spaces.items() if not sp.site and sp.terrain == "plains")
    a, b, c = spaces[:3]
    ctx.emit("mk.turn", {"seat": 0, "pos": 0, "hand_was_empty": False}, rule="MK:6:Turn:2")
    ctx.emit("mk.placed", {"seat": 0, "pos": a}, rule="MK:10:City:2")
    for to in (b, c):
        ctx.emit("mk.moved", {"seat": 0, "to": to, "cost": 0}, rule="MK:7:Move:3")
    ctx.emit("mk.placed", {"seat": 1, "pos": c}, rule="MK:10:City:2")  # seat 1 on the same space
    wounds = sum(1 for x in t.zone(state.hand(0)) if card_name(x) == "wound")
    withdraw(ctx, t, 0)
    assert g.players[0].pos == b
    assert sum(1 for x in t.zone(state.hand(0)) if card_name(x) == "wound") == wounds + 1
    withdraw(ctx, t, 0)  # safe now: nothing more
    assert g.players[0].pos == b


def test_a_failed_keep_assault_retreats_to_where_it_came_from_MK_8_Combat_1a():
    _eng, _gid, t, ctx = _game("full_conquest", 2, 1)
    g = t.game
    from engine.games.mage_knight.map.board import Space

    g.board.spaces["30,0"] = Space(q=30, r=0, terrain="plains", tile="x", site="keep")
    g.board.spaces["31,0"] = Space(q=31, r=0, terrain="plains", tile="x")
    ctx.emit("mk.placed", {"seat": 0, "pos": "31,0"}, rule="MK:10:City:2")
    ctx.emit("mk.moved", {"seat": 0, "to": "30,0", "cost": 0}, rule="MK:7:Move:3")
    special_rules.retreat_after_assault(ctx, t, 0, "30,0")
    assert g.players[0].pos == "31,0"
    _eng2, _gid2, t2, ctx2 = _game("first_reconnaissance", 2, 1)  # no exception (MK:10:Result:3)
    t2.game.board.spaces["30,0"] = Space(q=30, r=0, terrain="plains", tile="x", site="keep")
    t2.game.board.spaces["31,0"] = Space(q=31, r=0, terrain="plains", tile="x")
    ctx2.emit("mk.placed", {"seat": 0, "pos": "31,0"}, rule="MK:10:City:2")
    ctx2.emit("mk.moved", {"seat": 0, "to": "30,0", "cost": 0}, rule="MK:7:Move:3")
    special_rules.retreat_after_assault(ctx2, t2, 0, "30,0")
    assert t2.game.players[0].pos == "31,0"


def test_one_side_concedes_and_the_other_wins_MK_22_Scen_ConquerKeepsTowers():
    from sim.testing import play

    for players, teams in ((2, ""), (4, "0+2,1+3")):
        eng, gid = new_game(
            "mage-knight", players, seed=1, options={"scenario": "conquer_keeps_towers", "teams": teams}
        )
        t = eng.table(gid)
        rs = eng.ruleset(gid)
        while t.game.phase == "tactics":
            seat = rs.prompts(t)[0].seat
            play(eng, gid, seat, rs.legal_commands(t, seat)[0])
        seat = t.game.active
        assert {"kind": "concede"} in rs.legal_commands(t, seat)
        play(eng, gid, seat, {"kind": "concede"})
        others = [s for s in range(players) if s not in t.game.conceded]
        assert t.over and t.winners == others and seat in t.game.conceded
        assert len(t.game.conceded) == players // 2


def test_no_concede_elsewhere():
    eng, gid = new_game("mage-knight", 2, seed=1, options={"scenario": "full_conquest"})
    t = eng.table(gid)
    rs = eng.ruleset(gid)
    from sim.testing import play

    while t.game.phase == "tactics":
        seat = rs.prompts(t)[0].seat
        play(eng, gid, seat, rs.legal_commands(t, seat)[0])
    assert not [c for c in rs.legal_commands(t, t.game.active) if c["kind"] == "concede"]
