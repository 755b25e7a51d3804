"""MCTS never reads a rival's chips (bots 30, item 3): given a view where the rival's King and
decoy are exchanged, it decides alike, as greedy does (test_dl_hidden_chips)."""

import random

from test_dl_hidden_chips import _past_setup, _swapped

from bots.search import mcts


def test_mcts_decides_alike_whichever_unit_is_the_rival_king():
    g = _past_setup(7, "combat")
    other = _swapped(g)
    assert mcts(g, 0, None, random.Random(2), 16) == mcts(other, 0, None, random.Random(2), 16)
