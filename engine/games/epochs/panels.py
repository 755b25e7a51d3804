"""Epochs' player panels (`Ruleset.panels`): honour, the epoch of the seat's sabaton, medals
and relics held, hand and deck sizes, the discard pile's top card."""

from __future__ import annotations

from engine.panels import Number, Panel, piles_of, seat_panels, size
from engine.ruleset import with_ruleset


@with_ruleset
def panels(rs, table, viewer: int | None) -> list[Panel]:
    game = table.game

    def numbers(s: int) -> list[Number]:
        sabaton = game.sabatons[s] if s < len(game.sabatons) else None
        return [
            ("honour", game.honour[s] if s < len(game.honour) else 0),
            ("sabaton", sabaton or "not placed"),
            ("medals", size(table, f"p{s}.medals")),
            ("relics", size(table, f"p{s}.relics")),
            ("hand", size(table, f"p{s}.hand")),
            ("deck", size(table, f"p{s}.deck")),
        ]

    def piles(s: int):
        return piles_of(rs, table, viewer, [f"p{s}.discard", f"p{s}.relics"])

    return seat_panels(rs, table, viewer, numbers, piles)
