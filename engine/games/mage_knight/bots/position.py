"""The greedy and MCTS bots' judgement of a Mage Knight position (Ruleset.position_value; bot
tuning, not a rule): each seat's score as if the game ended now, by the scenario's own scoring.

Why the score and not fame alone: a competitive scenario is won on fame plus achievements,
titles and city scoring (MK:15:Score), and between bots the achievements decide most games:
every wound in a seat's deed cards costs 2 (Greatest Beating) and the most wounded pays 3 more,
while a fight brings a few fame. Bots that counted only fame (with units and crystals) chose
the fights that wounded them and lost to the random bot. The score also counts what fame still
comes from: units (Greatest Leader), crystals and artifacts (Greatest Loot), spells and advanced
actions (Greatest Knowledge), conquered sites and cities.
"""

from __future__ import annotations

from engine.games.mage_knight.scenarios import book
from engine.games.mage_knight.scenarios.scoring import category_points, final_scores, scenario_result
from engine.mechanics.per_state import once


def position_value(table, s: int) -> float:
    """The seat's score if the game ended now (once per state: every seat is valued at once)."""
    return once(table, "mk_position", lambda: scores(table))[s]


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
