"""DragonLords combat arithmetic: total attack strength (G.A.S.), hit tests and income, audited.

Pure functions over small descriptions of a location, so the battle handlers (and tests) can ask
them without a game state. Every number comes back with the modifiers that made it, each naming
its source and rule id, so a battle event can show why a die hit or missed (issue 14, item 5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.dragonlords.content import Content, content

# treasures that raise their own side / lower the other side (§3.3/treasures, §3.4/land.2)
MIN_GAS, MAX_GAS = 1, 6


@dataclass(frozen=True)
class Modifier:
    source: str  # "Hope", "Panic", "Kingdom", a treasure's name
    delta: int
    rule: str


@dataclass(frozen=True)
class SideMagic:
    """What one side brings to a location: auras of its spellcasters and its treasures there."""

    hope: bool = False  # a spellcaster of this side here knows Hope (every King does)
    panic: bool = False  # a spellcaster of this side here knows Panic (every DragonLord does)
    treasures: tuple[str, ...] = ()  # treasure ids carried by this side's units here
    panic_source: str = "Panic"
    hope_source: str = "Hope"


@dataclass(frozen=True)
class Strength:
    value: int
    base: int
    modifiers: tuple[Modifier, ...] = field(default=())

    def audit(self) -> dict:
        return {
            "base": self.base,
            "value": self.value,
            "modifiers": [{"source": m.source, "delta": m.delta, "rule": m.rule} for m in self.modifiers],
        }


def attack_strength(
    base: int,
    own: SideMagic,
    enemy: SideMagic,
    *,
    attacker_in_kingdom: bool = False,
    at_sea: bool = False,
    c: Content | None = None,
    over: dict | None = None,
    kingdom_with_panic: bool = True,
) -> Strength:
    """G.A.S. of one unit: base, +1 Hope (not cumulative), -1 enemy Panic (not cumulative), treasures
    (cumulative), -1 for attacking a Kingdom, clamped to 1..6 after summing (DL:3.4/land.2)."""
    c = c or content()
    over = over or {}
    mods: list[Modifier] = []
    if own.hope:
        mods.append(Modifier(own.hope_source, +1, "DL:3.4/spells.hope"))
    if enemy.panic:
        mods.append(Modifier(enemy.panic_source, -1, "DL:3.4/spells.panic"))
    for tid in own.treasures:
        t, o = c.treasures[tid], over.get(tid, {})
        name = t.name + (" (overridden)" if o else "")
        if o.get("own", t.own):
            mods.append(Modifier(name, o.get("own", t.own), "DL:3.3/treasures"))
        if o.get("own_at_sea", t.own_at_sea) and at_sea:
            mods.append(Modifier(name, o.get("own_at_sea", t.own_at_sea), "DL:3.3/treasures"))
    for tid in enemy.treasures:
        t, o = c.treasures[tid], over.get(tid, {})
        if o.get("enemy", t.enemy):
            mods.append(
                Modifier(t.name + (" (overridden)" if o else ""), o.get("enemy", t.enemy), "DL:3.3/treasures")
            )
    if attacker_in_kingdom and not at_sea and (kingdom_with_panic or not enemy.panic):
        mods.append(Modifier("Kingdom", -1, "DL:2.2/kingdom"))
    raw = base + sum(m.delta for m in mods)
    return Strength(max(MIN_GAS, min(MAX_GAS, raw)), base, tuple(mods))


def is_hit(face: int, strength: int) -> bool:
    """A die (with as many sides as the target's defence) hits on a face at most the strength (DL:3.4/land.3)."""
    return face <= strength


def die_audit(faces: list[int], sides: int, strength: Strength) -> dict:
    """One attack roll for a battle event: each die, the strength it was tested against, hits."""
    dice = [
        {"face": f, "sides": sides, "against": strength.value, "hit": is_hit(f, strength.value)}
        for f in faces
    ]
    return {
        "dice": dice,
        "hits": sum(d["hit"] for d in dice),
        "strength": strength.audit(),
        "rule": "DL:3.4/land.3",
    }


def teleport_retreat_allowed(hits: int, remaining: int, reading: str = "fewer") -> bool:
    """A defending Teleport spellcaster may flee instead of striking back only if the attacker's dice
    hits are fewer than the defender's units left there (DL:3.4/retreat, reading INT-39 "fewer", as
    the rulebook's 6-elves example decides); option reading "not_exceed" allows hits == units."""
    return hits <= remaining if reading == "not_exceed" else hits < remaining


INCOME = {"kingdom": 5, "gold": 5, "island": 5, "teleportal": 1, "ordinary": 1}


def territory_income(kind: str, mine: bool, dwarf: bool, reading: str = "typed") -> Modifier:
    """Gold one held territory yields (DL:3.6): by its kind; a mine pays a Dwarf player 10.
    Reading INT-45 "typed" (default): one value per kind; "additive": 1 for every territory plus
    5 (10 for a Dwarf mine) for a kingdom, gold territory or island."""
    value = 10 if (mine and dwarf) else INCOME[kind]
    if reading == "additive" and value >= 5:
        value += 1
    return Modifier("mine (Dwarf)" if (mine and dwarf) else kind, value, "DL:3.6")


def income(held: list[tuple[str, bool]], dwarf: bool, reading: str = "typed") -> tuple[int, list[Modifier]]:
    """Income of a player holding `held` territories as (kind, mine); nothing without a Kingdom (DL:2.2/kingdom)."""
    if not any(kind == "kingdom" for kind, _ in held):
        return 0, [Modifier("no Kingdom held", 0, "DL:2.2/kingdom")]
    parts = [territory_income(kind, mine, dwarf, reading) for kind, mine in held]
    return sum(p.delta for p in parts), parts
