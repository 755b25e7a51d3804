"""Teams of two in the 4-player games of team scenarios (MK:15:Team)."""

import pytest

from engine.context import Ctx
from engine.errors import BadInput
from engine.games.mage_knight.map.board import Space, ends_move
from engine.games.mage_knight.scenarios.scoring import scenario_result
from sim.testing import new_game, run_bots


@pytest.mark.parametrize(
    "sid,players,teams",
    [
        ("full_conquest", 2, "random"),
        ("blitz_conquest", 4, "random"),
        ("first_reconnaissance", 4, "0+1,2+3"),
        ("full_conquest", 4, "0+1+2,3"),
        ("full_conquest", 4, "0+1,1+3"),
    ],
)
def test_teams_only_where_the_scenario_has_them_MK_15_Team(sid, players, teams):
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", players, seed=1, options={"scenario": sid, "teams": teams})
    assert err.value.rule == "MK:15:Team"


def test_the_keep_and_tower_scenario_draws_teams_at_four_players_MK_22_Scen_ConquerKeepsTowers():
    eng, gid = new_game("mage-knight", 4, seed=1, options={"scenario": "conquer_keeps_towers"})
    teams = eng.table(gid).game.board.teams
    assert len(teams) == 2 and sorted(teams[0] + teams[1]) == [0, 1, 2, 3] and 0 in teams[0]


def _game(teams="0+2,1+3"):
    eng, gid = new_game("mage-knight", 4, seed=2, options={"scenario": "full_conquest", "teams": teams})
    t = eng.table(gid)
    return eng, gid, t, Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)


def test_an_allys_keep_is_entered_not_assaulted_MK_15_Team():
    _eng, _gid, t, ctx = _game()
    g = t.game
    g.board.spaces["30,0"] = Space(q=30, r=0, terrain="plains", tile="x", site="keep")
    ctx.emit("mk.conquered", {"seat": 2, "space": "30,0"}, rule="MK:10:Result:3")
    assert not ends_move(g.board, (30, 0), 0)  # seat 0's ally
    assert ends_move(g.board, (30, 0), 1)  # an opponent assaults it


def test_team_score_lower_fame_best_achievements_titles_MK_15_Team():
    _eng, _gid, t, ctx = _game()
    for seat, fame in ((0, 10), (1, 30), (2, 20), (3, 5)):
        ctx.emit("mk.fame", {"seat": seat, "delta": fame, "total": fame}, rule="MK:10:Result:1")
    total, _lines, winners, rule = scenario_result(t)
    assert rule == "MK:15:Team"
    assert total[0] == total[2] and total[1] == total[3]
    from engine.games.mage_knight.scenarios.book import team_score
    from engine.games.mage_knight.scenarios.scoring import category_points

    pts = {s: category_points(t, s) for s in range(4)}
    want = team_score({"a": [0, 2], "b": [1, 3]}, {0: 10, 1: 30, 2: 20, 3: 5}, pts)
    assert (total[0], total[1]) == (want["a"], want["b"])
    assert winners == ([0, 2] if want["a"] > want["b"] else [1, 3] if want["b"] > want["a"] else [0, 1, 2, 3])


def test_random_bots_finish_team_games():
    for sid in ("full_conquest", "only_one_returns", "conquer_keeps_towers"):
        eng, gid = new_game("mage-knight", 4, seed=5, options={"scenario": sid, "teams": "random"})
        run_bots(eng, gid, 5)
        t = eng.table(gid)
        assert t.over and set(t.game.final) == {"0", "1", "2", "3"}
        sides = t.game.board.teams
        assert t.winners in ([], sorted(sides[0]), sorted(sides[1]), sorted(sides[0] + sides[1]))


def test_only_one_returns_teams_win_with_their_chosen_one_on_the_portal_MK_22_Scen_OnlyOneReturns():
    from engine.games.mage_knight import state

    eng, gid = new_game(
        "mage-knight", 4, seed=3, options={"scenario": "only_one_returns", "teams": "0+2,1+3"}
    )
    t = eng.table(gid)
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    assert t.zones[state.chosen_one(0)].vis == "hidden" and t.zones[state.chosen_one(1)].vis == "hidden"
    chosen0 = int(t.zone(state.chosen_one(0))[0][4:])
    other0 = 2 if chosen0 == 0 else 0
    for seat, pos in ((0, "1,-2"), (1, "2,-3"), (2, "1,-1"), (3, "2,-2")):
        ctx.emit("mk.placed", {"seat": seat, "pos": pos}, rule="MK:10:City:2")
    ctx.emit("mk.placed", {"seat": chosen0, "pos": "0,0"}, rule="MK:10:City:2")
    assert scenario_result(t)[2] == [0, 2]  # team 0+2's Chosen One returns
    ctx.emit("mk.placed", {"seat": chosen0, "pos": "1,-2"}, rule="MK:10:City:2")
    ctx.emit("mk.placed", {"seat": other0, "pos": "0,0"}, rule="MK:10:City:2")
    assert scenario_result(t)[2] == []  # the other one does not count
