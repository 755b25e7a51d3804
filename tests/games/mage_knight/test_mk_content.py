"""Mage Knight content: every file loads into its Structs, cross-file checks hold, faults are named."""

import json
import shutil

import pytest

from engine.content import ContentError
from engine.games.mage_knight.content import load as content_load
from engine.games.mage_knight.content import schema


@pytest.fixture(scope="module")
def c():
    return content_load.content()


def test_counts_of_the_box(c):
    kinds = {}
    for card in c.cards.values():
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
    assert len(c.heroes.heroes) == 7
    assert len(c.skills) == 70 and all(
        sum(1 for sk in c.skills.values() if sk.hero == h.id) == 10 for h in c.heroes.heroes
    )
    assert len(c.tactics) == 12
    assert sorted(t.number for t in c.tactics.values() if t.time == "day") == [1, 2, 3, 4, 5, 6]
    assert sorted(t.number for t in c.tactics.values() if t.time == "night") == [1, 2, 3, 4, 5, 6]
    assert kinds["spell"] > 0 and kinds["artifact"] > 0 and kinds["advanced_action"] > 0
    assert len(c.heroes.standard_starting_deck) == 16
    assert sum(1 for t in c.tiles.values() if t.type == "starting") == 2


def test_terrain_costs_change_by_night_only_for_forest_and_desert(c):
    # rulebook p.7: only desert and forest differ by day and night; a city costs 2
    changed = sorted(n for n, t in c.terrain.items() if t.day != t.night)
    assert changed == ["desert", "forest"]
    assert c.terrain["forest"].day == 3 and c.terrain["forest"].night == 5
    assert c.terrain["desert"].day == 5 and c.terrain["desert"].night == 3
    assert c.terrain["city"].day == c.terrain["city"].night == 2
    assert c.terrain["lake"].day is None and c.terrain["mountain"].night is None


def test_every_record_names_its_provenance(c):
    records = [
        *c.cards.values(),
        *c.enemies.values(),
        *c.units.values(),
        *c.skills.values(),
        *c.tactics.values(),
        *c.ruins.values(),
        *c.tiles.values(),
        *c.heroes.heroes,
        *c.terrain.values(),
        *c.garrisons,
    ]
    assert records and all(schema.PROVENANCE.match(r.provenance) for r in records)
    # the generic Heroes unit is not a physical card: marked, and a stand-in
    assert c.units["heroes"].placeholder and c.units["heroes"].provenance.startswith("stand-in")


def test_hero_cards_replace_starting_cards(c):
    for h in c.heroes.heroes:
        for cid in h.unique_cards:
            assert c.cards[cid].replaces in c.heroes.standard_starting_deck


def test_enemy_values_sample(c):
    prowlers = c.enemies["green_prowlers"]
    assert (prowlers.armor, prowlers.fame, prowlers.copies) == (3, 2, 2)
    assert prowlers.attacks[0].value == 4 and prowlers.attacks[0].element == "physical"
    assert {e.color for e in c.enemies.values()} == set(schema.ENEMY_PILES)


def _copy(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(content_load.HERE, folder)
    return folder


def test_malformed_record_is_rejected_with_its_place(tmp_path):
    folder = _copy(tmp_path)
    doc = json.loads((folder / "enemies.json").read_text())
    doc["entries"][0]["armor"] = "three"
    (folder / "enemies.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"enemies.json: record 'green_prowlers'.*armor"):
        content_load.load_dir(folder)


def test_bad_provenance_is_rejected(tmp_path):
    folder = _copy(tmp_path)
    doc = json.loads((folder / "tactics.json").read_text())
    doc["entries"][0]["provenance"] = "somewhere"
    (folder / "tactics.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="provenance must start with"):
        content_load.load_dir(folder)


def test_unknown_card_in_starting_deck_is_rejected(tmp_path):
    folder = _copy(tmp_path)
    doc = json.loads((folder / "heroes.json").read_text())
    doc["entries"]["standard_starting_deck"][0] = "fireball_of_doom"
    (folder / "heroes.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="unknown card 'fireball_of_doom'"):
        content_load.load_dir(folder)


def test_tile_missing_a_position_is_rejected(tmp_path):
    folder = _copy(tmp_path)
    doc = json.loads((folder / "tiles.json").read_text())
    doc["entries"][0]["hexes"].pop()
    (folder / "tiles.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="tile 'start_A' must have each of C NE E SE SW W NW once"):
        content_load.load_dir(folder)


def test_duplicate_id_is_rejected(tmp_path):
    folder = _copy(tmp_path)
    doc = json.loads((folder / "units.json").read_text())
    doc["entries"].append(doc["entries"][0])
    (folder / "units.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"units.json: id 'peasants' appears twice"):
        content_load.load_dir(folder)
