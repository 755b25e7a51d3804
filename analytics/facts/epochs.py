"""Epochs facts: combats, hits on units, dice and final scores."""

from __future__ import annotations

import pyarrow as pa

from analytics.facts.table import (
    Column,
    FactTable,
    Game,
    Rows,
    dice_table,
    name_cells,
    named,
    seat_of,
    seats_table,
)

I64, BOOL, STR = pa.int64(), pa.bool_(), pa.string()


def combats(g: Game) -> Rows:
    for e, d in g.each("combat.decided"):
        left = d.get("survivors") or {}
        yield {
            "version": e.version,
            "seat": e.actor,
            "winner": d.get("winner"),
            "attacker_survivors": left.get("attacker"),
            "defender_survivors": left.get("defender"),
            "reason": d.get("reason"),
        }


def hits(g: Game) -> Rows:
    for e, d in g.each("damage.dealt"):
        yield {
            "version": e.version,
            "seat": e.actor,
            **name_cells(g, "unit", d.get("target")),
            "side": d.get("side"),
            "line": d.get("line"),
            "slot": d.get("slot"),
            "hits": d.get("n"),
        }


def scores(g: Game) -> Rows:
    for e, d in g.each("score.counted"):
        yield {
            "version": e.version,
            "seat": seat_of(e, d),
            **{k: d.get(k) for k in ("relics", "medals", "honour", "total")},
        }


TABLES = (
    seats_table("epochs"),
    FactTable(
        "ep_combats",
        "epochs",
        "combat decided",
        (
            Column("winner", STR, "attacker, defender or none"),
            Column("attacker_survivors", I64, "the attacker's units left"),
            Column("defender_survivors", I64, "the defender's units left"),
            Column("reason", STR, "why that side won, in words"),
        ),
        combats,
    ),
    FactTable(
        "ep_hits",
        "epochs",
        "unit hit in a combat",
        (
            *named("unit", "the unit hit"),
            Column("side", STR, "attacker or defender (the unit's side)"),
            Column("line", STR, "the line the hit was dealt in (normal, ranged, ...)"),
            Column("slot", I64, "the unit's slot in its line"),
            Column("hits", I64, "hits dealt"),
        ),
        hits,
    ),
    dice_table("ep_dice", "epochs"),
    FactTable(
        "ep_scores",
        "epochs",
        "seat's final score (seat = the seat scored, not the event's actor)",
        (
            Column("relics", I64, "points from relics"),
            Column("medals", I64, "points from medals"),
            Column("honour", I64, "points from honour"),
            Column("total", I64, "the final score"),
        ),
        scores,
    ),
)
