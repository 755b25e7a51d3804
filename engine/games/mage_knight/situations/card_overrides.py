"""A situation's `[overrides."March"]` and `[overrides."Peasants"]` beyond combat values: the
amounts of a deed card's basic or powered effect, and a unit's level, cost and ability values
(docs/disputes.md). Enemy values and a unit's armour and resistances are combat_overrides.py's.

    [overrides."March"]          # a deed card (basic or advanced action, spell, artifact)
    basic_move = 3               # <basic|powered>_<move|attack|block|influence>
    [overrides."Peasants"]       # a unit
    level = 2                    # healing price and the Greatest Leader score
    cost = 5                     # influence to recruit it (MK:8:Interact:4a)
    attack = 3                   # every ability of that kind: attack, block, influence, move
    [overrides."Burning Power"]  # a skill: the amounts of its effect
    attack = 2

A field replaces every amount of its kind in the effect: each branch of a choice, and the amounts
nested in an atom (a unit bonus, Power of Crystals' base, an attack a turn effect gives later).
A field names only what the card, unit or skill has (March has no basic attack: refused, naming the
field and what it has: overrides_check.py, which the ruleset's check_overrides calls). The amounts replace the content's in every rule that takes the card's or
the ability's effect (resolving.seat_resolutions and the unit activation, a hook line each), so
boosts and bonuses apply on top; `mk.played` and the activation's `mk.unit` carry `overridden`,
a skill's `mk.skill_used` and a recruit at an overridden price's `mk.recruited` too, and the
audit marks the points they gave "overridden by situation".
"""

from __future__ import annotations

from typing import Any

KINDS = ("move", "attack", "block", "influence")
CARD_FIELDS: dict[str, type] = {f"{mode}_{k}": int for mode in ("basic", "powered") for k in KINDS}
UNIT_VALUE_FIELDS: dict[str, type] = {"level": int, "cost": int, **{k: int for k in KINDS}}


def _table(table) -> dict:
    """The game's overrides (a bare state without options, as some tests build, has none)."""
    return (getattr(table, "options", None) or {}).get("overrides") or {}


# amounts inside an atom, by kind: Into the Heat's and Banner of Glory's unit bonus, Power of
# Crystals' base, Burning Shield's attack on a block, Dodge and Weave's attack if unhurt
TURN_EFFECT_ATTACKS = ("on_block", "attack_if_unhurt")


def nested_kinds(k: str, v) -> set[str]:
    """The kinds of the amounts an atom carries inside it (`unit_bonus`, `bonus_per`, a turn
    effect that gives attack points later)."""
    if k == "unit_bonus":
        return {x for x in ("attack", "block") if v.get(x)}
    if k == "bonus_per" and v.get("kind") in KINDS:
        return {v["kind"]}
    if (
        k == "turn_effect"
        and isinstance(v, (list, tuple))
        and v[0] in TURN_EFFECT_ATTACKS
        and (v[0] != "on_block" or (isinstance(v[1], (list, tuple)) and v[1][0] == "attack"))
    ):
        return {"attack"}
    return set()


def _nested(k: str, v, values: dict[str, int]):
    kinds = nested_kinds(k, v) & set(values)
    if not kinds:
        return v
    if k == "unit_bonus":
        return dict(v, **{x: values[x] for x in kinds})
    if k == "bonus_per":
        return dict(v, base=values[v["kind"]])
    if v[0] == "on_block":
        return (v[0], [v[1][0], values["attack"]])
    return (v[0], values["attack"])


def _amounts(resolutions, values: dict[str, int]) -> tuple:
    """The resolutions (each branch of a choice is one) with every amount of an overridden
    kind replaced: the top-level ones and those nested in an atom (nested_kinds)."""

    def one(k, v):
        if k not in values:
            return (k, _nested(k, v, values))
        return (k, dict(v, value=values[k]) if isinstance(v, dict) else values[k])

    return tuple([one(k, v) for k, v in atoms] for atoms in resolutions)


def card_values(table, cid: str, mode: str, resolutions) -> tuple:
    """Hook of resolving.seat_resolutions: the card's effect with its overridden amounts."""
    over = _table(table).get(cid)
    if not over or mode not in ("basic", "powered"):
        return resolutions
    values = {f.split("_", 1)[1]: v for f, v in over.items() if f.startswith(mode + "_")}
    return _amounts(resolutions, values) if values else resolutions


def unit_values(table, unit: str, resolutions) -> tuple:
    """Hook of the unit activation: the ability with its overridden amounts."""
    over = _table(table).get(unit)
    values = {k: v for k, v in (over or {}).items() if k in KINDS}
    return _amounts(resolutions, values) if values else resolutions


def skill_values(table, skill: str, resolutions) -> tuple:
    """Hook of the skill use: the skill's effect with its overridden amounts."""
    over = _table(table).get(skill)
    values = {k: v for k, v in (over or {}).items() if k in KINDS}
    return _amounts(resolutions, values) if values else resolutions


def recruit_mark(table, unit: str, rule: str) -> dict[str, Any]:
    """`mark` for a unit recruited at its overridden price (MK:8:Interact:4a), else {}."""
    return mark(table, unit) if rule == "MK:8:Interact:4a" and "cost" in _table(table).get(unit, {}) else {}


def unit_number(table, unit: str, field: str, printed: int) -> int:
    """A unit's `level` or `cost` in this game (the printed one unless overridden)."""
    return _table(table).get(unit, {}).get(field, printed)


def mark(table, cid: str) -> dict[str, Any]:
    """`{"overridden": values}` for the event of a card or unit the situation changed, else {}."""
    over = _table(table).get(cid)
    return {"overridden": dict(over)} if over else {}
