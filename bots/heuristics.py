"""Position values for the greedy and MCTS bots: each game plugs its own in through the ruleset
contract (`Ruleset.position_value`, `position_scale`, `common_goal`), and this module turns
them into a win chance. Bot tuning, not rules: nothing here changes state.
"""

from __future__ import annotations

import math

from engine import registry
from engine.table import Table


def value(table: Table, seat: int) -> float | None:
    """The seat's position value as its game judges it; None where the game gives none."""
    return registry.get(table.ruleset).position_value(table, seat)


def win_chance(table: Table, seat: int) -> float:
    """1/k for a seat among k winners at the end, 0 for a loser; before the end a logistic
    of the seat's lead over the best other seat (0.5 where the game gives no position value),
    mixed with the progress towards a goal all seats share where the game has one."""
    if table.over:
        return 1.0 / len(table.winners) if seat in table.winners else 0.0
    ruleset = registry.get(table.ruleset)
    mine = ruleset.position_value(table, seat)
    if mine is None:
        return 0.5
    # A game values every seat's position or none (None: judged only by its end).
    others = [ruleset.position_value(table, other) for other in range(table.players) if other != seat]
    best = max(v for v in others if v is not None)
    lead = 1.0 / (1.0 + math.exp(-(mine - best) / ruleset.position_scale))
    weight = ruleset.common_goal_weight
    if not weight:
        return lead
    return (1.0 - weight) * lead + weight * ruleset.common_goal(table, seat)
