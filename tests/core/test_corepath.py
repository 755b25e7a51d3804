"""The corepath speed work's fast paths give exactly what the plain code gave.

Behaviour only, never timings: the written-out hex offsets equal the named directions, a zone
move's event data reaches the fold and the handlers equal to its JSON decode (owned or not),
and the bus hands every emitted event to its subscribers first in, first out, with its cause.
"""

from __future__ import annotations

import msgspec

from bus import RuleBus
from engine import registry
from engine.context import Ctx
from engine.mechanics import hexgrid, zones
from engine.table import Table, Zone


def test_hex_neighbours_are_the_named_directions_in_order():
    for h in [(0, 0), (2, -1), (-5, 7), (13, 13)]:
        assert hexgrid.neighbours(h) == [
            hexgrid.add(h, hexgrid.DIRECTIONS[n]) for n in hexgrid.DIRECTION_NAMES
        ]
        got = hexgrid.tile_neighbour_centres(h)
        want = {name: hexgrid.add(h, off) for name, off in hexgrid.TILE_OFFSETS.items()}
        assert list(got.items()) == list(want.items())


def _ctx() -> Ctx:
    rs = registry.get("duel")
    t = Table("g", "duel", "1.0", 2, {}, "h")
    t.zones = {"a": Zone(["x#1", "y#2"], 0, "owner"), "b": Zone([], None, "public")}
    return Ctx(rs, t, "seed", "g:1", 0, 100)


def test_zone_move_data_equals_its_json_decode_owned_or_not():
    rule = next(iter(registry.get("duel").catalog.rules))
    for detail in (
        {},
        {"why": "test", "k": 3, "ok": True, "none": None},
        {"path": ["a", "b"]},
        {"at": (1, 2)},
        {"f": 0.5},
    ):
        ctx = _ctx()
        zones.move(ctx, "a", "b", ["x#1"], rule, **detail)
        ev = ctx.events[0]
        assert ev.data == msgspec.json.decode(ev.raw)
        assert type(ev.data["cards"]) is list and ctx.table.zones["b"].cards == ["x#1"]
        if detail and any(type(v) not in (str, int, bool, type(None)) for v in detail.values()):
            # not owned: the event holds a decode, not the caller's objects
            assert all(ev.data[k] is not v for k, v in detail.items() if isinstance(v, (list, tuple)))


def test_bus_runs_events_first_in_first_out_with_their_cause():
    ctx = _ctx()
    rule = next(iter(ctx.ruleset.catalog.rules))
    seen = []
    bus = RuleBus()

    def first(ctx, table, ev):
        seen.append((ev.type, ctx.cause))
        if ev.type == "damage.dealt" and ev.data["n"] == 1:
            ctx.emit("damage.dealt", {"target": "t", "n": 2}, rule)
            ctx.emit("damage.healed", {"target": "t", "n": 1}, rule)

    bus.subscribe("damage.dealt", first)
    bus.subscribe("damage.healed", first)
    ctx.emit("damage.dealt", {"target": "t", "n": 1}, rule)
    ctx.emit("dice.rolled", {"die": "d", "face": 1, "stream": "s", "chance": 0, "forced": False}, rule)
    bus.run(ctx)
    assert seen == [("damage.dealt", 1), ("damage.dealt", 3), ("damage.healed", 4)]
    assert [e.cause for e in ctx.events] == [None, None, 1, 1]
    assert ctx.table.damage == {"t": 2}
    bus.run(ctx)  # nothing new: nothing runs twice
    assert len(seen) == 3


def test_hex_neighbour_adjacent_and_open_slots_match_their_definitions():
    import itertools

    import pytest

    hexes = [(q, r) for q in range(-3, 4) for r in range(-3, 4)]
    for a, b in itertools.product(hexes, hexes):
        assert hexgrid.adjacent(a, b) == (hexgrid.distance(a, b) == 1)
    for h in hexes:
        for name in hexgrid.DIRECTION_NAMES:
            assert hexgrid.neighbour(h, name) == hexgrid.add(h, hexgrid.DIRECTIONS[name])
    with pytest.raises(ValueError, match="unknown hex direction 'N'"):
        hexgrid.neighbour((0, 0), "N")
    placed = [(0, 0), (3, -2), (2, 1), (-1, 3)]
    want = sorted({c for p in placed for c in hexgrid.tile_neighbour_centres(p).values()} - set(placed))
    assert list(hexgrid.open_tile_slots(placed)) == want


def test_written_out_shuffle_equals_random_shuffle():
    import random

    from engine.chance import rng_for, shuffle

    for n in range(0, 70):
        for counter in range(3):
            a, b = list(range(n)), list(range(n))
            r1, r2 = rng_for(f"s{n}", counter), rng_for(f"s{n}", counter)
            r1.shuffle(a)
            shuffle(r2, b)
            assert a == b and r1.getstate() == r2.getstate()
    assert isinstance(r1, random.Random)


def test_tile_hexes_and_neighbour_count_match_their_definitions():
    for c in [(0, 0), (3, -2), (-4, 7)]:
        want = {"C": c, **{n: hexgrid.neighbour(c, n) for n in hexgrid.DIRECTION_NAMES}}
        assert list(hexgrid.tile_hexes(c).items()) == list(want.items())
        placed = [(0, 0), (3, -2), (2, 1), (5, -1), (-1, 3)]
        assert hexgrid.tile_neighbour_count(c, placed) == sum(
            1 for x in hexgrid.tile_neighbour_centres(c).values() if x in set(placed)
        )
