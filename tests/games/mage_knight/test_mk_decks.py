"""The piles set-up shuffles: fixed order, copies counted, doubtful records left out."""

import pytest

from engine.games.mage_knight.content import decks
from engine.games.mage_knight.content.load import content


@pytest.fixture(scope="module")
def c():
    return content()


def test_enemy_stacks_count_copies_and_skip_suspect_tokens(c):
    green = decks.enemy_stack(c, "green")
    assert green == sorted(green)
    assert green.count("green_prowlers") == c.enemies["green_prowlers"].copies
    white = decks.enemy_stack(c, "white")
    assert all(not c.enemies[e].suspect for e in white)
    base = decks.enemy_stack(c, "green", ("base",))
    assert base and all(c.enemies[e].set == "base" for e in base)


def test_unit_decks_split_regular_and_elite(c):
    reg, elite = decks.unit_decks(c)
    assert reg and elite and "heroes" not in elite
    assert all(c.units[u].type == "regular" for u in reg)
    assert reg.count("peasants") == 3


def test_starting_deck_puts_unique_cards_in_place(c):
    deck = decks.starting_deck(c, "arythea")
    assert len(deck) == 16
    assert "arythea_battle_versatility" in deck and "arythea_mana_pull" in deck
    assert deck.count("rage") == 1 and "mana_draw" not in deck
    with pytest.raises(ValueError, match="unknown hero 'merlin'"):
        decks.starting_deck(c, "merlin")


def test_deed_decks_and_tiles(c):
    assert len(decks.deed_deck(c, "spell")) == 24
    assert len(decks.deed_deck(c, "advanced_action")) == 44
    assert decks.tiles(c, "countryside", ("base",))[:3] == ["countryside_1", "countryside_2", "countryside_3"]
    cities = decks.tiles(c, "core_city")
    assert cities and all(c.tiles[t].has_city for t in cities)
    assert "core_volkare" not in decks.tiles(c, "core_plain")
    with pytest.raises(ValueError, match="no deck of kind 'wound'"):
        decks.deed_deck(c, "wound")
