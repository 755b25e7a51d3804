"""The duel test ruleset's one reading (TIE) through `dispute`, and `[[play]]` commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import IllegalCommand
from sim.dispute import settle

TIE = "tests/core/situations/duel_tie_at_limit.toml"


def test_duel_tie_reading_decides_who_wins():
    """DU-LIMIT with TIE: two seats with the least damage share the win, or nobody wins."""
    report = settle(TIE)
    assert [r["id"] for r in report["readings"]] == ["TIE"]
    v = {x["alternative"]: x for x in report["variants"]}
    assert v["share"]["winners"] == [0, 1] and v["share"]["as_stated"]
    assert v["nobody"]["winners"] == []
    diff = v["nobody"]["difference"]
    assert diff["decisive"] and diff["rule"] == "DU-LIMIT" and diff["readings_of_rule"] == ["TIE"]


def test_a_refused_play_command_names_its_rule(tmp_path):
    text = (
        Path(TIE)
        .read_text(encoding="utf-8")
        .replace('kind = "pass" }\n\n[[play]]', 'kind = "play", card = "Haymaker" }\n\n[[play]]', 1)
    )
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(IllegalCommand):
        settle(bad)
