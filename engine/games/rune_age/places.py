"""Zone names and read-only questions about where cards lie."""

from __future__ import annotations

from engine.games.rune_age.cards import spec
from engine.mechanics.zones import card_name

EVENTS, EVENT_DISCARD, ENEMIES, LASTING = "events", "event_discard", "enemies", "lasting"
CITIES, OBJECTIVE, RUNES, OUT, BOX, REVEALED = "cities", "objective", "runes", "out", "box", "event_drawn"


def deck(s: int) -> str:
    return f"deck:{s}"


def hand(s: int) -> str:
    return f"hand:{s}"


def discard(s: int) -> str:
    return f"discard:{s}"


def play(s: int) -> str:
    return f"play:{s}"


def army(s: int) -> str:
    return f"army:{s}"


def realm(s: int) -> str:
    return f"realm:{s}"


def barracks(s: int, pile: str) -> str:
    return f"barracks:{s}:{pile}"


def gold_pile(value: int) -> str:
    return f"gold:{value}"


def neutral_pile(name: str) -> str:
    return f"neutral:{name}"


def alive(t) -> list[int]:
    """Surviving players in seating order, starting with the first player."""
    g = t.game
    i = g.order.index(g.first)
    ring = g.order[i:] + g.order[:i]
    return [s for s in ring if s not in g.eliminated]


def next_alive(t, seat: int) -> int:
    g = t.game
    i = g.order.index(seat)
    for k in range(1, len(g.order) + 1):
        s = g.order[(i + k) % len(g.order)]
        if s not in g.eliminated:
            return s
    return seat


def seat_of_race(t, race: str) -> int | None:
    g = t.game
    return g.races.index(race) if race in g.races else None


def origin(t, card: str) -> str:
    """DES-1: where a destroyed card returns (A33: a race card to its race's barracks)."""
    c = spec(t.game, card)
    if c.kind == "gold":
        return gold_pile(c.gold)
    if c.race:
        s = seat_of_race(t, c.race)
        if s is not None and s not in t.game.eliminated and c.pile:
            return barracks(s, c.pile)
        return OUT
    if c.kind in ("unit", "tactic"):
        return neutral_pile(c.name)
    if c.kind == "city":
        return CITIES
    return OUT


def is_unit(t, card: str) -> bool:
    return spec(t.game, card).kind == "unit"


def playable(t, s: int) -> list[str]:
    """BTL-2, A30: only unit and tactic cards can be played into an army (names)."""
    return names([c for c in t.zone(hand(s)) if spec(t.game, c).kind in ("unit", "tactic")])


def ready(t, s: int, resource: str) -> list[str]:
    """Ready play-area cards of seat s that provide gold or influence when exhausted."""
    g = t.game
    return [c for c in t.zone(play(s)) if c not in g.exhausted and getattr(spec(g, c), resource) > 0]


def army_strength(t, s: int) -> int:
    return sum(spec(t.game, c).strength for c in t.zone(army(s)) if is_unit(t, c))


def hand_card(t, seat: int, name: str, besides: str = "") -> str:
    """The first hand card of that name (copies are alike, so commands name hand cards by name:
    a decision event is public, a hand card's id is not)."""
    return next(c for c in t.zone(hand(seat)) if card_name(c) == name and c != besides)


def names(cards: list[str]) -> list[str]:
    """Distinct card names in order of first appearance."""
    return list(dict.fromkeys(card_name(c) for c in cards))
