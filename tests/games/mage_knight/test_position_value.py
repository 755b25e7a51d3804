"""The search bots' position value (bots/position.py): each seat's score as the game's end would
count it, so a wound, fame or a city moves it as it moves the result."""

import pytest

import runeledger
from engine import registry
from engine.games.mage_knight import state
from engine.games.mage_knight.bots import position
from engine.games.mage_knight.bots.position import LEVEL, position_value, scores
from sim.testing import new_game, run_bots


def _game(scenario: str | None = "full_conquest"):
    return runeledger.open(
        "mage-knight", 2, seed="position", options={"scenario": scenario} if scenario else {}
    )


def test_the_ruleset_values_positions_with_the_score():
    g = _game()
    assert registry.get("mage-knight").position_value(g.table, 0) == position_value(g.table, 0)
    assert scores(g.table) == [0.0, 0.0]


@pytest.mark.parametrize("scenario", ["full_conquest", None])
def test_a_wound_in_the_deed_cards_costs_its_beating_points_and_the_title(scenario):
    t = _game(scenario).table
    t.zones[state.hand(0)].cards.append(t.zones[state.WOUNDS].cards.pop())
    # -2 for the wound (Greatest Beating's category) and -3 for the title it alone now holds
    assert scores(t) == [-5.0, 0.0]


def test_fame_counts_one_for_one():
    t = _game().table
    t.game.players[1].fame += 4
    assert scores(t) == [0.0, 4.0]


@pytest.mark.parametrize("seed", range(2))
def test_at_the_end_the_value_is_the_final_score(seed):
    eng, gid = new_game("mage-knight", 2, seed=f"position-{seed}", options={"scenario": "full_conquest"})
    run_bots(eng, gid, seed)
    over = next(e for e in eng.store.read(gid) if e.type == "game.over")
    assert scores(eng.table(gid)) == [float(over.data["scores"][str(s)]) for s in range(2)]


def test_levels_built_add_to_the_score():
    """Between two positions of one score, the seat that has levelled up stands better (the
    choices of a turn that leave the score alone are told apart by what it has built)."""
    t = _game().table
    assert position_value(t, 0) == 0.0
    t.game.players[0].level += 1
    assert position.values(t)[0] == LEVEL  # (uncached: position_value keeps one answer per state)
    assert scores(t)[0] == 0.0
