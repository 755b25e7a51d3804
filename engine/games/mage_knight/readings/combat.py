"""Mage Knight's combat ambiguities a judge may read otherwise (catalog.toml `[readings.A*]`,
the digest's numbering): each function asks the reading carried by the combat (`Combat.readings`,
copied from the game's options when it starts) and counts as consulted for `runeledger dispute`.

Without a choice each returns the default, which is what the combat always played, so games
that choose no reading keep their exact events.
"""

from __future__ import annotations

from engine.games.mage_knight.combat.arithmetic import resists
from engine.games.mage_knight.combat.state import Combat
from engine.readings import picked

HALVING, SUMMON, CUMBERSOME, ASSAULT_REPUTATION = "A8", "A18", "A19", "A37"


def per_type(c: Combat, parts, targets) -> bool:
    """A8 (MK:9:Ranged:4a): inefficient attacks halved per element instead of summed first.
    Asked only when two or more resisted elements meet, the one case where it matters."""
    resisted = {p.element for p in parts if any(resists(t, p.element) for t in targets)}
    return len(resisted) > 1 and picked(c.readings, HALVING) == "per_type"


def defeated_summoner_summons(c: Combat) -> bool:
    """A18 (MK:10:Abilities:Summon): a summoner defeated in the ranged phase still summons."""
    return picked(c.readings, SUMMON) == "still_summons"


def cumbersome_lowers_damage(c: Combat) -> bool:
    """A19 (MK:10:Abilities:Cumbersome): move points spent also lower an unblocked attack's damage."""
    return picked(c.readings, CUMBERSOME) != "block_only"


def reputation_in_assault(c: Combat) -> bool:
    """A37 (MK:10:Result:2a): rampagers defeated on their own space during an assault give
    reputation too."""
    return picked(c.readings, ASSAULT_REPUTATION) != "not_in_assault"


def note(c: Combat, rid: str) -> str:
    """Words for an audit line when the game chose a reading other than the default."""
    alt = (c.readings or {}).get(rid)
    return f" (reading {rid}: {alt})" if alt else ""
