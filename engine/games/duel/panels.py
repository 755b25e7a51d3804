"""The duel's player panels (`Ruleset.panels`): damage taken, whether the seat is out, hand
and deck sizes, the discard pile's top card."""

from __future__ import annotations

from engine.panels import Number, Panel, piles_of, seat_panels, size
from engine.ruleset import with_ruleset


@with_ruleset
def panels(rs, table, viewer: int | None) -> list[Panel]:
    def numbers(s: int) -> list[Number]:
        out: list[Number] = [("damage", table.damage.get(f"seat{s}", 0))]
        if s in table.game.out:
            out.append(("out", "yes"))
        return [*out, ("hand", size(table, f"p{s}.hand")), ("deck", size(table, f"p{s}.deck"))]

    return seat_panels(rs, table, viewer, numbers, lambda s: piles_of(rs, table, viewer, [f"p{s}.discard"]))
