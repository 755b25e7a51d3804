"""Rune Age's position values for the greedy and MCTS bots (bot tuning, not rules)."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.games.rune_age.endgame import deck_strength


def position_value(t, s: int) -> float:
    """Damage on the best other realm minus one's own, and half the deck's strength."""
    if s in t.game.eliminated:
        return -100.0
    mine = t.damage.get(f"realm:{s}", 0)
    theirs = max((t.damage.get(f"realm:{o}", 0) for o in range(t.players) if o != s), default=0)
    return theirs - mine + 0.5 * deck_strength(t, s)


def objective_worn(t, s: int) -> float:
    """How far the common objective is worn down (0..1). Counted for every seat alike, outside
    the lead: a seat gains by wearing it down before the events end the game for everyone
    (most random games end with every realm destroyed, a loss for all)."""
    cards = t.zones.get("objective")
    if not cards or not cards.cards:
        return 0.0
    c = cards.cards[0]
    health = spec(t.game, c).strength or 1
    return min(1.0, t.damage.get(c, 0) / health)
