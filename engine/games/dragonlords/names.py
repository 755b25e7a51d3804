"""DragonLords' armies and ships as people name them (issue 28: one seat numbering). An army is
its seat and race ("Seat 1's orc army"): with two players a seat leads two armies, so the seat
alone would not do, and the army's list index (0-based in `state`) is never shown. A ship is
named by its army and its rank among that army's ships ("Seat 1's second orc ship"): its id
("S13") reads like a sea zone ("S1".."S8") and stays machine data."""

from __future__ import annotations

from typing import Any

from engine.narration import seat_name

# Keys of the game's state (and of its events' "set") whose numbers index the `armies` list,
# not the seats: front ends name them with `army`, never as "Seat N" (`Ruleset.army_keys`).
ARMY_KEYS = frozenset(
    {"active", "order", "attacker", "defender", "spell_side", "killer", "army", "winner", "blessed"}
)
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """1 -> "first" … 10 -> "tenth", then "11th" (a fleet that large is rare)."""
    if 1 <= n <= len(ORDINALS):
        return ORDINALS[n - 1]
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _game(where: Any) -> Any:
    """A table or its game state: either will do."""
    return getattr(where, "game", where)


def army(where: Any, a: Any) -> str:
    """An army by its seat and race; without the game's armies, by its place in the turn's
    first order ("the first army"), never by a number."""
    armies = getattr(_game(where), "armies", None) or []
    if isinstance(a, int) and not isinstance(a, bool) and 0 <= a < len(armies):
        return f"{seat_name(armies[a].seat)}'s {armies[a].race} army"
    if isinstance(a, int) and not isinstance(a, bool) and a >= 0:
        return f"the {ordinal(a + 1)} army"
    return "no army" if a == -1 else str(a)


def ship(where: Any, sid: Any) -> str:
    """A ship by its army and its rank among that army's ships afloat, in launch order; a ship
    no longer afloat is "a ship now gone" (its id is no name for people)."""
    game = _game(where)
    ships = getattr(game, "ships", None) or {}
    s = ships.get(str(sid))
    if s is None:
        return "a ship now gone"
    armies = getattr(game, "armies", None) or []
    fleet = sorted((x for x, o in ships.items() if o.army == s.army), key=_launch)
    rank = f"{ordinal(fleet.index(str(sid)) + 1)} " if len(fleet) > 1 else ""
    if 0 <= s.army < len(armies):
        return f"{seat_name(armies[s.army].seat)}'s {rank}{armies[s.army].race} ship"
    return f"the {rank}ship of {army(game, s.army)}"


def _launch(sid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in sid if ch.isdigit())
    return (int(digits) if digits else 0, sid)
