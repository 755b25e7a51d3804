"""German pages (issue 28 item 4): how much of what a person reads of a seeded game of each
ruleset is free of English-only terms once said in German, per place it is shown.

English-only terms are found by tests/language_checks.py (the detector every language test
shares). The floors below are what the phrasebook (engine/language/de.toml) reaches today: raise them as it grows;
docs/languages.md lists the coverage per ruleset."""

from __future__ import annotations

import pytest

from engine import language
from tests.language_checks import english_terms
from tests.texts_read import RULESETS, game, texts

FLOORS = {  # the share of strings free of English-only terms, per place: what we reach today
    "thunderstone": {"choices": 1.0, "log": 1.0, "panels": 1.0, "cards": 1.0},
    "duel": {"choices": 1.0, "log": 1.0, "panels": 1.0, "cards": 1.0},
    "epochs": {"choices": 1.0, "log": 1.0, "panels": 1.0, "cards": 1.0},
    "rune-age": {"choices": 1.0, "log": 1.0, "panels": 1.0, "cards": 1.0},
    "mage-knight": {"choices": 1.0, "log": 1.0, "panels": 1.0, "cards": 1.0},
    "dragonlords": {"choices": 1.0, "log": 1.0, "panels": 1.0, "cards": 1.0},
}
"""A floor of 1.0 means none left: the test then names every English-only string it finds."""


def coverage(game_name: str, read: dict[str, list[str]]) -> dict[str, float]:
    return {where: share for where, (share, _) in measure(game_name, read).items()}


def measure(game_name: str, read: dict[str, list[str]]) -> dict[str, tuple[float, list[str]]]:
    """Per place: the share of strings free of English-only terms, and the strings that are not."""
    out = {}
    for where, strings in read.items():
        strings = [s for s in strings if s]
        left = [s for s in strings if english_terms(s, game_name)]
        out[where] = (1 - len(left) / len(strings) if strings else 1.0, left)
    return out


@pytest.fixture(scope="module")
def measured():
    out = {}
    for name in RULESETS:
        eng, gid = game(name)
        out[name] = measure(name, texts(eng, gid, "de"))
    print("\nGerman coverage (share of strings without an English-only term):")
    for name, cov in out.items():
        print(f"  {name:13}", "  ".join(f"{k} {v:.0%}" for k, (v, _) in cov.items()))
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_german_pages_reach_their_floor(measured, name):
    got = {k: share for k, (share, _) in measured[name].items()}
    assert all(got[k] >= floor for k, floor in FLOORS[name].items()), got


@pytest.mark.parametrize("name", RULESETS)
def test_german_pages_have_none_left_where_complete(measured, name):
    """Where a place reached 100%, no string there holds an English-only term."""
    for where, floor in FLOORS[name].items():
        if floor == 1.0:
            left = measured[name][where][1]
            assert not left, (where, [english_terms(s, name) for s in left], left[:3])


def test_the_measure_sees_english():
    assert english_terms("Seat 1 buys Dolch from the village.", "thunderstone")
    assert not english_terms(language.say("Seat 1 passes.", "de", "thunderstone"), "thunderstone")


@pytest.mark.parametrize(
    ("game_name", "english", "german"),
    [
        ("rune-age", "the army wins", "die Armee gewinnt"),
        ("rune-age", "lays siege to Seat 1's home realm", "belagert Heimatreich (Platz 1)"),
        (
            "dragonlords",
            "The battle at territory T3c is over: no army holds it",
            "Die Schlacht bei Gebiet T3c ist vorbei: keine Armee hält es",
        ),
        (
            "epochs",
            "Seat 2 chooses to fight the epoch",
            "Platz 2 entscheidet sich, gegen die Epoche zu kämpfen",
        ),
        ("epochs", "Relic: worth 1 point at the end of the game", "Reliquie: am Spielende 1 Punkt wert"),
        (
            "thunderstone",
            "GIANT. BATTLE: destroy the lightest weapon",
            "GIANT. KAMPF: zerstöre die leichteste Waffe",
        ),
        (
            "mage-knight",
            "Attack 4, Armour 3, Fame 2. Resistant to fire and ice",
            "Angriff 4, Rüstung 3, Ruhm 2. Resistenz gegen Feuer und Eis",
        ),
        (
            "mage-knight",
            "One enemy: loses swift, loses paralyze",
            "ein Feind: verliert die Eigenschaft Flink, verliert die Eigenschaft Versteinern",
        ),
        (
            "mage-knight",
            "Double ranged attacks or ranged attacks become siege",
            "verdopple Fernkampfangriffe oder Fernkampfangriffe werden zu Belagerungsangriffen",
        ),
        (
            "duel",
            "Game over: Seat 2 wins (last seat standing)",
            "Spielende: Platz 2 gewinnt (als Letzter übrig)",
        ),
    ],
)
def test_whole_clauses_keep_their_grammar(game_name, english, german):
    """Whole-clause patterns, not word-by-word glosses: articles and cases as German has them."""
    assert language.say(english, "de", game_name) == german
