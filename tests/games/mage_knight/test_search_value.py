"""Mage Knight's position value for the search bots (bots/position.py): what only the end
reckons (wounds' beating, titles) waits for the last rounds, and a solo city counts its
objective points. Before, a first fight (2 fame, two wounds) valued -5 and MCTS rested or did
nothing in four turns of five."""

from __future__ import annotations

import pytest

import runeledger
from bots.players import _fork
from engine.games.mage_knight import state
from engine.games.mage_knight.bots import position, worth
from engine.games.mage_knight.cities.rules import City
from tests.games.mage_knight.red_city import started


def _table():
    eng, gid = started()
    return _fork(eng, gid).table


def _wound(t, seat: int) -> None:
    t.zones[state.hand(seat)].cards.append(t.zones[state.WOUNDS].cards.pop())


def test_a_wound_costs_a_hand_card_early_and_the_end_reckoning_in_the_last_round():
    t = _table()
    before = position.values(t)[0]
    _wound(t, 0)
    assert position.values(t)[0] - before == position.WOUND  # not -2 and the beating title
    t.game.round = t.game.rounds  # the last round: the end's reckoning has 1 - LATER[0] of its say
    fresh = _table()
    fresh.game.round = fresh.game.rounds
    held = worth.LATER[0]
    assert position.values(t)[0] - position.values(fresh)[0] == pytest.approx(
        held * position.WOUND + (1 - held) * -5
    )


def test_a_fight_won_with_two_wounds_is_worth_taking_early():
    t = _table()
    before = position.values(t)
    t.game.players[0].fame += 2
    _wound(t, 0)
    _wound(t, 0)
    after = position.values(t)
    assert after[0] - before[0] == 2 + 2 * position.WOUND == 0  # was 2 - 4 - 3
    assert after[1] == before[1]


def test_a_city_conquered_alone_counts_its_objective_points():
    g = runeledger.open("mage-knight", 1, seed=3, options={"scenario": "solo_conquest"})
    t = g.table
    before = position.scores(t)[0]
    t.game.cities.append(City(colours=["red"], level=4, spaces=["9,9"], status="conquered", shields=[0]))
    assert position.scores(t)[0] - before == position.OBJECTIVE_CITY
