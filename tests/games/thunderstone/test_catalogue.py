"""The card catalogue (`runeledger cards thunderstone`): every card of the box with its values,
where each value comes from, German and English lookup, and text built from the vocabulary."""

from __future__ import annotations

import json

from engine.cards import SOURCE_RE, find
from engine.games.thunderstone import content
from engine.games.thunderstone.rules import RULESET
from engine.games.thunderstone.texts import TEXT

SETUP_KINDS = ("randomizer", "dungeon feature", "setting")


def cards():
    """The catalogue's cards, without the set-up cards (randomizers, features, settings)."""
    return [c for c in RULESET.cards() if c.kind not in SETUP_KINDS]


def by_name():
    return {c.name: c for c in cards()}


def test_ts_catalogue_lists_the_whole_box():
    """CMP-1 (p.2): 11 hero groups with 141 cards, 18 village stacks of 8, 8 monster groups of 10,
    4 traps, 4 treasures, 2 guardians, 2 Thunderstones; every content card appears once."""
    cat = cards()
    assert {c.name for c in cat} == {c.name for c in content.pack().card}
    box = [c for c in content.pack().card if c.box]
    heroes = [c for c in box if c.group == "hero"]
    assert len({c.stack for c in heroes}) == 11 and sum(c.count for c in heroes) == 141
    assert sum(c.count for c in box if c.group == "village") == 144
    monsters = [c for c in box if c.group == "monster"]
    assert len({c.stack for c in monsters}) == 8 and sum(c.count for c in monsters) == 80
    assert [sum(1 for c in box if c.kind == k) for k in ("trap", "treasure", "guardian", "thunderstone")] == [
        4,
        4,
        2,
        2,
    ]


def test_ts_catalogue_values_equal_the_content():
    """Values are the content's numbers: Gorinthischer Anfaenger costs 5 (rulebook p.18), the Axt
    des Frostriesen has gold 3 (p.18) and weight 6 (public list), a Haendler prints no gold."""
    cat = by_name()
    for c in content.pack().card:
        info = cat[c.name]
        assert info.count == c.count
        if info.values.get("cost") is not None:
            assert info.values["cost"] == c.price, c.name
        assert info.values.get("gold") == c.gold or c.kind in ("trap", "treasure"), c.name
    anf, axt, haendler = cat["Gorinthischer Anfaenger"], cat["Axt des Frostriesen"], cat["Haendler"]
    assert (anf.values["cost"], anf.sources["cost"]) == (5, "rulebook p.18")
    assert (axt.values["gold"], axt.sources["gold"]) == (3, "rulebook p.18")
    assert (axt.values["weight"], axt.sources["weight"]) == (6, "public-list")
    assert haendler.values["gold"] is None and haendler.sources["gold"] == "rulebook p.20"


def test_ts_every_source_is_valid_and_stand_ins_are_marked():
    """Every value names its source; the rulebook-example cards are stand-ins throughout."""
    for c in RULESET.cards():
        assert set(c.values) == set(c.sources), c.name
        assert all(SOURCE_RE.match(s) for s in c.sources.values()), c.name
        if "not in the box" in (c.group or ""):
            assert set(c.sources.values()) == {"stand-in"}, c.name
    assert by_name()["Krankheit"].count_source == "stand-in"


def test_ts_lookup_by_german_and_english_name():
    """The print name is German where the rulebook gives it; the English name finds it too."""
    cat = cards()
    assert [c.name for c in find(cat, "Belzur Curate")] == ["Belzurischer Vikar"]
    assert [c.english_name for c in find(cat, "Belzurischer Vikar")] == ["Belzur Curate"]
    assert [c.name for c in find(cat, "Guardian Blade")] == ["Beschuetzerklinge"]
    assert [c.name for c in find(cat, "Titan")] == ["Titan"] and find(cat, "Titan")[0].english_name is None


def test_ts_text_comes_from_the_vocabulary():
    """Each ability's words are the vocabulary's template: change the template, the text follows."""
    vikar = by_name()["Belzurischer Vikar"]
    assert "VILLAGE: " + TEXT[("village", "destroy_disease_gold")].format(n=2) in vikar.text
    assert "MAGIC ATTACK +1" in vikar.text
    for c in content.pack().card:
        for a in c.abilities:
            assert (a.on, a.do) in TEXT, c.name


def test_ts_cards_command_json(capsys):
    """`runeledger cards thunderstone Glut --json` gives the card with values and sources."""
    from cli.main import main

    try:
        main(["cards", "thunderstone", "Glut", "--json"])
    except SystemExit as e:
        assert not e.code
    got = json.loads(capsys.readouterr().out)
    assert got[0]["name"] == "Glut" and got[0]["english_name"] == "Ember"
    assert got[0]["values"]["health"] == 5 and got[0]["sources"]["vp"] == "rulebook p.10"


def test_ts_catalogue_lists_randomizers_features_and_settings():
    """SET-R1, SET-R4, CMP-8: 11 hero, 8 monster, 18 village randomizers and the 3 dungeon-feature
    randomizers; the 6 feature cards; 7 settings, of which the 3 without a known effect are out of play."""
    cat = RULESET.cards()
    rand = [c for c in cat if c.kind == "randomizer"]
    assert [
        sum(1 for c in rand if c.group == f"{k} randomizers") for k in ("hero", "monster", "village")
    ] == [11, 8 + 3, 18]
    assert next(c for c in rand if c.name == "Beschwoerer").english_name == "Evoker"
    assert len([c for c in cat if c.kind == "dungeon feature"]) == 6
    settings = [c for c in cat if c.kind == "setting"]
    assert len(settings) == 7 and sorted(c.name for c in settings if "out of play" in c.group) == [
        "Dreadwatch",
        "Grimhold",
        "Regian Cove",
    ]
