"""The random bot's walk without building the tree (walk.py `bot_walk`) takes, at every
decision of seeded games, the command the walk over the built questions takes, and leaves the
random numbers where that walk leaves them: the games a bot plays are the same either way."""

from __future__ import annotations

import random

import pytest

from engine.pipeline import Engine
from store import MemoryStore
from tests.bot_walk_checks import draws_as_the_tree, play_compared


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (1, "bw-1", {}),
        (2, "bw-2", {}),
        (4, "bw-4", {}),
        (5, "bw-5", {}),
        (3, "bw-coop", {"variant": "coop"}),
        (4, "bw-tower", {"scenario": "Drachenturm"}),
    ],
)
def test_the_walk_draws_what_the_tree_draws(players, seed, options):
    check = play_compared("thunderstone", players, seed, options)
    assert check.walked > 50
    assert {"action", "buy", "attack", "choose"} <= check.kinds


def test_the_walk_of_a_seat_with_nothing_to_decide_draws_nothing():
    eng = Engine(MemoryStore())
    eng.create("thunderstone", 2, "bw-idle", {}, game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    idle = 1 - table.game.active
    if eng.legal("g", idle):  # a seat with a treasure usable at any turn has something
        pytest.fail("the seat not on turn has a command at the start")
    rng = random.Random(3)
    before = rng.getstate()
    assert rs.bot_walk(table, idle, rng) is None
    assert rng.getstate() == before


LISTINGS = [
    # the first field in which they differ is plain; a card lies in a later field
    [
        {"kind": "use", "card": "Fackel#1", "ability": 0},
        {"kind": "use", "card": "Fackel#1", "ability": 1, "target": "Miliz#1"},
        {"kind": "use", "card": "Fackel#1", "ability": 2, "target": "Miliz#2"},
    ],
    # a field left out by one command; copies that may be one choice
    [
        {"kind": "use", "card": "Miliz#1", "ability": 0},
        {"kind": "use", "card": "Miliz#2", "ability": 0},
        {"kind": "use", "card": "Dolch#1", "ability": 0, "target": "Miliz#1"},
        {"kind": "done"},
    ],
    # one value twice in the field that differs: a step below
    [
        {"kind": "action", "action": "dungeon", "board": ""},
        {"kind": "action", "action": "dungeon", "board": "b:"},
        {"kind": "action", "action": "village"},
    ],
]


@pytest.mark.parametrize("listing", LISTINGS)
def test_crafted_listings_are_walked_as_the_tree_asks_them(listing, monkeypatch):
    from engine.games.thunderstone import tree, walk

    eng = Engine(MemoryStore())
    eng.create("thunderstone", 2, "bw-fields", {}, game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    seat = table.game.active
    assert not table.game.t.pending
    monkeypatch.setattr(walk, "legal_commands", lambda t, s: listing)
    monkeypatch.setattr(tree, "legal_commands", lambda t, s: listing)
    drawn = draws_as_the_tree(rs, table, seat, walk.bot_walk, 40, listing, grouped=False)
    assert len(drawn) >= 2
