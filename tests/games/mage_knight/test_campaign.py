"""The strong bot's way to a city (engine/games/mage_knight/bots/campaign.py) and the planner's
purposeful lines (bots/planner.py): an assault is tried near a hostile city and stepped into as
soon as it is paid for, ending the turn is the floor, and the worth leads towards the city."""

from __future__ import annotations

import copy
import random

from bots import planner
from bots.players import _fork
from engine import situation as situation_file
from engine.games.mage_knight.bots import campaign
from engine.pipeline import Engine
from store import MemoryStore

NEAR_CITY = {
    "ruleset": "mage-knight",
    "players": 2,
    "seed": 1,
    "note": "Full Conquest: Norowas stands next to the Red City (level 4) with a march in hand.",
    "options": {"heroes": "norowas,arythea", "scenario": "full_conquest"},
    "game": {
        "tiles": {"4,-5": "core_8"},
        "seat": [{"hand": ["march", "rage", "stamina"], "pos": "4,-4"}, {"pos": "0,0"}],
    },
}
CITY = "4,-5"


def start(pos: str = "4,-4"):
    doc = copy.deepcopy(NEAR_CITY)
    doc["game"]["seat"][0]["pos"] = pos
    doc = situation_file.normalized(doc)
    eng = Engine(MemoryStore())
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    return eng, gid


def test_next_to_a_city_an_assault_is_tried_and_taken_once_paid_for():
    eng, gid = start()
    t = eng.table(gid)
    assert campaign.city_spaces(t.game) == [CITY]
    assert campaign.lines(t, 0) == [campaign.ASSAULT, campaign.HOLD]
    assert campaign.assault(t, 0) is None  # no move points yet: the habits play a card for them
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    assert campaign.assault(eng.table(gid), 0) == {"kind": "move", "to": CITY}


def test_far_from_every_city_only_the_floor_is_tried():
    eng, gid = start("0,0")
    t = eng.table(gid)
    assert campaign.distance(t, 0, campaign.city_spaces(t.game)) > campaign.REACH
    assert campaign.lines(t, 0) == [campaign.HOLD]
    assert campaign.lines(t, 1) == []  # not its turn


def test_the_floor_ends_the_turn_discarding_the_card_of_least_combat_points():
    eng, gid = start()
    assert campaign.hold(eng.table(gid), 0) == {"kind": "end_turn", "discard": "stamina"}  # not the rage
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    assert campaign.hold(eng.table(gid), 0) == {"kind": "end_turn"}  # a card played: no discard due


def test_nearer_the_city_is_worth_more():
    near, far = start(), start("0,0")
    assert campaign.campaign_worth(near[0].table(near[1]), 0) > campaign.campaign_worth(
        far[0].table(far[1]), 0
    )


def test_a_planned_line_plays_its_lead_and_its_worth_is_the_end_of_that_turn():
    eng, gid = start()
    game = _fork(eng, gid)
    worth, steps = planner.sample_turn(game, 0, random.Random(3), line=campaign.HOLD)
    assert [c for _, c in steps] == [{"kind": "end_turn", "discard": "stamina"}]
    assert worth == game.ruleset.plan_worth(game.table, 0)  # a discarded card is still the seat's


def test_an_avoided_kind_is_never_walked_into():
    eng, gid = start()
    game = _fork(eng, gid)
    avoid = planner.Line(lead=lambda t, s: None, avoid=("move",))
    rng = random.Random(5)
    for _ in range(6):
        _, steps = planner.sample_turn(game, 0, rng, 0.25, avoid)
        kinds = [c["kind"] for _, c in steps]
        assert "move" not in kinds and kinds, kinds
