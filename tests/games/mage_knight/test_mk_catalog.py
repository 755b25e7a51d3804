"""Every rule id the Mage Knight code cites is in its catalog, and the catalog loads."""

import re
from pathlib import Path

from engine.catalog import Catalog
from engine.games import mage_knight

HERE = Path(mage_knight.__file__).parent
ID = re.compile(r"MK:\d+:[A-Za-z]+(?::[0-9a-z]+)?")


def test_cited_rule_ids_are_catalogued():
    from engine.games.mage_knight.combat.catalog_entries import combat_catalog
    from engine.games.mage_knight.scenarios.catalog_entries import part2_catalog

    cat = (
        Catalog.from_file("mage-knight", HERE / "catalog.toml")
        .merged(combat_catalog())
        .merged(part2_catalog())
    )
    assert len(cat.rules) >= 20
    cited = {m for f in sorted(HERE.rglob("*.py")) for m in ID.findall(f.read_text())}
    assert cited
    for rid in sorted(cited):
        # a bare section id (MK:9:Block) is fine if the catalog lists items of it
        assert rid in cat.rules or any(r.startswith(rid + ":") for r in cat.rules), rid
