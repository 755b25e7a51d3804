"""Damage tokens on any target (a unit, a realm, a hero), kept in Table.damage."""

from __future__ import annotations

from typing import Any

from engine.context import Ctx
from engine.table import Table


def deal(ctx: Ctx, target: str, n: int, rule: str, **detail: Any) -> None:
    if n > 0:
        ctx.emit("damage.dealt", {"target": target, "n": n, **detail}, rule)


def heal(ctx: Ctx, target: str, n: int, rule: str) -> None:
    n = min(n, ctx.table.damage.get(target, 0))
    if n > 0:
        ctx.emit("damage.healed", {"target": target, "n": n}, rule)


def clear(ctx: Ctx, target: str, rule: str) -> None:
    heal(ctx, target, ctx.table.damage.get(target, 0), rule)


def taken(table: Table, target: str) -> int:
    return table.damage.get(target, 0)
