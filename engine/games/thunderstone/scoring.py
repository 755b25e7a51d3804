"""Victory points of a seat (SCORE-1, SCORE-2): what every ending counts (outcome.py)."""

from __future__ import annotations

from engine.games.thunderstone.content import card, value
from engine.games.thunderstone.places import hidden_cards, owned_zones


def owned(table, s: int) -> list[str]:
    """SCORE-1: every card the seat owns, those hidden under his Emerald Dragons too."""
    return [c for z in owned_zones(s) for c in table.zone(z)] + hidden_cards(table, s)


def monsters_owned(table, s: int) -> int:
    return sum(1 for c in owned(table, s) if card(c).is_monster)


def stone_vp(table, s: int, stone: str) -> int:
    """SCORE-2: card-specific scores of the Thunderstones (reading A29)."""
    k = value(table, stone)
    contempt, terror = k.has("score", "contempt"), k.has("score", "terror")
    if contempt:
        mine = monsters_owned(table, s)
        others = [monsters_owned(table, o) for o in range(table.players) if o != s]
        return contempt.n if others and all(n > mine for n in others) else k.vp
    if terror:
        stones = sum(1 for c in owned(table, s) if card(c).kind == "thunderstone" and c != stone)
        return k.vp + terror.n * stones
    return k.vp


def score(table, s: int) -> int:
    total = 0
    for c in owned(table, s):
        total += stone_vp(table, s, c) if card(c).kind == "thunderstone" else value(table, c).vp
    return total
