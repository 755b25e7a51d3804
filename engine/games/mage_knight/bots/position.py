"""The greedy and MCTS bots' judgement of a Mage Knight position (Ruleset.position_value; bot
tuning, not a rule): each seat's score as if the game ended now, by the scenario's own scoring.

Why the score and not fame alone: a competitive scenario is won on fame plus achievements,
titles and city scoring (MK:15:Score), and between bots the achievements decide most games:
every wound in a seat's deed cards costs 2 (Greatest Beating) and the most wounded pays 3 more,
while a fight brings a few fame. Bots that counted only fame (with units and crystals) chose
the fights that wounded them and lost to the random bot. The score also counts what fame still
comes from: units (Greatest Leader), crystals and artifacts (Greatest Loot), spells and advanced
actions (Greatest Knowledge), conquered sites and cities.

The score moves only when a fight, a recruit or a reward happens, so most of a turn's choices
(which card to play for move points, which tactic, which card a rest discards) leave it the
same: the bot chose among them at random. Two small terms tell them apart by what the score
will be made from: the combat points the seat could raise now (estimate.combat_power: hand,
crystals, ready units; the next fight's fame and the wounds it blocks) and the hero's level
(armour, hand size, skills). Measured on 40 ladder games against the random bot (20 seeds,
seats swapped): greedy judging the score alone won 0.46 of them, with these terms 0.64.
"""

from __future__ import annotations

from engine.games.mage_knight.bots.estimate import combat_power
from engine.games.mage_knight.scenarios import book
from engine.games.mage_knight.scenarios.scoring import category_points, final_scores, scenario_result
from engine.mechanics.per_state import once

POWER = 0.5  # per combat point the seat could raise now (a fight's fame is a few points)
LEVEL = 1.0  # per level of the hero


def position_value(table, s: int) -> float:
    """The seat's score if the game ended now (the scores once per state: every seat is valued
    at once), with its strength to add to it: combat points and level."""
    score = once(table, "mk_position", lambda: scores(table))[s]
    return score + POWER * combat_power(table, s) + LEVEL * table.game.players[s].level


def scores(table) -> list[float]:
    """Every seat's score now, as the game's end would count it (turn.flow.game_over): First
    Reconnaissance's fame and achievements with titles, a scenario's final totals where it ranks
    seats by fame (the standard scoring, teams apart), else each seat's fame and achievements
    (what an objective, portal or victory-point scenario's seats still build their result on)."""
    game = table.game
    seats = range(len(game.players))
    scenario = book.scenarios().get(game.scenario)
    if scenario is None or scenario.id == "first_reconnaissance":
        totals = final_scores(table)[0]
        return [float(totals[x]) for x in seats]
    if scenario.scoring.kind == "standard" and not game.board.teams:
        totals = scenario_result(table)[0]
        return [float(totals[x]) for x in seats]
    return [float(game.players[x].fame + sum(category_points(table, x).values())) for x in seats]
