"""What a seat sees of Thunderstone's own state: the state itself (it holds no hidden card;
hands and decks live in owner or hidden zones) and the table's layout for front ends.

`table` lays the zones out as they lie on a table (server/static/board_tables.js draws it): the
dungeon's ranks with the light penalty of each, the dungeon deck, the village stacks. Each pile
names its zone; the cards and counts come from the zones of the view, so nothing hidden is
added here."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.thunderstone.battle import light_penalty
from engine.games.thunderstone.places import board_zones, dungeon, village_zones


def game_view(table, seat: int | None) -> dict:
    out = msgspec.to_builtins(table.game)
    out["table"] = layout(table)
    return out


def layout(table) -> list[dict[str, Any]]:
    """The areas of the table, each {area, title, piles}; a pile {zone, name, spread?, facts}."""
    boards = table.game.boards
    areas = []
    for b in boards:
        piles = [{"zone": dungeon(b), "name": "dungeon deck", "facts": {}}]
        for p, z in board_zones(table, b):
            if z not in table.zones:  # not laid out yet (during the set-up)
                continue
            if p == 0 and (b != boards[0] or not table.zones[z].cards):
                continue  # position 0 (guardians out of the dungeon) is shown once, when used
            piles.append(
                {
                    "zone": z,
                    "name": f"rank {p}" if p else "outside the dungeon",
                    "facts": rank_facts(table, p, z),
                }
            )
        areas.append({"area": "dungeon", "title": f"Dungeon {b.rstrip(':')}".strip(), "piles": piles})
    stacks = [{"zone": z, "name": name, "facts": {}} for z, name in village_zones(table)]
    stacks.append({"zone": "diseases", "name": "diseases", "facts": {}})
    areas.append(
        {"area": "village", "title": "Village", "piles": [s for s in stacks if s["zone"] in table.zones]}
    )
    return areas


def rank_facts(table, p: int, zone: str) -> dict[str, int]:
    """The rank's printed light penalty (its number) and, with a monster there, what attacking it
    costs now without light (its own light traits and the board's included, BAT-3)."""
    facts = {"light penalty": p}
    cards = table.zones[zone].cards
    if p and cards:
        now = light_penalty(table, cards[0], p, 0)[0]
        if now != p:
            facts["light penalty now"] = now
    return facts
