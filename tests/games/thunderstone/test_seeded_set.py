"""The wide seeded set (seeded_set.py) makes exactly the events it made before the speed work
of issue 10: 119 games over every option, reading, override and situation of the ruleset."""

from tests.games.thunderstone.seeded_set import run

PINNED = (119, 106540, "f3c0d91a38f321f35a396188aa14578226881f9a6497a64ac1d9ae143c4f7c83")


def test_seeded_set_makes_the_same_events():
    assert run() == PINNED
