"""Per-ruleset fact tables: which stored events become which rows.

Written against event types and their payload fields (never card values), so a change of card
set changes the rows, not this file. Each fact is (table, event types, columns); a column is a
payload key, read as is (lists and dicts become JSON text). Every row also has game_id,
version (the event's place in its game), seat (the event's actor) and type. A column that
names a card or unit (`names`) has one more column per language beside it: `card_en`,
`card_de` (engine.language), the column itself kept as stored.
"""

from __future__ import annotations

from typing import NamedTuple


class Fact(NamedTuple):
    table: str
    types: tuple[str, ...]
    columns: tuple[str, ...]
    doc: str
    names: tuple[str, ...] = ()  # columns holding a card's or unit's id or name


FACTS: dict[str, tuple[Fact, ...]] = {
    "thunderstone": (
        Fact(
            "ts_buys",
            ("ts.bought",),
            ("card", "stack", "price", "gold", "forfeited"),
            "one row per card bought in the village",
            ("card", "stack"),
        ),
        Fact(
            "ts_battles",
            ("ts.battle",),
            ("target", "position", "attack", "magic", "light", "won", "parts"),
            "one row per battle: the monster, its rank, the party's totals, won or not",
            ("target",),
        ),
        Fact(
            "ts_levelups",
            ("ts.leveled",),
            ("old", "new", "xp"),
            "one row per hero levelled up (old card, new card, experience paid)",
            ("old", "new"),
        ),
        Fact("ts_xp", ("ts.xp",), ("delta", "total"), "experience gained and spent"),
        Fact(
            "ts_breaches",
            ("ts.breach",),
            ("monster", "effects"),
            "monsters reaching the breach (rank 1)",
            ("monster",),
        ),
    ),
    "rune-age": (
        Fact(
            "ra_purchases",
            ("ra.gained",),
            ("card", "amount"),
            "one row per card gained (bought or acquired)",
            ("card",),
        ),
        Fact(
            "ra_combats",
            ("ra.outcome",),
            ("attacker", "defender", "winner", "target"),
            "one row per combat with its winner side",
        ),
        Fact(
            "ra_events",
            ("ra.event_step", "ra.lasting"),
            ("card", "set", "until"),
            "event cards drawn and lasting effects",
            ("card",),
        ),
        Fact("ra_eliminations", ("ra.eliminated",), ("by", "cause"), "players knocked out"),
    ),
    "epochs": (
        Fact(
            "ep_combats",
            ("combat.decided",),
            ("winner", "survivors", "reason"),
            "one row per combat: winner side, survivors per side",
        ),
        Fact("ep_dice", ("dice.rolled",), ("die", "face", "forced"), "every die rolled"),
        Fact(
            "ep_scores",
            ("score.counted",),
            ("relics", "medals", "honour", "total"),
            "the final score of each seat by source",
        ),
    ),
    "duel": (
        Fact("duel_damage", ("damage.dealt",), ("target", "n", "face", "card"), "every hit dealt", ("card",)),
        Fact("duel_dice", ("dice.rolled",), ("die", "face"), "every die rolled"),
    ),
}


def facts_for(ruleset: str) -> tuple[Fact, ...]:
    return FACTS.get(ruleset, ())
