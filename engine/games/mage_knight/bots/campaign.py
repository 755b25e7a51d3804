"""Going for a city (bot habit, not a rule): what the end of a turn is worth on the way to a
conquest, beside worth.py's fame and strength, and the assault lines the planner tries.

Why: fame alone rewards a turn spent anywhere, so a planner judged by it wandered, explored
little (cities came to light in round 5) and never stepped into a city. A player going for a
city first opens the map towards the core (cities lie on the core tiles, at the bottom of the
stack), then walks to the revealed city, and assaults when the fight is worth it; the city's
defenders stay defeated between assaults (MK:10:City:2), so an assault that takes one or two of
them is progress the next one (or the other hero) finishes. Each is weighed in fame:

- every tile on the map (EXPLORE) and, before any city is revealed, being near the explorable
  edge; once one is, being near the nearest hostile city (APPROACH per move point nearer);
- a shield on a hostile city (PROGRESS: the city scoring's +4 or +7 once it falls, and the
  conquest it brings nearer), a conquered city's scoring as the back of the card gives it.

The assault lines (`lines`) lead a candidate turn into a hostile city the hero could reach this
turn; the rest of the turn (cards for move points, the fight) is the habits', and the plan is
kept only if its end (defenders defeated, wounds taken) is worth more than the other plans'.
A line that ends the turn at once is the floor: when every habit-led plan walks into a fight
the habits misjudge, the hero keeps its hand instead."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.mage_knight.bots.estimate import card_points
from engine.games.mage_knight.bots.goals import explore_goals, hostile_cities, route_costs
from engine.games.mage_knight.choices.tree import turn_commands
from engine.games.mage_knight.cities.rules import city_fame

EXPLORE = 2.0  # a tile placed: the core tiles (and the cities) come closer
EDGE = 0.2  # per move point nearer the explorable edge, while no city is known
APPROACH = 0.4  # per move point nearer the nearest hostile city
FAR = 40  # move points beyond which nearer counts no more (a city across the map)
FOUND = EDGE * FAR  # a hostile city known: never worth less than standing at the edge
PROGRESS = 3.0  # a shield on a hostile city
REACH = 6  # move points from a hostile city within which an assault is tried this turn

ASSAULT_PLANS = 8  # of the planner's candidates, those trying an assault
SIDESTEPS = ("challenge", "explore")  # what an assault line leaves for another turn


@dataclass(frozen=True)
class Line:
    """A purposeful line for the turn planner (bots/planner.py reads these fields): `lead`
    gives the command to play now or None, `avoid` the kinds kept off, `plans` its candidates."""

    lead: Any
    avoid: tuple[str, ...] = ()
    plans: int = 1


def city_spaces(game) -> list[str]:
    return sorted(s for c in hostile_cities(game) if c.garrison for s in c.spaces)


def distance(table, seat: int, goals: list[str]) -> int:
    """Move points from the seat's hero to the nearest goal space (FAR when none is reachable)."""
    pos = table.game.players[seat].pos
    if not goals or not pos:
        return FAR
    return min(route_costs(table, goals).get(pos, FAR), FAR)


def campaign_worth(table, seat: int) -> float:
    """The fame the seat's way towards a conquest stands for (see the module's text)."""
    game = table.game
    shields = sum(PROGRESS * c.shields.count(seat) for c in game.cities if c.status == "hostile")
    scored = city_fame(game.cities, range(len(game.players))).get(seat, 0)
    tiles = EXPLORE * len(game.board.tiles)
    spaces = city_spaces(game)
    if not spaces:
        return tiles + shields + scored + EDGE * (FAR - distance(table, seat, explore_goals(table)))
    return tiles + shields + scored + FOUND + APPROACH * (FAR - distance(table, seat, spaces))


def assault(table, seat: int) -> dict[str, Any] | None:
    """The step into a hostile city, when the seat may take it now (outside combat, in its
    turn): the first of them in listed order; None otherwise (the habits play on)."""
    game = table.game
    if game.combat is not None or game.phase != "turn" or game.active != seat:
        return None
    spaces = set(city_spaces(game))
    if not spaces:
        return None
    return next((c for c in turn_commands(table, seat, "move") if c.get("to") in spaces), None)


def hold(table, seat: int) -> dict[str, Any] | None:
    """Ending the turn now, where it may be ended: without a discard where none is due, else
    discarding the one card of least combat points (MK:6:Turn:5a); None: the habits play on."""
    ends = [c for c in turn_commands(table, seat, "end_turn") if "," not in c.get("discard", "")]
    plain = [c for c in ends if not c.get("discard")]
    ends = plain or sorted(ends, key=lambda c: card_points(c["discard"]))
    return ends[0] if ends else None


ASSAULT = Line(assault, SIDESTEPS, ASSAULT_PLANS)
HOLD = Line(hold)  # the floor: no fight lost by every habit-led plan is taken


def lines(table, seat: int) -> list[Line]:
    """Purposeful candidate turns worth trying now, outside combat in the seat's own turn: an
    assault when a hostile city is within REACH move points (the step into it as soon as it is
    legal, no fight picked or tile explored on the way), and ending the turn at once."""
    game = table.game
    if game.combat is not None or game.phase != "turn" or game.active != seat:
        return []
    near = distance(table, seat, city_spaces(game)) <= REACH
    return [ASSAULT, HOLD] if near else [HOLD]
