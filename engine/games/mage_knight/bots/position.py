"""The greedy and MCTS bots' judgement of a Mage Knight position (Ruleset.position_value; bot
tuning, not a rule): each seat's score as if the game ended now, by the scenario's own scoring.

Why the score and not fame alone: a competitive scenario is won on fame plus achievements,
titles and city scoring (MK:15:Score), and between bots the achievements decide most games:
every wound in a seat's deed cards costs 2 (Greatest Beating) and the most wounded pays 3 more,
while a fight brings a few fame (2-seat Full Conquest between bots ends at about -180 to +20:
up to 90 wounds against 4-15 fame). Counting fame alone (with units and crystals), a greedy bot took
fights that wounded it as gladly as any other. The score also counts what fame still comes
from: units (Greatest Leader), crystals and artifacts (Greatest Loot), spells and advanced
actions (Greatest Knowledge), conquered sites and cities.

The score moves only when a fight, a recruit or a reward happens, so most of a turn's choices
(which card to play for move points, which tactic, which card a rest discards) leave it the
same and the bot chose among them at random. Small terms tell some of them apart by the
strength the seat has built to score with later: the combat points of its ready units and its
crystals (estimate's measure) and its levels above the first. All are 0 at the start, as the
score is, so an opening is even for every seat whatever hand it was dealt.
"""

from __future__ import annotations

from engine.games.mage_knight.bots.estimate import unit_points
from engine.games.mage_knight.scenarios import book
from engine.games.mage_knight.scenarios.scoring import category_points, final_scores, scenario_result
from engine.mechanics.per_state import once

POWER = 0.5  # per combat point of a ready unit or crystal (a fight's fame is a few points)
LEVEL = 1.0  # per level of the hero above the first


def position_value(table, s: int) -> float:
    """The seat's score if the game ended now (the scores once per state: every seat is valued
    at once), with the strength it has built to add to it."""
    return once(table, "mk_position", lambda: scores(table))[s] + built(table, s)


def built(table, s: int) -> float:
    """What the seat has built beyond its starting hero: ready units and crystals by the combat
    points they give, levels above the first."""
    p = table.game.players[s]
    units = sum(unit_points(u.unit) for u in p.units if u.ready and not u.wounded)
    return POWER * (units + sum(p.crystals.values())) + LEVEL * (p.level - 1)


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
