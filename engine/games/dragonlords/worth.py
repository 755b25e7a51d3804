"""A position's worth for the greedy and MCTS bots (the ruleset's `position_value`): what wins a
DragonLords game between bots, in the units of `DragonLords.position_scale`.

Why Kings first: seeded 2-seat games between bots end mostly when every other King is dead
(random games within a few rounds; games between search bots last longer, and some reach the
round limit or six kingdoms), so a seat's chance is above all its Kings' lives. A King dies when
its place is overrun (its owner loses plain units first) or by a spell, so a King is worth more
the more of its own units stand with it; which of an army's chip-bearers is its King is secret,
so the guard counted is the average over the chip-bearers that may be the King (`_guarded`): a
search re-deals a rival's roles in every determinization (resample.py), and a value that
followed the guessed King swung by 0.03-0.08 of win chance from world to world at one position,
as much as a decision's options differ. Units are the strength that overruns and guards (a unit
bought in phase 1 counts at once, though it is placed only in phase 7: a search that judges a
purchase before the turn ends would otherwise see only the gold spent); kingdoms and territories
bring income (gold buys units), so they count less, until the round limit nears: a game that
reaches it goes to the most kingdoms, then territories (ENG-CAP), so their weight grows with the
rounds played (`LATE`). Bot tuning, not rules: nothing here changes state.

Measured 2026-11-29 on bench.ladder's seeds (2 seats, each seed played with the seats swapped; a
seed is decisive when one bot won more of its two games, and most are not: the army that moves
first wins both), against the earlier value (kingdoms 3, territories 0.5, units 0.1): greedy
against random 0.775 of 40 games, seeds 13 to 2 (95% 0.62-0.96), before 0.700, 11 to 3
(0.52-0.92); MCTS 32 against greedy 0.650, seeds 7 to 1. Those runs searched the rivals' true
chips (which unit is a King), which this value leans on; once a determinization re-dealt them
(resample.py), greedy against random was 0.81, seeds 13 to 1 (0.69-0.99), and MCTS 32 against
greedy 0.50, seeds 5 to 6 (20 ms CPU per decision beside greedy's 8-9). With the guard averaged
over the possible Kings and bought units counted: greedy against random 0.890 of the ladder's
200 games, seeds 78 to 0 (0.95-1.00; seeds 0-19, the 40 above: 0.85, 14 to 0), and MCTS 32
against greedy 0.61 of the 40, seeds 7 to 3 (0.40-0.89: not significant). A logistic fit of 300
random games' outcomes on the seats' differences ranks the terms the same way (Kings, then
guards, then units; kingdoms, territories and gold predict nothing under random play).
"""

from __future__ import annotations

from engine.games.dragonlords.board import held, kingdom_counts, occupancy
from engine.games.dragonlords.resample import SECRET_ROLES

KING = 4.0  # a living King: losing one of two is about a lead of KING lost
GUARD = 0.4  # each own unit standing with a possible King, up to GUARDED of them (`_guarded`)
GUARDED = 8
UNIT = 0.15  # a unit anywhere (plain or chip-bearer)
KINGDOM = 1.0
TERRITORY = 0.2
GOLD = 0.03  # gold in the seat's kingdoms (a unit costs 3 or 4)
LATE = 6.0  # a kingdom's extra weight at the round limit (growing with the square of the rounds)
LOST = -100.0  # every King of the seat dead: the seat is out


def value(table, seat: int) -> float:
    """How well a seat stands (module docstring). During set-up no King is placed yet: that is
    no loss, so the worth is what the seat has placed so far."""
    game = table.game
    mine = {i for i, a in enumerate(game.armies) if a.seat == seat and a.alive}
    setting_up = game.phase == "setup" or game.phase.startswith("setup_")
    kings = [x for x in game.heroes.values() if x.role == "king" and x.army in mine]
    if not setting_up and not kings:
        return LOST
    keys = {str(i) for i in mine}
    units = sum(n for by in game.troops.values() for a, n in by.items() if a in keys)
    units += sum(1 for x in game.heroes.values() if x.army in mine)
    units += sum(n for i in mine for what, n in game.armies[i].bought.items() if what != "ship")
    worth = UNIT * units
    for k in kings:
        worth += KING + GUARD * _guarded(game, k.army)
    late = LATE * _progress(table) ** 2
    counts = kingdom_counts(game)
    occ = occupancy(game)
    for i in mine:
        worth += (KINGDOM + late) * counts.get(i, 0) + (TERRITORY + late / 20) * len(held(game, i, occ))
    worth += GOLD * sum(n for k, n in game.gold.items() if _holder(game, k, mine))
    return worth


def _guarded(game, army: int) -> float:
    """The own units standing with a chip-bearer that may be the army's King (King, Wizard or
    decoy), up to GUARDED, on average over those chip-bearers: the roles a rival cannot see, so
    a determinization that re-deals them (resample.py) values the army alike whoever is King."""
    secret = [x for x in game.heroes.values() if x.army == army and x.role in SECRET_ROLES]
    total = 0
    for x in secret:
        guard = game.troops.get(x.loc, {}).get(str(army), 0)
        guard += sum(1 for y in game.heroes.values() if y.loc == x.loc and y.army == army) - 1
        total += min(guard, GUARDED)
    return total / len(secret)


def _progress(table) -> float:
    """The share of the round limit played (0 without a limit)."""
    limit = int(table.options.get("round_limit", 0) or 0)
    return min(table.game.round / limit, 1.0) if limit else 0.0


def _holder(game, kingdom: str, mine: set[int]) -> bool:
    """The kingdom's gold is the seat's: one of its armies holds it alone."""
    by = game.troops.get(kingdom, {})
    armies = {int(a) for a in by} | {x.army for x in game.heroes.values() if x.loc == kingdom}
    return len(armies) == 1 and armies <= mine
