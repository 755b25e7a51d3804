"""The strong bot's growth habits in campaign.py: a place to recruit pulls the hero only when
its hand pays for a unit recruited there (a site it could not pay at held a hero there turn
after turn), and with an empty deck a turn played with a hand worth playing is tried beside
announcing the round's end (which throws the hand away); a wounded hero whose hand pays for
healing is drawn to where it is sold and, there, pools influence and buys it; an adventure site
the hero would win pulls it and a line enters it."""

from __future__ import annotations

from bots.players import _fork
from engine.games.mage_knight import state
from engine.games.mage_knight.bots import campaign
from engine.mechanics.zones import card_name
from tests.games.mage_knight.red_city import started

VILLAGE = "0,-2"  # the village of the situation; its offer's village unit costs 5 influence


def test_a_village_pulls_only_a_hero_whose_hand_pays_for_its_unit():
    poor, poor_gid = started("0,0", ["threaten", "rage", "stamina"])  # 2 + 1 + 1 influence
    assert campaign.recruit_spaces(poor.table(poor_gid), 0) == []
    rich, rich_gid = started("0,0", ["threaten", "rage", "stamina", "march", "swiftness"])
    assert campaign.recruit_spaces(rich.table(rich_gid), 0) == [VILLAGE]


def test_with_an_empty_deck_a_turn_played_on_is_tried_instead_of_announcing():
    eng, gid = started("0,0", ["threaten", "rage", "stamina"])
    assert campaign.PLAY_ON not in campaign.lines(eng.table(gid), 0)  # cards left to draw
    game = _fork(eng, gid)
    game.table.zone(state.deck(0)).clear()
    assert campaign.lines(game.table, 0) == [campaign.PLAY_ON]
    assert campaign.PLAY_ON.avoid == ("announce",)
    game.table.zone(state.hand(0)).pop()  # two cards: not worth a turn
    assert campaign.lines(game.table, 0) == []


def test_a_wounded_hero_whose_hand_pays_for_healing_is_drawn_to_the_village():
    eng, gid = started("0,0", ["threaten", "rage", "stamina"])  # 4 influence: healing costs 3
    assert campaign.shop_spaces(eng.table(gid), 0) == []  # no wound to heal, no advanced action offered
    game = _fork(eng, gid)
    game.table.zone(state.hand(0)).append("wound#99")
    assert campaign.shop_spaces(game.table, 0) == [VILLAGE]


DUNGEON = "3,-3"  # the situation's dungeon: one brown token drawn on entering, no units inside


def test_a_dungeon_the_hero_would_win_pulls_it_and_is_entered_by_a_line():
    eng, gid = started(DUNGEON, ["threaten", "rage", "stamina", "march", "swiftness"])
    t = eng.table(gid)
    assert campaign.adventure_spaces(t, 0) == [] and campaign.adventure(t, 0) is None  # too weak
    game = _fork(eng, gid)
    game.table.game.players[0].crystals = {"red": 5}  # a card powered with each: the estimate wins
    assert DUNGEON in campaign.adventure_spaces(game.table, 0)
    assert campaign.adventure(game.table, 0) == {"kind": "enter"}
    assert campaign.ADVENTURE in campaign.lines(game.table, 0)


def test_on_a_village_a_wounded_hero_pools_influence_and_buys_healing():
    eng, gid = started(VILLAGE, ["threaten", "rage", "stamina", "march", "wound"])
    t = eng.table(gid)
    assert campaign.SHOP in campaign.lines(t, 0)
    play = campaign.shop(t, 0)
    assert play is not None and play["card"] == "threaten"  # the most influence
    eng.submit(gid, 0, play)
    assert campaign.shop(eng.table(gid), 0) == {"kind": "buy_heal"}
    eng.submit(gid, 0, {"kind": "buy_heal"})
    assert "wound" not in [card_name(c) for c in eng.table(gid).zone(state.hand(0))]
    assert campaign.shop(eng.table(gid), 0) is None  # nothing left to heal
