"""A notebook-style tour of the research API; run it with `python -m runeledger.example`.

Each block is one notebook cell: open a game, look at a seat's view, play it out with a
search bot against a random one, branch a copy, read the returns and the event log.
"""

from __future__ import annotations

import random

import runeledger
from bots.search import mcts


def main(ruleset: str = "duel", games: int = 4, iterations: int = 32) -> float:
    # %% 1. Open a game: the engine sets it up (seed committed), then it plays in memory.
    game = runeledger.open(ruleset, players=2, seed=7)
    seat = game.to_act()
    if seat is None:
        raise RuntimeError(f"{ruleset}: no seat is to act in a game just set up")
    print(f"{ruleset}: seat {seat} to act; legal: {game.legal(seat)[:3]} ...")

    # %% 2. What one seat may see (the other seats' hidden cards are not in it).
    view = game.view(seat)
    print(
        "zones seat",
        seat,
        "sees:",
        {k: len(v) if isinstance(v, list) else v for k, v in list(view["zones"].items())[:4]},
    )

    # %% 3. Branch: a clone is independent, so a search can try lines on it.
    probe = game.clone()
    probe.apply(seat, probe.legal(seat)[0])
    print("after one move in the clone:", len(probe.events()), "events; original:", len(game.events()))

    # %% 4. Play MCTS (seat 0 in even games, 1 in odd) against random; returns per seat.
    won = 0.0
    for i in range(games):
        g, rng, me = runeledger.open(ruleset, 2, seed=i), random.Random(i), i % 2
        while not g.is_over() and (s := g.to_act()) is not None:
            legal = g.legal(s)
            g.apply(s, mcts(g, s, legal, rng, iterations) if s == me else rng.choice(legal))
        won += g.returns()[me]
    print(f"MCTS won {won:g} of {games} games")

    # %% 5. The event log of the last game: the same events the engine would store.
    print("last events:", [e["type"] for e in g.events()[-3:]])
    return won / games


if __name__ == "__main__":
    main()
