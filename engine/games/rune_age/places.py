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


def alive(table) -> list[int]:
    """Surviving players in seating order, starting with the first player."""
    game = table.game
    i = game.order.index(game.first)
    ring = game.order[i:] + game.order[:i]
    return [s for s in ring if s not in game.eliminated]


def next_alive(table, seat: int) -> int:
    game = table.game
    i = game.order.index(seat)
    for k in range(1, len(game.order) + 1):
        s = game.order[(i + k) % len(game.order)]
        if s not in game.eliminated:
            return s
    return seat


def seat_of_race(table, race: str) -> int | None:
    game = table.game
    return game.races.index(race) if race in game.races else None


def origin(table, card: str) -> str:
    """DES-1: where a destroyed card returns (A33: a race card to its race's barracks)."""
    c = spec(table.game, card)
    if c.kind == "gold":
        return gold_pile(c.gold)
    if c.race:
        s = seat_of_race(table, c.race)
        if s is not None and s not in table.game.eliminated and c.pile:
            return barracks(s, c.pile)
        return OUT
    if c.kind in ("unit", "tactic"):
        return neutral_pile(c.name)
    if c.kind == "city":
        return CITIES
    return OUT


def is_unit(table, card: str) -> bool:
    return spec(table.game, card).kind == "unit"


def playable(table, s: int) -> list[str]:
    """BTL-2, A30: only unit and tactic cards can be played into an army (names)."""
    return names([c for c in table.zone(hand(s)) if spec(table.game, c).kind in ("unit", "tactic")])


def ready(table, s: int, resource: str) -> list[str]:
    """Ready play-area cards of seat s that provide gold or influence when exhausted."""
    game = table.game
    return [
        c for c in table.zone(play(s)) if c not in game.exhausted and getattr(spec(game, c), resource) > 0
    ]


def army_strength(table, s: int) -> int:
    return sum(spec(table.game, c).strength for c in table.zone(army(s)) if is_unit(table, c))


def hand_card(table, seat: int, name: str, besides: str = "") -> str:
    """The first hand card of that name (copies are alike, so commands name hand cards by name:
    a decision event is public, a hand card's id is not)."""
    return next(c for c in table.zone(hand(seat)) if card_name(c) == name and c != besides)


def names(cards: list[str]) -> list[str]:
    """Distinct card names in order of first appearance."""
    return list(dict.fromkeys(card_name(c) for c in cards))
