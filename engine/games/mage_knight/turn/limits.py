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
    if not p.pos:
        return p.hand_limit
    spaces = game.board.spaces
    near = {p.pos} | {key(n) for n in hexgrid.neighbours(unkey(p.pos))}
    # the keeps owned count only on or next to one of them: counted (a walk over the whole
    # board, at every end of turn) only then
    next_to_keep = any(_own_keep(spaces.get(k), seat) for k in near)
    keeps = sum(1 for sp in spaces.values() if _own_keep(sp, seat)) if next_to_keep else 0
    if not keeps and not game.cities:
        return p.hand_limit
    city = max(
        (
            friendly_hand_limit(table, c, city_hand_limit_bonus(c, seat))
            for c in game.cities
            if near & set(c.spaces)
        ),
        default=0,
    )  # A21
    return p.hand_limit + site_hand_limit_bonus(city, keeps, next_to_keep)


def _own_keep(sp, seat: int) -> bool:
    return sp is not None and sp.site == "keep" and sp.conquered_by == seat
