"""The random bot's walk without building the tree (choices/walk.py `bot_walk`) takes, at every
decision of seeded games, the command the walk over the built questions takes, and leaves the
random numbers where that walk leaves them: the games a bot plays are the same either way."""

from __future__ import annotations

import random

import pytest

from bots import tree_walk
from bots.random_bot import bot_rng, step
from engine.pipeline import Engine
from store import MemoryStore


class Compared:
    """Stands in for the ruleset object's `bot_walk`: answers with it, and checks the answer
    against the tree's walk from a copy of the same random state."""

    def __init__(self, rs, walk):
        self.rs, self.walk = rs, walk
        self.walked = self.left = 0
        self.kinds: set[str] = set()

    def __call__(self, table, seat: int, rng: random.Random):
        before = rng.getstate()
        got = self.walk(table, seat, rng)
        if got is None:
            assert rng.getstate() == before  # nothing drawn when the tree is left to walk
            self.left += 1
            return None
        twin = random.Random()
        twin.setstate(before)
        self.rs.bot_walk = None  # the tree's own walk
        try:
            want = tree_walk.sample(self.rs, table, seat, twin)
        finally:
            self.rs.bot_walk = self
        assert got == want, f"seat {seat} at event {table.version}"
        assert rng.getstate() == twin.getstate(), f"seat {seat} at event {table.version}"
        self.walked += 1
        self.kinds.add(got[0]["kind"])
        return got


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, "bw-2", {}),
        (3, "bw-3", {}),
        (4, "bw-4", {}),
        (4, "bw-elves", {"races": "elf,dwarf,orc,barbarian"}),
        (3, "bw-short", {"short_game": True}),
    ],
)
def test_the_walk_draws_what_the_tree_draws(players, seed, options):
    eng = Engine(MemoryStore())
    eng.create("dragonlords", players, seed, options, game_id="g")
    rs = eng.ruleset("g")
    check = Compared(rs, rs.bot_walk)
    rs.bot_walk = check
    rng = bot_rng(seed)
    try:
        while step(eng, "g", rng):
            pass
    finally:
        del rs.bot_walk
    assert eng.table("g").over
    assert check.walked > 20 * max(check.left, 1)  # it walks nearly every decision (chips: the tree)
    assert {"place", "buy", "attack", "move", "done"} <= check.kinds


def test_a_count_in_ranges_is_drawn_as_the_tree_asks_it():
    """A move of more units than a question holds: a range of ten first, then the count."""
    from engine.games.dragonlords.choices import walk
    from engine.games.dragonlords.offers import counted

    o = counted({"kind": "move", "origin": "A", "to": "B"}, 37, ("h1",))
    drawn = [walk._count(o, random.Random(i)) for i in range(400)]
    assert {c["n"] for c in drawn if "n" in c} == set(range(1, 38))  # every count, through its range
    heroes = [c for c in drawn if "hero" in c]
    assert all(c == {**o.cmd, "hero": "h1"} for c in heroes)
    assert 60 < len(heroes) < 140  # 1 of 5 options (the chip-bearer, four ranges of counts)
