"""The card catalogue for `runeledger cards dragonlords`: units, ship, monsters, spells, scrolls,
treasures and tools, each value with where it comes from."""
from __future__ import annotations


def catalogue() -> list:
    return []
