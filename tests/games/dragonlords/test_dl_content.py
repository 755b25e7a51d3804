"""DragonLords content: the values the rulebook prints, provenance on every record, faults named."""

from __future__ import annotations

import shutil

import pytest

from engine.content import ContentError
from engine.games.dragonlords.content import HERE, content, load_dir


def test_unit_values_printed_in_the_rulebook():
    """§3.1 prices, §3.4/land.3 defence 6, §3.2/ships capacity 8 and range 6/10."""
    c = content()
    assert {u.id: (u.cost, u.attack, u.defense) for u in c.units.values()} == {
        "orc": (3, 3, 6),
        "elf": (3, 3, 6),
        "dwarf": (3, 3, 6),
        "barbarian": (4, 4, 6),
    }
    assert (c.units["orc"].bulk.units, c.units["orc"].bulk.gold) == (4, 10)
    assert (c.ship.cost, c.ship.capacity, c.ship.range, c.ship.barbarian_range) == (10, 8, 6, 10)
    assert (c.monsters["red_dragon"].attack, c.monsters["red_dragon"].defense) == (6, 12)
    assert (c.monsters["giant_spider"].attack, c.monsters["giant_spider"].defense) == (5, 10)


def test_elf_attack_is_marked_stand_in():
    """GAP-05: the rulebook never prints the Elf's attack, so the record must say stand-in."""
    c = content()
    assert c.units["elf"].stand_in
    assert not c.units["orc"].stand_in and not c.units["barbarian"].stand_in


def test_scroll_deck_has_24_cards_with_one_of_each_elemental():
    c = content()
    deck = c.scroll_deck()
    assert len(deck) == 24
    for e in ("earth", "wind", "water", "fire"):
        assert deck.count(f"elemental_{e}") == 1
        assert c.scrolls[f"elemental_{e}"].caster == "king"
    # GAP-03: the split of the other 20 is not printed, so each such record is a stand-in
    assert all(s.stand_in for s in c.scrolls.values() if not s.id.startswith("elemental"))


def test_spells_heal_and_fireball_are_holes_one_and_two():
    c = content()
    assert (c.spells["heal"].number, c.spells["fireball"].number) == (1, 2)
    assert not c.spells["fireball"].naval and not c.spells["lightning"].naval


def test_twelve_treasures_and_tool_prices():
    c = content()
    assert len(c.treasures) == 12
    assert c.treasures["ring_of_power"].own == 1 and c.treasures["ring_of_power"].enemy == -1
    assert {t.id: (t.sold_at, t.price) for t in c.tools.values()} == {
        "pick_axe": ("village", 1),
        "torch": ("village", 1),
        "potion": ("witches_den", 1),
        "elixir": ("witches_den", 2),
        "dragon_orb": ("witches_den", 5),
        "talisman": ("shrine", 3),
    }


def test_every_record_has_provenance():
    c = content()
    groups = [c.units, c.monsters, c.spells, c.scrolls, c.treasures, c.tools]
    for g in groups:
        for r in g.values():
            assert r.provenance.startswith(("rulebook §", "stand-in")), r.id


def _copy(tmp_path):
    d = tmp_path / "content"
    shutil.copytree(HERE, d)
    return d


def test_wrong_scroll_total_is_named(tmp_path):
    d = _copy(tmp_path)
    p = d / "magic.toml"
    p.write_text(
        p.read_text(encoding="utf-8")
        .replace('id = "reflect"', 'id = "reflect"\ncount = 9', 1)
        .replace(
            'count = 9\nname = "Reflect"\ngerman = "Reflektieren"\ncount = 2',
            'count = 9\nname = "Reflect"\ngerman = "Reflektieren"',
        ),
        encoding="utf-8",
    )
    with pytest.raises(ContentError, match=r"24 scroll cards \(§2.1\), the counts add up to 31"):
        load_dir(d)


def test_bad_provenance_is_refused(tmp_path):
    d = _copy(tmp_path)
    p = d / "units.toml"
    p.write_text(
        p.read_text(encoding="utf-8").replace(
            'provenance = "rulebook §2.1, §3.1, §3.4/dragonlords', 'provenance = "somewhere', 1
        ),
        encoding="utf-8",
    )
    with pytest.raises(ContentError, match="provenance"):
        load_dir(d)


def test_defence_other_than_six_is_named(tmp_path):
    d = _copy(tmp_path)
    p = d / "units.toml"
    p.write_text(p.read_text(encoding="utf-8").replace("defense = 6", "defense = 5", 1), encoding="utf-8")
    with pytest.raises(ContentError, match=r"unit 'orc': every unit defends on 6"):
        load_dir(d)
