"""engine.fork.Frozen: a game kept as bytes, thawed into independent copies."""

import runeledger
from engine.fork import Frozen


def test_each_thaw_is_an_independent_copy_of_the_game_as_it_was_frozen():
    g = runeledger.open("thunderstone", 2, seed=3)
    kept = Frozen(g)
    seat = g.to_act()
    g.apply(seat, g.legal(seat)[0])  # the original plays on: the frozen state stays
    a, b = kept.thaw(), kept.thaw()
    assert a.table == b.table != g.table
    assert (a.seed, a.salt, a.events()) == (g.seed, g.salt, [])  # the future of chance, no events
    seat = a.to_act()
    a.apply(seat, a.legal(seat)[0])
    assert a.table != b.table == kept.thaw().table  # playing one copy leaves the others as they were
