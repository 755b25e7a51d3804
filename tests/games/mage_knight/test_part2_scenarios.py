"""Every scenario as data (MK:18-22:Scen:*), its validator, and the scenario scoring (MK:15:Score,
MK:15:Team, digest §10.5-10.6)."""

import types

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.mage_knight import state
from engine.games.mage_knight.cities.rules import City
from engine.games.mage_knight.scenarios import book, scoring
from engine.games.mage_knight.turn import actions

ALL_IDS = (
    "first_reconnaissance",
    "full_conquest",
    "blitz_conquest",
    "solo_conquest",
    "full_cooperative",
    "blitz_cooperative",
    "mines_liberation",
    "dungeon_lords",
    "druid_nights",
    "only_one_returns",
    "conquer_keeps_towers",
)


def test_every_scenario_of_the_book_is_there_and_validates_MK_18_to_22():
    scn = book.scenarios()
    assert sorted(scn) == sorted(ALL_IDS)
    for s in scn.values():
        book.validate(s)
        for n in s.players:
            st_ = s.setup(n)
            assert st_.rounds in (3, 4, 5, 6)
            assert len(st_.city_levels) == (st_.city_core if s.city_status == "hostile" else 0)
        with pytest.raises(book.ScenarioError, match=s.rule):
            s.setup(5)


def test_scenario_values_as_the_book_prints_them():
    scn = book.scenarios()
    fc = scn["full_conquest"]
    assert [fc.setup(n).countryside for n in (2, 3, 4)] == [8, 9, 11]
    assert [fc.setup(n).city_levels for n in (2, 3, 4)] == [[4, 4], [4, 4, 4], [4] * 4]
    assert fc.setup(4).start_tile == "B" and fc.setup(2).start_tile == "A"
    assert scn["solo_conquest"].setup(1).city_levels == [5, 8]
    assert scn["full_cooperative"].setup(3).city_levels == [5, 5, 5, 11]
    assert scn["blitz_cooperative"].setup(3).city_levels == [5, 8, 11]
    assert scn["dungeon_lords"].setup(3).rounds == 5
    assert (
        scn["conquer_keeps_towers"].setup(2).rounds == 6 and scn["conquer_keeps_towers"].setup(4).rounds == 4
    )
    assert scn["first_reconnaissance"].setup(1).rounds == 4 and scn["first_reconnaissance"].setup(1).dummy
    assert scn["solo_conquest"].end.last_turn == "players_not_dummy"
    assert scn["solo_conquest"].tactic_removal == "both_used"
    assert scn["full_cooperative"].dummy_tactics == "dummy_first"
    assert [book.time_of_round(n) for n in range(1, 7)] == ["day", "night"] * 3


def test_E29_unit_offer_and_source_ignore_the_dummy_MK_3_Setup_MK_15_Dummy():
    coop = book.scenarios()["full_cooperative"].setup(2)
    assert coop.dummy and coop.unit_offer == 4 and coop.source_dice == 4
    blitz = book.scenarios()["blitz_cooperative"].setup(2)
    assert blitz.unit_offer == 5 and blitz.source_dice == 5


def test_E15c_blitz_starts_on_the_second_positive_space_MK_19_Scen_BlitzConquest_MK_20_Scen_BlitzCoop():
    for sid in ("blitz_conquest", "blitz_cooperative"):
        s = book.scenarios()[sid]
        assert s.start_reputation == 2 and s.start_fame == 1
        assert actions.REPUTATION_MODIFIER[s.start_reputation] == 1
    # the anchor points of the Rampaging Evil starts (cases a and b)
    assert actions.REPUTATION_MODIFIER[-2] == -1 and actions.REPUTATION_MODIFIER[-4] == -2


def test_E14_druid_nights_uses_the_green_city_tile_MK_16_Var_Map():
    dn = book.scenarios()["druid_nights"]
    assert dn.city_colours == ["green"] and dn.city_status == "friendly"


def test_validator_names_the_fault_and_the_rule():
    fc = book.scenarios()["full_conquest"]
    bad = msgspec.structs.replace(fc, city_levels={"2": [4], "3": [4, 4, 4], "4": [4] * 4})
    with pytest.raises(book.ScenarioError, match=r"2 players: 2 city tiles.*MK:19:Scen:FullConquest"):
        book.validate(bad)
    with pytest.raises(book.ScenarioError, match="always use a dummy"):
        book.validate(msgspec.structs.replace(book.scenarios()["solo_conquest"], dummy_players=[]))
    with pytest.raises(book.ScenarioError, match=r"1..11"):
        book.validate(msgspec.structs.replace(fc, city_levels={"2": [4, 12], "3": [4] * 3, "4": [4] * 4}))


@settings(max_examples=60, deadline=None)
@given(
    sid=st.sampled_from(ALL_IDS),
    field=st.sampled_from(["rounds", "countryside", "shape"]),
    drop=st.integers(0, 3),
)
def test_property_dropping_a_player_count_fails_validation(sid, field, drop):
    s = book.scenarios()[sid]
    table = dict(getattr(s, field))
    del table[sorted(table)[drop % len(table)]]
    with pytest.raises(book.ScenarioError, match=field):
        book.validate(msgspec.structs.replace(s, **{field: table}))


def _units(*spec):
    return [state.Unit(uid=f"{u}#{i}", unit=u, wounded=w) for i, (u, w) in enumerate(spec)]


def test_E11_greatest_leader_counts_a_wounded_level_1_unit_as_0_MK_15_Score():
    # level 2 unwounded, level 3 wounded, level 1 wounded -> 2 + 1 + 0 = 3
    p1 = state.Player(units=_units(("utem_guardsmen", False), ("fire_mages", True), ("peasants", True)))
    p2 = state.Player(units=_units(("peasants", False)))
    game = state.MKState(players=[p1, p2])
    t = types.SimpleNamespace(game=game, zone=lambda z: [])
    pts = {s: scoring.category_points(t, s) for s in (0, 1)}
    assert pts[0]["leader"] == 3 and pts[1]["leader"] == 1
    assert book.titles(pts) == {0: 3, 1: 0}
    pts[1]["leader"] = 3
    assert book.titles(pts) == {0: 1, 1: 1}


def test_titles_ties_and_zero_scores_MK_15_Score():
    pts = {0: {"knowledge": 0, "beating": 0}, 1: {"knowledge": 0, "beating": 0}}
    assert book.titles(pts) == {0: 0, 1: 0}  # no title for nothing; no wounds, no penalty
    pts = {0: {"beating": -4}, 1: {"beating": -4}, 2: {"beating": -2}}
    assert book.titles(pts) == {0: -1, 1: -1, 2: 0}
    pts = {0: {"loot": 2, "beating": -6}, 1: {"loot": 1}}
    assert book.titles(pts) == {0: 3 - 3, 1: 0}
    assert book.titles({0: {"loot": 5}}) == {0: 0}  # solo: no titles


def test_team_score_lower_fame_best_category_bigger_penalty_MK_15_Team():
    pts = {
        0: {"knowledge": 4, "beating": -2},
        1: {"knowledge": 1, "beating": -6},
        2: {"knowledge": 3, "beating": 0},
        3: {"knowledge": 2, "beating": 0},
    }
    fame = {0: 30, 1: 20, 2: 25, 3: 26}
    score = book.team_score({"A": [0, 1], "B": [2, 3]}, fame, pts)
    # A: 20 + 4 - 6 (+3 knowledge title, -3 beating title) = 18; B: 25 + 3 + 0 = 28
    assert score == {"A": 18, "B": 28}


def test_objective_scoring_solo_and_coop_MK_15_Score_MK_19_Scen_SoloConquest_MK_20_Scen_FullCoop():
    won = [
        City(colours=["red"], level=5, spaces=[], shields=[0], status="conquered", leader=0),
        City(colours=["blue"], level=8, spaces=[], shields=[0], status="conquered", leader=0),
    ]
    pts = {0: {"knowledge": 5, "loot": 2, "leader": 4, "conqueror": 2, "adventurer": 4, "beating": -4}}
    r = book.objective_score(
        "solo",
        {0: 60},
        pts,
        won,
        rounds_limit=6,
        rounds_played=5,
        dummy_deck_left=7,
        announced_in_final_round=False,
    )
    # 60 + 13 achievements + 20 cities + 15 all + 30 one round saved + 7 dummy cards + 5
    assert r.total == 60 + 13 + 20 + 15 + 30 + 7 + 5 and r.won
    lost = [won[0], City(colours=["blue"], level=8, spaces=[], garrison=["x"])]
    r = book.objective_score("solo", {0: 60}, pts, lost, 6, 6, 0, True)
    assert r.total == 60 + 13 + 10 and not r.won
    # co-op: lowest fame, best per category, +10 when every player leads a city
    pts2 = {0: {"knowledge": 5, "beating": -2}, 1: {"knowledge": 2, "beating": -6}}
    coop = [
        City(colours=["red"], level=5, spaces=[], shields=[0], status="conquered", leader=0),
        City(colours=["blue"], level=5, spaces=[], shields=[1], status="conquered", leader=1),
    ]
    r = book.objective_score("coop", {0: 40, 1: 30}, pts2, coop, 6, 6, 3, True)
    assert dict(r.items)["everyone_leads"] == 10 and dict(r.items)["beating"] == -6
    assert r.total == 30 + 5 - 6 + 20 + 10 + 15 + 0 + 3 + 0
    r = book.objective_score("coop", {0: 40, 1: 30}, pts2, coop, 6, 6, 3, True, lowest=True)
    assert dict(r.items)["knowledge"] == 2 and dict(r.items)["beating"] == -2
    with pytest.raises(book.ScenarioError, match="MK:15:Score"):
        book.objective_score("standard", {0: 1}, pts, won, 6, 6, 0, True)


def test_E26_keeps_towers_victory_points_and_ties_MK_22_Scen_ConquerKeepsTowers():
    vp, win = book.keeps_towers_winner({"A": (3, 2), "B": (2, 3)})
    assert vp == {"A": 13, "B": 12} and win == "A"
    vp, win = book.keeps_towers_winner({"A": (2, 3), "B": (2, 3)})
    assert vp == {"A": 12, "B": 12} and win is None


def test_E25_only_one_returns_portal_holder_wins_MK_22_Scen_OnlyOneReturns():
    assert book.only_one_returns_winner(1) == 1  # P2 (seat 1) holds the portal
    assert book.only_one_returns_winner(None) is None
    assert book.only_one_returns_winner(2, {"A": 0, "B": 2}) == "B"
    assert book.only_one_returns_winner(3, {"A": 0, "B": 2}) is None
    oor = book.scenarios()["only_one_returns"]
    assert oor.scoring.kind == "portal" and not oor.scoring.achievements


def test_mines_fame_and_greatest_liberator_MK_20_Scen_Mines():
    assert book.mines_fame({0: (2, 1), 1: (1, 0)}) == {0: 8 + 7 + 5, 1: 4}
    assert book.mines_fame({0: (1, 0), 1: (1, 0)}) == {0: 6, 1: 6}


def test_blitz_row_bonus_does_not_chain_MK_19_Scen_BlitzConquest():
    from engine.games.mage_knight.turn import levels

    row2 = levels.stats(2).fame
    assert book.blitz_row_bonus(row2 - 1, row2) == 1
    assert book.blitz_row_bonus(0, row2 - 1) == 0
    assert book.blitz_row_bonus(0, levels.stats(3).fame) == 2


def test_winners_share_ties_MK_18_Scen_FirstRecon():
    assert book.winners({0: 10, 1: 12, 2: 12}) == [1, 2]


def test_end_triggers_and_last_turns_MK_4_Round_4c():
    scn = book.scenarios()
    fr, fc, solo = scn["first_reconnaissance"], scn["full_conquest"], scn["solo_conquest"]
    assert book.end_triggered(fr, book.EndFacts(city_revealed=True))
    assert not book.end_triggered(fc, book.EndFacts(city_revealed=True))
    assert book.end_triggered(fc, book.EndFacts(all_cities_conquered=True))
    mines = scn["mines_liberation"]
    assert not book.end_triggered(mines, book.EndFacts(all_mines_liberated=True))
    assert book.end_triggered(mines, book.EndFacts(all_mines_liberated=True, all_tiles_revealed=True))
    assert not book.end_triggered(scn["only_one_returns"], book.EndFacts(all_cities_conquered=True))
    # everyone, the trigger seat included, in turn order from the next seat
    assert book.final_turns(fc, [2, 0, 1], 0) == [1, 2, 0]
    # solo: the player gets one last turn, the dummy none
    assert book.final_turns(solo, [9, 0], 0, dummy_seat=9) == [0]
    assert book.final_turns(scn["conquer_keeps_towers"], [0, 1], 1) == []


def test_tactic_pick_order_with_a_dummy_MK_19_Scen_SoloConquest_MK_20_Scen_FullCoop():
    scn = book.scenarios()
    assert book.tactic_pick_order(scn["solo_conquest"], [0], dummy_seat=9) == [0, 9]
    assert book.tactic_pick_order(scn["full_cooperative"], [1, 0], dummy_seat=9) == [9, 1, 0]
    assert book.tactic_pick_order(scn["full_conquest"], [1, 0]) == [1, 0]


def test_dungeon_lords_scores_tombs_and_dungeons_4_MK_21_Scen_DungeonLords():
    dl, fc = book.scenarios()["dungeon_lords"], book.scenarios()["full_conquest"]
    shields = ["dungeon", "tomb", "monster_den"]
    assert book.adventure_points(dl, shields) == 4 + 4 + 2
    assert book.adventure_points(fc, shields) == 6
    pts = {0: {"adventurer": 10, "knowledge": 2}, 1: {"adventurer": 4, "knowledge": 2}}
    # Greatest Dungeon-Crawler +5 replaces the adventurer title; knowledge tied +1 each
    assert book.competitive_totals(dl, {0: 20, 1: 20}, pts) == {0: 20 + 12 + 5 + 1, 1: 20 + 6 + 1}
    # in Full Conquest the adventurer title is the standard +3, plus city scoring
    city = City(colours=["red"], level=4, spaces=[], shields=[1], status="conquered", leader=1)
    assert book.competitive_totals(fc, {0: 20, 1: 20}, pts, [city]) == {
        0: 20 + 12 + 3 + 1,
        1: 20 + 6 + 1 + 7 + 5,
    }
    with pytest.raises(book.ScenarioError, match="not scored by fame"):
        book.competitive_totals(book.scenarios()["solo_conquest"], {0: 1}, {0: {}})


def test_keeps_towers_special_rules_MK_22_Scen_ConquerKeepsTowers():
    kt, fc = book.scenarios()["conquer_keeps_towers"], book.scenarios()["full_conquest"]
    assert book.assault_reputation(kt, "keep") == 0 and book.assault_reputation(kt, "mage_tower") == 0
    assert book.assault_reputation(fc, "keep") == -1 and book.assault_reputation(kt, "city") == -1
    assert [book.owned_site_garrison(kt, r) for r in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert book.owned_site_garrison(fc, 5) == 1
    assert book.half_fame(7) == 4 and book.half_fame(8) == 4
    assert kt.city_status == "closed" and kt.elite_units == "second_half"
