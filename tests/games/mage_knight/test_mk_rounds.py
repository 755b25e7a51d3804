"""Tactic picking order, turn order, the empty deck at the start of a turn, rests (E-06, E-18)."""

import pytest

from engine.games.mage_knight.turn import rounds


def test_E06_tactic_pick_order_in_round_one():
    """MK:4:Round:3a: all tied on fame, the lower token picks first"""
    assert rounds.tactic_pick_order([0, 0, 0], [0, 1, 2]) == [2, 1, 0]


def test_lowest_fame_picks_first_then_ties_by_token():
    assert rounds.tactic_pick_order([5, 2, 2, 9], [3, 1, 2, 0]) == [2, 1, 0, 3]


def test_turn_order_by_tactic_number():
    """MK:4:Round:3c"""
    assert rounds.turn_order({0: 5, 1: 1, 2: 3}) == [1, 2, 0]
    with pytest.raises(ValueError, match="same number"):
        rounds.turn_order({0: 2, 1: 2})


def test_empty_deck_at_start_of_turn():
    """MK:6:Turn:3"""
    assert rounds.empty_deck_choice(3, 0, False) == "play"
    assert rounds.empty_deck_choice(0, 2, False) == "may_announce"
    assert rounds.empty_deck_choice(0, 0, False) == "must_announce"
    assert rounds.empty_deck_choice(0, 0, True) == "forfeit"
    assert rounds.empty_deck_choice(0, 1, True) == "play"


def test_E18_rest_kind_depends_on_the_hand_when_resting():
    """MK:6:Turn:7a, MK:6:Turn:7"""
    hand = ["march", "wound", "wound"]
    assert rounds.rest_kind(hand) == "standard"
    assert rounds.rest_fault(hand, ["march", "wound", "wound"]) is None
    assert rounds.rest_fault(hand, ["march"]) is None
    assert "exactly 1 non-wound" in rounds.rest_fault(hand, ["wound"])
    # case b: Action A was played first; only wounds remain
    assert rounds.rest_kind(["wound", "wound"]) == "slow"
    assert rounds.rest_fault(["wound", "wound"], ["wound"]) is None
    assert "exactly 1 wound" in rounds.rest_fault(["wound", "wound"], ["wound", "wound"])
    assert "not in your hand" in rounds.rest_fault(hand, ["rage"])
