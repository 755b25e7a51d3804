"""What a turn leaves a hero with, in fame to come (bot habit, not a rule): the planner
(planner.py) compares the ends of candidate turns by it.

Why more than fame: most turns win no fame, yet a good one buys the strength that wins it
later (units, advanced actions, spells, artifacts, crystals to power cards) or sheds wounds,
and a bad one walks into a fight it loses. Each is weighed in fame a player would give for it;
the weights are a player's rough sense, not fitted."""

from __future__ import annotations

from functools import cache

from engine.games.mage_knight import state
from engine.games.mage_knight.bots.goals import explore_goals, hostile_cities, prey, ready_for, route_costs
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name

CARD_WORTH = {"advanced_action": 3.0, "spell": 4.0, "artifact": 4.0}
WOUND = -2.0  # a wound clogs a hand until rested or healed away
UNIT_PER_LEVEL = 2.5  # a unit fights every turn it is ready: worth more than a card
WOUNDED_UNIT = -1.5
CRYSTAL = 0.5  # a card powered later
REPUTATION = 0.2  # cheaper units and more influence
STEP = 0.25  # per move point still between the hero and what it aims at (`aim`)
FAR = 12  # move points beyond which an aim counts as no nearer


@cache
def card_worth(cid: str) -> float:
    if cid == "wound":
        return WOUND
    card = content().cards.get(cid)
    return CARD_WORTH.get(card.kind, 0.0) if card is not None else 0.0


def zones(seat: int) -> tuple[str, ...]:
    return (state.deck(seat), state.hand(seat), state.discard(seat), state.play_area(seat))


def worth(table, seat: int) -> float:
    """The seat's fame plus the fame its cards, units, crystals and reputation stand for."""
    p = table.game.players[seat]
    units = content().units
    cards = sum(card_worth(card_name(c)) for z in zones(seat) if z in table.zones for c in table.zone(z))
    held = sum(UNIT_PER_LEVEL * units[u.unit].level + (WOUNDED_UNIT if u.wounded else 0.0) for u in p.units)
    own = p.fame + cards + held + CRYSTAL * sum(p.crystals.values()) + REPUTATION * p.reputation
    return own - STEP * min(distance(table, seat), FAR)


def aim(table, seat: int) -> list[str]:
    """Where the hero should stand next: a hostile city the estimate says it takes (any in the
    last round), else fights it wins and the map's unexplored edge (goals.py's habits)."""
    game = table.game
    cities = hostile_cities(game)
    ready = [c for c in cities if ready_for(table, seat, c)]
    if ready:
        return [s for c in ready for s in c.spaces]
    return prey(table, seat) + explore_goals(table) or [s for c in cities for s in c.spaces]


def distance(table, seat: int) -> int:
    """Move points from the hero to its nearest aim (FAR when none is reachable)."""
    pos = table.game.players[seat].pos
    goals = aim(table, seat) if pos and table.game.combat is None else []
    return route_costs(table, goals).get(pos, FAR) if goals else 0
