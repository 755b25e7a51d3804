"""Quest cards (§3.3/quest-card). The rulebook prints none of the 12 cards (GAP-02), so
content/quests.toml holds stand-in cards of the form the rules describe; a user may replace it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from engine.content import ContentError, decode, read_toml

FILE = Path(__file__).parent.parent / "content" / "quests.toml"
REWARDS = ("gold", "treasure", "spell", "wizard", "scroll", "dragonlord", "units", "lose_unit", "nothing")
MONSTERS = ("", "giant_spider", "red_dragon")


class Outcome(msgspec.Struct, forbid_unknown_fields=True):
    reward: str
    amount: int = 0
    monster: str = ""  # an obstacle to beat in quest combat before the reward (§3.3/quest-card)


class Quest(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    needs_torch: bool
    provenance: str
    blessed: Outcome
    ignored: Outcome
    cursed: Outcome

    def outcome(self, colour: str) -> Outcome:
        return {"yellow": self.blessed, "blue": self.ignored, "red": self.cursed}[colour]


class QuestFile(msgspec.Struct, forbid_unknown_fields=True):
    quests: list[Quest]


@cache
def quests() -> dict[str, Quest]:
    f = decode(read_toml(FILE), QuestFile, "quests.toml")
    out = {q.id: q for q in f.quests}
    faults = [
        f"quest {q.id}: reward {o.reward!r} unknown"
        for q in f.quests
        for o in (q.blessed, q.ignored, q.cursed)
        if o.reward not in REWARDS
    ]
    faults += [
        f"quest {q.id}: monster {o.monster!r} unknown"
        for q in f.quests
        for o in (q.blessed, q.ignored, q.cursed)
        if o.monster not in MONSTERS
    ]
    if len(out) != 12:
        faults.append(f"there are 12 quest cards (§2.1), got {len(out)}")
    if faults:
        raise ContentError("quests.toml: " + "; ".join(faults))
    return out


def quest_deck() -> list[str]:
    return sorted(quests())
