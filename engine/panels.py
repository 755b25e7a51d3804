"""Player panels: per seat, the numbers a player watches (fame, gold, XP, hand size), whose
turn it is and the seat's piles as a count and a top card, as data for front ends.

A panel is made for one viewer (a seat, or None for a spectator) and holds only what that
viewer may see: a pile's top card only where the viewer sees the pile's cards, a number only
where it is public or the viewer's own. Rulesets say which numbers matter
(`Ruleset.panels`, engine/games/<game>/panels.py); `seat_panels` does the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import msgspec

from engine.mechanics.zones import OWNER, PUBLIC, card_name
from engine.table import Table

COLOURS = ("#d33", "#33c", "#2a2", "#d90", "#939", "#099")
"""A seat's colour, as the board draws its figures (server/static/board.js)."""

Number = tuple[str, int | str]


class Pile(msgspec.Struct, frozen=True):
    """A pile as a player sees it on a table: how many cards, and the top one's name where
    the viewer may see it (None: face down, or empty)."""

    label: str
    count: int
    top: str | None = None


class Panel(msgspec.Struct, frozen=True):
    """One seat's panel: its name and colour, its numbers in order as (label in words,
    value), whether it is to act now, and its piles."""

    seat: int
    name: str
    colour: str
    numbers: list[Number] = []
    turn: bool = False
    piles: list[Pile] = []


def seat_name(seat: int) -> str:
    """A seat as people count them (seat 0 is "Seat 1"), as the log names it."""
    return f"Seat {seat + 1}"


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def to_act(ruleset: Any, table: Table) -> set[int]:
    """The seats a decision waits for now (none once the game is over, and none in a state
    between two events of one command, as the replay shows at event N: no rule asks for a
    decision there, and a game's prompts may not read such a state)."""
    if table.over:
        return set()
    try:
        return {p.seat for p in ruleset.prompts(table)}
    except (IndexError, KeyError, AttributeError, TypeError, ValueError):
        return set()


def sees(table: Table, zone: str, viewer: int | None) -> bool:
    """Whether `viewer` sees the cards of `zone` (as engine.mechanics.zones.view decides)."""
    z = table.zones[zone]
    return z.vis == PUBLIC or (z.vis == OWNER and viewer is not None and z.owner == viewer)


def size(table: Table, zone: str) -> int:
    """How many cards a zone holds; 0 for one not made yet (a state before the set-up)."""
    z = table.zones.get(zone)
    return 0 if z is None else len(z.cards)


def pile(table: Table, zone: str, viewer: int | None, label: str) -> Pile:
    """A zone as a pile: its size, and its top card's name if `viewer` sees its cards."""
    z = table.zones.get(zone)
    cards = z.cards if z is not None else []
    top = card_name(cards[0]) if cards and sees(table, zone, viewer) else None
    return Pile(label, len(cards), top)


def piles_of(ruleset: Any, table: Table, viewer: int | None, zones: list[str]) -> list[Pile]:
    """The zones among `zones` that hold cards, as piles labelled in words."""
    return [pile(table, z, viewer, zone_words(ruleset, z)) for z in zones if size(table, z)]


_SEAT_WORDS = re.compile(r"^(?:cards )?Seat \d+(?:'s)?:? ?")


def zone_words(ruleset: Any, zone: str) -> str:
    """A seat's zone in words without the seat ("Seat 1's discard pile" -> "discard pile"):
    the panel already says whose it is."""
    text = _SEAT_WORDS.sub("", str(ruleset.zone_label(zone))).strip()
    return text or zone


def owned_zones(table: Table, seat: int) -> list[str]:
    return [name for name, z in table.zones.items() if z.owner == seat]


def default_numbers(ruleset: Any, table: Table, seat: int, viewer: int | None) -> list[Number]:
    """The sizes of the seat's zones whose cards are not public (hand, deck): sizes anyone
    may count."""
    return [
        (zone_words(ruleset, z), len(table.zones[z].cards))
        for z in owned_zones(table, seat)
        if table.zones[z].vis != PUBLIC
    ]


def default_piles(ruleset: Any, table: Table, seat: int, viewer: int | None) -> list[Pile]:
    """The seat's public zones that hold cards (a discard pile, cards in play), as piles."""
    return [
        pile(table, z, viewer, zone_words(ruleset, z))
        for z in owned_zones(table, seat)
        if table.zones[z].vis == PUBLIC and table.zones[z].cards
    ]


Numbers = Callable[[int], list[Number]]
Piles = Callable[[int], list[Pile]]


def seat_panels(
    ruleset: Any,
    table: Table,
    viewer: int | None,
    numbers: Numbers | None = None,
    piles: Piles | None = None,
    name: Callable[[int], str] | None = None,
    seats: list[int] | None = None,
) -> list[Panel]:
    """One panel per seat (or per seat of `seats`): `numbers(seat)` and `piles(seat)` a
    ruleset's own, else the defaults (zone sizes, public piles); `name(seat)` words after
    "Seat N" (a hero, a race)."""
    acting = to_act(ruleset, table)
    out = []
    for s in range(table.players) if seats is None else seats:
        extra = name(s) if name is not None else ""
        out.append(
            Panel(
                seat=s,
                name=seat_name(s) + (f" ({extra})" if extra else ""),
                colour=colour(s),
                numbers=numbers(s) if numbers is not None else default_numbers(ruleset, table, s, viewer),
                turn=s in acting,
                piles=piles(s) if piles is not None else default_piles(ruleset, table, s, viewer),
            )
        )
    return out


def default(ruleset: Any, table: Table, viewer: int | None) -> list[Panel]:
    """`Ruleset.panels` where a game declares none: the seat's name, whose turn, zone sizes."""
    return seat_panels(ruleset, table, viewer)


def words(key: str) -> str:
    """A state field's name as a label ("hand_limit" -> "hand limit")."""
    return key.replace("_", " ")
