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


def _chance(ruleset, table: Table, seat: int, mine: float, best: float) -> float:
    """A logistic of the lead over the best other seat, mixed with the common goal's progress."""
    lead = 1.0 / (1.0 + math.exp(-(mine - best) / ruleset.position_scale))
    weight = ruleset.common_goal_weight
    return (1.0 - weight) * lead + weight * ruleset.common_goal(table, seat) if weight else lead


def win_chances(table: Table) -> list[float]:
    """Every seat's win_chance, each seat's position valued once: an MCTS playout scores all
    seats, and valuing each against every other would cost players² valuations, not players."""
    n = table.players
    if table.over:
        return [1.0 / len(table.winners) if s in table.winners else 0.0 for s in range(n)]
    ruleset = registry.get(table.ruleset)
    got = [ruleset.position_value(table, s) for s in range(n)]
    values = [v for v in got if v is not None]
    if len(values) < n:  # a game values every seat's position or none
        return [0.5] * n
    return [
        _chance(ruleset, table, s, values[s], max(v for o, v in enumerate(values) if o != s))
        for s in range(n)
    ]


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
    return _chance(ruleset, table, seat, mine, max(v for v in others if v is not None))


def lone_chance(table: Table, ref: float) -> float:
    """A seat alone in its game: a logistic of its gain over `ref`, its value where the search
    began (1/0 at the end as it won or lost). win_chance measures a lead over the best rival,
    and a one-seat game has none, so a solo search had no evidence and chose at random."""
    if table.over:
        return 1.0 if 0 in table.winners else 0.0
    ruleset = registry.get(table.ruleset)
    mine = ruleset.position_value(table, 0)
    return 0.5 if mine is None else _chance(ruleset, table, 0, mine, ref)
