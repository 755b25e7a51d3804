"""Per-ruleset fact tables: one row per observation, one typed column per variable.

A fact table is a function over one game's event stream (`Game`), not a copy of one event's
payload: a Mage Knight combat needs the start, the points played and the outcome, a
Thunderstone battle the monster's health and the party's light. Each table declares its
columns with their Arrow types and meanings; the export writes exactly those, and the data
dictionary in docs/analytics.md is generated from the same declarations
(analytics/facts/dictionary.py), so the two cannot drift. Cards and units are named in English
and German (`analytics.names`), never by instance ids; the id, where useful, has its own column.
"""

from __future__ import annotations

from analytics.facts import dragonlords, duel, epochs, mage_knight, rune_age, thunderstone
from analytics.facts.table import FactTable, Game

__all__ = ["FACTS", "FactTable", "Game", "facts_for"]

FACTS: dict[str, tuple[FactTable, ...]] = {}
for _mod in (mage_knight, dragonlords, thunderstone, rune_age, epochs, duel):
    for _t in _mod.TABLES:
        FACTS[_t.ruleset] = (*FACTS.get(_t.ruleset, ()), _t)


def facts_for(ruleset: str) -> tuple[FactTable, ...]:
    return FACTS.get(ruleset, ())
