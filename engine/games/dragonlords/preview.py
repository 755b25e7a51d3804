"""What a DragonLords decision would cost or face, for its button (`Ruleset.preview`): a
purchase's price against the gold at hand (DL:3.1, INT-01, INT-24); an attack's units against
the units holding the place, with the kingdom's -1 (DL:2.2/kingdom). Only what the seat can see:
unit counts, never which unit carries a chip."""

from __future__ import annotations

from typing import Any

from engine.games.dragonlords import board
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.turn.moves import price


def preview(table, seat: int, cmd: dict[str, Any]) -> str | None:
    game, kind = table.game, cmd.get("kind")
    a = game.active
    if kind == "buy":
        cost = price(game, a, cmd["what"])
        return f"costs {cost} gold; {board.gold_of(game, a)} gold in the kingdoms held"
    if kind in ("attack", "sneak"):
        x = cmd["target"]
        n = cmd.get("n") or 1
        enemies = [w for w in board.armies_at(game, x) if w != a]
        held = sum(board.units(game, x, w) for w in enemies)
        kingdom = (
            ", attackers -1 strength in a kingdom (DL:2.2/kingdom)"
            if world().kind.get(x) == "kingdom"
            else ""
        )
        return f"{n} unit{'s' if n != 1 else ''} against {held} holding {x}{kingdom}"
    return None
