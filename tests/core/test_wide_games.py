"""Speed work keeps every game byte-identical: the wide seeded set of `wide_games` (every
ruleset, two or three seat counts, one transaction per game and per command) must give the
SHA-256 over its event hashes recorded in wide_games.json before any speed change."""

import json

from tests.core.wide_games import EXPECTED, digests


def test_wide_seeded_set_makes_the_same_events():
    assert digests() == json.loads(EXPECTED.read_text())
