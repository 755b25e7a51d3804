"""A card's resolutions kept across states (cards/resolving.py seat_resolutions): only where
the situation alone decides them; an effect of the turn (a raised sideways value) is read
afresh, never taken from what was kept for the plain situation."""

from __future__ import annotations

import pytest

from bots.random_bot import Stall, play_out
from engine.games.mage_knight.bots.goals import points, stand_in
from engine.games.mage_knight.cards import resolving
from engine.pipeline import Engine
from store import MemoryStore


def _turn_table():
    eng = Engine(MemoryStore())
    eng.create("mage-knight", 2, "plain-res", {"scenario": "full_conquest"}, game_id="g")
    with pytest.raises(Stall):  # stopped after the tactics, in the first turn
        play_out(eng, "g", "plain-res", max_commands=2)
    table = eng.table("g")
    assert table.game.phase == "turn" and table.game.combat is None
    return table


def test_an_effect_of_the_turn_is_not_taken_from_the_plain_answer():
    table = _turn_table()
    seat = table.game.active
    p = table.game.players[seat]
    assert not p.turn_effects
    plain = resolving.seat_resolutions(table, seat, "march", "sideways")
    assert resolving.plain_situation(table, seat) == resolving.situation(table, seat)
    assert [atoms[0][1] for atoms in plain] == [1, 1]  # move 1 or influence 1
    p.turn_effects = {"sideways": 3}  # as a played effect would set it, one event later
    table.version += 1
    assert resolving.plain_situation(table, seat) == ()
    raised = resolving.seat_resolutions(table, seat, "march", "sideways")
    assert [atoms[0][1] for atoms in raised] == [3, 3]
    p.turn_effects = {}
    table.version += 1
    assert resolving.seat_resolutions(table, seat, "march", "sideways") is plain  # kept


def test_a_stand_ins_points_follow_the_effects_of_the_turn():
    table = _turn_table()
    p = table.game.players[table.game.active]
    sideways = stand_in({"kind": "play", "card": "march", "mode": "sideways"})
    assert points(table, sideways, ("move",)) == 1
    p.turn_effects = {"sideways": 3}
    table.version += 1
    assert points(table, sideways, ("move",)) == 3
    p.turn_effects = {}
    table.version += 1
    assert points(table, sideways, ("move",)) == 1


def test_an_effect_that_changes_no_resolution_keeps_the_plain_answer():
    table = _turn_table()
    seat = table.game.active
    p = table.game.players[seat]
    plain = resolving.seat_resolutions(table, seat, "march", "sideways")
    p.turn_effects = {"wounds_this_turn": 1, "spent_crystals": ["red"], "recruited": True}
    table.version += 1
    assert resolving.plain_situation(table, seat) == resolving.situation(table, seat)
    assert resolving.seat_resolutions(table, seat, "march", "sideways") is plain  # kept
    assert resolving._seat_resolutions(table, seat, "march", "sideways") == plain  # and right


@pytest.mark.parametrize("effect", sorted(resolving.RESOLVING_EFFECTS))
def test_every_effect_read_by_the_resolutions_makes_the_situation_not_plain(effect):
    table = _turn_table()
    seat = table.game.active
    table.game.players[seat].turn_effects = {effect: []}
    table.version += 1
    assert resolving.plain_situation(table, seat) == ()
