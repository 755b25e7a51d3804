"""XP tokens (XP-1, LVL-1): each seat's own (the solo seat too), or in the co-op variant one
shared pool (VAR-C)."""

from __future__ import annotations


def xp(table, s: int) -> int:
    return table.game.pool if table.game.coop else table.game.xp[s]


def change_xp(ctx, table, s: int, delta: int, rule: str) -> None:
    """Tokens come from and go back to an unlimited supply (A42)."""
    if table.game.coop:
        ctx.emit("ts.xp", {"seat": None, "by": s, "delta": delta, "total": table.game.pool + delta}, rule)
    else:
        ctx.emit("ts.xp", {"seat": s, "delta": delta, "total": table.game.xp[s] + delta}, rule)
