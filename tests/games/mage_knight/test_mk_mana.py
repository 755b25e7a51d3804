"""Mana: the Source's half-basic rule, depleted dice by day and night, one die per turn, crystals."""

import pytest

from engine.games.mage_knight.mana import rules as mana


def test_source_has_players_plus_two_dice():
    """MK:3:Setup:12"""
    assert mana.source_size(1) == 3 and mana.source_size(4) == 6 and mana.source_size(2, blitz=True) == 5


def test_half_basic_rule_rerolls_only_gold_and_black():
    """MK:3:Setup:12: at least half the dice must show a basic colour"""
    assert mana.source_valid(["red", "gold", "black", "blue"])  # 2 of 4 is half
    assert mana.dice_to_reroll(["red", "gold", "black", "blue"]) == []
    assert not mana.source_valid(["red", "gold", "black"])  # 1 of 3
    assert mana.dice_to_reroll(["red", "gold", "black"]) == [1, 2]
    assert mana.dice_to_reroll(["gold", "gold", "black", "white", "black"]) == [0, 1, 2, 4]


def test_gold_and_black_by_day_and_night():
    """MK:5:Mana:2, MK:5:Mana:3c"""
    assert mana.usable_as("gold", night=False) == mana.BASIC
    assert mana.usable_as("gold", night=True) == ()
    assert mana.usable_as("black", night=True) == ("black",)
    assert mana.usable_as("black", night=False) == ()
    assert mana.depleted("black", night=False) and not mana.depleted("black", night=True)
    assert mana.depleted("gold", night=True) and not mana.depleted("gold", night=False)
    with pytest.raises(mana.ManaError, match="unknown mana 'pink'"):
        mana.usable_as("pink", night=False)


def test_one_source_die_per_turn():
    """MK:5:Mana:3a"""
    faces = ["red", "black", "gold"]
    assert mana.take_die_fault(faces, 0, night=False, dice_taken_this_turn=0) is None
    assert "already used 1 Source die" in mana.take_die_fault(faces, 0, night=False, dice_taken_this_turn=1)
    assert mana.take_die_fault(faces, 0, night=False, dice_taken_this_turn=1, allowance=2) is None
    assert "depleted by day" in mana.take_die_fault(faces, 1, night=False, dice_taken_this_turn=0)
    assert "depleted at night" in mana.take_die_fault(faces, 2, night=True, dice_taken_this_turn=0)
    assert "no Source die 7" in mana.take_die_fault(faces, 7, night=True, dice_taken_this_turn=0)


def test_crystals_at_most_three_then_a_token():
    """MK:5:Mana:1b"""
    inv = mana.Inventory()
    assert [inv.gain_crystal("red") for _ in range(4)] == [True, True, True, False]
    assert inv.crystals == {"red": 3} and inv.tokens == ["red"]
    inv.use_crystal("red")
    assert inv.crystals == {"red": 2} and inv.tokens == ["red", "red"]
    assert inv.end_turn() == ["red", "red"] and inv.tokens == []
    with pytest.raises(mana.ManaError, match="no blue crystal"):
        inv.use_crystal("blue")
    with pytest.raises(mana.ManaError, match="basic colours, not 'gold'"):
        inv.gain_crystal("gold")


class ScriptedDice:
    """Stands in for the engine's Ctx: hands out scripted faces and records each roll."""

    def __init__(self, faces):
        self.faces, self.rolls = list(faces), []

    def roll(self, die, n=1, rule=None):
        out = [self.faces.pop(0) for _ in range(n)]
        self.rolls.append((die.name, out, rule))
        return out


def test_roll_source_rerolls_gold_and_black_until_half_basic():
    """MK:3:Setup:12"""
    # gold black red (1 basic of 3) -> reroll two: gold black (still 1) -> reroll two: blue white
    ctx = ScriptedDice(["gold", "black", "red", "gold", "black", "blue", "white"])
    assert mana.roll_source(ctx, 3) == ["blue", "white", "red"]
    assert [len(r[1]) for r in ctx.rolls] == [3, 2, 2]
    assert all(r[0] == "mana" and r[2] == "MK:3:Setup:12" for r in ctx.rolls)
