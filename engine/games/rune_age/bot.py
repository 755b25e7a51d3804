"""Rune Age's position values for the greedy and MCTS bots (bot tuning, not rules)."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.games.rune_age.endgame import deck_strength


def position_value(table, s: int) -> float:
    """Damage on the best other realm minus one's own, and half the deck's strength."""
    if s in table.game.eliminated:
        return -100.0
    mine = table.damage.get(f"realm:{s}", 0)
    theirs = max((table.damage.get(f"realm:{o}", 0) for o in range(table.players) if o != s), default=0)
    return theirs - mine + 0.5 * deck_strength(table, s)


def objective_worn(table, s: int) -> float:
    """How far the common objective is worn down (0..1). Counted for every seat alike, outside
    the lead: a seat gains by wearing it down before the events end the game for everyone
    (most random games end with every realm destroyed, a loss for all)."""
    cards = table.zones.get("objective")
    if not cards or not cards.cards:
        return 0.0
    c = cards.cards[0]
    health = spec(table.game, c).strength or 1
    return min(1.0, table.damage.get(c, 0) / health)
