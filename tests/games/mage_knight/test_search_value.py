"""Mage Knight's position value for the search bots (bots/position.py) on the way to a city: a
defender defeated counts before the city falls, strength built counts while there are rounds to
use it, and what only the end reckons (wounds' beating, titles) waits for the end. Before, a
first fight (2 fame, two wounds) valued -5 and the search rested in three turns of four."""

from __future__ import annotations

import pytest

from bots.players import _fork
from engine.games.mage_knight import state
from engine.games.mage_knight.bots import campaign, position, worth
from tests.games.mage_knight.red_city import started


@pytest.fixture(autouse=True)
def _no_place(monkeypatch):
    monkeypatch.setattr(position, "NEAR", 0.0)  # the hero's place is campaign.py's, tested there


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
    held = worth.LATER[0]
    t2 = _table()
    t2.game.round = t2.game.rounds
    assert position.values(t)[0] - position.values(t2)[0] == pytest.approx(
        held * position.WOUND + (1 - held) * -5
    )


def test_a_defender_defeated_counts_before_the_city_falls():
    t = _table()
    assert t.game.cities and t.game.cities[0].status == "hostile"
    before = position.values(t)
    t.game.cities[0].shields.append(0)  # as a defeated defender leaves it (MK:10:City:2)
    after = position.values(t)
    assert after[0] - before[0] == position.CAMPAIGN * campaign.PROGRESS
    assert after[1] == before[1]


def test_a_unit_counts_its_strength_beside_its_leader_points():
    t = _table()
    before = position.values(t)[0]
    t.game.players[0].units.append(state.Unit(uid="peasants#9", unit="peasants"))
    level = worth.content().units["peasants"].level
    assert position.values(t)[0] - before == position.GROW * worth.UNIT_PER_LEVEL * level + level
