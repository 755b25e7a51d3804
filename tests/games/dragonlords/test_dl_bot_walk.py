"""The random bot's walk without building the tree (choices/walk.py `bot_walk`) takes, at every
decision of seeded games, the command the walk over the built questions takes, and leaves the
random numbers where that walk leaves them: the games a bot plays are the same either way."""

from __future__ import annotations

import random

import pytest

from tests.bot_walk_checks import play_compared


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
    check = play_compared("dragonlords", players, seed, options)
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
