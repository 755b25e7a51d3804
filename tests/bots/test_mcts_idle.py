"""MCTS never answers with a command that changes nothing while it has another: a turn search
in Mage Knight chose the Herbalist's readying of itself (it spends the unit and readies it
again: the game as it was) at every decision of a flat turn, and the game hit the command
limit."""

import random

import pytest

import runeledger
from bots import search
from engine.fork import Game
from engine.games.mage_knight.state import Unit
from sim.testing import random_step

IDLE = {"kind": "activate", "unit": "herbalist#1", "ability": 1, "option": 0, "pay": ""}


@pytest.fixture
def idle_herbalist(monkeypatch):
    """The Herbalist's readying played as the command that changes nothing it was in the stalled
    game (kept so here whatever the reading of MK:5:Units:6 becomes: these tests are of the
    search, not of the rule)."""
    played = Game.apply_unchecked

    def apply_unchecked(self, seat, command):
        if command == IDLE:
            self.table.version += 2  # spent, then readied: two events, the state as it was
            return []
        return played(self, seat, command)

    monkeypatch.setattr(Game, "apply_unchecked", apply_unchecked)


def _herbalist_with_nothing_else():
    """Seed 1 of 2-seat Full Conquest after ten random commands: seat 0 to act with an empty
    hand and a ready Herbalist, its options the unit's two abilities and ending the turn."""
    g = runeledger.open("mage-knight", 2, seed=1, options={"scenario": "full_conquest"})
    rng = random.Random(1)
    for _ in range(10):
        random_step(g, rng)
    seat = g.to_act()
    zones = g.table.zones
    zones[f"discard:{seat}"].cards[:0] = zones[f"hand:{seat}"].cards
    zones[f"hand:{seat}"].cards[:] = []
    zones["offer:units"].cards.remove("herbalist#1")
    zones[f"units:{seat}"].cards.append("herbalist#1")
    g.table.game.players[seat].units.append(Unit("herbalist#1", "herbalist"))
    return g, seat


def test_a_command_that_changes_nothing_is_idle(idle_herbalist):
    g, seat = _herbalist_with_nothing_else()
    assert IDLE in g.legal(seat)
    assert search._idle(g, seat, IDLE)
    assert not search._idle(g, seat, {"kind": "end_turn"})
    assert not search._idle(g, seat, {**IDLE, "ability": 2})  # a green mana token


def test_a_turn_search_does_not_answer_with_an_idle_command(idle_herbalist, monkeypatch):
    # Every line of this turn values alike (flat), so the search's tie fell to the first option
    # of each question: the Herbalist, then its first ability, for every seed.
    g, seat = _herbalist_with_nothing_else()
    monkeypatch.setattr(type(g.ruleset), "search_own_turn", True)
    answers = [search.mcts(g, seat, None, random.Random(s), 8) for s in range(6)]
    assert IDLE not in answers, answers
    assert all(a in g.legal(seat) for a in answers)


def test_the_whole_search_does_not_answer_with_an_idle_command(idle_herbalist, monkeypatch):
    g, seat = _herbalist_with_nothing_else()
    monkeypatch.setattr(type(g.ruleset), "search_own_turn", False)
    answers = [search.mcts(g, seat, None, random.Random(s), 8) for s in range(6)]
    assert IDLE not in answers, answers
