"""`runeledger cards epochs`: every unit, war marker, relic and medal of the content pack, with
the values the rules read, each marked stand-in (the page prints none), and text built from them."""

from __future__ import annotations

import copy
import json

import msgspec

from cli.main import main
from engine.games.epochs.catalogue import catalogue
from engine.games.epochs.content import LINES, PACK
from engine.registry import get


def test_epochs_catalogue_lists_the_pack_with_the_values_the_rules_read():
    cards = get("epochs").cards()
    by = {c.name: c for c in cards}
    assert len(cards) == len(PACK.units) + len(PACK.markers) + len(PACK.relics) + len(PACK.medals)
    for u in PACK.units.values():
        c = by[u.name]
        assert c.values == {**{line: getattr(u, line) for line in LINES}, "health": u.hp}
        assert c.group == (u.epoch or "starting deck")
    assert by["Archer"].values["normal"] is None  # printed no value, not 0
    assert all(set(c.sources.values()) == {"stand-in"} for c in cards if c.sources)
    assert sum(c.count for c in cards if c.group == "starting deck") == sum(
        e.count for e in PACK.setup.start_deck
    )
    for epoch in PACK.setup.epochs:
        assert sum(c.count for c in cards if c.group == epoch) == 6
    assert sum(c.count for c in cards if c.kind == "war marker") == 16
    assert sum(c.count for c in cards if c.kind == "relic") == 16
    assert [by[m].values["vp"] for m in ("Bronze", "Silver", "Gold")] == [1, 2, 3]


def test_epochs_card_text_follows_the_data():
    by = {c.name: c for c in catalogue()}
    assert by["Archer"].text.startswith("Ranged 2 (prints no normal or melee value")
    assert "destroyed by 4 damage" in by["Tank"].text and "Moderne epoch deck" in by["Tank"].text
    assert by["Volley"].text.startswith("War marker: ranged +2 for the unit")
    changed = copy.copy(PACK)
    changed.units = {**PACK.units, "Tank": msgspec.structs.replace(PACK.units["Tank"], hp=7, melee=None)}
    tank = next(c for c in catalogue(changed) if c.name == "Tank")
    assert "destroyed by 7 damage" in tank.text and "prints no melee value" in tank.text
    assert tank.values["health"] == 7 and tank.values["melee"] is None


def test_epochs_cli_cards_json(capsys):
    assert main(["cards", "epochs", "crown", "--json"]) == 0
    [obj] = json.loads(capsys.readouterr().out)
    assert obj["kind"] == "relic" and obj["values"] == {"vp": 3} and obj["sources"] == {"vp": "stand-in"}
