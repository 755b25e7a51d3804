"""Every rule id the combat modules and their tests cite is in the ruleset's catalog: catalog.toml,
the combat's own entries (combat_rules) and part 2's (part2_rules: cities, PvP), which load as
catalog rules."""

import re
from pathlib import Path

from engine.catalog import Catalog
from engine.games import mage_knight
from engine.games.mage_knight.combat.catalog_entries import combat_catalog

HERE = Path(mage_knight.__file__).parent
ID = re.compile(r"MK:\d+:[A-Za-z]+(?::[0-9A-Za-z]+)?")


def test_combat_rule_ids_are_catalogued():
    from engine.games.mage_knight.scenarios.catalog_entries import part2_catalog

    cat = (
        Catalog.from_file("mage-knight", HERE / "catalog.toml")
        .merged(combat_catalog())
        .merged(part2_catalog())
    )
    files = sorted(HERE.glob("combat*.py")) + sorted(Path(__file__).parent.glob("test_combat*.py"))
    cited = {m for f in files for m in ID.findall(f.read_text())}
    assert "MK:9:Block:7a" in cited and "MK:10:Abilities:Summon" in cited
    for rid in sorted(cited):
        assert rid in cat.rules or any(r.startswith(rid + ":") for r in cat.rules), rid


def test_combat_entries_do_not_contradict_the_catalog():
    base = Catalog.from_file("mage-knight", HERE / "catalog.toml")
    for rid, rule in combat_catalog().rules.items():
        assert rid not in base.rules or base.rules[rid].summary == rule.summary, rid
