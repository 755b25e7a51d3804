"""XP tokens (XP-1, LVL-1): each seat's own (the solo seat too), or in the co-op variant one
shared pool (VAR-C)."""

from __future__ import annotations


def xp(t, s: int) -> int:
    return t.game.pool if t.game.coop else t.game.xp[s]


def change_xp(ctx, t, s: int, delta: int, rule: str) -> None:
    """Tokens come from and go back to an unlimited supply (A42)."""
    if t.game.coop:
        ctx.emit("ts.xp", {"seat": None, "by": s, "delta": delta, "total": t.game.pool + delta}, rule)
    else:
        ctx.emit("ts.xp", {"seat": s, "delta": delta, "total": t.game.xp[s] + delta}, rule)
