"""Thunderstone facts: buys, battles (the monster's health and light, the party's totals),
level-ups, experience and the breach, each card by name."""

from __future__ import annotations

import pyarrow as pa

from analytics.facts.table import Column, FactTable, Game, Rows, name_cells, named, seat_of, seats_table

I32, I64, BOOL, STR = pa.int32(), pa.int64(), pa.bool_(), pa.string()
PARTY = pa.list_(
    pa.struct(
        [
            ("card_en", STR),
            ("card_de", STR),
            ("attack", I32),
            ("magic", I32),
            ("light", I32),
            ("equipped", BOOL),
        ]
    )
)


def buys(g: Game) -> Rows:
    for e, d in g.each("ts.bought"):
        yield {
            "version": e.version,
            "seat": seat_of(e, d),
            **name_cells(g, "card", d.get("card")),
            "price": d.get("price"),
            "gold": d.get("gold"),
            "forfeited": d.get("forfeited"),
        }


def battles(g: Game) -> Rows:
    for e, d in g.each("ts.battle"):
        party = []
        for p in d.get("parts") or []:
            n = g.name(p.get("card"))
            party.append(
                {
                    "card_en": n.en if n else None,
                    "card_de": n.de if n else None,
                    "attack": p.get("attack"),
                    "magic": p.get("magic"),
                    "light": p.get("light"),
                    "equipped": p.get("note") == "equipped",
                }
            )
        yield {
            "version": e.version,
            "seat": seat_of(e, d),
            **name_cells(g, "monster", d.get("target")),
            "rank": d.get("position"),
            "health": d.get("health"),
            "light_needed": d.get("light_base"),
            "light": d.get("light_points"),
            "light_penalty": d.get("light_penalty"),
            "attack": d.get("attack"),
            "magic": d.get("magic"),
            "deduction": d.get("deduction"),
            "total": d.get("total"),
            "heroes": d.get("heroes_present"),
            "gold_revealed": d.get("gold_revealed"),
            "won": d.get("won", d.get("win")),
            "party": party,
            "modifiers": list(d.get("modifiers") or []),
        }


def levelups(g: Game) -> Rows:
    for e, d in g.each("ts.leveled"):
        yield {
            "version": e.version,
            "seat": seat_of(e, d),
            **name_cells(g, "old", d.get("old")),
            **name_cells(g, "new", d.get("new")),
            "xp": d.get("xp"),
        }


def xp(g: Game) -> Rows:
    for e, d in g.each("ts.xp"):
        pool = d.get("seat") is None and "by" in d  # the shared pool (cooperative games)
        yield {
            "version": e.version,
            "seat": d.get("by") if pool else seat_of(e, d),
            "pool": pool,
            "delta": d.get("delta"),
            "total": d.get("total"),
        }


def breaches(g: Game) -> Rows:
    for e, d in g.each("ts.breach"):
        yield {
            "version": e.version,
            "seat": seat_of(e, d),
            **name_cells(g, "monster", d.get("monster")),
            "effects": [str(x) for x in d.get("effects") or []],
        }


TABLES = (
    seats_table("thunderstone"),
    FactTable(
        "ts_buys",
        "thunderstone",
        "card bought in the village",
        (
            *named("card", "the card bought"),
            Column("price", I64, "its price in gold"),
            Column("gold", I64, "the gold the buyer had this turn"),
            Column("forfeited", I64, "gold left unspent (lost at the end of the turn)"),
        ),
        buys,
    ),
    FactTable(
        "ts_battles",
        "thunderstone",
        "battle in the dungeon",
        (
            *named("monster", "the monster attacked"),
            Column("rank", I64, "its rank in the dungeon hall (1 nearest the village)"),
            Column("health", I64, "its health in this battle (after doubling abilities)"),
            Column("light_needed", I64, "light the rank asks for (the rank's number)"),
            Column("light", I64, "the party's light total"),
            Column("light_penalty", I64, "light missing (each costs 2 attack)"),
            Column("attack", I64, "the party's physical attack after abilities and diseases"),
            Column("magic", I64, "the party's magic attack after abilities and diseases"),
            Column("deduction", I64, "attack lost to the light penalty"),
            Column("total", I64, "the attack that counts against health"),
            Column("heroes", I64, "heroes in the party"),
            Column("gold_revealed", I64, "gold value of the hand revealed"),
            Column("won", BOOL, "the monster was defeated"),
            Column(
                "party",
                PARTY,
                "each card of the party: names, its attack, magic and light, equipped (a weapon on a hero)",
            ),
            Column("modifiers", pa.list_(STR), "abilities that changed the totals, in words"),
        ),
        battles,
    ),
    FactTable(
        "ts_levelups",
        "thunderstone",
        "hero levelled up",
        (
            *named("old", "the hero before"),
            *named("new", "the hero after"),
            Column("xp", I64, "experience paid"),
        ),
        levelups,
    ),
    FactTable(
        "ts_xp",
        "thunderstone",
        "experience gained or spent",
        (
            Column("pool", BOOL, "the shared pool's experience (cooperative games), seat = who gained it"),
            Column("delta", I64, "the change"),
            Column("total", I64, "the seat's (or the pool's) experience after it"),
        ),
        xp,
    ),
    FactTable(
        "ts_breaches",
        "thunderstone",
        "monster reaching the breach (rank 1 left the hall)",
        (*named("monster", "the monster"), Column("effects", pa.list_(STR), "its breach effects")),
        breaches,
    ),
)
