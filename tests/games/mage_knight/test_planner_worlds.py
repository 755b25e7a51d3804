"""The turn planner's shared determinizations (bots/planner.py SHARED): candidates played on one
determinized world each play on their own copy of it, so the world stays as dealt and every
candidate on it sees the same deal."""

from __future__ import annotations

import random

from bots import planner
from bots.players import _fork
from bots.search import determinize
from engine.games.mage_knight import state
from tests.games.mage_knight.red_city import started


def test_a_candidate_plays_on_a_copy_of_its_world_and_leaves_it_as_dealt():
    eng, gid = started("0,0", ["rage", "march", "stamina"])
    game = _fork(eng, gid)
    world = determinize(game, 0, random.Random(1))
    version, deck = world.table.version, list(world.table.zone(state.deck(0)))
    first = planner.sample_turn(game, 0, random.Random(2), world=world)
    assert first[1], "the candidate played nothing"
    assert world.table.version == version and list(world.table.zone(state.deck(0))) == deck
    again = planner.sample_turn(game, 0, random.Random(2), world=world)
    assert again == first  # the same deal and the same draws: the same turn


def test_plan_turn_still_gives_a_turn_of_listed_commands():
    eng, gid = started("0,0", ["rage", "march", "stamina"])
    game = _fork(eng, gid)
    steps = planner.plan_turn(game, 0, random.Random(3))
    assert steps and steps[0][1] in eng.legal(gid, 0)
