"""Fame and levels (p.11 End of turn 6): level-ups wait for the end of the turn; odd levels give a
command token and a new level token (armour, hand limit), even levels a skill and an advanced
action. The thresholds are content (content/levels.json), mostly stand-ins."""

from __future__ import annotations

from functools import cache
from itertools import pairwise

import msgspec

from engine.games.mage_knight.content.load import HERE, read
from engine.games.mage_knight.content.schema import MKRecord


class Level(MKRecord, kw_only=True, forbid_unknown_fields=True):
    level: int
    fame: int  # fame needed to reach this level
    armour: int
    hand_limit: int


@cache
def table() -> tuple[Level, ...]:
    rows = tuple(read(HERE / "levels.json", list[Level]))
    if [r.level for r in rows] != list(range(1, len(rows) + 1)) or any(
        b.fame <= a.fame for a, b in pairwise(rows)
    ):
        raise ValueError("levels.json: levels must run 1..n with rising fame")
    return rows


def level_for_fame(fame: int) -> int:
    return max(r.level for r in table() if r.fame <= fame) if fame >= 0 else 1


def stats(level: int) -> Level:
    return table()[level - 1]


class LevelUp(msgspec.Struct, frozen=True):
    level: int
    command_token: bool  # odd level: +1 command limit, new armour and hand limit
    skill_and_advanced_action: bool  # even level: choose a skill and an advanced action


def level_ups(old_fame: int, new_fame: int) -> list[LevelUp]:
    """The level-ups at end of turn, one per level crossed (several in one turn are possible)."""
    out = []
    for lv in range(level_for_fame(old_fame) + 1, level_for_fame(new_fame) + 1):
        out.append(LevelUp(lv, lv % 2 == 1, lv % 2 == 0))
    return out


def command_limit(level: int) -> int:
    """1 + one per odd level from 3 reached (p.3 Setup, p.11 EoT 6a)."""
    return 1 + sum(1 for lv in range(3, level + 1, 2))
