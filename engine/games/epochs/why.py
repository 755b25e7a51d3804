"""The audit's why-chain of an epochs combat (sidebar step 4): each line total's units, war
markers and die with the events they came from, down to the roll; the winner's survivors
(engine.explain)."""

from __future__ import annotations

from typing import Any

from engine.explain import given, link, overrides_of
from engine.mechanics import zones


def why(table, ev, h) -> list[dict[str, Any]]:
    if ev.type == "line.resolved":
        return line(table, ev, h)
    if ev.type == "combat.decided":
        return decided(table, ev, h)
    return []


def line(table, ev, h) -> list[dict[str, Any]]:
    d = ev.data
    out = []
    assigned = h.last(lambda e: e.type == "dice.assigned", ev.version)
    rolls = h.roll_before(assigned, 2) if assigned else []
    for i, side in enumerate(("attacker", "defender")):
        s = d[side]
        for u in s["units"]:
            out.append(
                given(
                    f"{side} {zones.card_name(u['card'])}: {d['line']} value",
                    u["value"],
                    "EP-S4-TOTAL",
                    h.trail(u["card"], ev.version),
                    "" if u["value"] else "no printed value in this line: counts 0",
                    card=u["card"],
                )
            )
            if u["marker"]:
                m = h.last(
                    lambda e, c=u["card"]: e.type == "marker.assigned" and e.data.get("unit") == c, ev.version
                )
                out.append(
                    given(
                        f"{side} war marker {zones.card_name(u['marker'])}",
                        u["bonus"],
                        "EP-S4-TOTAL",
                        [link(m, "assigned")] if m else [],
                        card=[u["marker"], u["card"]],
                    )
                )
        src = ([link(assigned, f"{side} die")] if assigned else []) + (
            [link(rolls[i], "roll")] if len(rolls) > i else []
        )
        out.append(given(f"{side} die", s["die"], "EP-X-DIE", src))
        out.append(
            given(
                f"{side} total",
                s["total"],
                s.get("zero_rule", "EP-S4-TOTAL"),
                note=f"raw {s['raw']}" + (", clamped to 0" if s.get("zero_rule") else ""),
            )
        )
    defeated = [e for e in h.events if e.type == "unit.defeated" and e.version > _start(h, ev)]
    for e in defeated:
        out.append(
            given(
                f"{e.data['side']} unit already defeated",
                "counts nothing",
                "EP-S4-DEFEAT",
                [link(e)],
                card=e.data["card"],
            )
        )
    out.append(
        given(
            "difference",
            d["diff"],
            "EP-S4-DIFF",
            note=f"damage {d['damage']['n']} to {d['damage']['side'] or 'nobody'}",
        )
    )
    out.append(given("overflow", table.options["overflow"], "EP-S4-DAMAGE"))
    cards = [u["card"] for side in ("attacker", "defender") for u in d[side]["units"]]
    out += overrides_of(table, [zones.card_name(c) for c in cards], "EP-S4-TOTAL")
    return out


def _start(h, ev) -> int:
    start = h.last(lambda e: e.type == "combat.declared", ev.version)
    return start.version if start else 0


def decided(table, ev, h) -> list[dict[str, Any]]:
    out = []
    since = _start(h, ev)
    for e in h.events:
        if e.version <= since:
            continue
        if e.type == "line.resolved":
            out.append(
                given(
                    f"{e.data['line']} line",
                    {
                        "attacker": e.data["attacker"]["total"],
                        "defender": e.data["defender"]["total"],
                        "damage": e.data["damage"],
                    },
                    "EP-S4-TOTAL",
                    [link(e)],
                )
            )
        elif e.type == "unit.defeated":
            out.append(
                given(
                    f"{e.data['side']} unit defeated",
                    e.data["line"],
                    "EP-S4-DEFEAT",
                    [link(e)],
                    card=e.data["card"],
                )
            )
        elif e.type == "dice.rolled":
            out.append(given("combat die", e.data["face"], e.rule, [link(e)]))
    out.append(given("survivors", ev.data["survivors"], "EP-S4-WINNER", note=ev.data["reason"]))
    return out
