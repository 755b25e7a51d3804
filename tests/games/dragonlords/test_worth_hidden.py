"""The bots' position value does not depend on which of an army's chip-bearers is its King
(worth.py `_guarded`): a search re-deals the rivals' roles in every determinization
(resample.py), and a value that followed the guessed King differed from world to world by more
than a decision's options differ, which MCTS (each option valued on other worlds) took for the
options' worth."""

import random

from test_dl_hidden_chips import _past_setup, _rival_chips, _swapped

from bots.heuristics import win_chance
from bots.search import determinize
from engine.games.dragonlords import worth


def _guard(g, hero: str) -> int:
    game = g.table.game
    x = game.heroes[hero]
    return game.troops.get(x.loc, {}).get(str(x.army), 0)


def test_the_value_is_the_same_whichever_chip_bearer_is_king():
    g = _past_setup(8)  # seed 8: the rival's King stands alone, its decoy with six units
    king, decoy = _rival_chips(g)
    assert _guard(g, king) != _guard(g, decoy)  # the two stand with different guards
    rival = g.table.game.armies[g.table.game.heroes[king].army].seat
    assert worth.value(_swapped(g).table, rival) == worth.value(g.table, rival)


def test_every_determinization_values_the_position_as_the_game_does():
    g = _past_setup(8)
    true = win_chance(g.table, 0)
    assert {win_chance(determinize(g, 0, random.Random(i)).table, 0) for i in range(8)} == {true}
