"""Mage Knight's MCTS keeps the habits at a decision's first question (`search_mcts_widens`),
while greedy weighs it whole (`search_widens`). Widened, the turn search rested or ended its
turn doing nothing in most turns: a card's turn, walked at random below the card, looked worse
than a rest on the one or two visits eight iterations give it."""

from bots import search, tree_walk
from tests.bots.test_search_widens import _narrowed_first_question


def test_mcts_follows_the_habits_at_the_first_question_and_greedy_weighs_it_whole():
    g, seat, opts = _narrowed_first_question()
    habits = tree_walk.narrowed(g.ruleset, g.table, seat, [], opts)
    assert len(habits) < len(opts)
    assert search._narrowed(g.ruleset, g.table, seat, [], opts) == opts  # greedy
    assert search._narrowed(g.ruleset, g.table, seat, [], opts, mcts=True) == habits
