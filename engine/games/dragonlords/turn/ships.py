"""Ships' range each Naval Movement (DL:3.2/ships), below the flow and the command handlers
that both reset it, so neither has to import the other."""

from __future__ import annotations

from engine.games.dragonlords import board, places
from engine.games.dragonlords.content import content


def set_ship_moves(ctx, table) -> None:
    """Ships get 6 sea zones, 10 when Barbarians control them, any number with the Golden Fleece
    aboard (DL:3.2/ships, INT-07: 99 stands for no limit)."""
    game = table.game
    c = content().ship
    for sid, s in sorted(game.ships.items()):
        if s.army != game.active:
            continue
        rng = c.barbarian_range if game.armies[s.army].race == "barbarian" else c.range
        if any(
            "golden_fleece" in game.heroes[h].treasures
            for h in board.heroes_at(game, places.aboard(sid), s.army)
        ):
            rng = 99
        ctx.emit("dl.ship", {"id": sid, "set": {"moves": rng}}, rule="DL:3.2/ships")
