"""Names of zones and places the rules share (scroll hands, decks, ships aboard)."""

from __future__ import annotations

SCROLL_DECK = "scroll_deck"
SCROLL_DISCARD = "scroll_discard"
QUEST_DECK = "quest_deck"
QUEST_DISCARD = "quest_discard"


def hand(army: int) -> str:
    return f"scrolls:{army}"


def aboard(ship: str) -> str:
    return f"ship:{ship}"


def is_ship(loc: str) -> bool:
    return loc.startswith("ship:")
