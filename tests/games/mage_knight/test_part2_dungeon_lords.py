"""Dungeon Lords (MK:21:Scen:DungeonLords): secret entrances, no second visit, tunnels, a new
monster after a failed visit, and the scenario's scoring."""

import tomllib
from pathlib import Path

from engine.context import Ctx
from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.scenarios import dungeon_lords
from engine.mechanics.zones import card_name
from sim.testing import engine as make_engine
from sim.testing import new_game, play

SIT = Path(__file__).parent / "situations"


def test_tiles_revealed_at_set_up_get_their_secret_entrances_at_random():
    found = 0
    for seed in range(1, 6):
        eng, gid = new_game("mage-knight", 2, seed=seed, options={"scenario": "dungeon_lords"})
        g = eng.table(gid).game
        t = eng.table(gid)
        for k in g.secret_sites:
            found += 1
            sp = g.board.spaces[k]
            assert sp.site in ("dungeon", "tomb") and sp.terrain != "swamp"
            [tok] = t.zone(state.garrison(k))
            assert content().enemies[card_name(tok)].color == ("brown" if sp.site == "dungeon" else "red")
            assert t.zones[state.garrison(k)].vis == "hidden"
        assert not g.secret_due
    assert found


def _village_game():
    """Seat 0 next to the slot at 4,-5 with a village tile on top of the stack."""
    doc = tomllib.loads((SIT / "part2_city_assault.toml").read_text())
    doc["options"]["scenario"] = "dungeon_lords"
    eng = make_engine()
    probe = eng.create("mage-knight", 2, 1, options=doc["options"], situation=doc)
    on_map = set(eng.table(probe).zone(state.MAP))
    tile = next(
        x for x in ("countryside_1", "countryside_2", "countryside_3", "countryside_4") if x not in on_map
    )
    doc["game"]["tiles_top"] = [tile]
    gid = eng.create("mage-knight", 2, 1, options=doc["options"], situation=doc, game_id="dl-village")
    return eng, gid


def test_the_revealer_places_the_secret_dungeon_before_anything_else_MK_21_Scen_DungeonLords():
    eng, gid = _village_game()
    t = eng.table(gid)
    rs = eng.ruleset(gid)
    before = set(t.game.secret_sites)
    explore = next(c for c in rs.legal_commands(t, 0) if c["kind"] == "explore")
    play(eng, gid, 0, explore)
    g = t.game
    [due] = g.secret_due
    legal = rs.legal_commands(t, 0)
    assert legal and {c["kind"] for c in legal} == {"secret"}
    spots = [c["space"] for c in legal]
    assert spots == dungeon_lords.candidates(g, due["near"], "dungeon")
    play(eng, gid, 0, legal[-1])
    assert not g.secret_due and set(g.secret_sites) - before == {spots[-1]}
    assert g.board.spaces[spots[-1]].site == "dungeon"


def test_no_second_visit_and_tunnels_between_conquered_dungeons_MK_21_Scen_DungeonLords():
    eng, gid = new_game("mage-knight", 2, seed=2, options={"scenario": "dungeon_lords"})
    t = eng.table(gid)
    g = t.game
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    from engine.games.mage_knight.map.board import Space

    # two conquered dungeons on a plain strip, a lake between them on the direct line
    for k, terrain, site in (
        ("20,0", "plains", "dungeon"),
        ("21,0", "lake", ""),
        ("22,0", "plains", "tomb"),
        ("21,-1", "hills", ""),
        ("22,-1", "plains", ""),
    ):
        q, r = map(int, k.split(","))
        g.board.spaces[k] = Space(q=q, r=r, terrain=terrain, tile="x", site=site)
    for k in ("20,0", "22,0"):
        ctx.emit("mk.conquered", {"seat": 1, "space": k}, rule="MK:10:Result:3")
    assert not dungeon_lords.may_enter(g, "20,0")
    assert dungeon_lords.tunnel_cost(g, "20,0", "22,0") == 2 + 3  # around the lake: 3 spaces
    ctx.emit("mk.placed", {"seat": 0, "pos": "20,0"}, rule="MK:10:City:2")
    g.players[0].move = 4
    assert dungeon_lords.tunnels(t, 0) == []  # 5 needed
    g.players[0].move = 5
    assert dungeon_lords.tunnels(t, 0) == [{"kind": "tunnel", "to": "22,0"}]


def test_a_failed_visit_to_a_secret_entrance_brings_a_new_monster_MK_21_Scen_DungeonLords():
    for seed in range(1, 6):
        eng, gid = new_game("mage-knight", 2, seed=seed, options={"scenario": "dungeon_lords"})
        t = eng.table(gid)
        g = t.game
        if g.secret_sites:
            break
    k = g.secret_sites[0]
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    [old] = t.zone(state.garrison(k))
    assert dungeon_lords.face_down_monster(ctx, t, k)
    ctx.emit("mk.enemies", {"space": k, "tokens": [old]}, rule="MK:21:Scen:DungeonLords")
    dungeon_lords.after_failure(ctx, t, k)
    assert g.board.spaces[k].enemies == [] and old in t.zone(
        state.enemy_discard(content().enemies[card_name(old)].color)
    )
    [new] = t.zone(state.garrison(k))
    assert new != old


def test_dungeon_lords_scores_tombs_and_dungeons_4_and_the_dungeon_crawler_title_MK_21_Scen_DungeonLords():
    from engine.games.mage_knight.scenarios.scoring import scenario_result

    eng, gid = new_game("mage-knight", 2, seed=3, options={"scenario": "dungeon_lords"})
    t = eng.table(gid)
    g = t.game
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    from engine.games.mage_knight.map.board import Space

    before, _, _, _ = scenario_result(t)
    g.board.spaces["30,0"] = Space(q=30, r=0, terrain="plains", tile="x", site="dungeon")
    ctx.emit("mk.conquered", {"seat": 0, "space": "30,0"}, rule="MK:10:Result:3")
    total, lines, winners, _ = scenario_result(t)
    assert any(x == "adventurer +4" for x in lines[0])
    assert total[0] - before[0] == 4 + 5 and total[1] == before[1]  # 4 points, Dungeon-Crawler +5
    assert winners == [s for s in (0, 1) if total[s] == max(total.values())]
