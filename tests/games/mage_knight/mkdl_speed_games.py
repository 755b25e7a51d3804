"""Seeded Mage Knight and DragonLords games kept byte-identical through speed work.

Wider than `tests/core/wide_games.py` for these two games: every Mage Knight scenario at its
smallest seat count, full_conquest at 2, 3 and 4 seats, DragonLords at 2 and 4 players and the
short game, a few seeds each, one transaction per game (as `simulate` plays), made as
`tests.core.wide_games` makes its games. The SHA-256 over all event hashes (in order) was
recorded with the code before any speed change to these games in
`mkdl_speed_games.json`; `test_mkdl_speed_games.py` checks it.

Run as a tool: `python -m tests.games.mage_knight.mkdl_speed_games` prints the digests.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.core.wide_games import digest_groups

MK_SMALLEST = (
    ("first_reconnaissance", 1),
    ("blitz_conquest", 2),
    ("solo_conquest", 1),
    ("full_cooperative", 2),
    ("blitz_cooperative", 2),
    ("mines_liberation", 2),
    ("dungeon_lords", 2),
    ("druid_nights", 2),
    ("only_one_returns", 2),
    ("conquer_keeps_towers", 2),
)
# (ruleset, players, options, seeds)
SET: tuple[tuple[str, int, dict, tuple[str, ...]], ...] = (
    *(("mage-knight", n, {"scenario": s}, ("k1", "k2")) for s, n in MK_SMALLEST),
    *(("mage-knight", n, {"scenario": "full_conquest"}, ("k1", "k2")) for n in (2, 3, 4)),
    ("dragonlords", 2, {}, ("d1", "d2", "d3")),
    ("dragonlords", 4, {}, ("d1", "d2", "d3")),
    ("dragonlords", 4, {"short_game": True}, ("d1", "d2", "d3")),
)
EXPECTED = Path(__file__).with_name("mkdl_speed_games.json")


def digests() -> dict[str, dict]:
    return digest_groups(  # one transaction per game
        (
            f"{name} {players} {json.dumps(options, sort_keys=True)}",
            [(name, players, options, seed, True) for seed in seeds],
        )
        for name, players, options, seeds in SET
    )


if __name__ == "__main__":
    got = json.dumps(digests(), indent=1, sort_keys=True) + "\n"
    if "--write" in sys.argv:
        EXPECTED.write_text(got)
    sys.stdout.write(got)
