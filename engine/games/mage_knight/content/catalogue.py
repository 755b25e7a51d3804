"""Mage Knight's card catalogue for `runeledger cards mage-knight`: deed cards, units, enemy
tokens, skills, tactics and map tiles with their values, each value's source (the record's provenance) and
their text in words made from the effect the engine plays (card_text)."""

from __future__ import annotations

import re

from engine.cards import CardInfo, check
from engine.games.mage_knight import card_text
from engine.games.mage_knight.content.load import content

_PAGE = re.compile(r"^rulebook p\.\s?(\d+)")


def source(provenance: str) -> str:
    m = _PAGE.match(provenance)
    if m:
        return f"rulebook p.{m.group(1)}"
    return "stand-in" if provenance.startswith("stand-in") else "public-list"


def _card(c) -> CardInfo:
    src = source(c.provenance)
    return CardInfo(
        name=c.name,
        english_name=None,
        kind=KINDS.get(c.kind, c.kind),
        # a Wound prints no sideways value (it cannot be played): None, not a 0 that reads as one
        values={"sideways": None if c.id == "wound" else c.sideways_value},
        sources={"sideways": src},
        text=card_text.deed(c),
        group=(c.hero.title() if c.hero else None) or _colour(c.color),
    )


KINDS = {"basic_action": "basic action", "advanced_action": "advanced action"}


def _colour(colour: str | None) -> str | None:
    """ "red", "dual:red/blue" -> "red/blue"; None for artifacts and the Wound."""
    return colour.removeprefix("dual:") if colour else None


def _unit(u) -> CardInfo:
    src = source(u.provenance)
    vals = {"cost": u.influence_cost, "level": u.level, "armour": u.armor}
    return CardInfo(
        name=u.name,
        english_name=None,
        kind=f"unit ({u.type})",
        values=vals,
        sources={k: src for k in vals},
        text=card_text.unit(u),
        count=u.copies,
        count_source=src,
    )


def _enemy(e) -> CardInfo:
    src = source(e.provenance)
    vals = {"armour": e.armor, "fame": e.fame}
    text = card_text.enemy(e)
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


def _skill(s) -> CardInfo:
    return CardInfo(
        name=s.name,
        english_name=None,
        kind=f"skill ({s.hero.title()})",
        values={},
        sources={},
        text=card_text.skill(s),
        group=s.hero.title(),
    )


def _tactic(t) -> CardInfo:
    src = source(t.provenance)
    return CardInfo(
        name=t.name,
        english_name=None,
        kind="tactic",
        values={"turn order": t.number},
        sources={"turn order": src},
        text=card_text.tactic(t),
        group=t.time,
    )


_TILE_TYPE = {"starting": "Start", "countryside": "Countryside", "core": "Core"}
_RAMPAGING = {"orc_marauder": "orc marauders", "draconum": "draconum"}
_POS = {
    "C": "centre",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}


def tile_name(tile) -> str:
    """A map tile as players call it, from its id: "countryside_2" -> "Countryside 2", "core_volkare"
    -> "Core Volkare", "start_A" -> "Start A" (the table matches a zone's ids to these names)."""
    kind, _, rest = tile.id.partition("_")
    return f"{_TILE_TYPE.get(tile.type, kind.title())} {rest[:1].upper() + rest[1:]}".strip()


def _tile(t) -> CardInfo:
    spaces = []
    for h in t.hexes:
        site = f"{h.city_color} city" if h.site == "city" and h.city_color else h.site.replace("_", " ")
        what = [site] if site else []
        if h.rampaging:
            what.append(f"rampaging {_RAMPAGING.get(h.rampaging, h.rampaging.replace('_', ' '))}")
        if h.mine_color:
            what.append(f"{h.mine_color} crystals")
        spaces.append(f"{_POS.get(h.pos, h.pos)} {h.terrain}" + (f" ({', '.join(what)})" if what else ""))
    return CardInfo(
        name=tile_name(t),
        english_name=None,
        kind="map tile",
        values={},
        sources={},
        text="Spaces: " + "; ".join(spaces) + ".",
        group=t.type,
        note=t.provenance if t.provenance.startswith("stand-in") else "",
    )


def catalogue() -> list[CardInfo]:
    c = content()
    out = [_card(x) for x in sorted(c.cards.values(), key=lambda x: x.id)]
    out += [_skill(s) for s in sorted(c.skills.values(), key=lambda x: x.id)]
    out += [_tactic(t) for t in sorted(c.tactics.values(), key=lambda x: x.id)]
    out += [_unit(u) for u in sorted(c.units.values(), key=lambda x: x.id) if not u.placeholder]
    seen = set()
    for e in sorted(c.enemies.values(), key=lambda x: x.id):
        if (e.color, e.name) not in seen:
            seen.add((e.color, e.name))
            out.append(_enemy(e))
    out += [_tile(t) for t in sorted(c.tiles.values(), key=lambda x: x.id)]
    return check(out)
