"""Epochs' position value for the greedy and MCTS bots (bot tuning, not rules)."""

from __future__ import annotations

from engine.games.epochs.content import PACK
from engine.games.epochs.state import seat_zone
from engine.mechanics.zones import card_name


def position_value(table, s: int) -> float:
    """The points the seat holds: relics, medals and honour."""
    relics = sum(PACK.relics[card_name(r)].points for r in table.zone(seat_zone(s, "relics")))
    medals = sum(PACK.medals[card_name(m)].points for m in table.zone(seat_zone(s, "medals")))
    return relics + medals + PACK.setup.honour_points * table.game.honour[s]
