"""What the enemy abilities of §7.9 and the phase rules allow in a Mage Knight combat: who may be
targeted, with which points, against which armour, and who may take an attack's damage.

Pure reads of a `combat.Combat`; every refusal is a (rule id, reason) pair so the ruleset can
explain an illegal command. The arithmetic itself lives in `combat_math`.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.mage_knight.combat.arithmetic import (
    Part,
    attack_total,
    enemy_armour,
    may_target_in_ranged_phase,
)
from engine.games.mage_knight.combat.state import (
    Combat,
    CombatEnemy,
    EnemyAttack,
    aims_at,
    strength,
)
from engine.games.mage_knight.readings import combat

ATTACK_KINDS = ("ranged", "siege", "melee")
# which points may be played in each phase (MK:9:Ranged:2, MK:9:Block:4, MK:10:Attack:1)
PHASE_KINDS = {
    "ranged": ("ranged", "siege"),
    "block": ("block", "move"),
    "damage": (),
    "attack": ATTACK_KINDS,
    "over": (),
}
Why = tuple[str, str]


def has(e: CombatEnemy, ability: str) -> bool:
    return ability in e.abilities


def armour_now(c: Combat, e: CombatEnemy) -> tuple[int, list[str]]:
    """The armour an attack must reach now: elusive's higher value unless it is the attack phase
    and all its attacks were blocked; vampiric gains apply to both values (MK:10:Abilities:Elusive,
    MK:10:Abilities:Vampiric)."""
    all_blocked = all(a.blocked for a in e.attacks if not a.summon) and any(not a.summon for a in e.attacks)
    armour, audit = enemy_armour(
        e.armour, e.elusive_armour, c.phase, all_blocked, e.armour_bonus + e.armour_mod
    )
    if e.armour_bonus:
        audit.append(f"armour raised by {e.armour_bonus} in this combat (MK:10:Abilities:Vampiric)")
    if e.armour_mod:
        audit.append(f"armour {e.armour_mod:+d} by effects played in this combat (MK:8:Combat:4)")
    if armour < 1:
        armour = 1
        audit.append("armour never drops below 1 (MK:8:Combat:4)")
    return armour, [f"{e.uid}: {line}" for line in audit]


def site_fortified(e: CombatEnemy) -> bool:
    """Defenders of a fortified site are fortified; provoked rampagers are not (MK:8:Combat:2b)."""
    return e.defends_fortified_site


def targetable(c: Combat) -> list[CombatEnemy]:
    """Enemies an attack may name now: undefeated, not a summoned token (MK:9:Ranged:4)."""
    return [e for e in c.enemies if not e.defeated and not e.summoned_by and not e.discarded]


def target_problem(c: Combat, kind: str) -> Why | None:
    """Why attack points of `kind` would have nothing to hit now: the targets are chosen before
    the points (MK:9:Ranged:2-3a), so in the ranged and siege phase ranged points need an enemy
    that is neither Fortified nor a site's defender, and siege points one that is not both. An
    enemy-less combat (player against player, pvp_turn) aims at the other hero: no check here."""
    if kind not in ATTACK_KINDS or not c.enemies:
        return None
    foes = targetable(c)
    if c.phase != "ranged":
        return None if foes else ("MK:9:Ranged:4", "no undefeated enemy is left to target")
    if any(
        may_target_in_ranged_phase(kind, has(e, "fortified"), site_fortified(e), has(e, "unfortified"))
        is None
        for e in foes
    ):
        return None
    return "MK:9:Ranged:2", (
        f"no enemy can be targeted with {kind} points in the ranged and siege phase "
        f"({'fortified twice: ability and site' if kind == 'siege' else 'all are fortified'})"
    )


def pool_parts(c: Combat, kinds: list[str]) -> list[Part]:
    return [Part(p.value, p.element, p.target, p.not_target) for p in c.pool if p.kind in kinds]


def attack_problem(c: Combat, targets: list[str], use: list[str]) -> Why | None:
    """Why an attack with the pooled points of kinds `use` on `targets` is not allowed now."""
    if c.phase not in ("ranged", "attack"):
        return (
            "MK:8:Combat:3",
            f"attacks are made in the ranged and siege phase or the attack phase, not the {c.phase} phase",
        )
    if not targets or len(set(targets)) != len(targets):
        return "MK:9:Ranged:4", "an attack names one or more different enemies as its targets"
    by_uid = {e.uid: e for e in targetable(c)}
    for t in targets:
        if t not in by_uid:
            return "MK:9:Ranged:4", f"{t!r} is not an undefeated enemy that can be targeted now"
    if not use or len(set(use)) != len(use):
        return "MK:9:Ranged:4", "name the kinds of points the attack uses (ranged, siege, melee), each once"
    allowed = PHASE_KINDS[c.phase]
    for k in use:
        if k not in allowed:
            return "MK:9:Ranged:2", f"{k} points do not count in the {c.phase} phase"
        if not any(p.kind == k for p in c.pool):
            return "MK:9:Ranged:8", f"no {k} points have been played for this attack"
        if not any(p.kind == k and aims_at(p, targets) for p in c.pool):
            return (
                "MK:8:Combat:4",
                f"the {k} points played are aimed at other enemies than {', '.join(targets)}",
            )
    if c.phase == "ranged":
        for t in targets:
            e = by_uid[t]
            for k in use:
                why = may_target_in_ranged_phase(
                    k, has(e, "fortified"), site_fortified(e), has(e, "unfortified")
                )
                if why:
                    return "MK:9:Ranged:2", f"{t}: {why.replace(' (MK:9:Ranged:2)', '')}"
    parts, res = pool_parts(c, use), [by_uid[t].resistances for t in targets]
    total, _ = attack_total(
        parts, res, combat.per_type(c, [x for x in parts if aims_at(x, targets)], res), targets
    )
    armour = sum(armour_now(c, by_uid[t])[0] for t in targets)
    if total < armour:
        return "MK:9:Ranged:6", (
            f"attack {total} does not reach the targets' armour {armour}: add attacks, "
            "change the targets or take the cards back"
        )
    return None


def attackers(c: Combat) -> list[CombatEnemy]:
    """Enemies that attack in the block and damage phases: undefeated ones not stopped by an
    effect, a summoner replaced by its summoned tokens (MK:9:Block:1, MK:10:Abilities:Summon,
    MK:10:Abilities:MultipleAttacks)."""
    out = []
    for e in c.enemies:
        if e.defeated or e.discarded or e.prevented:
            continue
        if any(a.summon for a in e.attacks) and not e.summoned_by:
            continue
        out.append(e)
    return out


def open_attacks(c: Combat) -> Iterator[tuple[CombatEnemy, int, EnemyAttack]]:
    """Every attack still coming: not blocked, above 0, its damage not yet assigned."""
    for e in attackers(c):
        for i, a in enumerate(e.attacks):
            if not a.summon and not a.blocked and not a.resolved and strength(a) > 0:
                yield e, i, a


def find_attack(c: Combat, enemy: object, attack: object) -> tuple[CombatEnemy, EnemyAttack] | Why:
    for e in attackers(c):
        if e.uid == enemy:
            if (
                not isinstance(attack, int)
                or isinstance(attack, bool)
                or not 0 <= attack < len(e.attacks)
                or e.attacks[attack].summon
            ):
                return "MK:9:Block:3", f"{enemy} has no attack number {attack!r}"
            return e, e.attacks[attack]
    return "MK:9:Block:3", f"{enemy!r} is not an enemy attacking now"


def block_need(e: CombatEnemy, a: EnemyAttack) -> tuple[int, list[str]]:
    """The attack a block must reach: after cumbersome reductions, doubled against Swift
    (MK:9:Block:6, MK:9:Block:6a, MK:10:Abilities:Cumbersome)."""
    v = strength(a)
    audit = [
        f"{e.uid} attack {a.value}{f' - {a.reduced} cumbersome' if a.reduced else ''}"
        f"{f' - {a.weakened} by effects' if a.weakened else ''} = {v}"
    ]
    if has(e, "swift"):
        audit.append(f"swift: block needs {v} x 2 = {2 * v} (MK:9:Block:6a)")
        v *= 2
    return v, audit


def unit_problem(c: Combat, e: CombatEnemy, to: object) -> Why | None:
    """Why the damage of `e` may not go to unit `to` (MK:9:Damage:4, MK:9:Damage:4b,
    MK:10:Abilities:Assassination)."""
    if has(e, "assassination"):
        return "MK:10:Abilities:Assassination", f"{e.uid} is an assassin: its damage cannot go to units"
    u = next((u for u in c.units if u.uid == to), None)
    if u is None or u.destroyed:
        return "MK:9:Damage:4", f"{to!r} is not one of your units in this combat"
    if u.wounded:
        return "MK:9:Damage:4", f"{to} is wounded: only unwounded units may take damage"
    if u.resisted:
        return "MK:9:Damage:4b", f"{to} already absorbed damage by resistance in this combat"
    return None
