"""Mage Knight's card catalogue for `runeledger cards mage-knight`: deed cards, units and enemy
tokens with their values and each value's source (the record's provenance)."""

from __future__ import annotations

import re

from engine.cards import CardInfo, check
from engine.games.mage_knight.cards.effects import plain
from engine.games.mage_knight.content.load import content

_PAGE = re.compile(r"^rulebook p\.\s?(\d+)")


def source(provenance: str) -> str:
    m = _PAGE.match(provenance)
    if m:
        return f"rulebook p.{m.group(1)}"
    return "stand-in" if provenance.startswith("stand-in") else "public-list"


def _card(c) -> CardInfo:
    src = source(c.provenance)
    text = f"basic: {c.effect.get('basic', '')}; powered: {c.effect.get('powered', '')}"
    text = text.replace("{", "(").replace("}", ")")  # plain words, no raw braces
    return CardInfo(
        name=c.name,
        english_name=None,
        kind=c.kind,
        values={"sideways": c.sideways_value},
        sources={"sideways": src},
        text=text,
        group=c.hero or c.color or None,
    )


def _unit(u) -> CardInfo:
    src = source(u.provenance)
    vals = {"cost": u.influence_cost, "level": u.level, "armour": u.armor}
    return CardInfo(
        name=u.name,
        english_name=None,
        kind=f"unit ({u.type})",
        values=vals,
        sources={k: src for k in vals},
        text="; ".join(plain(a) for a in u.abilities),
        count=u.copies,
        count_source=src,
    )


def _enemy(e) -> CardInfo:
    src = source(e.provenance)
    vals = {"armour": e.armor, "fame": e.fame}
    attacks = ", ".join(f"{a.element} {a.value}" if not a.summon else "summon" for a in e.attacks)
    text = (
        f"attacks: {attacks}; abilities: {', '.join(e.abilities) or 'none'}; "
        f"resistances: {', '.join(e.resistances) or 'none'}"
    )
    return CardInfo(
        name=e.name,
        english_name=None,
        kind=f"enemy ({e.color})",
        values=vals,
        sources={k: src for k in vals},
        text=text,
        count=e.copies,
        count_source=src,
    )


def catalogue() -> list[CardInfo]:
    c = content()
    out = [_card(x) for x in sorted(c.cards.values(), key=lambda x: x.id)]
    out += [_unit(u) for u in sorted(c.units.values(), key=lambda x: x.id) if not u.placeholder]
    seen = set()
    for e in sorted(c.enemies.values(), key=lambda x: x.id):
        if (e.color, e.name) not in seen:
            seen.add((e.color, e.name))
            out.append(_enemy(e))
    return check(out)
