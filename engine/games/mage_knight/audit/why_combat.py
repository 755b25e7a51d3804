"""The audit's why-chain of a Mage Knight combat step (MK:9, MK:10; engine.explain).

For an attack, a block, a cumbersome reduction, damage, a defeat or the combat's result it names:
each enemy token with its values as the combat began (armour, attacks, abilities, resistances,
fame) and where the token came from, marked "overridden by situation" when a situation changed
them; each block or attack point in play with the effect that gave it and its event; the attack
by element and the resistances that halve it; the hero's or unit's armour for damage; every line
of the rule's arithmetic with its own rule id (so the readings of those rules are listed too);
and, for the result, every step of the combat with its wounds and fame.
"""

from __future__ import annotations

import re
from typing import Any

from engine.explain import given, link
from engine.games.mage_knight.audit.why_map import (
    why as why_outside,  # fame, PvP, cities, withdrawal, the Source
)
from engine.games.mage_knight.content.load import content
from engine.mechanics import zones

STEPS = (
    "mk.combat.attacked",
    "mk.combat.defeated",
    "mk.combat.blocked",
    "mk.combat.cumbersome",
    "mk.combat.damage",
    "mk.combat.armour_raised",
    "mk.combat.enemy_modified",
    "mk.combat.summoned",
    "mk.combat.knocked_out",
)
RESULTS = ("mk.combat.ended", "mk.combat_over")
DECISIVE = STEPS + RESULTS
SPENDS = {"mk.combat.attacked": None, "mk.combat.blocked": ("block",), "mk.combat.cumbersome": ("move",)}
RULE_IN_LINE = re.compile(r"\((MK:[^()]+)\)\s*$")
KIND_OF = {
    "mk.combat.attacked": ("ranged", "siege", "melee"),
    "mk.combat.blocked": ("block",),
    "mk.combat.cumbersome": ("move",),
}


def why(table, ev, h) -> list[dict[str, Any]]:
    if ev.type not in DECISIVE:
        return why_outside(table, ev, h)
    d = ev.data
    start = h.last(lambda e: e.type == "mk.combat_started", ev.version)
    since = start.version if start else 0
    out: list[dict[str, Any]] = []
    for uid in _enemies_of(ev, start):
        out.append(_enemy(h, start, uid, ev.version))
    if ev.type in KIND_OF:
        kinds = tuple(d.get("use") or KIND_OF[ev.type])
        points = _pooled(h, since, ev.version, kinds)
        if ev.type == "mk.combat.attacked":  # points aimed off this group did not count
            points = [p for p in points if _aims(p.data, d.get("targets") or [])]
        for p in points:
            pd = p.data
            out.append(
                _overridden(
                    table,
                    given(
                        f"{pd.get('kind')} {pd.get('value')} ({pd.get('element')}) from "
                        f"{zones.card_name(str(pd.get('source', '?')))}",
                        pd.get("value"),
                        p.rule,
                        [link(p, "points added")],
                    ),
                    pd.get("source"),
                )
            )
        if ev.type == "mk.combat.attacked":
            out += _by_element(points, start, d.get("targets") or [])
    if ev.type == "mk.combat.enemy_modified":
        out += _effect_colour(h, ev)
    if ev.type == "mk.combat.damage":
        out += _earlier(h, since, ev.version, d["enemy"], d["attack"])
        out += _damaged(table, start, d)
    for k in (
        "need",
        "total",
        "armour",
        "damage",
        "element",
        "success",
        "wounds_to_hand",
        "wounds_to_discard",
        "wounds",
        "destroyed",
        "resisted",
        "remaining",
        "fame",
        "reputation",
    ):
        if k in d:
            out.append(given(k, d[k], _rule_of_field(k, d.get("rule", ev.rule))))
    steps = d.get("audit") or []  # a result's steps are listed below, each with its event
    for i, line in enumerate(steps):
        out.append(given(f"step {i + 1}", line, rule_in(line) or d.get("rule", ev.rule)))
    if ev.type in RESULTS:
        result = d.get("outcome") or {}
        out.append(given("outcome", {k: v for k, v in result.items() if k != "audit"}, "MK:10:Result:1"))
        out += _combat_steps(h, since, ev.version)
    return out


def _overridden(table, item: dict[str, Any], source) -> dict[str, Any]:
    """Points from a deed card or unit whose values the situation changed: marked, with the
    game's creation as their source (overrides_cards)."""
    over = (table.options.get("overrides") or {}).get(zones.card_name(str(source or "")))
    if over:
        item["note"] = f"overridden by situation: {', '.join(f'{k}={v}' for k, v in over.items())}"
        item["from"].append(
            {"version": 1, "type": "game.created", "rule": "CORE-1", "what": "the situation's overrides"}
        )
    return item


def _effect_colour(h, ev) -> list[dict[str, Any]]:
    """The card whose effect changed the enemy, its colour and mode: what the fire and ice
    resistant enemies' immunity looks at (MK:8:Combat:5a-b, reading A31)."""

    played = h.last(
        lambda e: e.type == "mk.played" and e.data.get("card") == ev.data.get("source"), ev.version
    )
    card = content().cards.get(str(ev.data.get("source")))
    if played is None or card is None:
        return []
    return [
        given(
            f"effect of {card.name} ({card.kind}, {card.color}), {played.data['mode']}",
            card.color,
            "MK:8:Combat:5a",
            [link(played, "played")],
        )
    ]


def rule_in(line: str) -> str | None:
    """The rule id an audit line ends with, '(MK:...)'."""
    m = RULE_IN_LINE.search(line)
    return m.group(1) if m else None


def _name(uid: str) -> str:
    """'Orc War Beasts (green_orc_war_beasts)' for a token or unit id."""

    cid = zones.card_name(uid)
    rec = content().enemies.get(cid) or content().units.get(cid)
    return f"{rec.name} ({cid})" if rec else cid


def _rule_of_field(field: str, rule: str) -> str:
    return {
        "wounds_to_hand": "MK:9:Damage:5b",
        "wounds_to_discard": "MK:10:Damage:6a",
        "fame": "MK:9:Ranged:5",
        "reputation": "MK:10:Result:2a",
    }.get(field, rule)


def _enemies_of(ev, start) -> list[str]:
    d = ev.data
    if d.get("enemy"):
        return [d["enemy"]]
    if d.get("targets"):
        return list(d["targets"])
    if ev.type in RESULTS and start:
        return [x["uid"] for x in (start.data.get("combat") or {}).get("enemies") or []]
    return []


def _enemy(h, start, uid: str, before: int) -> dict[str, Any]:
    values, src, over = _enemy_values(h, start, uid, before)
    sources = h.trail(uid, before) or []
    if src is not None:
        sources = [link(src, "values as it entered the combat"), *sources]
    attack = values.get("attacks") or []
    item = given(
        f"enemy {_name(uid)}, armour {values.get('armour')}, attacks {', '.join(attack) or 'none'}",
        values,
        "MK:8:Combat:1",
        sources,
        card=uid,
    )
    if over:
        item["note"] = f"overridden by situation: {', '.join(f'{k}={v}' for k, v in over.items())}"
        item["from"].insert(
            0, {"version": 1, "type": "game.created", "rule": "CORE-1", "what": "the situation's overrides"}
        )
    return item


def _enemy_values(h, start, uid: str, before: int):
    """The token's values as it entered the combat (mk.combat_started, or mk.combat.summoned
    for a summoned token), the event, and its overridden values."""
    for x in ((start.data.get("combat") or {}).get("enemies") or []) if start else []:
        if x.get("uid") == uid:
            return _values(x), start, (start.data.get("overridden") or {}).get(uid, {})
    ev = h.last(
        lambda e: e.type == "mk.combat.summoned" and (e.data.get("token") or {}).get("uid") == uid, before
    )
    if ev is not None:
        return _values(ev.data["token"]), ev, (ev.data.get("overridden") or {}).get(uid, {})
    return {}, None, {}


def _values(x: dict) -> dict[str, Any]:
    return {
        "armour": x.get("armour"),
        "elusive_armour": x.get("elusive_armour") or 0,
        "attacks": [
            f"summon {a.get('summon_pile')}" if a.get("summon") else f"{a.get('element')} {a.get('value')}"
            for a in x.get("attacks") or []
        ],
        "abilities": x.get("abilities") or [],
        "resistances": x.get("resistances") or [],
        "fame": x.get("fame"),
        "reputation": x.get("reputation"),
        "fortified site": bool(x.get("defends_fortified_site")),
        "rampaging": bool(x.get("rampaging")),
    }


def _pooled(h, since: int, before: int, kinds: tuple[str, ...]) -> list:
    """The points events of `kinds` still in the pool just before event `before`: added since the
    last phase change, attack or block that spent them (MK:9:Ranged:8, MK:9:Block:10)."""
    out: list = []
    for e in h.events[since : before - 1]:
        if e.type == "mk.combat.phase":
            out = []
        elif e.type == "mk.combat.attacked":
            out = [
                p
                for p in out
                if p.data.get("kind") not in e.data.get("use", ())
                or not _aims(p.data, e.data.get("targets") or [])
            ]
        elif e.type == "mk.combat.blocked":
            out = [p for p in out if p.data.get("kind") != "block"]
        elif e.type == "mk.combat.cumbersome":
            out = [p for p in out if p.data.get("kind") != "move"]
        elif e.type == "mk.combat_points" and e.data.get("kind") in kinds:
            out.append(e)
    return out


def _aims(pd: dict, targets: list) -> bool:
    """Whether a points event may count against `targets` (combat_state.aims_at, MK:8:Combat:4)."""
    return (not pd.get("target") or pd["target"] in targets) and not (
        pd.get("not_target") and pd["not_target"] in targets
    )


def _by_element(points: list, start, targets: list[str]) -> list[dict[str, Any]]:
    """The attack summed by element, and each target's resistances (MK:9:Ranged:4a, 7b)."""
    by: dict[str, int] = {}
    for p in points:
        by[p.data["element"]] = by.get(p.data["element"], 0) + p.data["value"]
    enemies = (
        {x.get("uid"): x for x in ((start.data.get("combat") or {}).get("enemies") or [])} if start else {}
    )
    out = [given("attack by element", by, "MK:9:Ranged:4", [link(p, "points added") for p in points])]
    for uid in targets:
        res = (enemies.get(uid) or {}).get("resistances") or []
        out.append(
            given(
                f"resistances of {_name(uid)}",
                res,
                "MK:9:Ranged:4a",
                [link(start, "values as it entered the combat")] if start else [],
                card=uid,
                note="a resisted element counts half against the whole group (MK:9:Ranged:7b)" if res else "",
            )
        )
    return out


def _damaged(table, start, d: dict) -> list[dict[str, Any]]:
    """Who takes the damage and the armour that divides it (MK:9:Damage:4-5)."""
    c = table.game.combat if table is not None else None
    src = [link(start, "values as the combat began")] if start else []
    if c is None:
        return []
    if d.get("to") == "hero":
        return [
            given("hero armour", c.hero_armour, "MK:9:Damage:5b", src),
            given("hand limit (knock-out)", c.hand_limit, "MK:9:Damage:5c", src),
            given(
                "wounds taken into hand before, this combat",
                c.wounds_to_hand + c.other_hand_wounds,
                "MK:9:Damage:5c",
            ),
        ]
    u = next((u for u in c.units if u.uid == d.get("to")), None)
    if u is None:
        return []
    over = (start.data.get("overridden") or {}).get(u.uid) if start else None
    item = given(
        f"unit {_name(u.uid)}",
        {"armour": u.armour, "resistances": list(u.resistances), "wounded": u.wounded},
        "MK:9:Damage:4",
        src,
        card=u.uid,
    )
    if over:
        item["note"] = f"overridden by situation: {', '.join(f'{k}={v}' for k, v in over.items())}"
    return [item]


def _earlier(h, since: int, before: int, enemy: str, attack: int) -> list[dict[str, Any]]:
    """What happened to this attack before its damage: a failed block, cumbersome move points,
    effects that lowered it, damage already assigned (MK:9:Block:8, MK:10:Abilities:Cumbersome)."""
    out = []
    for e in h.events[since : before - 1]:
        d = e.data
        if e.type == "mk.combat.enemy_modified" and d.get("enemy") == enemy and d.get("attack"):
            out.append(given(f"attack lowered by {d.get('source')}", d["attack"], e.rule, [link(e)]))
        elif (
            d.get("enemy") == enemy
            and d.get("attack") == attack
            and e.type in ("mk.combat.blocked", "mk.combat.cumbersome", "mk.combat.damage")
        ):
            value = {
                k: d[k] for k in ("success", "total", "need", "points", "value", "to", "remaining") if k in d
            }
            out.append(
                given(
                    f"earlier on this attack: {e.type}",
                    value,
                    e.rule,
                    [link(e)],
                    note="; ".join(d.get("audit") or []),
                )
            )
    return out


def _combat_steps(h, since: int, before: int) -> list[dict[str, Any]]:
    """Every step of the combat, in order, with its own rule and result (the combat's result)."""
    out = []
    for e in h.events[since : before - 1]:
        if e.type not in STEPS:
            continue
        d = e.data
        keys = (
            "targets",
            "enemy",
            "total",
            "armour",
            "need",
            "success",
            "to",
            "damage",
            "wounds_to_hand",
            "wounds_to_discard",
            "wounds",
            "destroyed",
            "fame",
            "reputation",
            "by",
            "value",
        )
        out.append(
            given(
                f"combat step #{e.version} {e.type}",
                {k: d[k] for k in keys if k in d},
                e.rule,
                [link(e)],
                note="; ".join(d.get("audit") or []),
            )
        )
    return out
