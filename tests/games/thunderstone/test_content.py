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
        assert c.provenance.startswith(("rulebook p.", "stand-in")), c.name
        if c.provenance.startswith("rulebook"):
            assert re.search(r"p\.\d+", c.provenance), c.name


def test_ts_every_ability_is_in_the_documented_vocabulary():
    doc = (PKG / "CONTENT.md").read_text(encoding="utf-8")
    rows = [line.split("|") for line in doc.splitlines() if line.startswith("| ") and line.count("|") >= 5]
    documented = {(on.strip(), do.strip()) for _, ons, dos, *_ in rows
                  for on in ons.split("/") for do in dos.split(",")}
    for c in content.pack().card:
        for a in c.abilities:
            assert (a.on, a.do) in documented, (c.name, a.on, a.do)
            if a.on in ("village", "dungeon"):
                assert a.do in VOCABULARY, (c.name, a.do)


def test_ts_cited_rule_ids_are_in_the_catalog():
    cited = set()
    for path in PKG.glob("*.py"):
        cited |= set(re.findall(r'"((?:[A-Z]{2,6}-[A-Za-z0-9]+)|EFFECT)"', path.read_text(encoding="utf-8")))
    missing = {r for r in cited if r not in RULESET.catalog}
    assert not missing


def test_ts_first_game_and_randomizer_stacks_exist():
    """SET-F, SET-R1: every first-game set and every randomizer names stacks present in content."""
    from engine.games.thunderstone.setup import FIRST_GAME
    for kind, names in FIRST_GAME.items():
        assert set(names) <= set(content.groups(kind)), kind
    assert len(content.groups("hero")) == 11 and len(content.groups("monster")) == 11
    assert len(content.groups("village")) == 18 and len(content.pack().feature) == 6
