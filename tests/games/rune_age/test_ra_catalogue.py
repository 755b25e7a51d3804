"""`runeledger cards rune-age`: the box's component counts, each value with its source, English
names from public lists, and effect text generated from the data the rules read."""

from __future__ import annotations

import json
from collections import Counter

import msgspec
import pytest

from cli.main import main
from engine.cards import find
from engine.games.rune_age import RULESET, catalogue
from engine.games.rune_age import cards as rune_age_cards
from engine.games.rune_age.schema import Ability


@pytest.fixture(scope="module")
def cards():
    return RULESET.cards()


def one(cards, name):
    [c] = [c for c in cards if c.name == name]
    return c


def test_ra_catalogue_counts_are_the_component_list(cards):
    """CMP-1, CMP-2 (rulebook p.2-3): 252 cards; 23 per faction; 10 neutral types of 5; gold
    24/14/10; 8 cities; 10 events per scenario in stages; 4 objectives, 6 runes, 4 monuments."""
    assert sum(c.count for c in cards) == 252
    per = Counter()
    for c in cards:
        per[c.group if c.kind != "monument" else "monuments"] += c.count
    for faction in catalogue.FACTIONS.values():
        assert per[faction] == 23
        mine = [c for c in cards if c.group == faction]
        assert sorted((c.values.get("cost"), c.count) for c in mine if c.kind == "unit") == [
            (1, 8),
            (2, 4),
            (3, 4),
            (5, 3),
        ]
        assert [c.count for c in mine if c.kind == "realm"] == [1]
        assert [c.count for c in mine if c.kind == "stronghold"] == [3]
    neutral = [c for c in cards if c.group == "neutral"]
    assert len(neutral) == 10 and {c.count for c in neutral} == {5}
    assert [(c.values["gold"], c.count) for c in cards if c.kind == "gold"] == [(1, 24), (2, 14), (3, 10)]
    assert per["cities"] == 8 and per["monuments"] == 4
    events = Counter(c.group for c in cards if c.kind == "event")
    for scn in rune_age_cards.pack().scenario:
        stages = {g: n for g, n in events.items() if g.startswith(scn.english + ":")}
        assert sum(stages.values()) == 10 and len(stages) == scn.stages
    assert Counter(c.kind for c in cards)["objective"] == 4
    assert sum(c.count for c in cards if c.kind == "rune") == 6


def test_ra_values_carry_their_source(cards):
    """Rulebook values cite their page, public-list values say so, the rest are stand-ins."""
    riverwatch = one(cards, "Riverwatch")
    assert riverwatch.values["influence"] == 3 and riverwatch.sources["influence"] == "rulebook p.8"
    assert riverwatch.sources["strength"] == "stand-in"
    gold3 = one(cards, "3-Gold")
    assert (gold3.values, gold3.sources) == (
        {"cost": 5, "gold": 3},
        {"cost": "rulebook p.8", "gold": "rulebook p.2"},
    )
    assert one(cards, "1-Gold").sources["cost"] == "stand-in"
    assert one(cards, "Berserker").sources["cost"] == "public-list"
    assert one(cards, "Daqan-Festung").sources == {
        "cost": "rulebook p.7",
        "strength": "rulebook p.7",
        "influence": "rulebook p.8",
    }
    assert one(cards, "Archaut").values == {"health": 20}
    assert one(cards, "Drachenlord Kalladra").sources["icons"] == "rulebook p.11"
    assert one(cards, "Dämon").sources == {"cost": "stand-in", "strength": "stand-in"}
    assert one(cards, "Schlachtruf").count_source == "rulebook p.2"


def test_ra_english_names_come_from_the_public_lists(cards):
    assert [c.name for c in find(cards, "Reanimate")] == ["Untote Horde"]
    assert one(cards, "Sturmzauberweberin").english_name == "Storm Sorceress"
    assert one(cards, "Zeit des Krieges").english_name == "A Time for War"
    assert one(cards, "Diebesgilde").group == "The Monument: stage 1"
    assert one(cards, "Berserker").english_name is None  # the same in both languages


def test_ra_text_is_generated_from_the_data_the_rules_read(cards):
    """Change an ability's amount and the words change with it; every effect the content uses
    has words, and an effect without words is an error, not a silent blank."""
    siege = one(cards, "Belagerungsmaschine")
    assert "Resolution: discard 1 card from your hand to give this unit +2 strength." in siege.text
    card = next(c for c in rune_age_cards.pack().card if c.name == "Belagerungsmaschine")
    more = msgspec.structs.replace(card, abilities=[msgspec.structs.replace(card.abilities[0], amount=5)])
    assert "+5 strength" in catalogue.info(more).text
    assert "When played: pay 1 influence to destroy 1 opposing unit." in one(cards, "Darnati-Krieger").text
    assert one(cards, "Grenzscharmützel").text.startswith("Every home realm is attacked with strength 3")
    used = {a.effect for c in rune_age_cards.pack().card for a in c.abilities}
    assert used <= set(catalogue.EFFECT_WORDS)
    assert {c.effect for c in rune_age_cards.cards("event") if c.effect} <= set(catalogue.EVENT_WORDS)
    with pytest.raises(KeyError, match="no words"):
        catalogue.ability_text(Ability(timing="action", effect="summon_dragon"), "X")
    assert all(c.text for c in cards)


def test_ra_cli_cards_json_and_lookup(capsys):
    assert main(["cards", "rune-age", "reanimate", "--json"]) == 0
    [obj] = json.loads(capsys.readouterr().out)
    assert obj["name"] == "Untote Horde" and obj["values"] == {"cost": 1, "strength": 1}
    assert obj["sources"] == {"cost": "rulebook p.8", "strength": "stand-in"}
    assert "another Untote Horde" in obj["text"]
