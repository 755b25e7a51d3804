"""The audit's why-chain of a Rune Age combat result (BTL-5/6, SGE-3/4): every input of the
comparison with the event it came from, down to the casualty dice (engine.explain)."""

from __future__ import annotations

from typing import Any

from engine.explain import given, link
from engine.games.rune_age.cards import spec
from engine.games.rune_age.combat import lasting_bonus, worn
from engine.games.rune_age.places import LASTING, army, is_unit
from engine.mechanics import zones


def why(table, ev, h) -> list[dict[str, Any]]:
    if ev.type == "ra.outcome":
        return outcome(table, ev, h)
    if ev.type == "ra.casualties":
        return casualties(table, ev, h)
    return []


def side(table, ev, h, seat: int, label: str, rule: str) -> list[dict[str, Any]]:
    """Each card of a seat's army: its strength (units only, BTL-2 / SGE-2) and its way in."""
    out = []
    for card in table.zone(army(seat)):
        c = spec(table.game, card)
        unit = is_unit(table, card)
        out.append(
            given(
                f"{label} army: {c.name} ({c.kind})",
                c.strength if unit else 0,
                rule,
                h.trail(card, ev.version),
                "" if unit else "not a unit: adds no strength",
                card=card,
            )
        )
    bonuses = [
        e
        for e in h.events
        if e.type == "ra.strength"
        and e.version > _combat_start(h, ev)
        and e.data.get("side") == (0 if label == "attacker" else 1)
    ]
    for e in bonuses:
        out.append(
            given(
                f"{label} ability strength", e.data.get("amount"), e.rule, [link(e)], card=e.data.get("card")
            )
        )
    lost = [
        e
        for e in h.events
        if e.type == "zone.moved"
        and e.rule in ("CAS-2", "CAS-4", "DES-3")
        and e.version > _combat_start(h, ev)
        and e.data.get("src") == army(seat)
    ]
    for e in lost:
        out.append(
            given(
                f"{label} unit lost",
                0,
                e.rule,
                [link(e)],
                "destroyed before the comparison",
                card=list(e.data["cards"]),
            )
        )
    return out


def _combat_start(h, ev) -> int:
    start = h.last(lambda e: e.type == "ra.combat", ev.version)
    return start.version if start else 0


def outcome(table, ev, h) -> list[dict[str, Any]]:
    c, d = table.game.combat, ev.data
    start = h.last(lambda e: e.type == "ra.combat", ev.version)
    declared = [link(start, "combat declared")] if start else []
    siege = c.kind == "siege"
    rule = "SGE-2" if siege else "BTL-2"
    out = side(table, ev, h, c.attacker, "attacker", rule)
    out.append(given("attacker total", d["attacker"], "SGE-3" if siege else "BTL-5"))
    names = [zones.card_name(x) for x in table.zone(army(c.attacker))]
    if siege:
        out += side(table, ev, h, c.defender, "defender", "SGE-2")
        if not c.target.startswith("realm:"):
            out.append(
                given(
                    "defence of the city",
                    spec(table.game, c.target).defence,
                    "SGE-3",
                    declared + h.trail(c.target, ev.version),
                    card=c.target,
                )
            )
        out.append(given("defender total", d["defender"], "SGE-3"))
        passed = h.last(
            lambda e: e.type == "ra.combat_step" and "passed" in e.data.get("set", {}), ev.version
        )
        if passed is not None and passed.version > _combat_start(h, ev):
            out.append(
                given("seats that passed (final)", passed.data["set"]["passed"], "SGE-2", [link(passed)])
            )
        out.append(given("tie", "goes to the defender", "SGE-3"))
        names += [zones.card_name(x) for x in table.zone(army(c.defender))]
    else:
        tc = spec(table.game, c.target)
        out.append(
            given(
                f"target {tc.name} ({tc.kind})",
                {"printed strength": tc.strength, "icons": tc.icons},
                "BTL-1",
                declared + h.trail(c.target, ev.version),
                card=c.target,
            )
        )
        if c.kind in ("event", "objective") or lasting_bonus(table):
            for x in table.zone(LASTING):
                out.append(
                    given(
                        "lasting effect", spec(table.game, x).amount, "EVT-4", h.trail(x, ev.version), card=x
                    )
                )
        if worn(table, c.target):
            out.append(
                given("damage tokens on the target", table.damage.get(c.target, 0), "EVT-8", card=c.target)
            )
        out.append(
            given("strength to reach", d["target"], "BTL-5", declared, "fixed when the combat was declared")
        )
        out.append(given("tie", "goes to the army", "BTL-5"))
        names.append(zones.card_name(c.target))
    rolled = h.last(lambda e: e.type == "ra.casualties", ev.version)
    if rolled is not None and rolled.version > _combat_start(h, ev):
        dice = h.roll_before(rolled, len(rolled.data["faces"]))
        out.append(
            given(
                "casualty dice",
                rolled.data["faces"],
                "BTL-3",
                [link(rolled)] + [link(x, "casualty die") for x in dice],
            )
        )
    elif not siege:
        out.append(
            given(
                "casualty dice",
                "none rolled",
                "BTL-3",
                note="no icon on the target, or the reading in force rolls none for it",
            )
        )
    out.append(given("result", d["winner"], ev.rule))
    out += overridden(table, h, names, ev.rule)
    return out


def casualties(table, ev, h) -> list[dict[str, Any]]:
    c = table.game.combat
    dice = h.roll_before(ev, len(ev.data["faces"]))
    return [
        given("icons on the target", c.icons, "CAS-1", h.trail(c.target, ev.version), card=c.target),
        given("faces rolled", ev.data["faces"], "CAS-1", [link(x) for x in dice]),
        given("skulls", ev.data["skulls"], "CAS-2"),
    ]


def overridden(table, h, names: list[str], rule: str) -> list[dict[str, Any]]:
    """Card values a situation changed ([overrides] or a rulebook example's fixture), as
    recorded in the set-up event `ra.setup`."""
    over = table.game.overrides
    setup = h.last(lambda e: e.type == "ra.setup")
    src = [link(setup, "records the overridden values")] if setup else []
    return [
        given(f"values of {n}", over[n], rule, src, "overridden by situation")
        for n in dict.fromkeys(names)
        if n in over
    ]
