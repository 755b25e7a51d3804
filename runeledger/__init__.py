"""A Python API for research, in the shape OpenSpiel users know.

    import runeledger
    g = runeledger.open("duel", players=2, seed=7)
    while not g.is_over():
        seat = g.to_act()
        g.apply(seat, g.legal(seat)[0])
    print(g.returns())

`open` sets the game up through the real engine (on an in-memory store), then plays on a
state-only fork: commands run the same rule handlers on a copy of the state, with no SQLite,
no hashing and no commit, so `clone()` is cheap enough for search (MCTS) and training loops.
"""

from engine.fork import Frozen, Game, IllegalMove, open

__all__ = ["Frozen", "Game", "IllegalMove", "open"]
