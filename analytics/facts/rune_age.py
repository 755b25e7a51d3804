"""Rune Age facts: cards bought, gold and influence produced, combats, event cards, eliminations.

A purchase is `ra.spent` (the card and its cost); `ra.gained` is gold or influence produced by
playing or exhausting a card (its rule says which resource), not a card gained.
"""

from __future__ import annotations

import pyarrow as pa

from analytics.facts.table import Column, FactTable, Game, Rows, name_cells, named, seat_of, seats_table

I64, BOOL, STR = pa.int64(), pa.bool_(), pa.string()
RESOURCE = {"ACT-BUY-1": "gold", "RWD-2": "gold", "ACT-INF-1": "influence", "TRN-3": "influence"}


def purchases(g: Game) -> Rows:
    for e, d in g.each("ra.spent"):
        yield {
            "version": e.version,
            "seat": seat_of(e, d),
            **name_cells(g, "card", d.get("card")),
            "cost": d.get("amount"),
            "rule": e.rule,
        }


def produced(g: Game) -> Rows:
    for e, d in g.each("ra.gained"):
        if e.rule in RESOURCE:
            yield {
                "version": e.version,
                "seat": seat_of(e, d),
                **name_cells(g, "card", d.get("card")),
                "resource": RESOURCE[e.rule],
                "amount": d.get("amount"),
            }


def _realm(target: object) -> int | None:
    if isinstance(target, str) and target.startswith("realm:") and target[6:].isdigit():
        return int(target[6:])
    return None


def combats(g: Game) -> Rows:
    for e, d in g.each("ra.outcome"):
        siege = "defender" in d
        target = d.get("target") if siege else d.get("target_card")
        yield {
            "version": e.version,
            "seat": e.actor,
            "kind": "siege" if siege else "card",
            "strength": d.get("attacker"),
            "against": d.get("defender") if siege else d.get("target"),
            "realm": _realm(target),
            **name_cells(g, "target", None if _realm(target) is not None else target),
            "winner": d.get("winner"),
            "won": d.get("winner") in ("attacker", "army"),
        }


def event_cards(g: Game) -> Rows:
    for e, d in g.each("ra.event_step", "ra.lasting"):
        step_of = d if e.type == "ra.lasting" else d.get("set") or {}
        card = step_of.get("card")
        step = "lasting" if e.type == "ra.lasting" else step_of.get("step")
        if card:
            yield {
                "version": e.version,
                "seat": e.actor,
                **name_cells(g, "card", card),
                "step": step,
                "until": d.get("until"),
            }


def eliminations(g: Game) -> Rows:
    for e, d in g.each("ra.eliminated"):
        yield {"version": e.version, "seat": seat_of(e, d), "by": d.get("by"), "cause": d.get("cause")}


def factions(g: Game) -> dict[int, str]:
    """Seat -> its faction: the group of the realm card dealt to it at set-up."""
    out = {}
    for _e, d in g.each("zone.created"):
        zone, cards = str(d.get("zone", "")), d.get("cards") or []
        if zone.startswith("realm:") and zone[6:].isdigit() and cards:
            card = g.names.card(cards[0], ("realm",))
            if card is not None and card.group:
                out[int(zone[6:])] = card.group
    return out


TABLES = (
    seats_table("rune-age", factions),
    FactTable(
        "ra_purchases",
        "rune-age",
        "card bought",
        (
            *named("card", "the card bought or acquired"),
            Column("cost", I64, "the cost paid (gold or influence, by the rule)"),
            Column(
                "rule", STR, "the rule it was bought under (ACT-BUY-* with gold, ACT-INF-* with influence)"
            ),
        ),
        purchases,
    ),
    FactTable(
        "ra_produced",
        "rune-age",
        "gold or influence produced by a card played or exhausted",
        (
            *named("card", "the card exhausted"),
            Column("resource", STR, "gold or influence"),
            Column("amount", I64, "how much it produced"),
        ),
        produced,
    ),
    FactTable(
        "ra_combats",
        "rune-age",
        "combat resolved",
        (
            Column(
                "kind", STR, "siege (an army against a realm) or card (against a neutral, event or city card)"
            ),
            Column("strength", I64, "the attacking army's strength"),
            Column(
                "against", I64, "the defending realm's strength, or the strength the target card asks for"
            ),
            Column("realm", I64, "siege: the seat whose realm was attacked"),
            *named("target", "card fights: the target card"),
            Column("winner", STR, "attacker, defender (siege); army, target (card fights)"),
            Column("won", BOOL, "the attacking army won"),
        ),
        combats,
    ),
    FactTable(
        "ra_events",
        "rune-age",
        "event card drawn, refilled or lasting",
        (
            *named("card", "the event card"),
            Column("step", STR, "the event phase's step (draw, refill, ...) or lasting"),
            Column("until", I64, "lasting events: the round it lasts until"),
        ),
        event_cards,
    ),
    FactTable(
        "ra_eliminations",
        "rune-age",
        "player knocked out",
        (
            Column("by", I64, "the seat that knocked them out (empty: an event card)"),
            Column("cause", STR, "combat or event"),
        ),
        eliminations,
    ),
)
