"""Epochs situations that state a dispute: unit overrides and readings (docs/disputes.md)."""

from __future__ import annotations

import pytest
from epochs_helpers import Game, line, of

from projections.audit import audit
from projections.views import REFEREE


def test_x02_with_a_sturdier_berserker_it_survives_the_ranged_line():
    """X-02 (p.5) EP-S4-DAMAGE, EP-S4-DEFEAT with an override: a Berserker with 2 damage
    symbols survives the ranged line's 1 damage, so its normal value 4 counts; the audit marks
    the value as overridden by situation."""
    g = Game("ep_x02_fragile_unit", options={"overrides": {"Berserker": {"hp": 2}}})
    evs = g.fight_epoch([1], ["Archer"])
    assert not [e for e in of(evs, "unit.defeated") if e.data["line"] == "ranged"]
    normal = line(evs, "normal")
    assert [(u["card"], u["value"]) for u in normal.data["defender"]["units"]] == [("Berserker#1", 4)]
    rows = {i["input"]: i for i in audit(g.eng.store, g.gid, normal.version, REFEREE)["inputs"]}
    assert rows["values of Berserker"]["note"] == "overridden by situation"


def test_reading_EP_X1_sets_its_option():
    g = Game("ep_x02_fragile_unit", options={"readings": {"X1": "front_only"}})
    assert g.t.options["overflow"] == "front_only"
    assert g.t.options["readings"] == {"X1": "front_only"}


def test_override_of_an_unknown_value_names_the_allowed_ones():
    with pytest.raises(ValueError) as exc:
        Game("ep_x02_fragile_unit", options={"overrides": {"Berserker": {"attack": 2}}})
    assert all(w in str(exc.value) for w in ("attack", "hp", "melee", "normal", "ranged"))
