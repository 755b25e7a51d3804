"""The audit's why-chain of a Mage Knight combat step (MK:9): a block or damage names the enemy
token and where it came from, each block or attack point added with the card that gave it and
its event, and each step of the rule's arithmetic the event recorded (engine.explain)."""
from __future__ import annotations

from typing import Any

from engine.explain import given, link
from engine.mechanics import zones

DECISIVE = ("mk.combat.blocked", "mk.combat.damage", "mk.combat.ended", "mk.combat_over")


def why(t, ev, h) -> list[dict[str, Any]]:
    if ev.type not in DECISIVE:
        return []
    d = ev.data
    out: list[dict[str, Any]] = []
    start = h.last(lambda e: e.type == "mk.combat_started", ev.version)
    since = start.version if start else 0
    enemy = d.get("enemy")
    if enemy:
        src = h.trail(enemy, ev.version) or ([link(start, "combat started")] if start else [])
        out.append(given(f"enemy {zones.card_name(enemy)}, attack {d.get('attack', 0) + 1}",
                         _enemy_values(start, enemy), "MK:8:Combat:1", src, card=enemy))
    kind = "block" if ev.type == "mk.combat.blocked" else "attack"
    if ev.type != "mk.combat.damage":
        for p in h.events[since:ev.version - 1]:
            if p.type == "mk.combat_points" and p.data.get("kind", "").startswith(kind[:5]):
                out.append(given(f"{p.data.get('kind')} {p.data.get('value')} ({p.data.get('element')}) from "
                                 f"{zones.card_name(str(p.data.get('source', '?')))}", p.data.get("value"),
                                 p.rule, [link(p, "points added")]))
    for k in ("need", "total", "damage", "element", "success"):
        if k in d:
            out.append(given(k, d[k], d.get("rule", ev.rule)))
    steps = d.get("audit") or (d.get("outcome") or {}).get("audit") or []
    for i, line in enumerate(steps):
        out.append(given(f"step {i + 1}", line, d.get("rule", ev.rule)))
    return out


def _enemy_values(start, uid: str) -> dict[str, Any]:
    """The token's armour and attacks as the combat began (from mk.combat_started)."""
    for x in ((start.data.get("combat") or {}).get("enemies") or []) if start else []:
        if x.get("uid") == uid:
            return {"armour": x.get("armour"), "attacks": [f"{a.get('element')} {a.get('value')}"
                                                          for a in x.get("attacks") or []],
                    "abilities": x.get("abilities") or [], "resistances": x.get("resistances") or []}
    return {}
