"""Rune Age's position values for the greedy and MCTS bots, and what a random bot keeps off
(bot tuning, not rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.choices import Node, kind_of
from engine.games.rune_age.cards import spec
from engine.games.rune_age.combat import targets
from engine.games.rune_age.endgame import deck_strength
from engine.games.rune_age.places import OBJECTIVE


def position_value(table, s: int) -> float:
    """Damage on the best other realm minus one's own, and half the deck's strength."""
    if s in table.game.eliminated:
        return -100.0
    mine = table.damage.get(f"realm:{s}", 0)
    theirs = max((table.damage.get(f"realm:{o}", 0) for o in range(table.players) if o != s), default=0)
    return theirs - mine + 0.5 * deck_strength(table, s)


def objective_worn(table, s: int) -> float:
    """How far the common objective is worn down (0..1). Counted for every seat alike, outside
    the lead: a seat gains by wearing it down before the events end the game for everyone
    (most random games end with every realm destroyed, a loss for all)."""
    cards = table.zones.get("objective")
    if not cards or not cards.cards:
        return 0.0
    c = cards.cards[0]
    health = spec(table.game, c).strength or 1
    return min(1.0, table.damage.get(c, 0) / health)


def bot_options(table, s: int, path: list[Any], opts: list[Node]) -> list[Node]:
    """A random bot's turn does not end while it may still attack the scenario's objective
    (SCN-DL-2: whoever defeats the Dragonlords wins; TRN-2: any number of actions; ACT-CMB-2:
    each target once per round). Uniform over the first question's kinds, ending the turn is
    as likely as attacking anything, and the attack then picks among every target: no
    Resurgence of the Dragonlords game of 40 had a winner (the flat list, one command per
    target, attacked more often). Where nothing is the objective, nothing is left out."""
    if path or not _objective(table):
        return opts
    kinds = [kind_of(o) for o in opts]
    if not attacks_on(table, s, kinds):
        return opts
    return [o for o, k in zip(opts, kinds, strict=True) if k != "end_turn"]


def attacks_on(table, s: int, kinds: Sequence[str | None]) -> bool:
    """Does a random bot leave out ending the turn among a first question's options of these
    kinds (`bot_options`)? So when it may attack the objective and end the turn instead."""
    objective = _objective(table)
    return (
        objective is not None and "attack" in kinds and "end_turn" in kinds and objective in targets(table, s)
    )


def _objective(table) -> str | None:
    """The scenario's objective card, where it has one (only one scenario does)."""
    objective = table.zones.get(OBJECTIVE)
    return objective.cards[0] if objective and objective.cards else None
