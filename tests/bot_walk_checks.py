"""The check shared by the rulesets whose random bot walks without building the tree (a
`bot_walk`): at every decision of a seeded game it must take the command the walk over the
built questions takes and leave the random numbers where that walk leaves them, so the games
a bot plays are the same either way. Where it declines (None), it must have drawn nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bots import tree_walk
from bots.random_bot import bot_rng, step
from engine import choices
from engine.pipeline import Engine
from store import MemoryStore


class Compared:
    """Stands in for the ruleset object's `bot_walk`: answers with it, and checks the answer
    against the tree's walk from a copy of the same random state (`listed`: the tree grouped
    from the seat's listing, as the bot's asker groups a default tree)."""

    def __init__(self, rs, walk, listed: bool = False):
        self.rs, self.walk, self.listed = rs, walk, listed
        self.walked = self.left = 0
        self.kinds: set[str] = set()

    def __call__(self, table, seat: int, rng: random.Random):
        before = rng.getstate()
        got = self.walk(table, seat, rng)
        if got is None:  # left to the tree's own walk, which follows
            assert rng.getstate() == before, f"seat {seat} at event {table.version}: drew, then declined"
            self.left += 1
            return None
        twin = random.Random()
        twin.setstate(before)
        self.rs.bot_walk = None  # the tree's own walk
        try:
            ask = (
                tree_walk.asker(self.rs, table, seat, self.rs.legal_commands(table, seat))
                if self.listed
                else None
            )
            want = tree_walk.sample(self.rs, table, seat, twin, ask)
        finally:
            self.rs.bot_walk = self
        assert got == want, f"seat {seat} at event {table.version}"
        assert rng.getstate() == twin.getstate(), f"seat {seat} at event {table.version}"
        self.walked += 1
        self.kinds.add(got[0]["kind"])
        return got


def play_compared(
    ruleset: str,
    players: int,
    seed: str,
    options: dict[str, Any],
    listed: bool = False,
    at_each: Callable[[Any], None] | None = None,
) -> Compared:
    """A seeded random-bot game to its end with every `bot_walk` answer compared (`at_each`:
    a check of the table before each decision); the comparison's counts for the caller."""
    eng = Engine(MemoryStore())
    eng.create(ruleset, players, seed, options, game_id="g")
    rs = eng.ruleset("g")
    check = Compared(rs, rs.bot_walk, listed)
    rs.bot_walk = check
    rng = bot_rng(seed)
    try:
        while True:
            if at_each is not None:
                at_each(eng.table("g"))
            if not step(eng, "g", rng):
                break
    finally:
        del rs.bot_walk
    assert eng.table("g").over
    return check


def draws_as_the_tree(
    rs, table, seat: int, walk, seeds: int, listing: list[dict[str, Any]], grouped: bool = True
) -> set[int]:
    """`walk` (a ruleset's bot_walk, over the crafted `listing` the caller has put in place)
    from `seeds` random states against the tree's walk from the same states (`grouped`: the
    tree grouped from the listing, as a default tree's asker groups; else the ruleset's own
    questions): the same command, taken from the listing, and the same random state after
    each. The listing's indices drawn, for the caller's check of how far the draws reached."""
    drawn = set()
    for i in range(seeds):
        rng, twin = random.Random(i), random.Random(i)
        got = walk(rs, table, seat, rng)
        rs.bot_walk = None  # the tree's own walk
        try:
            ask = (lambda path: choices.grouped(rs, table, seat, path, listing, False)) if grouped else None
            want = tree_walk.sample(rs, table, seat, twin, ask)
        finally:
            del rs.bot_walk
        assert got == want
        assert rng.getstate() == twin.getstate()
        assert got[0] in listing
        drawn.add(listing.index(got[0]))
    return drawn
