"""The catalog and the content pack: every cited rule exists, every stand-in is marked and
documented (DESIGN invariants 4 and 7)."""

import re
from pathlib import Path

import engine.games.epochs as epochs
from engine.games.epochs.content import PACK
from engine.registry import get

HERE = Path(epochs.__file__).parent
RULE_ID = re.compile(r'"(EP-[A-Z0-9-]+)"')
# rules with nothing for the engine to do: the garbled steps and the connection markers, which
# the stand-in game does not have; content-only stand-ins whose values live in the TOML files
NO_EVENT = {"EP-2B-STEPS", "EP-X-GK", "EP-P3-CONNECT", "EP-X-MARKERS", "EP-X-MEDALS", "EP-X-ROUNDS"}


def cited() -> set[str]:
    return {m for f in HERE.rglob("*.py") for m in RULE_ID.findall(f.read_text())}


def test_every_cited_rule_is_in_the_catalog_and_every_rule_is_used():
    catalog = get("epochs").catalog
    ours = {r for r in catalog.rules if r.startswith("EP-")}
    assert cited() <= ours
    assert ours - cited() == NO_EVENT


def test_page_rules_cite_page_5_and_stand_ins_are_documented():
    rules = get("epochs").catalog.rules
    doc = (HERE / "CONTENT.md").read_text()
    for rid, rule in rules.items():
        if rid.startswith("EP-X-"):
            assert rule.page == "-" and rule.summary.startswith("stand-in"), rid
            assert rid in doc, f"{rid} missing from CONTENT.md"
        elif rid.startswith("EP-"):
            assert rule.page == "p.5", rid


def test_every_content_record_says_where_its_values_come_from():
    records = [
        PACK.setup,
        *PACK.units.values(),
        *PACK.markers.values(),
        *PACK.relics.values(),
        *PACK.medals.values(),
    ]
    assert all(r.provenance.startswith(("stand-in", "rulebook p.")) for r in records)
    assert all("stand-in" in r.provenance for r in records)  # the page prints no card values
    assert "rulebook p.5" in PACK.setup.provenance  # but it does give the limits
    assert (PACK.setup.defender_slots, PACK.setup.defender_markers, PACK.setup.hand_size) == (3, 3, 4)


def test_example_shaped_unit_matches_the_page():
    """The stand-in Berserker is shaped like the example unit of p.5: no ranged value and a
    single damage symbol."""
    u = PACK.units["Berserker"]
    assert u.ranged is None and u.hp == 1 and u.normal and u.melee
