"""DragonLords set-up and turn facts as pure functions (rulebook §2.3 and §3): army sizes, starting gold and
kit, the seven phases in order, the orc bulk price, and the winning test. The ruleset's handlers use
these; keeping them apart lets the examples be tested without a game."""

from __future__ import annotations

PHASES = ("purchase", "naval_movement", "quest_activity", "combat", "transfer", "income", "reinforcements")
STARTING_GOLD = 30  # DL:2.3.3: 5 large and 5 small nuggets
STARTING_KIT = ("king", "wizard", "decoy", "torch", "pick_axe", "ship")  # DL:2.3.4
FIRST_WIZARD_SPELLS = ("heal", "fireball")  # DL:2.3.5: peg holes 1 and 2
KINGDOMS_TO_WIN = 6  # DL:4.1


def army_size(players: int) -> int:
    """Units in each army at the start (DL:2.3.2): 30 with 3-4 players, 35 with 2 (one per race,
    INT-10: each of a two-race player's armies has 35)."""
    if players not in (2, 3, 4):
        raise ValueError(f"Quest for the DragonLords is for 2-4 players (DL:2.3.2), got {players}")
    return 35 if players == 2 else 30


def purchase_cost(race: str, count: int, unit_cost: int) -> int:
    """Gold for `count` units of a race (DL:3.1); Orcs buy 4 for 10 (INT-01: 10 per four, 3 each for the rest)."""
    if count < 0:
        raise ValueError("a purchase counts at least 0 units")
    if race == "orc":
        return 10 * (count // 4) + unit_cost * (count % 4)
    return unit_cost * count


def winner(
    kings_alive: dict[int, bool], kingdoms_held: dict[int, int], kingdoms_to_win: int = KINGDOMS_TO_WIN
) -> int | None:
    """The seat that has won, or None (DL:4.1, checked after every change, INT-58): the only King left
    alive, or whoever holds `kingdoms_to_win` kingdoms at once (6; fewer by agreement in the short game, DL:5.1/short)."""
    alive = sorted(s for s, a in kings_alive.items() if a)
    if len(alive) == 1:
        return alive[0]
    for seat in alive:
        if kingdoms_held.get(seat, 0) >= kingdoms_to_win:
            return seat
    return None
