"""Combat arithmetic of Mage Knight (§7): attack and block totals with elements and resistances,
damage to units and hero with armour steps. Pure functions; each returns its audit, a list of
lines that explain every number with the rule id it follows (issue 12, audit).

Rule ids follow the rulebook's page and section: MK:9:Ranged, MK:9:Block, MK:9:Damage, MK:10:Damage.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

ELEMENTS = ("physical", "fire", "ice", "coldfire")
EFFICIENT_BLOCKS = {
    "physical": ("physical", "fire", "ice", "coldfire"),
    "fire": ("ice", "coldfire"),
    "ice": ("fire", "coldfire"),
    "coldfire": ("coldfire",),
}


class Part(msgspec.Struct, frozen=True):
    """One attack or block effect: its value and element; `target` / `not_target` aim it at one
    enemy or keep it off one (combat_state.Points)."""

    value: int
    element: str = "physical"
    target: str = ""
    not_target: str = ""


def _check(element: str) -> None:
    if element not in ELEMENTS:
        raise ValueError(f"unknown element {element!r}; expected one of {ELEMENTS} (MK:9:Ranged:3)")


def resists(resistances: Iterable[str], element: str) -> bool:
    """Cold fire resistance is having both fire and ice resistance (MK:9:Damage:4b)."""
    res = set(resistances)
    if element == "coldfire":
        return "fire" in res and "ice" in res
    return element in res


def aimed(parts: Sequence[Part], uids: Sequence[str] | None) -> tuple[list[Part], list[str]]:
    """The parts that count against the group `uids`: a part aimed at an enemy only when that
    enemy is in the group, a part kept off an enemy only when it is not (MK:8:Combat:4,
    MK:9:Ranged:4); each aimed part is named in the audit. `uids` None: every part counts."""
    if uids is None:
        return list(parts), []
    out, audit = [], []
    for p in parts:
        words = f"{p.element} attack {p.value}"
        if p.target and p.target not in uids:
            audit.append(f"{words} aimed at {p.target}, not in this attack: does not count (MK:8:Combat:4)")
        elif p.not_target and p.not_target in uids:
            audit.append(f"{words} may not be used against {p.not_target}: does not count (MK:8:Combat:4)")
        else:
            if p.target:
                audit.append(f"{words} aimed at {p.target}, in this attack: counts (MK:8:Combat:4)")
            elif p.not_target:
                audit.append(f"{words} used against others than {p.not_target}: counts (MK:8:Combat:4)")
            out.append(p)
    return out, audit


def attack_total(
    parts: Sequence[Part],
    targets: Sequence[Iterable[str]],
    per_type: bool = False,
    uids: Sequence[str] | None = None,
) -> tuple[int, list[str]]:
    """Total of one declared attack on a group: an element any target resists is halved, summed
    over all its parts and rounded down once (MK:9:Ranged:4a, MK:9:Ranged:7b); `per_type`
    (reading A8) halves and rounds down each resisted element on its own instead. Given the
    group's enemy ids `uids`, parts aimed elsewhere do not count (`aimed`)."""
    targets = [list(t) for t in targets]
    parts, audit = aimed(parts, uids)
    efficient, inefficient = 0, 0
    by_element: dict[str, int] = {}
    for p in parts:
        _check(p.element)
        by_element[p.element] = by_element.get(p.element, 0) + p.value
    for element in ELEMENTS:
        if element not in by_element:
            continue
        v = by_element[element]
        if any(resists(t, element) for t in targets):
            inefficient += v
            audit.append(f"{element} attack {v}: a target resists it, counts half (MK:9:Ranged:4a)")
        else:
            efficient += v
            audit.append(f"{element} attack {v}: fully efficient (MK:9:Ranged:4)")
    if per_type:
        halved = [
            (el, by_element[el])
            for el in ELEMENTS
            if el in by_element and any(resists(t, el) for t in targets)
        ]
        total = efficient + sum(v // 2 for _, v in halved)
        words = "".join(f" + {el} {v}//2" for el, v in halved)
        audit.append(
            f"attack total {efficient}{words} = {total} (each resisted element halved on its "
            "own, reading A8: per_type) (MK:9:Ranged:4a)"
        )
        return total, audit
    total = efficient + inefficient // 2
    audit.append(f"attack total {efficient} + {inefficient}//2 = {total} (MK:9:Ranged:4a)")
    return total, audit


def defeats(parts: Sequence[Part], targets: Sequence[tuple[int, Iterable[str]]]) -> tuple[bool, list[str]]:
    """Whether one attack defeats its whole group: total >= the summed armour (MK:9:Ranged:5)."""
    total, audit = attack_total(parts, [r for _, r in targets])
    armour = sum(a for a, _ in targets)
    ok = total >= armour
    audit.append(f"armour {armour}: {'defeated' if ok else 'not defeated'} (MK:9:Ranged:5)")
    return ok, audit


def block_total(parts: Sequence[Part], attack_element: str) -> tuple[int, list[str]]:
    """Block against one enemy attack: blocks of an inefficient element count half, summed and
    rounded down once (MK:9:Block:5)."""
    _check(attack_element)
    efficient = inefficient = 0
    for p in parts:
        _check(p.element)
        if p.element in EFFICIENT_BLOCKS[attack_element]:
            efficient += p.value
        else:
            inefficient += p.value
    total = efficient + inefficient // 2
    return total, [
        f"block vs {attack_element}: efficient {efficient} + inefficient {inefficient}//2 "
        f"= {total} (MK:9:Block:5)"
    ]


def blocked(
    parts: Sequence[Part], attack: int, attack_element: str, swift: bool = False
) -> tuple[bool, list[str]]:
    """A block succeeds if its total reaches the attack, twice the attack against Swift (MK:9:Block:6)."""
    total, audit = block_total(parts, attack_element)
    need = attack * (2 if swift else 1)
    ok = total >= need
    audit.append(
        f"needed {need}{' (swift: attack x2, MK:9:Block:6a)' if swift else ''}: "
        f"{'blocked' if ok else 'not blocked, the whole attack comes through'} (MK:9:Block:6)"
    )
    return ok, audit


class UnitDamage(msgspec.Struct, frozen=True):
    remaining: int  # damage left for other units or the hero
    wounds: int  # wound cards put on the unit (2 under poison)
    destroyed: bool  # paralyze: a unit that would be wounded is destroyed
    resisted: bool  # absorbed without a wound: may take no more damage this combat
    audit: list[str]


def damage_unit(
    damage: int,
    armour: int,
    resistances: Iterable[str],
    element: str,
    poison: bool = False,
    paralyze: bool = False,
) -> UnitDamage:
    """Assign one attack's damage to an unwounded unit (MK:9:Damage:4a-b, MK:10:Damage:6a-b)."""
    _check(element)
    audit = []
    if resists(resistances, element):
        after = damage - armour
        audit.append(
            f"unit resists {element}: {damage} - armour {armour} = {max(0, after)} without a wound "
            "(MK:9:Damage:4b)"
        )
        if after <= 0:
            return UnitDamage(0, 0, False, True, audit)
        damage = after
    if paralyze:
        audit.append("paralyze: the unit would be wounded, so it is destroyed (MK:10:Damage:6b)")
        return UnitDamage(
            max(0, damage - armour),
            0,
            True,
            False,
            [*audit, f"remaining {damage} - armour {armour} = {max(0, damage - armour)} (MK:9:Damage:4a)"],
        )
    wounds = 2 if poison else 1
    remaining = max(0, damage - armour)
    audit.append(
        f"unit wounded ({wounds} wound{'s' if wounds > 1 else ''}{', poison' if poison else ''}); "
        f"remaining {damage} - armour {armour} = {remaining} (MK:9:Damage:4a)"
    )
    return UnitDamage(remaining, wounds, False, False, audit)


class HeroDamage(msgspec.Struct, frozen=True):
    wounds_to_hand: int
    wounds_to_discard: int  # poison's extra wounds
    audit: list[str]


def damage_hero(damage: int, armour: int, poison: bool = False) -> HeroDamage:
    """One wound into hand per armour step, rounded up (MK:9:Damage:5b); poison adds as many to
    the discard pile (MK:10:Damage:6a)."""
    if armour <= 0:
        raise ValueError("hero armour must be positive (MK:9:Damage:5)")
    if damage <= 0:
        return HeroDamage(0, 0, ["no damage reaches the hero (MK:9:Damage:5)"])
    n = -(-damage // armour)
    audit = [f"hero takes ceil({damage} / armour {armour}) = {n} wound(s) into hand (MK:9:Damage:5b)"]
    if poison:
        audit.append(f"poison: {n} more wound(s) to the discard pile (MK:10:Damage:6a)")
    return HeroDamage(n, n if poison else 0, audit)


def knocked_out(wounds_to_hand_this_combat: int, hand_limit: int) -> bool:
    """Knocked out once the wounds taken into hand in this combat reach the unmodified hand
    limit (MK:9:Damage:5c)."""
    return wounds_to_hand_this_combat >= hand_limit


# -- enemy abilities (§7.9) ------------------------------------------------------------------


def enemy_armour(
    armour: int, elusive_armour: int, phase: str, all_attacks_blocked: bool, bonus: int = 0
) -> tuple[int, list[str]]:
    """An Elusive enemy uses its higher armour except in the attack phase after all its attacks
    were blocked; modifiers (vampiric, city bonus) apply to both values (MK:10:Abilities:Elusive)."""
    if elusive_armour and not (phase == "attack" and all_attacks_blocked):
        return elusive_armour + bonus, [
            f"elusive: armour {elusive_armour}{f' + {bonus}' if bonus else ''} (MK:10:Abilities:Elusive)"
        ]
    note = "elusive, all attacks blocked: lower armour " if elusive_armour else "armour "
    return armour + bonus, [f"{note}{armour}{f' + {bonus}' if bonus else ''} (MK:9:Ranged:5)"]


def may_target_in_ranged_phase(
    attack_type: str, fortified: bool, site_fortified: bool, unfortified: bool = False
) -> str | None:
    """None if an attack of `attack_type` may target the enemy in the ranged and siege phase,
    else why not: Fortified needs siege; fortified twice (ability and site) cannot be targeted;
    Unfortified ignores the site (MK:9:Ranged:2)."""
    if attack_type not in ("ranged", "siege"):
        return "only ranged and siege attacks count in the ranged and siege phase (MK:9:Ranged:2)"
    layers = int(fortified) + int(site_fortified and not unfortified)
    if layers >= 2:
        return "a fortified enemy defending a fortified site cannot be attacked in this phase (MK:9:Ranged:2)"
    if layers == 1 and attack_type != "siege":
        return "a fortified enemy can only be targeted by siege attacks in this phase (MK:9:Ranged:2)"
    return None


def unblocked_damage(
    attack: int, brutal: bool = False, cumbersome_reduction: int = 0
) -> tuple[int, list[str]]:
    """Damage of an unblocked attack: Cumbersome reductions first, then Brutal doubles (MK:9:Damage:2)."""
    v = max(0, attack - cumbersome_reduction)
    audit = []
    if cumbersome_reduction:
        audit.append(
            f"cumbersome: attack {attack} - {cumbersome_reduction} move points = {v} (MK:10:Abilities:Cumbersome)"
        )
    if brutal:
        audit.append(f"brutal: damage {v} x 2 = {2 * v} (MK:10:Abilities:Brutal)")
        v *= 2
    else:
        audit.append(f"damage {v} (MK:9:Damage:2)")
    return v, audit


def units_may_take(assassination: bool) -> bool:
    """An Assassin's damage cannot be assigned to units (MK:10:Abilities:Assassination)."""
    return not assassination


def reputation_for_defeat(pile: str, on_rampaging_space: bool, printed: int = 0) -> tuple[int, list[str]]:
    """Reputation for one defeated enemy: +1 per Orc and +2 per Draconum defeated on its own
    rampaging space, nothing when the same token defends elsewhere (MK:10:Result:2a); a token's
    printed reputation change applies wherever it is defeated (public lists: Thugs, Heroes)."""
    rep = printed
    audit = [f"printed reputation {printed:+d} (public-list)"] if printed else []
    if on_rampaging_space and pile in ("green", "red"):
        gain = 1 if pile == "green" else 2
        rep += gain
        audit.append(
            f"rampaging {'orc' if pile == 'green' else 'draconum'} defeated on its space: "
            f"reputation +{gain} (MK:10:Result:2a)"
        )
    elif pile in ("green", "red"):
        audit.append("defeated away from a rampaging space: no reputation (MK:10:Result:2a)")
    return rep, audit


class UnitTarget(msgspec.Struct, frozen=True):
    name: str
    armour: int
    resistances: tuple[str, ...] = ()


class DamageResult(msgspec.Struct, frozen=True):
    units: dict[str, UnitDamage]
    hero: HeroDamage
    vampiric_armour: int  # armour the enemy gains for the rest of the combat
    audit: list[str]


def resolve_unblocked(
    attack: int,
    element: str,
    units: Sequence[UnitTarget],
    hero_armour: int,
    *,
    brutal: bool = False,
    poison: bool = False,
    paralyze: bool = False,
    assassination: bool = False,
    vampiric: bool = False,
    cumbersome_reduction: int = 0,
) -> DamageResult:
    """Damage of one unblocked enemy attack: assigned to `units` in the order the player chose,
    the rest to the hero; every number explained with its rule (MK:9:Damage, MK:10:Damage)."""
    damage, audit = unblocked_damage(attack, brutal, cumbersome_reduction)
    if assassination and units:
        raise ValueError("an Assassin's damage cannot be assigned to units (MK:10:Abilities:Assassination)")
    out: dict[str, UnitDamage] = {}
    vamp = 0
    for u in units:
        if damage <= 0:
            raise ValueError(f"no damage is left for {u.name} (MK:9:Damage:4)")
        r = damage_unit(damage, u.armour, u.resistances, element, poison=poison, paralyze=paralyze)
        out[u.name] = r
        audit += [f"{u.name}: {line}" for line in r.audit]
        if vampiric and (r.wounds or r.destroyed):
            vamp += 1
            audit.append(f"vampiric: enemy armour +1 for wounding {u.name} (MK:10:Abilities:Vampiric)")
        damage = r.remaining
    hero = damage_hero(damage, hero_armour, poison=poison)
    audit += [f"hero: {line}" for line in hero.audit]
    if paralyze and hero.wounds_to_hand:
        audit.append("paralyze: the hero discards all non-wound cards from hand (MK:10:Damage:6b)")
    if vampiric and hero.wounds_to_hand:
        vamp += hero.wounds_to_hand
        audit.append(
            f"vampiric: enemy armour +{hero.wounds_to_hand} for the hero's wounds (MK:10:Abilities:Vampiric)"
        )
    return DamageResult(out, hero, vamp, audit)
