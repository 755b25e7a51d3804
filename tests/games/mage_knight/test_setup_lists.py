"""Set-up's content lists (piles in their fixed order, numbered) are made once per content and
handed out as copies: a game that changes its list cannot change the next game's set-up."""

from engine.games.mage_knight.content import decks
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.content.schema import ENEMY_PILES
from engine.games.mage_knight.scenarios import setup
from engine.pipeline import Engine
from store import MemoryStore


def test_a_content_list_is_made_once_and_handed_out_as_a_copy():
    c = content()
    key = ("test-only", "pile")
    first = setup._listed(c, key, lambda: ["orc#1", "orc#2"])
    first.append("changed")
    assert setup._listed(c, key, lambda: ["not asked"]) == ["orc#1", "orc#2"]
    assert setup._listed(object(), key, lambda: ["other content"]) == ["other content"]


def test_the_piles_a_set_up_kept_equal_freshly_built_ones():
    Engine(MemoryStore()).create("mage-knight", 2, "lists", {"scenario": "full_conquest"})
    c = content()
    for pile in ENEMY_PILES:
        kept = setup._listed(c, ("enemies", pile), lambda: ["not kept"])
        assert kept == setup._number(decks.enemy_stack(c, pile)) and kept
