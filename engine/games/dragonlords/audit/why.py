"""The audit's why-chain of a DragonLords battle round (DL:3.4/land.3, land.5): for each side its
army and base strength (the race, from the set-up), each modifier with its rule and the event that
gave it (a spell learnt, a treasure won, the kingdom it fights in), each die with the strength it
was tested against and the roll it came from (engine.explain). A secret source (the King's or a
wizard's Hope) is linked, not named: the audit hides the link from seats that may not see it."""

from __future__ import annotations

from typing import Any

from engine.explain import given, link
from engine.games.dragonlords import names
from engine.games.dragonlords.content import content
from engine.games.dragonlords.map.world import world

SPELL_OF = {"Hope": 4, "Panic": 6, "Panic (DragonLord)": 6}
DIE_RULE = "DL:3.4/land.3"


def why(table, ev, h) -> list[dict[str, Any]]:
    if ev.type == "dl.round":
        return battle_round(table, ev, h)
    return []


def battle_round(table, ev, h) -> list[dict[str, Any]]:
    d = ev.data
    sides = [(name, d[name]) for name in ("attacker", "defender") if d.get(name)]
    rolls = _rolls(h, ev, sum(len(s["dice"]) for _, s in sides))
    setup = h.last(lambda e: e.type == "dl.setup", ev.version)
    out: list[dict[str, Any]] = []
    for name, s in sides:
        army = s["army"]
        st = s["strength"]
        out.append(
            given(
                f"{name}, {names.army(table, army)}: base strength",
                st["base"],
                DIE_RULE,
                [link(setup, "races dealt" if "overridden" not in st else "records the overridden values")]
                if setup
                else [],
                "overridden by situation" if "overridden" in st else "",
            )
        )
        for m in st["modifiers"]:
            out.append(
                given(
                    f"{name} modifier {m['source']}",
                    m["delta"],
                    m["rule"],
                    _modifier_sources(table, h, ev, d["loc"], army, m),
                )
            )
        out.append(
            given(
                f"{name} strength",
                st["value"],
                DIE_RULE,
                note=f"base {st['base']}"
                + "".join(f" {m['delta']:+d}" for m in st["modifiers"])
                + " (held between 1 and 6)",
            )
        )
        for k, die in enumerate(s["dice"]):
            roll = rolls.pop(0) if rolls else None
            src = [link(roll, "roll")] if roll is not None and roll.data.get("face") == die["face"] else []
            out.append(
                given(
                    f"{name} die {k + 1}",
                    die["face"],
                    s.get("rule", DIE_RULE),
                    src,
                    note=f"d{die['sides']} against strength {die['against']}: "
                    + ("hit (at most the strength)" if die["hit"] else "miss (above the strength)"),
                )
            )
        for kill in s.get("spells") or []:
            out.append(given(f"{name} spell {kill.get('spell')}", kill.get("victim"), kill.get("rule")))
        out.append(given(f"{name} hits", s["hits"], "DL:3.4/land.5"))
    return out


def _rolls(h, ev, n: int) -> list:
    """The d6 rolls of this round, oldest first: the last `n` rolled under the dice rule before
    `ev`, not looking past the round's battle's start."""
    found: list[Any] = []
    for e in reversed(h.events[: ev.version - 1]):
        if len(found) == n or e.type == "dl.round":
            break
        if e.type == "dice.rolled" and e.rule == DIE_RULE:
            found.append(e)
    return list(reversed(found))


def _modifier_sources(table, h, ev, loc: str, army: int, m: dict) -> list[dict[str, Any]]:
    """The event behind a modifier: the kingdom is the map's (no event); a spell's is the last
    event that gave one of the side's units there that spell or role; a treasure's, the event
    that gave it to a unit."""
    src = m["source"]
    if src == "Kingdom":
        return [
            {
                "version": 0,
                "type": "map",
                "rule": "DL:2.2/kingdom",
                "what": f"{loc} is a {world().kind.get(loc, 'place')}",
            }
        ]
    here = _heroes_then(h, ev, loc)  # a spell of either side: Hope raises its own, Panic lowers the other
    if src in SPELL_OF:
        got = h.last(
            lambda e: (
                e.type in ("dl.hero_new", "dl.hero")
                and e.data.get("id") in here
                and (
                    "spells" in e.data
                    or "role" in e.data
                    or "spells" in (e.data.get("set") or {})
                    or "role" in (e.data.get("set") or {})
                )
            ),
            ev.version,
        )
        return [link(got, f"a unit here knows {src.split(' ')[0]}")] if got else []
    ids = [tid for tid, x in content().treasures.items() if x.name == src.removesuffix(" (overridden)")]
    got = h.last(
        lambda e: (
            e.type in ("dl.hero", "dl.hero_new")
            and any(
                tid in ((e.data.get("set") or {}).get("treasures") or e.data.get("treasures") or [])
                for tid in ids
            )
        ),
        ev.version,
    )
    return [link(got, f"{src} won")] if got else []


def _heroes_then(h, ev, loc: str) -> set[str]:
    """The chip-bearers in `loc` (on land, or aboard a ship in that sea zone) when `ev` happened:
    the game's state now may have moved or lost them since."""
    at: dict[str, str] = {}
    zone: dict[str, str] = {}
    for e in h.events[: ev.version - 1]:
        d = e.data
        if e.type == "dl.hero_new":
            at[d["id"]] = d.get("loc", "")
        elif e.type == "dl.hero" and "loc" in (d.get("set") or {}):
            at[d["id"]] = d["set"]["loc"]
        elif e.type == "dl.hero_gone":
            at.pop(d.get("id"), None)
        elif e.type == "dl.ship_new" or (e.type == "dl.ship" and "zone" in (d.get("set") or {})):
            zone[d["id"]] = d.get("zone") or d["set"]["zone"]
    return {
        x
        for x, where in at.items()
        if where == loc or (where.startswith("ship:") and zone.get(where[5:]) == loc)
    }
