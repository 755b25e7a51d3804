"""Speed work on Mage Knight and DragonLords keeps their games byte-identical: the seeded set of
`mkdl_speed_games` must give the SHA-256 over its event hashes recorded before the changes."""

import json

from tests.games.mage_knight.mkdl_speed_games import EXPECTED, digests


def test_mage_knight_and_dragonlords_seeded_set_makes_the_same_events():
    assert digests() == json.loads(EXPECTED.read_text())
