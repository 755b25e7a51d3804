"""Print names from the content catalogues, for ids and instance ids alike ("march#3" ->
"March"); an id no catalogue knows reads as its words ("mage_tower" -> "mage tower")."""

from __future__ import annotations

from typing import Any

from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name
from engine.narration import and_list, seat_name

COLOURS = ("red", "blue", "green", "white", "gold", "black")


def plain(x: Any) -> str:
    """An id no catalogue names, in words."""
    return str(x).replace("_", " ").replace(":", " ").replace("coldfire", "cold fire").strip()


def card(x: Any) -> str:
    name = card_name(str(x))
    c = content().cards.get(name)
    return c.name if c is not None else plain(name).title()


def unit(x: Any) -> str:
    name = card_name(str(x))
    u = content().units.get(name)
    return u.name if u is not None else plain(name).title()


def enemy(x: Any) -> str:
    name = card_name(str(x))
    e = content().enemies.get(name)
    if e is not None:
        return e.name
    u = content().units.get(name)  # in PvP, effects aimed at enemies hit the opponent's units
    return u.name if u is not None else plain(name).title()


def skill(x: Any) -> str:
    s = content().skills.get(str(x))
    return s.name if s is not None else plain(x).title()


def tactic(x: Any) -> str:
    t = content().tactics.get(str(x))
    return t.name if t is not None else plain(x).title()


def hero(x: Any) -> str:
    return plain(x).title()


def seat_hero(table: Any, seat: Any) -> str:
    """A seat with its hero, as players call each other at the table: "Seat 2 (Tovak)"."""
    players = getattr(getattr(table, "game", None), "players", None) or []
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        h = getattr(players[seat], "hero", None)
        if h:
            return f"{seat_name(seat)} ({hero(h)})"
    return seat_name(seat)


def thing(x: Any) -> str:
    """A card, unit or skill by whichever catalogue knows it."""
    name = card_name(str(x))
    c = content()
    for table in (c.cards, c.units, c.skills, c.enemies, c.tactics):
        if name in table:
            return table[name].name
    return plain(name)


def cards(names: Any) -> str:
    """ "rage,march" or a list: "Rage and March", copies counted ("2× March", "2 Wounds")."""
    items = [x for x in (names.split(",") if isinstance(names, str) else list(names or ())) if x]
    counts: dict[str, int] = {}
    for x in items:
        counts[card(x)] = counts.get(card(x), 0) + 1
    return and_list(
        [(f"{n} {k}s" if k == "Wound" else f"{n}× {k}") if n > 1 else k for k, n in counts.items()]
    )


def the(name: str) -> str:
    return f"the {name}"


def kind_of_card(x: Any) -> str:
    c = content().cards.get(card_name(str(x)))
    return {"advanced_action": "advanced action", "basic_action": "basic action"}.get(
        c.kind if c else "", c.kind if c else "card"
    )


def seat(x: Any) -> str:
    return seat_name(int(x)) if str(x).lstrip("-").isdigit() else str(x)


def hex_at(k: Any) -> str:
    """A map space "3,-3" as "(3, -3)"."""
    return f"({str(k).replace(',', ', ')})"


def space(table: Any, k: str) -> str:
    """ "the village on the plains at (1, 2)", "the forest at (2, -1)"; "(2, -1)" where the map
    does not know the space."""
    sp = table.game.board.spaces.get(k) if table is not None else None
    if sp is None:
        return hex_at(k)
    where = f"the {plain(sp.site)} on the {plain(sp.terrain)}" if sp.site else f"the {plain(sp.terrain)}"
    return f"{where} at {hex_at(k)}"


def die(table: Any, index: Any, live: bool) -> str:
    """A Source die: by its face while deciding ("the green die"), else "a Source die" (its face
    has changed since)."""
    try:
        face = table.game.source[int(index)] if live else None
    except (IndexError, ValueError, TypeError, AttributeError):
        face = None
    return f"the {face} die" if face else "a Source die"
