"""Victory points of a seat (SCORE-1, SCORE-2): what every ending counts (outcome.py)."""

from __future__ import annotations

from engine.games.thunderstone.content import card, value
from engine.games.thunderstone.places import hidden_cards, owned_zones


def owned(t, s: int) -> list[str]:
    """SCORE-1: every card the seat owns, those hidden under his Emerald Dragons too."""
    return [c for z in owned_zones(s) for c in t.zone(z)] + hidden_cards(t, s)


def monsters_owned(t, s: int) -> int:
    return sum(1 for c in owned(t, s) if card(c).is_monster)


def stone_vp(t, s: int, stone: str) -> int:
    """SCORE-2: card-specific scores of the Thunderstones (reading A29)."""
    k = value(t, stone)
    contempt, terror = k.has("score", "contempt"), k.has("score", "terror")
    if contempt:
        mine = monsters_owned(t, s)
        others = [monsters_owned(t, o) for o in range(t.players) if o != s]
        return contempt.n if others and all(n > mine for n in others) else k.vp
    if terror:
        stones = sum(1 for c in owned(t, s) if card(c).kind == "thunderstone" and c != stone)
        return k.vp + terror.n * stones
    return k.vp


def score(t, s: int) -> int:
    total = 0
    for c in owned(t, s):
        total += stone_vp(t, s, c) if card(c).kind == "thunderstone" else value(t, c).vp
    return total
