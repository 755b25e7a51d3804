"""Hidden information (invariant 6): the game's own state holds only public facts (hands, decks,
face-down tiles, garrisons and skill stacks are zones the core redacts), so every seat sees it
whole."""

from __future__ import annotations

import msgspec


def game_view(table, seat: int | None) -> dict:
    out = msgspec.to_builtins(table.game)
    for city in out.get("cities", []):  # a city's face-down defenders show as "?" (part 2)
        shown = table.zones.get(f"at:{city['spaces'][0]}")
        city["garrison"] = [x if shown is not None and x in shown.cards else "?" for x in city["garrison"]]
    return out
