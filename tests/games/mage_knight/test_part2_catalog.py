"""Every rule id the part-2 modules cite is in catalog.toml merged with part2_rules, and the
merged catalog has no duplicate ids."""

import re
from pathlib import Path

from engine.catalog import Catalog
from engine.games import mage_knight
from engine.games.mage_knight.combat.catalog_entries import combat_catalog
from engine.games.mage_knight.scenarios.catalog_entries import part2_catalog

HERE = Path(mage_knight.__file__).parent
ID = re.compile(r"MK:\d+:[A-Za-z]+(?::[0-9A-Za-z]+)?")
PART2 = ("cities/rules.py", "players/dummy.py", "scenarios/book.py", "content/scenarios.json")


def test_part2_rule_ids_are_catalogued():
    cat = (
        Catalog.from_file("mage-knight", HERE / "catalog.toml")
        .merged(combat_catalog())
        .merged(part2_catalog())
    )
    cited = {m for f in PART2 for m in ID.findall((HERE / f).read_text())}
    assert len(cited) > 20
    for rid in sorted(cited):
        assert rid in cat.rules or any(r.startswith(rid + ":") for r in cat.rules), rid


def test_part2_entries_are_new_and_unique():
    base = Catalog.from_file("mage-knight", HERE / "catalog.toml").rules
    ids = list(part2_catalog().rules)  # Catalog rejects an id listed twice
    assert len(ids) >= 20
    assert not set(ids) & set(base)
