"""Every rule id the DragonLords code cites is in its catalog, and the catalog loads."""

import re
from pathlib import Path

from engine.catalog import Catalog
from engine.games import dragonlords

HERE = Path(dragonlords.__file__).parent
ID = re.compile(r"DL:[0-9.]+(?:/[a-z0-9.-]+)?")


def test_cited_rule_ids_are_catalogued():
    cat = Catalog.from_file("dragonlords", HERE / "catalog.toml")
    cited = {m for f in sorted(HERE.rglob("*.py")) for m in ID.findall(f.read_text(encoding="utf-8"))}
    assert len(cited) >= 5
    missing = sorted(rid for rid in cited if rid not in cat.rules)
    assert missing == []
