"""Mage Knight combat against enemy tokens (§7) as a pure state machine: Structs in, events out.

The ruleset keeps a `Combat` in its state and drives it; nothing here knows the table, the
pipeline or chance. Phases run ranged -> block -> damage -> attack -> over (MK:8:Combat:3).

    start(content, enemies, *, units=(), hero_armour, hand_limit, night=False, site=None,
          fortified_site=False, rampaging=()) -> Combat
        enemies: [(uid, enemy content id)]; units: [(uid, unit content id, wounded, ready)];
        rampaging: uids fought on their own rampaging space (not site-fortified, reputation).
    add_points(c, kind, element, value, source)   kind: ranged|siege|melee|block|move; called by
        the ruleset's fold when a played effect gives points; points_problem(c, ...) says first
        why it may not (rule id, reason) or None.
    add_hand_wounds(c, n, source) -> events       wounds taken into hand by other effects (knock-out)
    legal(c) -> list[dict]                        the combat commands open now
    explain(c, cmd) -> (rule id, reason) | None   why a command is illegal
    preview(c, cmd) -> str | None                 words for a legal command (totals, wounds)
    decide(c, cmd) -> [(event type, data)]        the events of a legal command (audit + rule ids)
    fold(c, type, data)                           apply one `mk.combat.*` event
    pending_summons(c) -> [dict]                  draws the ruleset must make (brown pile, ...)
    summoned(content, c, summoner, attack, enemy_id | None) -> (type, data)   the draw's event
    outcome(c) -> CombatOutcome
    effect_problem(c, enemy, *, armour=0, attack=0, prevent=False, colour=None) -> (rule, reason) | None
    modify_enemy(c, enemy, *, source, armour=0, attack=0, prevent=False, colour=None) -> events
        non-attack effects on an enemy, cancelled by Arcane Immunity and colour immunity

The Structs live in combat_state, the phase rules in combat_abilities, the events and their fold
in combat_events, the arithmetic in combat_math; combat_rules holds their catalog entries.

Commands: {"kind": "attack", "targets": [uid...], "use": ["ranged"|"siege"|"melee"...]}
(spends every pooled point of those kinds), {"kind": "block", "enemy": uid, "attack": i}
(spends the whole block pool on one attack), {"kind": "cumbersome", "enemy": uid, "attack": i,
"points": n}, {"kind": "assign", "enemy": uid, "attack": i, "to": "hero" | unit uid},
{"kind": "next"}. Points not spent when a phase ends lapse (MK:9:Ranged:8, MK:9:Block:10).

Events (data always has "rule" and "audit"): mk.combat.attacked, .defeated (fame and reputation
at once), .blocked, .cumbersome, .phase, .summon_requested (the ruleset draws, then folds
.summoned), .summoned_discarded, .damage (to a unit: wounds/destroyed/resisted; to the hero:
wounds_to_hand, wounds_to_discard, paralyze = discard the non-wound hand), .armour_raised
(vampiric), .knocked_out (discard the non-wound hand), .hand_wounds, .enemy_modified, .ended
(the outcome). The ruleset moves wound cards and discards the hand when it folds these.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import msgspec

from engine.games.mage_knight.combat import abilities
from engine.games.mage_knight.combat import events as combat_events
from engine.games.mage_knight.combat.arithmetic import ELEMENTS
from engine.games.mage_knight.combat.effects import effect_problem, modify_enemy
from engine.games.mage_knight.combat.state import (
    Combat,
    CombatEnemy,
    CombatOutcome,
    CombatUnit,
    EnemyAttack,
    Points,
    outcome,
    strength,
)
from engine.games.mage_knight.situations import combat_overrides as overridden

__all__ = [
    "Combat",
    "CombatEnemy",
    "CombatOutcome",
    "CombatUnit",
    "EnemyAttack",
    "Points",
    "add_hand_wounds",
    "add_points",
    "decide",
    "effect_problem",
    "explain",
    "fold",
    "legal",
    "modify_enemy",
    "outcome",
    "pending_summons",
    "points_problem",
    "preview",
    "start",
    "summoned",
    "target_problem",
]

PHASES = ("ranged", "block", "damage", "attack", "over")
Event = tuple[str, dict]


def _enemy(content: Any, uid: str, enemy_id: str, overrides: dict | None = None, **kw: Any) -> CombatEnemy:
    rec = content.enemies.get(enemy_id)
    if rec is None:
        raise ValueError(f"unknown enemy {enemy_id!r} (MK:8:Combat:3)")
    return overridden.enemy(
        CombatEnemy(
            uid=uid,
            enemy=enemy_id,
            pile=rec.color,
            armour=rec.armor,
            elusive_armour=rec.armor_elusive,
            attacks=[EnemyAttack(a.value, a.element, a.summon, a.summon_pile) for a in rec.attacks],
            abilities=list(rec.abilities),
            resistances=list(rec.resistances),
            fame=rec.fame,
            reputation=rec.reputation,
            **kw,
        ),
        overrides,
    )


def start(
    content: Any,
    enemies: Sequence[tuple[str, str]],
    *,
    units: Sequence[tuple] = (),
    hero_armour: int,
    hand_limit: int,
    night: bool = False,
    site: str | None = None,
    fortified_site: bool = False,
    rampaging: Sequence[str] = (),
    readings: dict | None = None,
    overrides: dict | None = None,
) -> Combat:
    """A combat in its ranged and siege phase. Rampagers are not fortified by the site
    (MK:8:Combat:2b). `readings` and `overrides`: the game's chosen readings and a situation's
    enemy and unit values (combat_readings, combat_overrides)."""
    if hero_armour <= 0 or hand_limit <= 0:
        raise ValueError("hero armour and hand limit must be positive (MK:9:Damage:5)")
    uids = [u for u, _ in enemies] + [u[0] for u in units]
    if len(set(uids)) != len(uids):
        raise ValueError("enemy and unit uids must be unique in a combat")
    foes = [
        _enemy(
            content,
            uid,
            eid,
            overrides,
            rampaging=uid in rampaging,
            defends_fortified_site=fortified_site and uid not in rampaging,
        )
        for uid, eid in enemies
    ]
    mine = []
    for u in units:
        uid, unit_id, wounded, ready = (*u, False, True)[:4]
        rec = content.units.get(unit_id)
        if rec is None:
            raise ValueError(f"unknown unit {unit_id!r}")
        mine.append(
            overridden.unit(
                CombatUnit(uid, unit_id, bool(wounded), bool(ready), rec.armor, list(rec.resistances)),
                overrides,
            )
        )
    return Combat(
        "ranged",
        foes,
        mine,
        hero_armour,
        hand_limit,
        night,
        fortified_site,
        site,
        readings=dict(readings or {}),
    )


def points_problem(c: Combat, kind: str, element: str, value: int) -> tuple[str, str] | None:
    """Why points of `kind` may not be played now (rule id, reason), or None."""
    if element not in ELEMENTS:
        return "MK:9:Ranged:3", f"unknown element {element!r}"
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        return "MK:9:Ranged:4", f"points must be a positive whole number, not {value!r}"
    if kind not in abilities.PHASE_KINDS[c.phase]:
        return "MK:8:Combat:3", f"{kind} points cannot be played in the {c.phase} phase"
    if kind == "move" and element != "physical":
        return "MK:10:Abilities:Cumbersome", "move points have no element"
    return None


def target_problem(c: Combat, kind: str) -> tuple[str, str] | None:
    """Why attack points of `kind` could hit no enemy now (rule id, reason), or None."""
    return abilities.target_problem(c, kind)


def add_points(
    c: Combat, kind: str, element: str, value: int, source: str, target: str = "", not_target: str = ""
) -> None:
    """Pool points a played effect gives; the next attack or block declaration spends them.
    `target` aims them at one enemy, `not_target` keeps them off one (combat_state.Points)."""
    why = points_problem(c, kind, element, value)
    if why:
        raise ValueError(f"{why[1]} ({why[0]})")
    c.pool.append(Points(kind, element, value, source, target, not_target))
    aim = f" aimed at {target}" if target else f" not against {not_target}" if not_target else ""
    c.audit.append(f"{source}: {kind} {value}{'' if element == 'physical' else ' ' + element}{aim}")


def add_hand_wounds(c: Combat, n: int, source: str) -> list[Event]:
    """Wounds into hand from other effects count toward knock-out (MK:9:Damage:5c)."""
    return [
        (
            "mk.combat.hand_wounds",
            {
                "n": n,
                "source": source,
                "rule": "MK:9:Damage:5c",
                "audit": [f"{source}: {n} wound(s) into hand (MK:9:Damage:5c)"],
            },
        ),
        *combat_events.knock_out_events(c, n),
    ]


def pending_summons(c: Combat) -> list[dict]:
    """The draws asked for by `mk.combat.summon_requested`: [{"summoner", "attack", "pile"}]."""
    return [dict(p) for p in c.pending]


def summoned(
    content: Any, c: Combat, summoner: str, attack: int, enemy_id: str | None, overrides: dict | None = None
) -> Event:
    """The event for the token drawn for a summon (None: its pile was empty); a situation's
    overridden values of the drawn token are applied and listed under `overridden`."""
    data: dict = {
        "summoner": summoner,
        "attack": attack,
        "enemy": enemy_id,
        "rule": "MK:10:Abilities:Summon",
        "audit": [
            f"{summoner} summons {enemy_id or 'nothing (the pile is empty)'}; it takes the "
            "summoner's place in the block and damage phases (MK:10:Abilities:Summon)"
        ],
    }
    if enemy_id is not None:
        token = _enemy(content, f"{summoner}~{attack}", enemy_id, overrides, summoned_by=summoner)
        data["token"] = msgspec.to_builtins(token)
        if overridden.used(overrides, [token]):
            data["overridden"] = overridden.used(overrides, [token])
    return "mk.combat.summoned", data


# -- commands ---------------------------------------------------------------------------------


def _uses(c: Combat) -> list[list[str]]:
    kinds = [
        k
        for k in abilities.PHASE_KINDS[c.phase]
        if k in abilities.ATTACK_KINDS and any(p.kind == k for p in c.pool)
    ]
    return [list(s) for n in range(len(kinds), 0, -1) for s in combinations(kinds, n)]


def legal(c: Combat) -> list[dict]:
    if c.phase == "over":
        return []
    if c.pending:
        return []
    out: list[dict] = []
    if c.phase in ("ranged", "attack"):
        uids = [e.uid for e in abilities.targetable(c)]
        groups = [list(g) for n in range(1, len(uids) + 1) for g in combinations(uids, n)]
        for use in _uses(c):
            for g in groups:
                if abilities.attack_problem(c, g, use) is None:
                    out.append({"kind": "attack", "targets": g, "use": use})
    elif c.phase == "block":
        moves = sum(p.value for p in c.pool if p.kind == "move")
        for e, i, a in abilities.open_attacks(c):
            if any(p.kind == "block" for p in c.pool):
                out.append({"kind": "block", "enemy": e.uid, "attack": i})
            if abilities.has(e, "cumbersome"):
                for n in range(1, min(moves, strength(a)) + 1):
                    out.append({"kind": "cumbersome", "enemy": e.uid, "attack": i, "points": n})
    elif c.phase == "damage":
        for e, i, _a in abilities.open_attacks(c):
            if c.current and c.current != [e.uid, i]:
                continue
            for u in c.units:
                if abilities.unit_problem(c, e, u.uid) is None:
                    out.append({"kind": "assign", "enemy": e.uid, "attack": i, "to": u.uid})
            out.append({"kind": "assign", "enemy": e.uid, "attack": i, "to": "hero"})
    if explain(c, {"kind": "next"}) is None:
        out.append({"kind": "next"})
    return out


FIELDS = {
    "attack": {"targets", "use"},
    "block": {"enemy", "attack"},
    "cumbersome": {"enemy", "attack", "points"},
    "assign": {"enemy", "attack", "to"},
    "next": set(),
}


def explain(c: Combat, cmd: dict) -> tuple[str, str] | None:
    kind = cmd.get("kind") if isinstance(cmd, dict) else None
    if not isinstance(kind, str) or kind not in FIELDS:
        return "MK:8:Combat:3", f"unknown combat command {kind!r}"
    extra = sorted(set(cmd) - FIELDS[kind] - {"kind"})
    if extra:
        if kind in ("block", "attack"):
            return "MK:5:Combined:1a", (
                f"{kind} takes no {', '.join(extra)}: the points played are one effect and "
                "go whole to one enemy attack or target group"
            )
        return "MK:8:Combat:3", f"{kind} takes no {', '.join(extra)}"
    if c.phase == "over":
        return "MK:10:Result:1", "the combat is over"
    if c.pending:
        return "MK:10:Abilities:Summon", "the summoned tokens must be drawn first"
    if kind == "next":
        if c.phase == "damage" and any(True for _ in abilities.open_attacks(c)):
            return "MK:10:Damage:7", "all damage of the unblocked attacks must be assigned first"
        return None
    if kind == "attack":
        targets, use = cmd.get("targets"), cmd.get("use")
        if (
            not isinstance(targets, list)
            or not isinstance(use, list)
            or not all(isinstance(x, str) for x in targets + use)
        ):
            return "MK:9:Ranged:4", "targets and use must be lists of names"
        return abilities.attack_problem(c, targets, use)
    if kind in ("block", "cumbersome") and c.phase != "block":
        return "MK:8:Combat:3", f"blocks are played in the block phase, not the {c.phase} phase"
    if kind == "assign" and c.phase != "damage":
        return "MK:8:Combat:3", f"damage is assigned in the damage phase, not the {c.phase} phase"
    found = abilities.find_attack(c, cmd.get("enemy"), cmd.get("attack"))
    if isinstance(found[0], str):
        return found
    e, a = found
    if a.blocked or a.resolved or strength(a) == 0:
        return "MK:9:Block:3", f"{e.uid}'s attack {cmd['attack']} is already blocked or dealt with"
    if kind == "block":
        if not any(p.kind == "block" for p in c.pool):
            return "MK:9:Block:4", "play block effects before declaring the block"
        return None
    if kind == "cumbersome":
        n = cmd.get("points")
        if not abilities.has(e, "cumbersome"):
            return "MK:10:Abilities:Cumbersome", f"{e.uid} is not cumbersome"
        moves = sum(p.value for p in c.pool if p.kind == "move")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= min(moves, strength(a)):
            return "MK:10:Abilities:Cumbersome", (
                f"spend 1 to {min(moves, strength(a))} move points "
                f"({moves} played, attack {strength(a)} left), not {n!r}"
            )
        return None
    if c.current and c.current != [e.uid, cmd["attack"]]:
        return "MK:9:Damage:1", f"finish assigning the damage of {c.current[0]}'s attack {c.current[1]} first"
    to = cmd.get("to")
    return None if to == "hero" else abilities.unit_problem(c, e, to)


def decide(c: Combat, cmd: dict) -> list[Event]:
    why = explain(c, cmd)
    if why:
        raise ValueError(f"{why[1]} ({why[0]})")
    kind = cmd["kind"]
    if kind == "next":
        return combat_events.next_phase_events(c)
    if kind == "attack":
        return combat_events.attack_events(c, list(cmd["targets"]), list(cmd["use"]))
    found = abilities.find_attack(c, cmd["enemy"], cmd["attack"])
    assert not isinstance(found[0], str), found  # explain() above refused a command naming no attack
    e, a = found
    if kind == "block":
        return combat_events.block_events(c, e, cmd["attack"], a)
    if kind == "cumbersome":
        return combat_events.cumbersome_events(e, cmd["attack"], a, cmd["points"])
    return combat_events.damage_events(c, e, cmd["attack"], a, cmd["to"])


def fold(c: Combat, type: str, data: dict) -> None:
    """Apply one `mk.combat.*` event (from decide, summoned, add_hand_wounds or modify_enemy)."""
    combat_events.apply_event(c, type, data)


def preview(c: Combat, cmd: dict) -> str | None:
    """What a legal command would do, in words: totals against armour, block against need,
    wounds of a damage assignment (None if it is illegal)."""
    if explain(c, cmd) is not None:
        return None
    events = decide(c, cmd)
    t, d = events[0]
    if t == "mk.combat.attacked":
        fame = sum(x["fame"] for k, x in events if k == "mk.combat.defeated")
        return f"attack {d['total']} vs armour {d['armour']}: defeats {', '.join(d['targets'])}, fame +{fame}"
    if t == "mk.combat.blocked":
        return f"block {d['total']} vs {d['need']} needed: {'blocked' if d['success'] else 'fails, the attack comes through'}"
    if t == "mk.combat.cumbersome":
        return f"attack of {d['enemy']} down to {d['value']}{' (blocked)' if d['blocked'] else ''}"
    if t == "mk.combat.damage" and d["to"] == "hero":
        extra = f" and {d['wounds_to_discard']} to the discard pile" if d["wounds_to_discard"] else ""
        ko = ", knocked out" if any(k == "mk.combat.knocked_out" for k, _ in events) else ""
        return f"{d['damage']} damage: {d['wounds_to_hand']} wound(s) into hand{extra}{ko}"
    if t == "mk.combat.damage":
        hit = (
            "destroyed"
            if d["destroyed"]
            else f"{d['wounds']} wound(s)"
            if d["wounds"]
            else "absorbed by resistance"
        )
        return f"{d['damage']} damage to {d['to']}: {hit}, {d['remaining']} left"
    return f"end the {c.phase} phase; next: {d['phase']}"
