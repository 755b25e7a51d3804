"""The events each combat command causes, and their fold (§7.3-§7.7).

Events carry their results (totals, wounds, remaining damage, armour raised) so the fold only
applies them; the builders compute them with `combat_math` and write the audit with rule ids.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.mage_knight.combat import abilities
from engine.games.mage_knight.combat.arithmetic import (
    Part,
    attack_total,
    block_total,
    blocked,
    damage_hero,
    damage_unit,
    knocked_out,
    reputation_for_defeat,
    unblocked_damage,
)
from engine.games.mage_knight.combat.state import (
    Combat,
    CombatEnemy,
    EnemyAttack,
    aims_at,
    outcome,
    strength,
)
from engine.games.mage_knight.readings import combat

Event = tuple[str, dict]


def attack_events(c: Combat, targets: list[str], use: list[str]) -> list[Event]:
    """A successful attack on a group: every target defeated, fame at once (MK:9:Ranged:5)."""
    foes = [e for e in abilities.targetable(c) if e.uid in targets]
    parts, res = abilities.pool_parts(c, use), [e.resistances for e in foes]
    total, audit = attack_total(
        parts, res, combat.per_type(c, [x for x in parts if aims_at(x, targets)], res), targets
    )
    armour = 0
    for e in foes:
        v, lines = abilities.armour_now(c, e)
        armour += v
        audit += lines
    audit.append(f"attack {total} >= armour {armour}: {', '.join(targets)} defeated (MK:9:Ranged:5)")
    out: list[Event] = [
        (
            "mk.combat.attacked",
            {
                "targets": targets,
                "use": use,
                "total": total,
                "armour": armour,
                "rule": "MK:9:Ranged:5",
                "audit": audit,
            },
        )
    ]
    for e in foes:
        own_space = e.rampaging and (not c.fortified_site or combat.reputation_in_assault(c))
        rep, rep_audit = reputation_for_defeat(e.pile, own_space, e.reputation)
        if e.rampaging and not own_space:
            rep_audit.append(
                "rampaging, but defeated in an assault: no reputation (reading A37: "
                "not_in_assault) (MK:10:Result:2a)"
            )
        out.append(
            (
                "mk.combat.defeated",
                {
                    "enemy": e.uid,
                    "token": e.enemy,
                    "pile": e.pile,
                    "fame": e.fame,
                    "reputation": rep,
                    "rule": "MK:9:Ranged:5",
                    "audit": [f"{e.uid} defeated: fame +{e.fame} at once (MK:9:Ranged:5)"]
                    + [f"{e.uid}: {line}" for line in rep_audit],
                },
            )
        )
    return out


def block_events(c: Combat, e: CombatEnemy, i: int, a: EnemyAttack) -> list[Event]:
    """The whole block pool against one attack; spent even when it fails (MK:9:Block:6, MK:9:Block:8)."""
    need, audit = abilities.block_need(e, a)
    parts = [Part(p.value, p.element) for p in c.pool if p.kind == "block"]
    ok, lines = blocked(parts, need, a.element)
    audit += lines
    total = block_total(parts, a.element)[0]
    out: list[Event] = [
        (
            "mk.combat.blocked",
            {
                "enemy": e.uid,
                "attack": i,
                "success": ok,
                "need": need,
                "total": total,
                "rule": "MK:9:Block:6" if ok else "MK:9:Block:8",
                "audit": audit,
            },
        )
    ]
    if ok and e.summoned_by and _last_open(e, a):
        out.append(
            (
                "mk.combat.summoned_discarded",
                {
                    "enemy": e.uid,
                    "rule": "MK:9:Block:7a",
                    "audit": [
                        f"{e.uid} (summoned by {e.summoned_by}) blocked: discarded, no fame (MK:9:Block:7a)"
                    ],
                },
            )
        )
    return out


def cumbersome_events(e: CombatEnemy, i: int, a: EnemyAttack, n: int) -> list[Event]:
    """Move points spent on a Cumbersome attack; at 0 it counts as blocked (MK:10:Abilities:Cumbersome)."""
    after = strength(a) - n
    return [
        (
            "mk.combat.cumbersome",
            {
                "enemy": e.uid,
                "attack": i,
                "points": n,
                "value": after,
                "blocked": after == 0,
                "rule": "MK:10:Abilities:Cumbersome",
                "audit": [
                    f"{e.uid}: {n} move points spent, attack {strength(a)} -> {after}"
                    + (": counts as blocked" if after == 0 else "")
                    + " (MK:10:Abilities:Cumbersome)"
                ],
            },
        )
    ]


def knock_out_events(c: Combat, n: int) -> list[Event]:
    """Knocked out once the wounds into hand this combat reach the unmodified hand limit
    (MK:9:Damage:5c)."""
    total = c.wounds_to_hand + c.other_hand_wounds + n
    if c.knocked_out or n <= 0 or not knocked_out(total, c.hand_limit):
        return []
    return [
        (
            "mk.combat.knocked_out",
            {
                "wounds": total,
                "hand_limit": c.hand_limit,
                "rule": "MK:9:Damage:5c",
                "audit": [
                    f"{total} wounds into hand this combat >= hand limit "
                    f"{c.hand_limit}: knocked out, discard all non-wound cards "
                    "(MK:9:Damage:5c)"
                ],
            },
        )
    ]


def _last_open(e: CombatEnemy, a: EnemyAttack) -> bool:
    return all(x is a or x.summon or x.blocked or x.resolved or strength(x) == 0 for x in e.attacks)


def damage_events(c: Combat, e: CombatEnemy, i: int, a: EnemyAttack, to: str) -> list[Event]:
    """Assign the (rest of the) damage of one unblocked attack to a unit or to the hero
    (MK:9:Damage:2-5, MK:10:Damage:6a-c)."""
    audit: list[str] = []
    if a.left >= 0:
        left = a.left
    else:
        lowers = combat.cumbersome_lowers_damage(c) if a.reduced else True
        left, audit = unblocked_damage(
            a.value - a.weakened, abilities.has(e, "brutal"), a.reduced if lowers else 0
        )
        if not lowers:
            audit.insert(
                0,
                f"cumbersome: {a.reduced} move points spent count for blocking only, not for "
                "the damage (reading A19: block_only) (MK:10:Abilities:Cumbersome)",
            )
        if a.weakened:
            audit.insert(
                0, f"attack {a.value} - {a.weakened} by effects = {a.value - a.weakened} (MK:8:Combat:4)"
            )
        audit = [f"{e.uid} attack {i}: {line}" for line in audit]
    poison, paralyze = abilities.has(e, "poison"), abilities.has(e, "paralyze")
    data: dict[str, Any] = {"enemy": e.uid, "attack": i, "to": to, "damage": left, "element": a.element}
    if to == "hero" and c.hero_damage_off.get(a.element) and left > 0:  # Elemental Resistance (mkcards)
        off = min(left, c.hero_damage_off[a.element])
        audit.append(
            f"{e.uid} attack {i}: {a.element} damage {left} - {off} by a skill = {left - off} (MK:5:Skills:4d)"
        )
        left -= off
        data["damage"] = left
    if to == "hero":
        h = damage_hero(left, c.hero_armour, poison=poison)
        audit += [f"hero: {line}" for line in h.audit]
        hit = paralyze and h.wounds_to_hand > 0
        if hit:
            audit.append("paralyze: the hero discards all non-wound cards from hand (MK:10:Damage:6b)")
        data.update(
            remaining=0,
            wounds_to_hand=h.wounds_to_hand,
            wounds_to_discard=h.wounds_to_discard,
            paralyze=hit,
            rule="MK:9:Damage:5",
        )
        raised, remaining = h.wounds_to_hand, 0
    else:
        u = next(u for u in c.units if u.uid == to)
        r = damage_unit(left, u.armour, u.resistances, a.element, poison=poison, paralyze=paralyze)
        audit += [f"{to}: {line}" for line in r.audit]
        data.update(
            remaining=r.remaining,
            wounds=r.wounds,
            destroyed=r.destroyed,
            resisted=r.resisted,
            rule="MK:9:Damage:4",
        )
        raised, remaining = (1 if (r.wounds or r.destroyed) else 0), r.remaining
    data["audit"] = audit
    out: list[Event] = [("mk.combat.damage", data)]
    if raised and abilities.has(e, "vampiric"):
        out.append(
            (
                "mk.combat.armour_raised",
                {
                    "enemy": e.uid,
                    "by": raised,
                    "rule": "MK:10:Abilities:Vampiric",
                    "audit": [
                        f"vampiric: {e.uid} armour +{raised} for the rest of "
                        "the combat (MK:10:Abilities:Vampiric)"
                    ],
                },
            )
        )
    if to == "hero":
        out += knock_out_events(c, data["wounds_to_hand"])
    if remaining == 0 and e.summoned_by and _last_open(e, a):
        out.append(
            (
                "mk.combat.summoned_discarded",
                {
                    "enemy": e.uid,
                    "rule": "MK:10:Damage:6c",
                    "audit": [
                        f"{e.uid} (summoned by {e.summoned_by}) dealt its damage: discarded, no fame (MK:10:Damage:6c)"
                    ],
                },
            )
        )
    return out


def next_phase_events(c: Combat) -> list[Event]:
    """End the phase: unspent points lapse; summoners ask for their draws at the start of the
    block phase; the damage phase is skipped when nothing is unblocked (MK:8:Combat:3)."""
    rule = "MK:9:Block:10" if c.phase == "block" else "MK:9:Ranged:8"
    audit = [f"{p.source}: {p.kind} {p.value} not used, lapses ({rule})" for p in c.pool]
    alive = abilities.targetable(c)
    summoners = alive
    if (
        c.phase == "ranged"
        and any(e.defeated and _summons(e) for e in c.enemies)
        and combat.defeated_summoner_summons(c)
    ):
        summoners = [e for e in c.enemies if not e.summoned_by and (not e.defeated or _summons(e))]
    if c.phase == "ranged":
        nxt = "block" if alive or summoners else "over"
    elif c.phase == "block":
        nxt = "damage" if any(True for _ in abilities.open_attacks(c)) else "attack"
        if nxt == "attack":
            audit.append("no unblocked attack: the damage phase is skipped (MK:9:Damage:1)")
    else:
        nxt = "attack" if c.phase == "damage" else "over"
    out: list[Event] = [("mk.combat.phase", {"phase": nxt, "rule": "MK:8:Combat:3", "audit": audit})]
    if nxt == "attack":  # summoned tokens never outlive the damage phase (MK:10:Damage:6c)
        for e in c.enemies:
            if e.summoned_by and not e.discarded:
                out.append(
                    (
                        "mk.combat.summoned_discarded",
                        {
                            "enemy": e.uid,
                            "rule": "MK:10:Damage:6c",
                            "audit": [
                                f"{e.uid} (summoned by {e.summoned_by}) leaves with the damage phase, no fame (MK:10:Damage:6c)"
                            ],
                        },
                    )
                )
    if nxt == "block":
        for e in summoners:
            for i, a in enumerate(e.attacks):
                if a.summon and not e.prevented:
                    pile = a.summon_pile or "brown"
                    why = (
                        " although defeated in the ranged phase (reading A18: still_summons)"
                        if e.defeated
                        else ""
                    )
                    out.append(
                        (
                            "mk.combat.summon_requested",
                            {
                                "summoner": e.uid,
                                "attack": i,
                                "pile": pile,
                                "rule": "MK:10:Abilities:Summon",
                                "audit": [
                                    f"{e.uid} summons{why}: draw 1 {pile} token (MK:10:Abilities:Summon)"
                                ],
                            },
                        )
                    )
    if nxt == "over":
        after = msgspec.convert(msgspec.to_builtins(c), Combat)
        for t, d in out:
            apply_event(after, t, d)
        out.append(
            (
                "mk.combat.ended",
                {"outcome": msgspec.to_builtins(outcome(after)), "rule": "MK:10:Result:1", "audit": []},
            )
        )
    return out


def _summons(e: CombatEnemy) -> bool:
    return any(a.summon for a in e.attacks) and not e.prevented


def _enemy(c: Combat, uid: str) -> CombatEnemy:
    for e in c.enemies:
        if e.uid == uid:
            return e
    raise ValueError(f"no enemy {uid!r} in this combat")


def _spend(c: Combat, kinds: tuple[str, ...], targets: object = None) -> None:
    """Spend the pooled points of `kinds`; points aimed off the attacked group stay."""
    c.pool = [p for p in c.pool if p.kind not in kinds or (targets is not None and not aims_at(p, targets))]


def apply_event(c: Combat, type: str, d: dict) -> None:
    """Fold one combat event into `c` (mutating it)."""
    if type == "mk.combat.phase":
        c.phase, c.pool, c.current = d["phase"], [], []
    elif type == "mk.combat.attacked":
        _spend(c, tuple(d["use"]), d["targets"])
    elif type == "mk.combat.defeated":
        _enemy(c, d["enemy"]).defeated = True
        c.defeated_order.append(d["enemy"])
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
        c.pending = [p for p in c.pending if (p["summoner"], p["attack"]) != (d["summoner"], d["attack"])]
        if d.get("token"):
            c.enemies.append(msgspec.convert(d["token"], CombatEnemy))
    elif type == "mk.combat.summoned_discarded":
        _enemy(c, d["enemy"]).discarded = True
    elif type == "mk.combat.damage":
        _fold_damage(c, d)
    elif type == "mk.combat.armour_raised":
        _enemy(c, d["enemy"]).armour_bonus += d["by"]
    elif type == "mk.combat.enemy_modified":
        e = _enemy(c, d["enemy"])
        e.armour_mod += d.get("armour", 0)
        for a in e.attacks:
            a.weakened += d.get("attack", 0)
        e.prevented = e.prevented or d.get("prevent", False)
    elif type == "mk.combat.knocked_out":
        c.knocked_out = True
    elif type == "mk.combat.hand_wounds":
        c.other_hand_wounds += d["n"]
    elif type != "mk.combat.ended":
        raise ValueError(f"unknown combat event {type!r}")
    c.audit.extend(d.get("audit", []))


def _fold_damage(c: Combat, d: dict) -> None:
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
