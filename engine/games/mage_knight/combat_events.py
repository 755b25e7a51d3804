"""The damage phase's events and the fold of every `mk.combat.*` event (§7.5).

Events carry their results (wounds, remaining damage, armour raised) so the fold only applies
them; decide computes them with `combat_math` and writes the audit with rule ids.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from . import combat_abilities as ab
from .combat_math import damage_hero, damage_unit, unblocked_damage

if TYPE_CHECKING:  # pragma: no cover
    from .combat import Combat, CombatEnemy, EnemyAttack

Event = tuple[str, dict]


def knock_out_events(c: "Combat", n: int) -> list[Event]:
    """Knocked out once the wounds into hand this combat reach the unmodified hand limit
    (MK:9:Damage:5c)."""
    total = c.wounds_to_hand + n
    if c.knocked_out or n <= 0 or total < c.hand_limit:
        return []
    return [("mk.combat.knocked_out", {"wounds": total, "hand_limit": c.hand_limit, "rule": "MK:9:Damage:5c",
                                       "audit": [f"{total} wounds into hand this combat >= hand limit "
                                                 f"{c.hand_limit}: knocked out, discard all non-wound cards "
                                                 "(MK:9:Damage:5c)"]})]


def _last_open(e: "CombatEnemy", a: "EnemyAttack") -> bool:
    return all(x is a or x.summon or x.blocked or x.resolved for x in e.attacks)


def damage_events(c: "Combat", e: "CombatEnemy", i: int, a: "EnemyAttack", to: str) -> list[Event]:
    """Assign the (rest of the) damage of one unblocked attack to a unit or to the hero."""
    audit: list[str] = []
    if a.left >= 0:
        left = a.left
    else:
        left, audit = unblocked_damage(a.value, ab.has(e, "brutal"), a.reduced)
        audit = [f"{e.uid} attack {i}: {line}" for line in audit]
    poison, paralyze = ab.has(e, "poison"), ab.has(e, "paralyze")
    data: dict[str, Any] = {"enemy": e.uid, "attack": i, "to": to, "damage": left, "element": a.element}
    out: list[Event] = []
    raised = 0
    if to == "hero":
        h = damage_hero(left, c.hero_armour, poison=poison)
        audit += [f"hero: {line}" for line in h.audit]
        hit = paralyze and h.wounds_to_hand > 0
        if hit:
            audit.append("paralyze: the hero discards all non-wound cards from hand (MK:10:Damage:6b)")
        data.update(remaining=0, wounds_to_hand=h.wounds_to_hand, wounds_to_discard=h.wounds_to_discard,
                    paralyze=hit, rule="MK:9:Damage:5")
        raised = h.wounds_to_hand
        remaining = 0
    else:
        u = next(u for u in c.units if u.uid == to)
        r = damage_unit(left, u.armour, u.resistances, a.element, poison=poison, paralyze=paralyze)
        audit += [f"{to}: {line}" for line in r.audit]
        data.update(remaining=r.remaining, wounds=r.wounds, destroyed=r.destroyed, resisted=r.resisted,
                    rule="MK:9:Damage:4")
        raised = 1 if (r.wounds or r.destroyed) else 0
        remaining = r.remaining
    data["audit"] = audit
    out.append(("mk.combat.damage", data))
    if raised and ab.has(e, "vampiric"):
        out.append(("mk.combat.armour_raised", {"enemy": e.uid, "by": raised, "rule": "MK:10:Abilities:Vampiric",
                                                "audit": [f"vampiric: {e.uid} armour +{raised} for the rest of "
                                                          "the combat (MK:10:Abilities:Vampiric)"]}))
    if to == "hero":
        out += knock_out_events(c, data["wounds_to_hand"])
    if remaining == 0 and e.summoned_by and _last_open(e, a):
        out.append(("mk.combat.summoned_discarded", {"enemy": e.uid, "rule": "MK:10:Damage:6c", "audit": [
            f"{e.uid} (summoned by {e.summoned_by}) dealt its damage: discarded, no fame (MK:10:Damage:6c)"]}))
    return out


def _enemy(c: "Combat", uid: str) -> "CombatEnemy":
    for e in c.enemies:
        if e.uid == uid:
            return e
    raise ValueError(f"no enemy {uid!r} in this combat")


def _spend(c: "Combat", kinds: tuple[str, ...]) -> None:
    c.pool = [p for p in c.pool if p.kind not in kinds]


def apply_event(c: "Combat", type: str, d: dict, enemy_cls: Any) -> None:
    """Fold one combat event into `c` (mutating it)."""
    if type == "mk.combat.phase":
        c.phase, c.pool, c.current = d["phase"], [], []
    elif type == "mk.combat.attacked":
        _spend(c, tuple(d["use"]))
    elif type == "mk.combat.defeated":
        _enemy(c, d["enemy"]).defeated = True
        c.fame += d["fame"]
        c.reputation += d["reputation"]
    elif type == "mk.combat.blocked":
        _spend(c, ("block",))
        if d["success"]:
            _enemy(c, d["enemy"]).attacks[d["attack"]].blocked = True
    elif type == "mk.combat.cumbersome":
        a = _enemy(c, d["enemy"]).attacks[d["attack"]]
        a.reduced += d["points"]
        a.blocked = a.blocked or d["blocked"]
        n = d["points"]
        for p in c.pool:
            if p.kind == "move" and n:
                take = min(n, p.value)
                p.value, n = p.value - take, n - take
        c.pool = [p for p in c.pool if p.value > 0]
    elif type == "mk.combat.summon_requested":
        c.pending.append({"summoner": d["summoner"], "attack": d["attack"], "pile": d["pile"]})
    elif type == "mk.combat.summoned":
        key = {"summoner": d["summoner"], "attack": d["attack"]}
        c.pending = [p for p in c.pending if {"summoner": p["summoner"], "attack": p["attack"]} != key]
        if d.get("token"):
            c.enemies.append(msgspec.convert(d["token"], enemy_cls))
    elif type == "mk.combat.summoned_discarded":
        _enemy(c, d["enemy"]).discarded = True
    elif type == "mk.combat.damage":
        a = _enemy(c, d["enemy"]).attacks[d["attack"]]
        a.left = d["remaining"]
        if d["to"] == "hero":
            c.wounds_to_hand += d["wounds_to_hand"]
            c.wounds_to_discard += d["wounds_to_discard"]
            c.paralyzed = c.paralyzed or d["paralyze"]
        else:
            u = next(u for u in c.units if u.uid == d["to"])
            u.wounds += d["wounds"]
            u.wounded = u.wounded or d["wounds"] > 0
            u.destroyed = u.destroyed or d["destroyed"]
            u.resisted = u.resisted or d["resisted"]
        a.resolved = d["remaining"] == 0
        c.current = [] if a.resolved else [d["enemy"], d["attack"]]
    elif type == "mk.combat.armour_raised":
        _enemy(c, d["enemy"]).armour_bonus += d["by"]
    elif type == "mk.combat.knocked_out":
        c.knocked_out = True
    elif type == "mk.combat.hand_wounds":
        c.wounds_to_hand += d["n"]
    elif type != "mk.combat.ended":
        raise ValueError(f"unknown combat event {type!r}")
    c.audit.extend(d.get("audit", []))
