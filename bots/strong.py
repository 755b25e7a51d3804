"""The `strong` bot of every ruleset (issue 30): the strongest bot that thinks for at most 20 ms
CPU per decision on average, so studies of thousands of games stay affordable.

Why per ruleset: what fits 20 ms differs by game (an MCTS iteration costs far more in a long
card game than in a duel), and where no search fits, a game of its own plans instead. The
choice and the measurement behind it are in STRONG; `bench/strong_pick.py` measures it again.
Mage Knight's is a turn planner (engine/games/mage_knight/bots/planner.py), reached through
PLANNERS so bots/players.py knows no game.

| ruleset      | strong       | CPU ms/decision | measured (2 seats, seeded, seats swapped)    |
|--------------|--------------|-----------------|----------------------------------------------|
| duel         | see STRONG   |                 |                                              |

Every choice is deterministic given the seat's random stream (iteration counts, never time).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Strong:
    """One ruleset's strong bot: `kind` greedy, mcts (with `iterations`) or plan (PLANNERS),
    and what was measured when it was chosen."""

    kind: str
    iterations: int = 0
    measured: str = ""


STRONG: dict[str, Strong] = {
    "duel": Strong("greedy"),
    "epochs": Strong("greedy"),
    "rune-age": Strong("greedy"),
    "thunderstone": Strong("greedy"),
    "dragonlords": Strong("greedy"),
    "mage-knight": Strong("plan"),
}

PLANNERS = {"mage-knight": "engine.games.mage_knight.bots.planner:Planner"}
"""Rulesets whose strong bot is a planner of their own: a class with
`choose(game, game_id, seat, legal, rng)` (one instance per seat and game)."""


def strong(ruleset: str) -> Strong:
    return STRONG.get(ruleset, Strong("greedy"))


def planner(ruleset: str) -> Any:
    """A new planner of the ruleset (PLANNERS)."""
    module, name = PLANNERS[ruleset].split(":")
    return getattr(importlib.import_module(module), name)()
