"""Per-ruleset position values for the greedy and MCTS bots, keyed by ruleset name.

A heuristic reads a (determinized) state as one seat and says how well that seat stands:
`value(t, seat)` is a number where more is better, comparable between seats of one game. The
bots turn it into a win chance with `win_chance`. A ruleset without an entry is judged only by
its end (1 win, 0 loss). These are bot tuning, not rules: they call the games' own scoring
functions and read zones and damage, and never change state.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from engine.table import Table


def _duel(t: Table, s: int) -> float:
    # Damage on the other seat minus damage on oneself (a seat is out at the duel's limit).
    return sum(t.damage.get(f"seat{o}", 0) for o in range(t.players) if o != s) \
        - t.damage.get(f"seat{s}", 0)


def _thunderstone(t: Table, s: int) -> float:
    from engine.games.thunderstone.scoring import score
    xp = t.game.xp[s] if s < len(t.game.xp) else 0
    return score(t, s) + 0.3 * xp


def _rune_age(t: Table, s: int) -> float:
    from engine.games.rune_age.endgame import deck_strength
    if s in t.game.eliminated:
        return -100.0
    mine = t.damage.get(f"realm:{s}", 0)
    theirs = max((t.damage.get(f"realm:{o}", 0) for o in range(t.players) if o != s), default=0)
    return theirs - mine + 0.5 * deck_strength(t, s)


def _objective_worn(t: Table, s: int) -> float:
    """Rune Age: how far the common objective is worn down (0..1). Counted for every seat
    alike, outside the lead: a seat gains by wearing it down before the events end the game
    for everyone (most random games end with every realm destroyed, a loss for all)."""
    from engine.games.rune_age.cards import spec
    cards = t.zones.get("objective")
    if not cards or not cards.cards:
        return 0.0
    c = cards.cards[0]
    health = spec(t.game, c).strength or 1
    return min(1.0, t.damage.get(c, 0) / health)


def _epochs(t: Table, s: int) -> float:
    from engine.games.epochs.content import PACK
    from engine.games.epochs.state import seat_zone
    from engine.mechanics.zones import card_name
    relics = sum(PACK.relics[card_name(r)].points for r in t.zone(seat_zone(s, "relics")))
    medals = sum(PACK.medals[card_name(m)].points for m in t.zone(seat_zone(s, "medals")))
    return relics + medals + PACK.setup.honour_points * t.game.honour[s]


def _dragonlords(t: Table, s: int) -> float:
    from engine.games.dragonlords.bots import value
    return value(t, s)


def _mage_knight(t: Table, s: int) -> float:
    # Fame is the score (MK:12:Score); units and crystals are fame still to come.
    from engine.games.mage_knight.state import units_zone
    p = t.game.players[s]
    return p.fame + 2.0 * len(t.zone(units_zone(s))) + 0.5 * sum(p.crystals.values())


HEURISTICS: dict[str, tuple[Callable[[Table, int], float], float]] = {
    # ruleset: (value, scale: a lead of `scale` is worth about a 73% win chance)
    "duel": (_duel, 3.0),
    "thunderstone": (_thunderstone, 4.0),
    "rune-age": (_rune_age, 4.0),
    "epochs": (_epochs, 3.0),
    "dragonlords": (_dragonlords, 3.0),
    "mage-knight": (_mage_knight, 5.0),
}


# ruleset: (weight, progress 0..1 towards a goal every seat shares), mixed into win_chance
COMMON_GOALS: dict[str, tuple[float, Callable[[Table, int], float]]] = {
    "rune-age": (0.3, _objective_worn),
}


def value(t: Table, seat: int) -> float | None:
    h = HEURISTICS.get(t.ruleset)
    return None if h is None else h[0](t, seat)


def win_chance(t: Table, seat: int) -> float:
    """1/k for a seat among k winners at the end, 0 for a loser; before the end a logistic
    of the seat's lead over the best other seat (0.5 without a heuristic)."""
    if t.over:
        return 1.0 / len(t.winners) if seat in t.winners else 0.0
    h = HEURISTICS.get(t.ruleset)
    if h is None:
        return 0.5
    fn, scale = h
    mine = fn(t, seat)
    best = max(fn(t, o) for o in range(t.players) if o != seat)
    lead = 1.0 / (1.0 + math.exp(-(mine - best) / scale))
    common = COMMON_GOALS.get(t.ruleset)
    if common is None:
        return lead
    weight, goal = common
    return (1.0 - weight) * lead + weight * goal(t, seat)
