"""`runeledger cards dragonlords`: every unit, spell, scroll, treasure, tool and quest card, with the
source of each value (stand-in where the rulebook is silent)."""

from engine import registry


def test_catalogue_lists_every_component_with_sources():
    cards = registry.get("dragonlords").cards()
    by = {}
    for c in cards:
        by.setdefault(c.kind, []).append(c)
    assert len(by["unit"]) == 4 and len(by["treasure"]) == 12 and len(by["spell"]) == 6
    assert sum(c.count for c in by["scroll"]) == 24 and len(by["quest"]) == 12
    elf = next(c for c in by["unit"] if c.english_name == "Elf")
    assert elf.values["strength"] == 3 and elf.sources["strength"] == "stand-in"  # INT-03
    orc = next(c for c in by["unit"] if c.english_name == "Orc")
    assert orc.sources["strength"].startswith("rulebook")
    assert all(c.count_source == "stand-in" for c in by["quest"])  # GAP-02
    heal = next(c for c in by["spell"] if c.english_name == "Heal")
    teleport = next(c for c in by["spell"] if c.english_name == "Teleport")
    assert heal.sources["number"].startswith("rulebook") and teleport.sources["number"] == "stand-in"
