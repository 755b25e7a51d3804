"""One language at a time (issue 28 item 4): for a seeded bot game of every ruleset,
everything a person reads (tests/texts_read.py: the choices from the first question and one
level down, the log's entries, the panels, the cards' names and texts) holds no German name
when read in English (German print names are said by their English names; one without a
known English name is marked "(print name)"), and in German holds German names where the
game has them. The German sentences' coverage is measured in test_language_german.py."""

from __future__ import annotations

import pytest

from engine import language
from engine.language import names
from tests.language_checks import german_in
from tests.texts_read import RULESETS, game, texts


@pytest.fixture(scope="module")
def games():
    return {name: game(name) for name in RULESETS}


@pytest.mark.parametrize("name", RULESETS)
def test_english_pages_hold_no_german_name(games, name):
    eng, gid = games[name]
    read = texts(eng, gid, "en")
    assert sum(map(len, read.values())) > 20, "too little read: the test could not fail"
    assert german_in(name, read) == {}


@pytest.mark.parametrize("name", ["thunderstone", "rune-age", "dragonlords"])
def test_games_with_german_cards_have_german_names_to_find(games, name):
    """The check above can fail: these games' words name German print names before the
    boundary says them in English, and say them in German when German is asked."""
    eng, gid = games[name]
    read = texts(eng, gid, "de")
    assert names.german_names(name)
    assert german_in(name, read), "the German page names no German card"


def test_the_mark_of_a_print_name_and_one_name_per_game():
    assert language.say("Seat 1 buys Fackel.", "en", "thunderstone") == "Seat 1 buys Torch."
    assert language.say("Ork I", "en", "thunderstone") == "Ork I" + language.PRINT_MARK
    assert language.say("Ork I (print name)", "en", "thunderstone") == "Ork I (print name)"
    assert language.say("Veteran Berserker", "en", "thunderstone") == "Veteran Berserker"
    assert language.say("Berserker", "en", "epochs") == "Berserker"  # English in Epochs
    assert language.say("Berserker", "en", "dragonlords") == "Berserk"  # German in DragonLords
    assert language.say("Torch", "de", "thunderstone") == "Fackel"
    marked = language.say("Call to Glory", "de", "mage-knight")  # no German source: marked
    assert marked == "Call to Glory (Originalname)" == language.say(marked, "de", "mage-knight")
    assert language.say("Call to Glory", "en", "mage-knight") == "Call to Glory"
    assert language.say("Waiqar the Undying", "de", "rune-age") == "Waiqar der Untote"
    with language.speaking("de"):
        assert language.current() == "de"
    assert language.current() == language.DEFAULT == "en"
    with pytest.raises(ValueError, match="en, de"):
        language.check("fr")
