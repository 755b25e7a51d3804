"""CONTENT.md's list of simplified cards is exactly what the effect interpreter leaves out, so the
document cannot drift from the code (MK:5:Effects:1)."""

import re
from pathlib import Path

from engine.games import mage_knight
from engine.games.mage_knight.cards.effects import resolutions, simplified
from engine.games.mage_knight.content.load import content

DOC = Path(mage_knight.__file__).with_name("CONTENT.md")


def test_simplified_card_list_matches_the_interpreter():
    text = DOC.read_text()
    block = text.split("<!-- simplified-cards -->")[1].split("<!-- /simplified-cards -->")[0]
    listed = dict(re.findall(r"`([a-z_]+)` \(([a-z/]+)\)", block))
    expected = {
        c.id: "/".join(simplified(c)) for c in content().cards.values() if c.id != "wound" and simplified(c)
    }
    assert listed == expected


def test_plain_cards_resolve_to_their_printed_values():
    """march: move 2 basic, move 4 powered; rage: attack 2 or block 2 (MK:5:Effects:1)"""
    c = content().cards
    assert resolutions(c["march"].basic_effect) == [[("move", 2)]]
    assert resolutions(c["march"].powered_effect) == [[("move", 4)]]
    kinds = [r[0][0] for r in resolutions(c["rage"].basic_effect)]
    assert kinds == ["attack", "block"]


def test_unit_ability_list_matches_the_interpreter():
    """CONTENT.md names exactly the unit abilities that are not offered"""
    from engine.games.mage_knight.cards.effects import plain_only

    text = DOC.read_text()
    block = text.split("Unit abilities that are not plain vocabulary are not offered")[1].split("\n\n")[0]
    listed = dict(re.findall(r"`([a-z_]+)` \(([0-9,]+)\)", block))
    expected = {}
    for u in content().units.values():
        bad = [
            str(i)
            for i, ab in enumerate(u.abilities)
            if not plain_only({k: v for k, v in ab.items() if k not in ("mana_cost", "note")})
        ]
        if bad and not u.placeholder:
            expected[u.id] = ",".join(bad)
    assert listed == expected


def stand_in_lines() -> list[str]:
    """Every card side, skill and unit ability with a stand-in part or a stand-in reading."""
    from engine.games.mage_knight.cards.effects import stand_ins
    from engine.games.mage_knight.content.load import readings

    c = content()
    marked = {(r.kind, r.id, r.side) for r in readings() if r.reading == "stand-in"}
    items = [
        ("card", x.id, side, getattr(x, f"{side}_effect"))
        for x in c.cards.values()
        for side in ("basic", "powered")
    ]
    items += [("skill", s.id, "effect", s.effect) for s in c.skills.values()]
    items += [
        ("unit", u.id, str(i), ab)
        for u in c.units.values()
        if not u.placeholder
        for i, ab in enumerate(u.abilities)
    ]
    out = []
    for kind, id_, side, tree in items:
        parts = stand_ins(tree)
        if parts or (kind, id_, side) in marked:
            out.append(f"- `{kind}:{id_}:{side}`: " + "; ".join(parts or ["the whole effect is a reading"]))
    return out


def test_stand_in_list_matches_the_readings():
    """CONTENT.md names exactly the effects (or parts) that are stand-ins (MK:5:Effects:1)"""
    block = DOC.read_text().split("<!-- stand-ins -->\n")[1].split("<!-- /stand-ins -->")[0]
    assert block.strip().splitlines() == stand_in_lines()


def test_every_skill_and_unit_ability_is_interpreted():
    """no skill or unit ability holds a node the interpreter drops (MK:5:Skills:4, MK:5:Units:5)"""
    from engine.games.mage_knight.cards.effects import plain_only

    c = content()
    assert [s.id for s in c.skills.values() if not plain_only(s.effect)] == []
    assert [
        u.id
        for u in c.units.values()
        for ab in u.abilities
        if not plain_only({k: v for k, v in ab.items() if k not in ("mana_cost", "note")})
    ] == []
