"""`search_widens` (Mage Knight): the search bots weigh a decision's first question whole, while
the random bot, and the search bots below that question, keep the habits' narrowing."""

import random

import runeledger
from bots import search, tree_walk
from sim.testing import random_step


def _narrowed_first_question():
    """A Mage Knight position whose first question the habits narrow, and its options."""
    g = runeledger.open("mage-knight", 2, seed=2, options={"scenario": "full_conquest"})
    rng = random.Random(2)
    for _ in range(300):
        seat = g.to_act()
        opts = g.ruleset.question(g.table, seat, [], False).options
        if len(tree_walk.narrowed(g.ruleset, g.table, seat, [], opts)) < len(opts):
            return g, seat, opts
        random_step(g, rng)
    raise AssertionError("the habits never narrowed a first question")


def test_mage_knight_search_weighs_the_first_question_whole(monkeypatch):
    g, seat, opts = _narrowed_first_question()
    assert search._narrowed(g.ruleset, g.table, seat, [], opts) == opts
    monkeypatch.setattr(type(g.ruleset), "search_widens", False)
    assert search._narrowed(g.ruleset, g.table, seat, [], opts) == tree_walk.narrowed(
        g.ruleset, g.table, seat, [], opts
    )
    assert len(search._narrowed(g.ruleset, g.table, seat, [], opts)) < len(opts)
