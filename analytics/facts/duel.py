"""Duel facts: hits and dice."""

from __future__ import annotations

import pyarrow as pa

from analytics.facts.table import Column, FactTable, Game, Rows, dice_table, name_cells, named, seats_table

I64, STR = pa.int64(), pa.string()


def hits(g: Game) -> Rows:
    for e, d in g.each("damage.dealt"):
        yield {
            "version": e.version,
            "seat": e.actor,
            "target_seat": d.get("seat"),
            "damage": d.get("n"),
            "face": d.get("face"),
            **name_cells(g, "card", d.get("card")),
        }


TABLES = (
    seats_table("duel"),
    FactTable(
        "duel_damage",
        "duel",
        "hit dealt (seat = the attacker)",
        (
            Column("target_seat", I64, "the seat hit"),
            Column("damage", I64, "damage dealt"),
            Column("face", STR, "the attack die's face (hit, crit)"),
            *named("card", "the attack card played"),
        ),
        hits,
    ),
    dice_table("duel_dice", "duel"),
)
