"""Content and catalog checks: provenance on every record, every ability in the vocabulary
documented in CONTENT.md, every rule id the code cites present in catalog.toml."""

from __future__ import annotations

import re
from pathlib import Path

from engine.games.thunderstone import content
from engine.games.thunderstone.rules import RULESET
from engine.games.thunderstone.vocabulary import VOCABULARY

PKG = Path(content.__file__).parent


def test_ts_every_record_has_provenance():
    for c in content.pack().card:
        assert c.provenance.startswith(("rulebook p.", "public-list", "stand-in")), c.name
        if c.provenance.startswith("rulebook"):
            assert re.search(r"p\.\d+", c.provenance), c.name


def test_ts_every_ability_is_in_the_documented_vocabulary():
    doc = (PKG / "CONTENT.md").read_text(encoding="utf-8")
    rows = [line.split("|") for line in doc.splitlines() if line.startswith("| ") and line.count("|") >= 5]
    documented = {
        (on.strip(), do.strip()) for _, ons, dos, *_ in rows for on in ons.split("/") for do in dos.split(",")
    }
    for c in content.pack().card:
        for a in c.abilities:
            assert (a.on, a.do) in documented, (c.name, a.on, a.do)
            if a.on in ("village", "dungeon"):
                assert a.do in VOCABULARY, (c.name, a.do)


def test_ts_cited_rule_ids_are_in_the_catalog():
    cited = set()
    for path in PKG.rglob("*.py"):
        cited |= set(re.findall(r'"([A-Z]{2,6}-[A-Za-z0-9]+)"', path.read_text(encoding="utf-8")))
    missing = {r for r in cited if r not in RULESET.catalog}
    assert not missing


def test_ts_first_game_and_randomizer_stacks_exist():
    """SET-F, SET-R1: every first-game set and every randomizer names stacks present in content."""
    from engine.games.thunderstone.setup import FIRST_GAME

    for kind, names in FIRST_GAME.items():
        assert set(names) <= set(content.groups(kind)), kind
    assert len(content.groups("hero")) == 11 and len(content.groups("monster")) == 8
    assert len(content.groups("village")) == 18 and len(content.pack().feature) == 6


DIGEST_IDS = [
    "AUTO-BATTLE",
    "AUTO-BREACH",
    "AUTO-DISEASE",
    "AUTO-DRAW",
    "AUTO-GLOBAL",
    "AUTO-GUARD",
    "AUTO-REFILL",
    "AUTO-SPOILS",
    "AUTO-STACK",
    "AUTO-STR0",
    "AUTO-TRAP",
    "AUTO-TRASH",
    "AUTO-TREASURE",
    "AUTO-TROPHY",
    "BAT-1",
    "BAT-2",
    "BAT-3",
    "BAT-4",
    "BAT-5",
    "BAT-6",
    "BAT-7",
    "BAT-8",
    "BAT-ALG",
    "CMD-TARGET",
    "CMP-1",
    "CMP-2",
    "CMP-3",
    "CMP-4",
    "CMP-5",
    "CMP-6",
    "CMP-7",
    "CMP-8",
    "CMP-9",
    "END-1",
    "END-2",
    "END-3",
    "END-4",
    "LVL-1",
    "LVL-2",
    "LVL-3",
    "LVL-4",
    "LVL-5",
    "LVL-6",
    "SCORE-1",
    "SCORE-2",
    "SCORE-3",
    "SET-0",
    "SET-0a",
    "SET-0b",
    "SET-B",
    "SET-F",
    "SET-R1",
    "SET-R2",
    "SET-R3",
    "SET-R4",
    "SET-R5",
    "SET-R6",
    "SET-R7",
    "SET-R8",
    "SET-R9",
    "SET-R10",
    "SET-R11",
    "SET-R12",
    "SET-R13",
    "TRN-0",
    "TRN-0b",
    "TRN-0c",
    "TRN-0d",
    "TRN-D1",
    "TRN-D2",
    "TRN-D3",
    "TRN-D4",
    "TRN-D5",
    "TRN-E",
    "TRN-R1",
    "TRN-R2",
    "TRN-V1",
    "TRN-V2",
    "TRN-V3",
    "TRN-V4",
    "TRN-V5",
    "TRN-V6",
    "VAR-C",
    "VAR-S",
    "XP-1",
]  # every [ID] of the digest


def test_ts_catalog_lists_every_digest_rule():
    missing = [r for r in DIGEST_IDS if r not in RULESET.catalog]
    assert not missing
    for r in DIGEST_IDS:
        rule = RULESET.catalog.get(r)
        assert rule.page.startswith("p.") and rule.summary, r


def test_ts_content_md_lists_every_card_with_its_provenance():
    doc = (PKG / "CONTENT.md").read_text(encoding="utf-8")
    for c in content.pack().card:
        assert f"| {c.name} | {c.kind} | {c.stack} | {c.provenance} |" in doc, c.name
