"""The strong bot's own habits over the random bot's (campaign.habits, bots/planner.Line.habits):
it blocks where the habits would take every attack, and it leaves a village where the offer
holds no unit it could recruit instead of playing its hand for influence turn after turn."""

from __future__ import annotations

import random

from bots import planner
from bots.players import _fork
from engine import choices as tree
from engine.games.mage_knight.bots import campaign
from tests.games.mage_knight.red_city import CITY, started

MARCH = {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""}
VILLAGE = "0,-2"  # on the start tile; the offer's Foresters (influence 5) are recruited at villages


def kinds(options: list) -> list:
    return [tree.kind_of(o) for o in options]


def first_question(game) -> list:
    return tree.walk(game.ruleset, game.table, 0, [], False).options


def test_in_the_block_phase_of_an_assault_the_planner_also_tries_blocking():
    """Three Red City defenders attack; the habits keep the hand for the attack (end the phase)
    and take every blow, the planner's habits offer the block cards as well."""
    eng, gid = started("4,-4", ["march", "rage", "determination", "stamina"])
    eng.submit(gid, 0, MARCH)
    eng.submit(gid, 0, {"kind": "move", "to": CITY})
    eng.submit(gid, 0, {"kind": "next"})  # past the ranged phase: no siege in hand
    game = _fork(eng, gid)
    t = game.table
    assert t.game.combat.phase == "block" and campaign.block_helps(t, 0, t.game.combat)
    assert campaign.habits(t, 0) is campaign.blocking
    options = first_question(game)
    assert kinds(game.ruleset.bot_options(t, 0, [], options)) == ["next"]
    assert kinds(campaign.blocking(game.ruleset.bot_options, t, 0, [], options)) == ["play", "next"]


def test_a_fight_that_knocks_no_one_out_is_left_to_the_habits():
    """Blocking there lost more fights than it saved wounds: the cards stay for the attack."""
    eng, gid = started("4,-4", ["march", "rage", "determination", "stamina"])
    eng.submit(gid, 0, MARCH)
    eng.submit(gid, 0, {"kind": "move", "to": CITY})
    eng.submit(gid, 0, {"kind": "next"})
    t = _fork(eng, gid).table
    c = t.game.combat
    assert campaign.knocked_out_ahead(t, 0, c)
    for e in c.enemies[1:]:  # only the first defender's attack left
        for a in e.attacks:
            a.blocked = True
    assert not campaign.knocked_out_ahead(t, 0, c) and campaign.habits(t, 0) is None


def test_with_no_block_in_hand_the_habits_stand():
    eng, gid = started("4,-4", ["march", "wound", "wound"])
    eng.submit(gid, 0, MARCH)
    eng.submit(gid, 0, {"kind": "move", "to": CITY})
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    assert t.game.combat.phase == "block"
    assert not campaign.block_helps(t, 0, t.game.combat) and campaign.habits(t, 0) is None


def test_a_village_whose_units_the_hand_cannot_pay_is_left_with_the_move_cards():
    eng, gid = started(VILLAGE, ["march", "rage", "stamina"])  # influence 3 at most
    game = _fork(eng, gid)
    t = game.table
    assert campaign.idle_site(t, 0) and campaign.habits(t, 0) is campaign.leaving
    assert kinds(campaign.leaving(game.ruleset.bot_options, t, 0, [], first_question(game))) == ["play"]
    which = [["kind", "play"]]
    cards = tree.walk(game.ruleset, t, 0, which, False).options
    kept = campaign.leaving(game.ruleset.bot_options, t, 0, which, cards)
    assert [o.expand[1][1] for o in kept] == ["march", "stamina"]  # the habits also keep the rage
    assert len(game.ruleset.bot_options(t, 0, which, cards)) == 3


def test_a_village_is_kept_where_the_hand_pays_a_unit_recruited_there():
    eng, gid = started(VILLAGE, ["threaten", "improvisation", "march", "rage"])  # influence 7
    t = eng.table(gid)
    assert not campaign.idle_site(t, 0) and campaign.habits(t, 0) is None
    away, away_gid = started("0,0", ["march", "rage", "stamina"])  # the portal: no site to recruit at
    assert not campaign.idle_site(away.table(away_gid), 0)


def test_a_line_with_habits_walks_by_them_and_the_steady_line_takes_the_other_candidates(monkeypatch):
    eng, gid = started(VILLAGE, ["march", "rage", "stamina"])
    game = _fork(eng, gid)
    asked: list[list] = []

    def overlay(inner, table, seat, path, options):
        asked.append(path)
        return inner(table, seat, path, options)

    line = planner.Line(lead=lambda t, s: None, habits=lambda t, s: overlay)
    _, steps = planner.sample_turn(game, 0, random.Random(2), line=line)
    assert steps and asked and [] in asked
    monkeypatch.setattr(planner, "sample_turn", lambda g, s, rng, chance, line: (0.0, [(0, line)]))
    assert campaign.lines(game.table, 0) == [campaign.STEADY]
    assert planner.plan_turn(game, 0, random.Random(1), plans=3) == [(0, campaign.STEADY)]


def test_a_village_is_kept_where_the_hand_pays_for_healing_a_wound():
    """Healing costs 3 influence at a village (MK:8:Interact:4b): three cards sideways pay it,
    two do not (nor the Foresters' 5)."""
    eng, gid = started(VILLAGE, ["march", "rage", "stamina", "wound"])
    assert not campaign.idle_site(eng.table(gid), 0)
    short, short_gid = started(VILLAGE, ["march", "rage", "wound"])
    assert campaign.idle_site(short.table(short_gid), 0)


def test_beside_an_enemy_it_would_not_defeat_the_hero_steps_where_it_provokes_none():
    eng, gid = started("0,0", ["march", "rage", "stamina"])  # at the portal
    eng.submit(gid, 0, MARCH)
    game = _fork(eng, gid)
    t = game.table
    assert campaign.habits(t, 0) is None
    dragon = t.game.board.spaces["0,1"]  # beside the portal and the plains at 1,0, not at 0,-1
    dragon.rampaging, dragon.enemies = "red", ["red_fire_dragon#1"]
    assert campaign.beside_danger(t, 0) == ["0,1"] and campaign.habits(t, 0) is campaign.wary
    where = [["kind", "move"]]
    steps = tree.walk(game.ruleset, t, 0, where, False).options
    assert sorted(o.command["to"] for o in steps) == ["0,-1", "1,0"]
    kept = campaign.wary(game.ruleset.bot_options, t, 0, where, steps)
    assert [o.command["to"] for o in kept] == ["0,-1"]
    t.game.round = t.game.rounds  # the last round: the heroes go for the city, past its dragons too
    assert campaign.habits(t, 0) is None


def test_on_an_idle_site_beside_danger_both_habits_apply():
    eng, gid = started(VILLAGE, ["march", "rage", "wound"])
    game = _fork(eng, gid)
    t = game.table
    dragon = t.game.board.spaces["1,-3"]
    dragon.rampaging, dragon.enemies = "red", ["red_fire_dragon#1"]
    both = campaign.habits(t, 0)
    assert both not in (None, campaign.leaving, campaign.wary)
    options = first_question(game)
    assert kinds(both(game.ruleset.bot_options, t, 0, [], options)) == ["play"]  # leaving's answer
