"""The card catalogue for `runeledger cards dragonlords`: units, the ship, monsters, spells,
scroll cards, treasures, tools and the (stand-in) quest cards, each value with its source.

Source form: the German rulebook prints no page numbers, so a rulebook value names the first
section its record's provenance cites ("rulebook §3.1"); the text of each entry gives the whole
provenance. A value the rulebook does not give is "stand-in"."""

from __future__ import annotations

import re

from engine.cards import CardInfo, check
from engine.games.dragonlords.content import content
from engine.games.dragonlords.quests.cards import quests

_SECTION = re.compile(r"§(\d+(?:\.\d+)*)")


def rulebook(provenance: str) -> str:
    """The source of a rulebook value: the first § section the record's provenance cites."""
    m = _SECTION.search(provenance)
    if m is None:
        raise ValueError(f"a rulebook value without a § section in its provenance: {provenance!r}")
    return f"rulebook §{m.group(1)}"


_REFERENCE = re.compile(r"\s*\(§[^)]*\)")


def words(text: str) -> str:
    """A rule's words without its rulebook references ("sneak attack (§3.4/sneak)"): those go
    to the card's note, for a referee."""
    return _REFERENCE.sub("", text)


REWARDS = {
    "gold": lambda n: f"{n} gold",
    "treasure": lambda n: "a treasure" if n == 1 else f"{n} treasures",
    "dragonlord": lambda n: "a DragonLord",
    "wizard": lambda n: "a Wizard",
    "spell": lambda n: "a spell" if n == 1 else f"{n} spells",
    "scroll": lambda n: "a scroll card" if n == 1 else f"{n} scroll cards",
    "units": lambda n: "a unit" if n == 1 else f"{n} units",
    "lose_unit": lambda n: "lose a unit" if n == 1 else f"lose {n} units",
    "nothing": lambda n: "nothing",
}


def reward(o) -> str:
    """A quest column in words: "5 gold after beating the Giant Spider"."""
    what = REWARDS.get(o.reward, lambda n: f"{o.reward.replace('_', ' ')} {n}")(o.amount)
    return what + (f" after beating the {o.monster.replace('_', ' ').title()}" if o.monster else "")


TREASURE = {
    "own": "own units' attack",
    "enemy": "enemy units' attack",
    "own_at_sea": "own units' attack at sea",
}


def catalogue() -> list[CardInfo]:
    c = content()
    out: list[CardInfo] = []
    for u in c.units.values():
        attack_src = "stand-in" if u.id == "elf" else rulebook(u.provenance)
        out.append(
            CardInfo(
                name=u.german,
                english_name=u.name,
                kind="unit",
                values={"cost": u.cost, "strength": u.attack, "defense": u.defense},
                sources={
                    "cost": rulebook(u.provenance),
                    "strength": attack_src,
                    "defense": rulebook(u.provenance),
                },
                text=words(u.special),
                note=u.provenance,
                group=u.id,
                count=u.per_race,
                count_source=rulebook(u.provenance),
            )
        )
    s = c.ship
    out.append(
        CardInfo(
            name=s.german,
            english_name=s.name,
            kind="ship",
            values={
                "cost": s.cost,
                "capacity": s.capacity,
                "range": s.range,
                "barbarian_range": s.barbarian_range,
            },
            sources={k: rulebook(s.provenance) for k in ("cost", "capacity", "range", "barbarian_range")},
            text=f"carries {s.capacity} units, moves {s.range} sea zones ({s.barbarian_range} with Barbarians)",
            note=s.provenance,
            count=s.count,
            count_source=rulebook(s.provenance),
        )
    )
    for m in c.monsters.values():
        out.append(
            CardInfo(
                name=m.german,
                english_name=m.name,
                kind="monster",
                values={"strength": m.attack, "defense": m.defense},
                sources={"strength": rulebook(m.provenance), "defense": rulebook(m.provenance)},
                text=words(m.special),
                note=m.provenance,
            )
        )
    for sp in c.spells.values():
        out.append(
            CardInfo(
                name=sp.german,
                english_name=sp.name,
                kind="spell",
                values={"number": sp.number},
                sources={"number": "stand-in" if sp.stand_in else rulebook(sp.provenance)},
                text=words(sp.effect),
                note=sp.provenance,
            )
        )
    for sc in c.scrolls.values():
        out.append(
            CardInfo(
                name=sc.german,
                english_name=sc.name,
                kind="scroll",
                values={},
                sources={},
                text=f"cast by a {sc.caster}: {words(sc.effect)}",
                note=sc.provenance,
                count=sc.count,
                count_source="stand-in" if sc.stand_in else rulebook(sc.provenance),
            )
        )
    for tr in c.treasures.values():
        vals = {"own": tr.own or None, "enemy": tr.enemy or None, "own_at_sea": tr.own_at_sea or None}
        parts = [f"{TREASURE[k]} {'+' if v > 0 else ''}{v}" for k, v in vals.items() if v]
        if tr.grants:
            parts.append(f"an extra {tr.grants} attack")
        if tr.protects:
            parts.append("protects from " + ", ".join(tr.protects))
        if tr.saving_roll:
            parts.append(f"a destroyed unit survives on a d6 of 1-{tr.saving_roll}")
        out.append(
            CardInfo(
                name=tr.german,
                english_name=tr.name,
                kind="treasure",
                values=vals,
                sources={k: rulebook(tr.provenance) for k in vals},
                text="; ".join(parts),
                note=tr.provenance,
                count=1,
                count_source=rulebook(tr.provenance),
            )
        )
    for tl in c.tools.values():
        out.append(
            CardInfo(
                name=tl.german,
                english_name=tl.name,
                kind="tool",
                values={"cost": tl.price},
                sources={"cost": rulebook(tl.provenance)},
                text=f"sold at the {tl.sold_at.replace('_', ' ')}; "
                f"{'used once' if tl.single_use else 'kept'}",
                note=tl.provenance,
                count=tl.count,
                count_source="stand-in",
            )
        )
    for q in quests().values():
        cols = "; ".join(
            f"{col}: {reward(o)}"
            for col, o in (("blessed", q.blessed), ("ignored", q.ignored), ("cursed", q.cursed))
        )
        out.append(
            CardInfo(
                name=q.name,
                english_name=None,
                kind="quest",
                values={},
                sources={},
                text=("needs a Torch; " if q.needs_torch else "") + cols,
                note="stand-in (GAP-02)",
                count=1,
                count_source="stand-in",
            )
        )
    return check(out)
