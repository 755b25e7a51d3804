"""The greedy and MCTS bots' judgement of a Mage Knight position (Ruleset.position_value; bot
tuning, not a rule): each seat's score as if the game ended now, by the scenario's own scoring,
with what only the end reckons held back until the end is near, and the levels it has gained.

Why the score: a competitive scenario is won on fame plus achievements, titles and city scoring
(MK:15:Score), and the score also counts what fame still comes from: units (Greatest Leader),
crystals and artifacts (Greatest Loot), spells and advanced actions (Greatest Knowledge),
conquered sites and cities.

Why not the whole score from the first round: the end's reckoning of wounds (-2 each in a
seat's deed cards, Greatest Beating) and its titles (+3 / -3 to one seat) made a hero's first
fight cost more than it brought (2 fame, two wounds: -4, the beating title -3), so MCTS rested
or ended its turn doing nothing in four turns of five (2-seat Full Conquest, seeds 0-29: fame
2.9 at the end, level 1.6, no city ever seen). Until the last rounds (worth.later: 1 before
them, then 0.75 and 0.25) those count only by the share the end already has, and a wound by what
it costs a hand (WOUND): fame 5.5 at the end of seeds 0-14, level 2.1, MCTS against greedy on
the ladder's first 40 games 0.66 (seeds 11 to 4; main 0.70, 11 to 4). Tried and dropped there
(bench/mk_search_cities.py): the strength built (worth.py's units by level, advanced actions,
spells, artifacts, crystals) and the way to a city (campaign.py's shields on a hostile city and
the hero's place) besides: fame 6.4, but greedy, which tries every option of a question, used
them better than eight iterations do, and MCTS won only 0.25 of those games (seeds 1 to 12).
In a solo or co-op scenario a conquered city also scores its objective points (+10). All are 0
at the start, as the score is, so an opening is even for every seat.
"""

from __future__ import annotations

from engine.games.mage_knight.bots import worth
from engine.games.mage_knight.cities.rules import city_fame
from engine.games.mage_knight.scenarios import book
from engine.games.mage_knight.scenarios.scoring import category_points, final_scores, scenario_result
from engine.mechanics.per_state import once
from engine.mechanics.zones import card_name

WOUND = -1.0  # a wound in the deed cards before the end: a card short in hand until healed
OBJECTIVE_CITY = 10  # a conquered city in a solo or co-op scenario (MK:15:Score, objective)
LEVEL = 1.0  # per level of the hero above the first


def position_value(table, s: int) -> float:
    """The seat's value now (every seat valued at once per state)."""
    return once(table, "mk_position", lambda: values(table))[s]


def values(table) -> list[float]:
    game = table.game
    seats = range(len(game.players))
    held = worth.later(game)  # the share of the end's reckoning still held back
    end = scores(table)
    return [
        end[s]
        - held * end_only(table, s, end[s])
        + held * WOUND * _wounds(table, s)
        + LEVEL * (game.players[s].level - 1)
        for s in seats
    ]


def end_only(table, s: int, total: float) -> float:
    """The part of the seat's score that only the game's end reckons: its titles and its wounds'
    beating (the score less fame, the other achievements and the cities)."""
    pts = category_points(table, s)
    kept = table.game.players[s].fame + sum(v for k, v in pts.items() if k != "beating")
    return total - kept - cities_scored(table, s)


def cities_scored(table, s: int) -> float:
    """What the conquered cities bring the seat in its scenario's score."""
    game = table.game
    if not game.cities:
        return 0.0
    scenario = book.scenarios().get(game.scenario)
    if scenario is None or scenario.scoring.kind != "standard" or not scenario.scoring.city_scoring:
        return 0.0
    return float(city_fame(game.cities, range(len(game.players))).get(s, 0))


def _wounds(table, s: int) -> int:
    return sum(
        1 for z in worth.zones(s) if z in table.zones for c in table.zone(z) if card_name(c) == "wound"
    )


def scores(table) -> list[float]:
    """Every seat's score now, as the game's end would count it (turn.flow.game_over): First
    Reconnaissance's fame and achievements with titles, a scenario's final totals where it ranks
    seats by fame (the standard scoring, teams apart), else each seat's fame and achievements
    with the objective points of its conquered cities (what an objective, portal or
    victory-point scenario's seats still build their result on)."""
    game = table.game
    seats = range(len(game.players))
    scenario = book.scenarios().get(game.scenario)
    if scenario is None or scenario.id == "first_reconnaissance":
        totals = final_scores(table)[0]
        return [float(totals[x]) for x in seats]
    if scenario.scoring.kind == "standard" and not game.board.teams:
        totals = scenario_result(table)[0]
        return [float(totals[x]) for x in seats]
    taken = OBJECTIVE_CITY * sum(1 for c in game.cities if c.status == "conquered")
    objective = scenario.scoring.kind in ("objective_solo", "objective_coop")
    return [
        float(game.players[x].fame + sum(category_points(table, x).values()) + objective * taken)
        for x in seats
    ]
