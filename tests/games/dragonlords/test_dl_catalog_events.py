"""Every rule id the code passes to an event (rule="...") is in the catalog (invariant 4), so no
rarely reached branch can abort a command for an unknown id."""

import re
from pathlib import Path

from engine import registry
from engine.games import dragonlords

HERE = Path(dragonlords.__file__).parent


def test_every_emitted_rule_id_is_catalogued():
    rules = registry.get("dragonlords").catalog.rules
    used = {m for f in sorted(HERE.rglob("*.py")) for m in re.findall(r'rule="([^"]+)"', f.read_text())}
    used |= {
        m
        for f in sorted(HERE.rglob("*.py"))
        for m in re.findall(r'"((?:DL:|INT-)[^"\s]+)"', f.read_text())
        if ":" in m or m.startswith("INT-")
    }
    used = {u for u in used if " " not in u}
    assert len(used) > 40
    assert sorted(u for u in used if u not in rules) == []
