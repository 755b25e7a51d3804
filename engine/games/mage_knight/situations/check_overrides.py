"""The check of a Mage Knight situation's `[overrides]` (the ruleset's `check_overrides`): enemy
and unit combat values as combat_overrides checks them, and deed cards' effect amounts and units'
level, cost and ability values (overrides_cards.py), each field against what the card or unit
actually has. Kept apart from the modules that apply the values, which the card rules import."""

from __future__ import annotations

from typing import Any

from engine.games.mage_knight.cards.resolving import card_resolutions, skill_resolutions, unit_resolutions
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.situations import combat_overrides
from engine.games.mage_knight.situations.card_overrides import (
    CARD_FIELDS,
    KINDS,
    UNIT_VALUE_FIELDS,
    nested_kinds,
)
from engine.ruleset import with_ruleset


@with_ruleset
def check(rs, over: Any) -> dict[str, dict[str, Any]]:
    """The overrides table checked and keyed by content id (errors name the field):
    `Ruleset.check_overrides`, which names the game in its messages."""
    return combat_overrides.check(rs, over, content(), check_card=check_card, check_unit=check_unit)


def _top_kinds(resolutions) -> set[str]:
    """The kinds of amount an effect gives: at its top level or nested in an atom."""
    return {k for atoms in resolutions for k, _ in atoms if k in KINDS} | {
        x for atoms in resolutions for k, v in atoms for x in nested_kinds(k, v)
    }


def card_kinds(cid: str, mode: str) -> set[str]:
    """The amounts a deed card's effect gives at its top level, in or out of combat."""

    return _top_kinds(card_resolutions(cid, mode, True, "")) | _top_kinds(
        card_resolutions(cid, mode, False, "")
    )


def unit_kinds(unit: str) -> set[str]:
    from engine.games.mage_knight.content.load import content

    return {
        k for i in range(len(content().units[unit].abilities)) for k in _top_kinds(unit_resolutions(unit, i))
    }


def skill_kinds(skill: str) -> set[str]:

    return _top_kinds(skill_resolutions(skill))


def _amount(where: str, field: str, kind: str, value: Any, has, whose: str) -> None:
    """One overridden amount: a kind the effect gives, at least 0 (skills and deed cards)."""
    if kind not in has:
        raise ValueError(
            f"{where}.{field}: {whose} gives no {kind} "
            f"(it gives: {', '.join(sorted(has)) or 'no plain amount'})"
        )
    if value < 0:
        raise ValueError(f"{where}.{field} = {value}: must be at least 0")


def check_skill(where: str, skill: str, values: dict[str, Any]) -> None:
    """A skill's fields: the kinds of amount its effect gives (move, attack, block, influence)."""
    has = skill_kinds(skill)
    for field, value in values.items():
        if field not in KINDS:
            raise ValueError(
                f"{where}.{field}: not a value a situation may change for a skill "
                f"(allowed: {', '.join(KINDS)})"
            )
        _amount(where, field, field, value, has, "the skill's effect")


def check_card(where: str, cid: str, values: dict[str, Any]) -> None:
    """Every field a `<mode>_<kind>` the card's effect has, each amount at least 0 (a skill:
    check_skill)."""
    from engine.games.mage_knight.content.load import content

    if cid in content().skills:
        return check_skill(where, cid, values)
    for field, value in values.items():
        if field not in CARD_FIELDS:
            raise ValueError(
                f"{where}.{field}: not a value a situation may change for a deed card "
                f"(allowed: {', '.join(CARD_FIELDS)})"
            )
        mode, kind = field.split("_", 1)
        _amount(where, field, kind, value, card_kinds(cid, mode), f"the card's {mode} effect")


def check_unit(where: str, unit: str, values: dict[str, Any]) -> None:
    for field, value in values.items():
        if field in KINDS and field not in unit_kinds(unit):
            raise ValueError(
                f"{where}.{field}: the unit has no {field} ability "
                f"(it has: {', '.join(sorted(unit_kinds(unit))) or 'none'})"
            )
        if field in UNIT_VALUE_FIELDS and value < (1 if field == "level" else 0):
            raise ValueError(f"{where}.{field} = {value}: must be at least {1 if field == 'level' else 0}")
