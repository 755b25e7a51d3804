"""Card values a dispute's situation may override (`[overrides."Card"]`, docs/disputes.md): a unit's
strength, a monster's strength and defence, a treasure's modifiers. The game records them
by content id in its set-up event (`dl.setup`), so the rules read them from the state, and every
battle round and quest fight that used one says so ("overridden")."""

from __future__ import annotations

from engine.games.dragonlords.content import content
from engine.readings import check_override_table
from engine.ruleset import with_ruleset

# catalogue field -> (content kind, record attribute)
FIELDS: dict[str, type] = {"strength": int, "defense": int, "own": int, "enemy": int, "own_at_sea": int}
BY_KIND = {
    "unit": ("strength",),
    "monster": ("strength", "defense"),
    "treasure": ("own", "enemy", "own_at_sea"),
}


def names() -> dict[str, tuple[str, str]]:
    """Card name (German or English, as `runeledger cards` lists them) -> (kind, content id)."""
    c = content()
    out: dict[str, tuple[str, str]] = {}
    for kind, recs in (("unit", c.units), ("monster", c.monsters), ("treasure", c.treasures)):
        for rid, r in recs.items():
            for n in (r.name, getattr(r, "german", "")):
                if n:
                    out[n] = (kind, rid)
    return out


@with_ruleset
def check(rs, over) -> dict:

    known = names()
    out = check_override_table(rs, over, FIELDS, known)
    for name, values in out.items():
        kind = known[name][0]
        bad = sorted(set(values) - set(BY_KIND[kind]))
        if kind == "monster" and values.get("defense") not in (None, 6, 8, 10, 12):
            raise ValueError(
                f"{rs.name}: overrides.{name!r}.defense: the die has 6, 8, 10 or 12 sides "
                f"(DL:3.4/land.3), not {values['defense']}"
            )
        if bad:
            raise ValueError(
                f"{rs.name}: overrides.{name!r}.{bad[0]}: a {kind} has no such value "
                f"(allowed: {', '.join(BY_KIND[kind])})"
            )
    return out


def by_id(options) -> dict[str, dict]:
    """The game's overrides keyed by content id, for the set-up event."""
    over = options.get("overrides") or {}
    known = names()
    return {known[n][1]: dict(v) for n, v in sorted(over.items())}


def value(game, cid: str, field: str, default: int) -> int:
    return game.overrides.get(cid, {}).get(field, default)
