"""Mage Knight's scoring ambiguities as switchable readings (digest A12, A13, A14, A16, A17):
each is asked by the rules (readings_score.py) only where its alternatives differ, and each
alternative changes a score or a fame gain of a situation played by `runeledger dispute`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import main as cli
from engine import readings
from engine.games.mage_knight.readings.scoring import blitz_bonus
from engine.games.mage_knight.scenarios.book import blitz_row_bonus
from sim.dispute import settle

SIT = "tests/games/mage_knight/situations/"
SCORING = SIT + "dispute_final_scoring.toml"
LIBERATOR = SIT + "dispute_liberator_tie.toml"
BLITZ = SIT + "dispute_blitz_fame_rows.toml"


@pytest.fixture(scope="module")
def scoring():
    return settle(SCORING)


def variants(report, rid):
    return {v["alternative"]: v for v in report["variants"] if v["reading"] == rid}


def scores(v):
    return {e["data"]["seat"]: e["data"] for e in v["decisive"] if e["type"] == "mk.score"}


def test_final_scoring_consults_a12_a13_a14(scoring):
    assert scoring["consulted"] == ["A12", "A13", "A14"]


def test_a12_titles_at_zero(scoring):
    """MK:15:Score, A12: nobody has units or shields, so Leader, Conqueror and Adventurer are tied
    at 0 (and seat 1's Loot too). The digest: no title at 0 (9 and 0); explicit_only: +1 per
    category tied at 0 (Tovak 3 of them: 12; Goldyx 3: 3)."""
    v = variants(scoring, "A12")
    assert {s: d["total"] for s, d in scores(v["nonzero_only"]).items()} == {0: 9, 1: 0}
    alt = scores(v["explicit_only"])
    assert {s: d["total"] for s, d in alt.items()} == {0: 12, 1: 3}
    assert "titles tied at 0 +3" in alt[1]["lines"]
    assert v["explicit_only"]["difference"]["rule"] == "MK:15:Score"


def test_a13_the_spell_in_hand_counts_only_for_all_deed_cards(scoring):
    """A13: the Mana Bolt lies in Tovak's hand at the end: knowledge +2 and the title +3 under the
    digest, nothing when only the draw pile is the deck."""
    v = variants(scoring, "A13")
    assert "knowledge +2" in scores(v["all_deed_cards"])[0]["lines"]
    alt = scores(v["draw_pile"])[0]
    assert alt["total"] == 4 and not any(x.startswith("knowledge") for x in alt["lines"])


def test_a14_three_crystals(scoring):
    """A14: 3 crystals give loot +1 rounded down (the digest), +2 rounded up."""
    v = variants(scoring, "A14")
    assert "loot +1" in scores(v["round_down"])[0]["lines"]
    assert "loot +2" in scores(v["round_up"])[0]["lines"] and scores(v["round_up"])[0]["total"] == 10


def test_a16_greatest_liberator_tie():
    """MK:20:Scen:Mines, A16: one countryside mine each (+4): tied, +2 each (6) by the digest,
    +5 each (9) under five_each."""
    report = settle(LIBERATOR)
    assert "A16" in report["consulted"]
    v = variants(report, "A16")
    assert {s: d["total"] for s, d in scores(v["two_each"]).items()} == {0: 6, 1: 6}
    assert {s: d["total"] for s, d in scores(v["five_each"]).items()} == {0: 9, 1: 9}


def test_a17_blitz_row_bonus_chains_or_not():
    """MK:19:Scen:BlitzConquest, A17: 2 + 5 fame = 7 crosses the row at 3: +1 to 8, itself a row.
    The digest: no chaining (8); under chains +1 more (9)."""
    report = settle(BLITZ)
    assert report["consulted"] == ["A17"]
    v = variants(report, "A17")

    def gained(alt):
        return [
            e["data"]["total"]
            for e in v[alt]["decisive"]
            if e["type"] == "mk.fame" and not e["data"].get("situation")
        ]

    assert gained("no_chain") == [7, 8]
    assert gained("chains") == [7, 9]
    assert v["chains"]["difference"]["rule"] == "MK:19:Scen:BlitzConquest"


class _T:
    def __init__(self, picked=None):
        self.options = {"readings": picked} if picked else {}


def test_a17_asked_only_when_the_bonus_crosses_a_row():
    """From 4 to 6 no row is crossed; from 2 to 5 the +1 lands on 6, no row: not asked."""
    seen: set[str] = set()
    readings.consulting(seen)
    try:
        assert blitz_bonus(_T({"A17": "chains"}), 4, 6, blitz_row_bonus) == 0
        assert blitz_bonus(_T({"A17": "chains"}), 2, 5, blitz_row_bonus) == 1
        assert seen == set()
        assert blitz_bonus(_T({"A17": "chains"}), 2, 7, blitz_row_bonus) == 2
        assert seen == {"A17"}
    finally:
        readings.consulting(None)


@pytest.mark.parametrize("path,rid", [(SCORING, "A13"), (LIBERATOR, "A16"), (BLITZ, "A17")])
def test_cli_dispute_names_the_reading(path, rid, capsys):
    assert cli.main(["dispute", path, "--reading", rid, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in report["readings"]] == [rid]


def test_situation_round_past_the_scenario_is_refused(tmp_path, capsys):
    path = tmp_path / "late.toml"
    path.write_text(
        Path(SCORING).read_text(encoding="utf-8").replace("round = 3", "round = 4"), encoding="utf-8"
    )
    assert cli.main(["new", "--situation", str(path), "--db", ":memory:"]) == 2
    err = capsys.readouterr()
    assert "round = 4" in err.out + err.err and "MK:4:Round" in err.out + err.err
