"""Zone names and small reads of the board shared by every rules module."""

from __future__ import annotations

from engine.games.thunderstone.content import card, is_monster

POSITIONS = (0, 1, 2, 3)
HAND_SIZE = 6


# A seat's zone names: deck(s) == "deck{s}" and so on. The rules ask these thousands of times a
# game; as a bound dict lookup each is one C call instead of a Python frame and a format.
# Seats are 0..players-1 (at most 5); the tables go well past that, and a seat outside them
# (a negative one included) is a KeyError, never another seat's zone.
_SEATS = range(16)
deck = {s: f"deck{s}" for s in _SEATS}.__getitem__
hand = {s: f"hand{s}" for s in _SEATS}.__getitem__
disc = {s: f"disc{s}" for s in _SEATS}.__getitem__
play = {s: f"play{s}" for s in _SEATS}.__getitem__
tres = {s: f"tres{s}" for s in _SEATS}.__getitem__
look = {s: f"look{s}" for s in _SEATS}.__getitem__


def pos(p: int, b: str = "") -> str:
    """Position p of dungeon b ("" or, in the Drachenturm scenario, "b:"); position 0 is shared:
    guardians there have left the dungeon to attack the village."""
    return "pos0" if p == 0 else f"{b}pos{p}"


def dungeon(b: str = "") -> str:
    return f"{b}dungeon"


def boards(table) -> list[str]:
    return table.game.boards


def stack(name: str) -> str:
    return f"v:{name}"


def under(dragon: str) -> str:
    """The face-down cards under an Emerald Dragon (its owner sees them, nobody else)."""
    return f"under:{dragon}"


def hidden_cards(table, s: int) -> list[str]:
    """The cards hidden under the seat's dragons (still his own)."""
    return [c for d in table.zone(tres(s)) if under(d) in table.zones for c in table.zone(under(d))]


def owned_zones(s: int) -> tuple[str, ...]:
    """Every zone holding cards a seat owns (SCORE-1)."""
    return deck(s), hand(s), disc(s), play(s), tres(s), look(s)


# key: (the one dungeon's name, or the tuple of every dungeon, b): a str never equals a tuple
_BOARD_ZONES: dict[tuple[str | tuple[str, ...], str | None], tuple[tuple[int, str], ...]] = {}


def board_zones(table, b: str | None = None) -> tuple[tuple[int, str], ...]:
    """(position, zone) of position 0 and positions 1-3 of dungeon b (None: of every dungeon)."""
    bs = table.game.boards
    key = (bs[0] if len(bs) == 1 else tuple(bs), b)  # one dungeon: no tuple to build
    got = _BOARD_ZONES.get(key)
    if got is None:
        got = _BOARD_ZONES[key] = (
            (0, pos(0)),
            *((p, pos(p, x)) for x in bs if b is None or x == b for p in POSITIONS[1:]),
        )
    return got


def zone_of(table, cid: str) -> str | None:
    zones = table.zones
    for _, z in board_zones(table):
        if cid in zones[z].cards:
            return z
    return None


def zone_holding(table, cid: str) -> str:
    """zone_of() of a card known to be on the board."""
    z = zone_of(table, cid)
    assert z is not None, cid
    return z


def position_of(table, cid: str) -> int | None:
    zones = table.zones
    for p, z in board_zones(table):
        if cid in zones[z].cards:
            return p
    return None


def board_of(zone: str) -> str:
    """The dungeon a position zone belongs to: "pos2" -> "", "b:pos2" -> "b:"."""
    return zone[:-4]


def board(table, b: str | None = None) -> list[tuple[int, str]]:
    """(position, card) for every card on the board, position 0 first."""
    zones = table.zones
    return [(p, c) for p, z in board_zones(table, b) for c in zones[z].cards]


def monsters_on_board(table, b: str | None = None) -> list[tuple[int, str]]:
    zones = table.zones
    return [(p, c) for p, z in board_zones(table, b) for c in zones[z].cards if is_monster(c)]


_last_stacks: list = [None, -1, ()]  # (zones dict, its size, ((zone, stack name), ...)) last asked


def village_zones(table) -> tuple[tuple[str, str], ...]:
    """(zone, stack name) of every village stack in zone order. Zones are only ever added to a
    table's dict, so the same dict (held here, so its id is never reused) at the same size has
    the same stacks."""
    zones = table.zones
    last = _last_stacks
    if zones is not last[0] or len(zones) != last[1]:
        last[:] = [zones, len(zones), tuple((z, z[2:]) for z in zones if z.startswith("v:"))]
    return last[2]


def village_stacks(table) -> list[str]:
    return [n for _, n in village_zones(table)]


def stack_cards(table, stack_name: str) -> list[str]:
    """A village stack's cards, top first; none if the stack is not in this game."""
    z = table.zones.get(stack(stack_name))
    return z.cards if z else []


def top_of(table, stack_name: str) -> str | None:
    cards = stack_cards(table, stack_name)
    return cards[0] if cards else None


def defense_rule(table) -> str:
    """The rule behind the countdown and marching monsters: co-op (VAR-C) or its solo stand-in."""
    return "VAR-C" if table.game.coop else "VAR-S-MARCH"


def guardian_out(table) -> bool:
    return bool(table.zone(pos(0)))


def global_light(table) -> int:
    """Sum of active global LICHT modifiers (negative = extra penalty), AUTO-GLOBAL."""
    n = 0
    for _, c in board(table):
        for a in card(c).abilities:  # Card.all("global") without its copy
            if a.on == "global" and a.do == "light":
                n += a.n
    return n
