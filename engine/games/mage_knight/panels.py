"""Mage Knight's player panels (`Ruleset.panels`): the hero's fame, level, reputation,
armour, hand limit, crystals by colour, hand and deck sizes and units; all public."""

from __future__ import annotations

from engine.panels import Number, Panel, default_piles, seat_panels, size, words
from engine.ruleset import with_ruleset

CRYSTALS = ("red", "blue", "green", "white")


@with_ruleset
def panels(rs, table, viewer: int | None) -> list[Panel]:
    heroes = table.game.players

    def numbers(s: int) -> list[Number]:
        p = heroes[s]
        out: list[Number] = [
            ("fame", p.fame),
            ("level", p.level),
            ("reputation", p.reputation),
            ("armour", p.armour),
            ("hand limit", p.hand_limit),
        ]
        out += [(f"{c} crystals", p.crystals.get(c, 0)) for c in CRYSTALS]
        out += [("hand", size(table, f"hand:{s}")), ("deed deck", size(table, f"deck:{s}"))]
        out.append(("units", len(p.units)))
        return out

    return seat_panels(
        rs,
        table,
        viewer,
        numbers,
        lambda s: default_piles(rs, table, s, viewer),
        name=lambda s: words(heroes[s].hero).title() if s < len(heroes) else "",
        seats=list(range(min(table.players, len(heroes)))),
    )
