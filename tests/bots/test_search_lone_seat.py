"""The search bots in a game of one seat: no rival's turn stops their walks, so each ruleset
with solo play names the event that ends a turn (`search_turn_ends`) and greedy's judging walk
stops there. Before, greedy in Solo Conquest judged an option by a walk through ten or more
turns, and Thunderstone's solo MCTS thought 32 ms a decision, walking on through the seat's
next turns."""

import random

import pytest

import runeledger
from bots import search
from sim.testing import random_step
from tests.games.mage_knight.test_search_solo import _logging

SOLO = [
    ("mage-knight", {"scenario": "solo_conquest"}, "mk.turn_done"),
    ("thunderstone", {}, "ts.turn"),
    ("rune-age", {}, "ra.turn"),
]


@pytest.mark.parametrize("ruleset,options,end", SOLO)
def test_a_lone_seats_judging_walk_stops_at_its_turn_end(ruleset, options, end):
    g = runeledger.open(ruleset, 1, seed=5, options=options)
    rng = random.Random(2)
    for _ in range(8):
        random_step(g, rng)
    assert search._turn_end(g) == end
    assert search._turn_end(runeledger.open(ruleset, 2, seed=5)) is None  # a rival ends a turn
    walked: list[list[str]] = []

    class Logged:  # the world greedy clones to judge an option, its commands noted
        def clone(self, record=False):
            return _logging(g.clone(record=False), walked)

    cmd = search.tree_walk.random_command(g.ruleset, g.table, 0, random.Random(3))
    assert cmd is not None
    search._score(Logged(), 0, cmd[0], random.Random(4), 300, search.reference(g, 0))
    ends = [i for i, c in enumerate(walked) if end in c]
    assert ends == [len(walked) - 1], (ends, len(walked))
