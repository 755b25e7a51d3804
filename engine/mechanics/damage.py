"""Damage tokens on any target (a unit, a realm, a hero), kept in Table.damage."""


def deal(ctx, target: str, n: int, rule: str, **detail) -> None:
    if n > 0:
        ctx.emit("damage.dealt", {"target": target, "n": n, **detail}, rule)


def heal(ctx, target: str, n: int, rule: str) -> None:
    n = min(n, ctx.table.damage.get(target, 0))
    if n > 0:
        ctx.emit("damage.healed", {"target": target, "n": n}, rule)


def clear(ctx, target: str, rule: str) -> None:
    heal(ctx, target, ctx.table.damage.get(target, 0), rule)


def taken(table, target: str) -> int:
    return table.damage.get(target, 0)
