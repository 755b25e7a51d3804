"""Two raised sideways values in one turn (MK:4:Deed:3e): I Don't Give a Damn's pair [for a basic
action, for the others] and Who Needs Magic's number. The fold aborted every command that added
a number to the pair (TypeError, found by the bots); each card played sideways gets the higher
of the two values that apply to it, never a sum of a pair and a number."""

from types import SimpleNamespace

from engine.games.mage_knight.cards import turn_effects


def _table(fx):
    return SimpleNamespace(game=SimpleNamespace(players=[SimpleNamespace(turn_effects=fx)]))


def test_a_number_on_a_pair_keeps_the_higher_for_each_kind_MK_4_Deed_3e():
    t = _table({})
    turn_effects.fold(t, {"seat": 0, "key": "sideways", "value": [2, 3]})
    turn_effects.fold(t, {"seat": 0, "key": "sideways", "value": 3})
    assert t.game.players[0].turn_effects["sideways"] == [3, 3]


def test_a_pair_on_a_number_keeps_the_higher_for_each_kind_MK_4_Deed_3e():
    t = _table({})
    turn_effects.fold(t, {"seat": 0, "key": "sideways", "value": 2})
    turn_effects.fold(t, {"seat": 0, "key": "sideways", "value": [2, 3]})
    assert t.game.players[0].turn_effects["sideways"] == [2, 3]
