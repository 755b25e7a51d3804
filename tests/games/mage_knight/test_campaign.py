"""The strong bot's way to a city (engine/games/mage_knight/bots/campaign.py) and the planner's
purposeful lines (bots/planner.py): an assault is tried near a hostile city and stepped into as
soon as it is paid for, and kept only when its end is worth most; shields count."""

from __future__ import annotations

import random

from bots import planner
from bots.players import _fork
from engine.games.mage_knight.bots import campaign, worth
from tests.games.mage_knight.red_city import CITY, started

MARCH = {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""}


def start(pos: str = "4,-4"):
    """Norowas at `pos` with a march in hand."""
    return started(pos, ["march", "rage", "stamina"])


def test_next_to_a_city_an_assault_is_tried_and_taken_once_paid_for():
    eng, gid = start()
    t = eng.table(gid)
    assert campaign.city_spaces(t.game) == [CITY]
    assert campaign.lines(t, 0) == [campaign.SIEGE]
    assert campaign.assault(t, 0) is None  # no move points yet: the habits play a card for them
    eng.submit(gid, 0, MARCH)
    assert campaign.assault(eng.table(gid), 0) == {"kind": "move", "to": CITY}


def test_far_from_every_city_no_assault_is_tried():
    eng, gid = start("0,0")
    t = eng.table(gid)
    assert campaign.distance(t, 0, campaign.city_spaces(t.game)) > campaign.REACH
    assert campaign.lines(t, 0) == []
    near, near_gid = start()
    assert campaign.lines(near.table(near_gid), 1) == []  # not its turn


def test_a_shield_on_a_hostile_city_and_a_tile_are_worth_fame():
    eng, gid = start()
    game = _fork(eng, gid)
    t = game.table
    before, other = campaign.campaign_worth(t, 0), campaign.campaign_worth(t, 1)
    assert before == campaign.EXPLORE * len(t.game.board.tiles) - campaign.nearness(t, 0)
    t.game.cities[0].shields.append(0)  # as a defeated defender leaves it (MK:10:City:2)
    assert campaign.campaign_worth(t, 0) == before + campaign.PROGRESS
    assert campaign.campaign_worth(t, 1) == other  # not the other seat's


def test_the_planner_plays_a_lines_lead_and_judges_its_end_by_the_worth(monkeypatch):
    monkeypatch.setattr(campaign, "nearness", lambda table, seat: 0.0)  # (the hand drawn decides it)
    eng, gid = start()
    game = _fork(eng, gid)
    plain = [c for c in eng.legal(gid, 0) if c == {"kind": "end_turn", "discard": "stamina"}]
    line = planner.Line(lead=lambda t, s: plain[0] if t.game.active == s else None)
    worth, steps = planner.sample_turn(game, 0, random.Random(3), line=line)
    assert [c for _, c in steps] == plain
    assert worth == game.ruleset.plan_worth(game.table, 0)  # a discarded card is still the seat's


def test_an_assault_line_is_chosen_only_when_its_end_is_worth_most():
    """Next to the Red City with three basic cards the garrison wins: the planner samples the
    assault (its steps begin with the march and the step in) but keeps another turn."""
    eng, gid = start()
    game = _fork(eng, gid)
    tried = planner.sample_turn(game, 0, random.Random(7), line=campaign.SIEGE)
    assert [c["kind"] for _, c in tried[1][:2]] == ["play", "move"] and tried[1][1][1]["to"] == CITY
    chosen = planner.plan_turn(game, 0, random.Random(7))
    assert not any(c.get("to") == CITY for _, c in chosen), chosen


def test_an_avoided_kind_is_never_walked_into():
    eng, gid = start()
    game = _fork(eng, gid)
    avoid = planner.Line(lead=lambda t, s: None, avoid=("move",))
    rng = random.Random(5)
    for _ in range(6):
        _, steps = planner.sample_turn(game, 0, rng, 0.25, avoid)
        kinds = [c["kind"] for _, c in steps]
        assert "move" not in kinds and kinds, kinds


def test_in_the_last_rounds_the_city_is_tried_from_a_whole_turn_away_and_nearness_counts():
    far = "3,-3"  # across the wasteland: too far before the last rounds, a turn's walk in them
    eng, gid = start(far)
    game = _fork(eng, gid)
    t = game.table
    away = campaign.distance(t, 0, campaign.city_spaces(t.game))
    assert campaign.REACH < away <= campaign.LATE_REACH
    assert campaign.lines(t, 0) == []
    t.game.round = t.game.rounds  # the last round
    assert campaign.lines(t, 0) == [campaign.SIEGE]
    assert campaign.nearness(t, 0) == campaign.APPROACH * away


def test_strength_counts_less_as_the_game_runs_out():
    eng, gid = start()
    game = _fork(eng, gid)
    t = game.table
    t.game.players[0].crystals["red"] = 2  # strength: worth the more, the more rounds are left
    shares = []
    for rnd in (1, t.game.rounds - 1, t.game.rounds):
        t.game.round = rnd
        shares.append(worth.later(t.game))
    assert shares == [1.0, *worth.LATER[::-1]] and shares == sorted(shares, reverse=True)


def test_before_the_last_rounds_a_hero_nearer_the_edge_or_a_winnable_fight_is_worth_more():
    eng, gid = start("0,0")  # the portal: the edge and the fights lie ahead
    game = _fork(eng, gid)
    t = game.table
    away = campaign.nearness(t, 0)
    assert 0 < away <= campaign.AHEAD * campaign.AHEAD_CAP
    t.game.players[0].pos = campaign.explore_goals(t)[0]  # at the edge, where a tile may go
    assert campaign.nearness(t, 0) == 0 < away


def test_a_hero_short_of_units_is_drawn_to_where_the_offer_recruits():
    """Foresters are recruited at villages (the offer's other units at monasteries and keeps,
    mage towers or cities the hero does not hold): the start tile's village is the place, for
    a hand that pays their 5 influence."""
    eng, gid = started("0,0", ["threaten", "rage", "stamina", "march", "swiftness"])
    game = _fork(eng, gid)
    t = game.table
    assert campaign.recruit_spaces(t, 0) == ["0,-2"]
    t.game.players[0].pos = "0,-2"
    assert campaign.nearness(t, 0) == 0
    full = _fork(eng, gid).table
    full.game.players[0].command = 0  # no room for a unit: no pull
    assert campaign.recruit_spaces(full, 0) == []
