"""A situation's `[overrides."<enemy or unit>"]` for Mage Knight: the values a judge may change
for one game, and their use when a combat starts (docs/disputes.md). Deed cards' effect amounts
and units' level, cost and ability values are checked and applied by overrides_cards.py.

Overridable: an enemy token's armour, elusive armour, attacks, abilities, resistances, fame and
reputation; a unit's armour and resistances (what combat reads). A name is a content id
(`green_prowlers`, `peasants`) or a display name shared by no other enemy or unit ("Prowlers").
The checked table, keyed by content id, is recorded in the game's options; every token or unit
that takes values from it is listed under `overridden` in `mk.combat_started` (or
`mk.combat.summoned`), and the audit marks it "overridden by situation".
"""

from __future__ import annotations

from typing import Any

from engine.games.mage_knight.combat.state import CombatEnemy, CombatUnit, EnemyAttack
from engine.games.mage_knight.content import schema
from engine.games.mage_knight.situations.card_overrides import CARD_FIELDS, UNIT_VALUE_FIELDS
from engine.readings import check_override_table

ENEMY_FIELDS: dict[str, type] = {
    "armour": int,
    "elusive_armour": int,
    "attacks": list,
    "abilities": list,
    "resistances": list,
    "fame": int,
    "reputation": int,
}
UNIT_FIELDS: dict[str, type] = {"armour": int, "resistances": list}
TERRAIN_FIELDS: dict[str, type] = {"day": int, "night": int}  # move cost to enter (MK:7:Move:3)
RESISTANCES = ("physical", "fire", "ice")
# what a value of each field looks like (the TOML right of `field =`), for refusals of a wrong shape
EXAMPLES = {
    "armour": "4",
    "elusive_armour": "8",
    "attacks": '["fire 5", "4", "summon brown"]',
    "abilities": '["swift", "elusive"] (or [] for none)',
    "resistances": '["fire", "ice"]',
    "fame": "4",
    "reputation": "1",
    "level": "2",
    "cost": "5",
    "move": "2",
    "attack": "3",
    "block": "3",
    "influence": "2",
    "day": "4",
    "night": "6",
    **{f: "3" for f in CARD_FIELDS},
}


def _records(content) -> list:
    """Enemies, units, deed cards and skills: everything a situation may override."""
    return (
        list(content.enemies.values())
        + list(content.units.values())
        + [c for c in content.cards.values() if c.id != "wound"]
        + list(content.skills.values())
    )


def names(content) -> dict[str, str]:
    """Every name a situation may use -> content id: ids, and display names that are unique."""
    out: dict[str, str] = {}
    seen: dict[str, set[str]] = {}
    for rec in _records(content):
        out[rec.id] = rec.id
        seen.setdefault(rec.name, set()).add(rec.id)
    for name, ids in seen.items():
        if len(ids) == 1 and name not in out:
            out[name] = next(iter(ids))
    for terrain in content.terrain:  # terrain costs by day and night: `[overrides.forest]`
        out.setdefault(terrain, terrain)
    return out


def check(rs, over: Any, content, check_card=None, check_unit=None) -> dict[str, dict[str, Any]]:
    """The overrides table checked (names, fields, types, values), keyed by content id.
    `check_card(where, cid, values)` and `check_unit(where, unit, values)` check what a deed card
    or a unit has (overrides_check.py passes them: they read the card rules)."""
    known = names(content)
    if isinstance(over, dict):
        for name in over:
            if name not in known and any(r.name == name for r in _records(content)):
                ids = sorted(r.id for r in _records(content) if r.name == name)
                raise ValueError(
                    f"{rs.name}: overrides.{name!r}: the name is shared by {', '.join(ids)}; "
                    "use the content id"
                )
    fields = {**ENEMY_FIELDS, **UNIT_FIELDS, **CARD_FIELDS, **UNIT_VALUE_FIELDS, **TERRAIN_FIELDS}
    checked = check_override_table(rs, over, fields, known, EXAMPLES)
    out: dict[str, dict[str, Any]] = {}
    for name, values in checked.items():
        cid = known[name]
        if cid in content.cards or cid in content.skills:
            if check_card is None:
                raise ValueError(f"{rs.name}: overrides.{name!r}: deed cards are checked by overrides_check")
            check_card(f"{rs.name}: overrides.{name!r}", cid, values)
            out[cid] = {**out.get(cid, {}), **values}
            continue
        if cid in content.terrain and cid not in content.enemies and cid not in content.units:
            _terrain(cid, values, content, f"{rs.name}: overrides.{name!r}")
            out[cid] = {**out.get(cid, {}), **values}
            continue
        allowed = ENEMY_FIELDS if cid in content.enemies else {**UNIT_FIELDS, **UNIT_VALUE_FIELDS}
        if cid in content.units and check_unit is not None:
            check_unit(
                f"{rs.name}: overrides.{name!r}", cid, {k: v for k, v in values.items() if k in allowed}
            )
        for field, value in values.items():
            where = f"{rs.name}: overrides.{name!r}.{field}"
            if field not in allowed:
                raise ValueError(
                    f"{where}: not a value a situation may change for "
                    f"{'an enemy' if allowed is ENEMY_FIELDS else 'a unit'} "
                    f"(allowed: {', '.join(sorted(allowed))})"
                )
            if field == "attacks":
                for text in value:
                    attack(text, where)
            elif field == "abilities":
                _within(value, schema.ENEMY_ABILITIES, where)
                _elusive_fits(content.enemies[cid], values, where)
            elif field == "resistances":
                _within(value, RESISTANCES, where)
            elif field in UNIT_VALUE_FIELDS:
                continue  # checked by overrides_cards.check_unit
            elif value < 0 or (field in ("armour",) and value < 1):
                raise ValueError(f"{where} = {value}: must be at least {1 if field == 'armour' else 0}")
        out[cid] = {**out.get(cid, {}), **values}
    return {k: out[k] for k in sorted(out)}


def _terrain(terrain: str, values: dict[str, Any], content, where: str) -> None:
    """A terrain's move cost by day and night (MK:7:Move:3): a passable terrain, 0 or more.
    A lake or mountain made passable is a card's effect, not a terrain value."""
    for field, value in values.items():
        if field not in TERRAIN_FIELDS:
            raise ValueError(
                f"{where}.{field}: not a value a situation may change for a terrain "
                f"(allowed: day, night), e.g. [overrides.forest] day = 4"
            )
        if value < 0:
            raise ValueError(f"{where}.{field} = {value}: a move cost is 0 or more")
    base = content.terrain[terrain]
    if base.day is None or base.night is None:
        raise ValueError(f"{where}: {terrain} is impassable (MK:7:Move:3); its cost is not overridable")


def _elusive_fits(rec, values: dict[str, Any], where: str) -> None:
    """Elusive is an ability with a second armour value (MK:10:Abilities:Elusive): abilities without
    it take the second armour away, so stating an elusive armour too contradicts the file;
    abilities with it need a second armour the token has or the file gives."""
    elusive = "elusive" in values["abilities"]
    if not elusive and values.get("elusive_armour"):
        raise ValueError(
            f"{where}: no 'elusive' but elusive_armour = {values['elusive_armour']}: "
            "the second armour is Elusive's (MK:10:Abilities:Elusive); give both or neither"
        )
    if elusive and not values.get("elusive_armour", rec.armor_elusive):
        raise ValueError(
            f"{where}: 'elusive' needs its second armour: the token has none, add "
            "elusive_armour, e.g. elusive_armour = 8 (MK:10:Abilities:Elusive)"
        )


def _within(values: list[str], allowed, where: str) -> None:
    for v in values:
        if v not in allowed:
            raise ValueError(f"{where}: unknown {v!r} (allowed: {', '.join(allowed)})")


def attack(text: str, where: str = "attacks") -> EnemyAttack:
    """ "fire 5", "5" (physical) or "summon brown" as an enemy attack."""
    words = text.split()
    if len(words) == 2 and words[0] == "summon" and words[1] in schema.ENEMY_PILES:
        return EnemyAttack(0, "physical", True, words[1])
    element, value = ["physical", *words][-2:] if len(words) in (1, 2) else ("", "")
    if element not in schema.ELEMENTS or not (value.isascii() and value.isdigit()):  # not "²"
        raise ValueError(
            f"{where}: {text!r} is not an attack: write '<element> <value>' "
            f"(elements: {', '.join(schema.ELEMENTS)}) or 'summon <pile>'"
        )
    return EnemyAttack(int(value), element)


def enemy(e: CombatEnemy, over: dict[str, dict[str, Any]] | None) -> CombatEnemy:
    """The token with its content's overridden values applied (unchanged when none)."""
    values = (over or {}).get(e.enemy)
    if not values:
        return e
    for field, v in values.items():
        if field == "attacks":
            e.attacks = [attack(x) for x in v]
        elif field in ("abilities", "resistances"):
            setattr(e, field, list(v))
            if field == "abilities" and "elusive" not in v:
                e.elusive_armour = 0  # the second armour is Elusive's (MK:10:Abilities:Elusive)
        else:
            setattr(e, field, v)
    return e


def unit(u: CombatUnit, over: dict[str, dict[str, Any]] | None) -> CombatUnit:
    values = (over or {}).get(u.unit)
    for field, v in (values or {}).items():
        if field in UNIT_FIELDS:  # level, cost and abilities act outside combat
            setattr(u, field, list(v) if isinstance(v, list) else v)
    return u


def used(over: dict[str, dict[str, Any]] | None, enemies, units=()) -> dict[str, dict[str, Any]]:
    """`{uid: overridden values}` of the tokens and units that took values from `over`."""
    over = over or {}
    out = {e.uid: over[e.enemy] for e in enemies if e.enemy in over}
    out.update({u.uid: over[u.unit] for u in units if u.unit in over})
    return out
