"""The hand limit a seat draws up to (MK:11:EoT:7b): below the turn, the joint assault and PvP,
which all draw cards."""

from __future__ import annotations

from engine.games.mage_knight.cities.rules import (
    hand_limit_bonus as city_hand_limit_bonus,
)
from engine.games.mage_knight.cities.rules import (
    site_hand_limit_bonus,
)
from engine.games.mage_knight.map.board import key, unkey
from engine.games.mage_knight.readings.scenarios import friendly_hand_limit
from engine.mechanics import hexgrid


def hand_limit(table, seat: int) -> int:
    """The level token's hand limit, plus the number of keeps owned when on or next to one of
    them, or +1 (+2 as leader) on or next to a city with the seat's shield: only the higher
    counts (MK:11:EoT:7b)."""

    game = table.game
    p = game.players[seat]
    keeps = [k for k, sp in game.board.spaces.items() if sp.site == "keep" and sp.conquered_by == seat]
    if (not keeps and not game.cities) or not p.pos:
        return p.hand_limit
    near = {p.pos} | {key(n) for n in hexgrid.neighbours(unkey(p.pos))}
    city = max(
        (
            friendly_hand_limit(table, c, city_hand_limit_bonus(c, seat))
            for c in game.cities
            if near & set(c.spaces)
        ),
        default=0,
    )  # A21
    return p.hand_limit + site_hand_limit_bonus(city, len(keeps), bool(near & set(keeps)))
