"""`Ctx.shuffle` folds its event's own dict and list (no decode of a whole deck's names): the
event still holds exactly what its bytes say, and the order handed back to the caller is a copy,
so a caller that changes it changes neither the event its subscribers read nor the table."""

from __future__ import annotations

import msgspec

from engine import registry
from engine.context import Ctx
from engine.table import Table, Zone


def _shuffled(cards: list) -> tuple[Ctx, list]:
    rs = registry.get("duel")
    table = Table("g", "duel", "1.0", 2, {}, "h")
    table.zones = {"deck": Zone(list(cards), 0, "hidden")}
    ctx = Ctx(rs, table, "seed", "g:1", None, 100)
    rule = next(iter(rs.catalog.rules))
    return ctx, ctx.shuffle("deck", rule)


def test_the_order_handed_back_is_a_copy_of_the_events_own():
    ctx, order = _shuffled([f"card#{i}" for i in range(12)])
    ev = ctx.events[-1]
    assert ev.data == msgspec.json.decode(ev.raw)
    assert order == ev.data["order"] == ctx.table.zones["deck"].cards
    order.reverse()
    order.append("other#1")
    assert ev.data == msgspec.json.decode(ev.raw)
    assert ev.data["order"] != order and ctx.table.zones["deck"].cards == ev.data["order"]


def test_cards_that_are_not_plain_strings_are_folded_as_their_bytes_decode():
    ctx, _ = _shuffled([("a", 1), 7, "b#2"])  # a tuple's JSON comes back as a list
    ev = ctx.events[-1]
    assert ev.data == msgspec.json.decode(ev.raw)
    assert ["a", 1] in ev.data["order"] and ("a", 1) not in ev.data["order"]
    assert ["a", 1] in ctx.table.zones["deck"].cards
