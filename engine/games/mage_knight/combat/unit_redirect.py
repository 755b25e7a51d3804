"""Shocktroops' third ability (public list, units.json): an enemy gets Attack -3 and "damage from
that enemy is redirected to this unit". The turn effect `redirect` maps the enemy to the unit;
in the damage phase that enemy's attacks may then be assigned only to that unit while it can
take them (not destroyed, not already wounded where the rule forbids it); when it cannot, the
normal choices stand (reading, catalog.toml MK:5:Units:5e)."""

from __future__ import annotations


def only_redirected(cmds: list[dict], redirect: dict) -> list[dict]:
    out = []
    for c in cmds:
        unit = redirect.get(c.get("enemy", "")) if c.get("kind") == "assign" else None
        if (
            unit
            and c["to"] != unit
            and any(
                x.get("kind") == "assign"
                and x["enemy"] == c["enemy"]
                and x["attack"] == c["attack"]
                and x["to"] == unit
                for x in cmds
            )
        ):
            continue
        out.append(c)
    return out
