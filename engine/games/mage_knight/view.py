"""Hidden information (invariant 6): the game's own state holds only public facts (hands, decks,
face-down tiles, garrisons and skill stacks are zones the core redacts), so every seat sees it
whole."""
from __future__ import annotations

import msgspec


def game_view(t, seat: int | None) -> dict:
    return msgspec.to_builtins(t.game)
