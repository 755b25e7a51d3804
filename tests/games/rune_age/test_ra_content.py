"""Content and catalog: every record marked with its provenance, rulebook values as printed,
every digest rule id catalogued, and every rule an event cites explained by the catalog."""

from __future__ import annotations

import pytest

from engine.games.rune_age import RULESET, cards
from sim import testing

# The rule ids of the English digest of the rulebook: prefix -> highest number.
DIGEST_IDS = {
    "CMP": 4,
    "RES": 4,
    "SET": 11,
    "RND": 3,
    "TRN": 4,
    "EVT": 10,
    "RWD": 5,
    "ZON": 7,
    "ACT-BUY": 6,
    "ACT-INF": 4,
    "ACT-CARD": 3,
    "ACT-CMB": 3,
    "BTL": 8,
    "CAS": 4,
    "SGE": 6,
    "DES": 3,
    "ABL": 6,
    "ELM": 3,
    "SCN-DL": 4,
    "SCN-RW": 6,
    "SCN-WB": 6,
    "SCN-MO": 5,
    "OPT": 2,
}


def test_ra_every_record_names_its_provenance():
    """CMP-4, A1, DESIGN invariant 7."""
    pack = cards.pack()
    records = pack.card + pack.setup + pack.scenario + pack.die
    assert records and all(r.provenance.startswith(("rulebook p.", "stand-in")) for r in records)


def test_ra_counts_match_the_component_list():
    """CMP-1, CMP-2: 23 cards per race, 10 neutral types of 5, 40 events, 8 cities, 6 runes, 4 monuments."""
    for race in cards.RACES:
        race_cards = [c for c in cards.pack().card if c.race == race and c.kind != "monument"]
        assert sum(c.copies for c in race_cards) == 23
        assert sorted((c.pile, c.copies) for c in race_cards if c.kind == "unit") == [
            ("u1", 8),
            ("u2", 4),
            ("u3", 4),
            ("u5", 3),
        ]
    neutrals = [c for c in cards.pack().card if c.kind in ("unit", "tactic") and not c.race]
    assert len(neutrals) == 10 and all(c.copies == 5 for c in neutrals)
    assert {s.key: len(cards.cards("event", scenario=s.key)) for s in cards.pack().scenario} == {
        "resurgence_of_the_dragonlords": 10,
        "runewars": 10,
        "the_cataclysm": 10,
        "the_monument": 10,
    }
    assert [c.copies for c in cards.cards("gold")] == [24, 14, 10]
    assert (
        len(cards.cards("city")),
        len(cards.cards("rune")),
        len(cards.cards("monument")),
        len(cards.cards("objective")),
    ) == (8, 6, 4, 4)


def test_ra_rulebook_values_are_as_printed():
    """RES-4, ACT-INF-3, p.8 Riverwatch, p.11 Kalladra, SET-T."""
    by = {c.name: c for c in cards.pack().card}
    assert all((c.cost, c.strength, c.influence) == (4, 2, 1) for c in cards.cards("stronghold"))
    assert by["3-Gold"].cost == 5 and by["Riverwatch"].influence == 3 and by["Untote Horde"].cost == 1
    k = by["Drachenlord Kalladra"]
    assert k.icons == 1 and k.reward and k.strength <= 10
    assert by["Belagerungsmaschine"].abilities[0].effect == "discard_for_strength"
    assert [(r.players, r.gold1, r.gold2, r.gold3, r.neutral, r.cities) for r in cards.pack().setup] == [
        (4, 24, 14, 10, 5, 5),
        (3, 19, 12, 8, 4, 4),
        (2, 14, 10, 6, 3, 3),
        (1, 9, 8, 4, 2, 2),
    ]
    assert by["Bruder gegen Bruder"].stage == 3 and by["Bruder gegen Bruder"].scenario == "the_cataclysm"


def test_ra_catalog_has_every_digest_rule_id():
    """Invariant 4: each digest rule id is in the catalog with section, page and summary."""
    ids = {f"{p}-{n}" for p, top in DIGEST_IDS.items() for n in range(1, top + 1)} | {"SET-T", "WIN-0"}
    assert len(ids) == 119 and ids <= set(RULESET.catalog.rules)
    for rid in ids:
        rule = RULESET.catalog.get(rid)
        assert rule.section and rule.page and rule.summary


@pytest.mark.parametrize(
    "scenario", ["resurgence_of_the_dragonlords", "runewars", "the_cataclysm", "the_monument"]
)
def test_ra_every_rule_made_event_cites_a_catalogued_rule(scenario):
    """Invariant 4: game events carry a rule id of the catalog and the command they belong to."""
    eng, gid = testing.new_game("rune-age", 3, 21, {"scenario": scenario})
    testing.run_bots(eng, gid, 21)
    events = eng.store.read(gid)
    assert all(e.rule in RULESET.catalog for e in events)
    assert all(e.command_id for e in events)
    used = {e.rule for e in events}
    assert {"SET-8", "RND-1", "TRN-4", "EVT-2", "EVT-5"} <= used
