"""What a turn leaves a hero with, in fame to come (bot habit, not a rule): the planner
(planner.py) compares the ends of candidate turns by it.

Why more than fame: most turns win no fame, yet a good one buys the strength that wins it
later (units, advanced actions, spells, artifacts, crystals to power cards) or sheds wounds,
and a bad one walks into a fight it loses. Each is weighed in fame a player would give for it;
the weights are a player's rough sense, not fitted (wounds -1 and units 4 a level measured
better than -2 and 2.5 over 10 seeded Full Conquest games: fame 11.9 at the end against 9.3).
In the last two rounds strength counts less (`later`): only fame and cities count at the end.
The way towards a city's conquest (the map opened, the hero's place, its defenders defeated)
is campaign.py's, which also gives the planner its assault lines (campaign.lines, the
ruleset's `plan_lines`, read by bots/planner.py)."""

from __future__ import annotations

from functools import cache

from engine.games.mage_knight import state
from engine.games.mage_knight.bots.campaign import campaign_worth
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name

CARD_WORTH = {"advanced_action": 3.0, "spell": 4.0, "artifact": 4.0}
WOUND = -1.0  # a wound clogs a hand until rested or healed away (-2: fewer fights won)
UNIT_PER_LEVEL = 4.0  # a unit fights every turn it is ready and takes damage for the hero
WOUNDED_UNIT = -1.5
CRYSTAL = 0.5  # a card powered later
REPUTATION = 0.2  # cheaper units and more influence
LATER = (0.25, 0.75)  # what strength still brings in the last round and the one before it


def later(game) -> float:
    """The share of its worth that strength (cards, units, crystals, reputation) and a wound
    keep with so few rounds left to use them: a player spends everything in the last round,
    when only fame and cities count at the end."""
    left = game.rounds - game.round
    return LATER[left] if 0 <= left < len(LATER) else 1.0


@cache
def card_worth(cid: str) -> float:
    if cid == "wound":
        return WOUND
    card = content().cards.get(cid)
    return CARD_WORTH.get(card.kind, 0.0) if card is not None else 0.0


def zones(seat: int) -> tuple[str, ...]:
    return (state.deck(seat), state.hand(seat), state.discard(seat), state.play_area(seat))


def worth(table, seat: int) -> float:
    """The seat's fame plus the fame its cards, units, crystals and reputation stand for, and
    its way towards a conquest (campaign.py)."""
    p = table.game.players[seat]
    units = content().units
    cards = sum(card_worth(card_name(c)) for z in zones(seat) if z in table.zones for c in table.zone(z))
    held = sum(UNIT_PER_LEVEL * units[u.unit].level + (WOUNDED_UNIT if u.wounded else 0.0) for u in p.units)
    strength = cards + held + CRYSTAL * sum(p.crystals.values()) + REPUTATION * p.reputation
    return p.fame + later(table.game) * strength + campaign_worth(table, seat)
