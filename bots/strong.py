"""The `strong` bot of every ruleset (issue 30): the strongest bot that thinks for at most 20 ms
CPU per decision on average, so studies of thousands of games stay affordable.

Why per ruleset: what fits 20 ms differs by game (an MCTS iteration costs far more in a long
card game than in a duel), and where no search fits, a game of its own plans instead. The
choice and the measurement behind it are in STRONG; `bench/strong_pick.py` measures it again.
Mage Knight's is a turn planner (engine/games/mage_knight/bots/planner.py), reached through
PLANNERS so bots/players.py knows no game.

Measured with `python -m bench.strong_pick` (2 seats, seeded, seats swapped; the fitting MCTS
against greedy; CPU per decision on the shared 2-core machine, 2026-11-28):

| ruleset      | strong       | ms/decision | why                                                     |
|--------------|--------------|-------------|---------------------------------------------------------|
| duel         | greedy       | 0.4         | MCTS 32 (11.6 ms) won only 0.25 (0.10-0.49) of 16        |
| epochs       | MCTS 16      | 11.0        | won 1.00 (0.81-1.00) of 16 against greedy (0.7 ms)      |
| rune-age     | MCTS 16      | 18.2        | won 1.00 (0.81-1.00) of 16 against greedy (0.8 ms)      |
| thunderstone | MCTS 8       | 9.7         | won 0.95 (0.66-0.99) of 10 against greedy; 16: 21.8 ms  |
| dragonlords  | MCTS 8       | 19.1        | won 0.70 (0.40-0.89) of 10; MCTS 6 (13.7 ms) 0.50 of 10  |
| mage-knight  | turn planner | 16.5        | FC 2p, 30 games: fame 11.4 at round 6 (random 6.7); won  |
|              |              | (solo 17.7) | 0.95 (0.76-0.99) of 20 against random; no city taken yet |

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
    "duel": Strong("greedy", 0, "MCTS 32 (11.6 ms) won 0.25 (0.10-0.49) of 16 against greedy"),
    "epochs": Strong("mcts", 16, "11.0 ms; won 1.00 (0.81-1.00) of 16 against greedy"),
    "rune-age": Strong("mcts", 16, "18.2 ms; won 1.00 (0.81-1.00) of 16 against greedy"),
    "thunderstone": Strong("mcts", 8, "9.7 ms; won 0.95 (0.66-0.99) of 10 against greedy"),
    "dragonlords": Strong("mcts", 8, "19.1 ms; won 0.70 (0.40-0.89) of 10 against greedy"),
    "mage-knight": Strong("plan", 0, "16.5 ms; Full Conquest fame 11.4 at round 6 against random's 6.7"),
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
