"""Mage Knight's scenario ambiguities as switchable readings (digest A15, A27, A36): each is
asked by the rules (readings_scen.py) only where its alternatives differ; A27 and A36 change an
outcome of a situation played by `runeledger dispute`."""

from __future__ import annotations

import json
from pathlib import Path

from cli import main as cli
from engine import readings
from engine.games.mage_knight.readings.scenarios import last_turns
from sim.dispute import settle

SIT = "tests/games/mage_knight/situations/"
PORTAL = SIT + "dispute_closed_portal_pvp.toml"
MINE = SIT + "dispute_mine_liberated.toml"


def variants(report, rid):
    assert report["consulted"] == [rid]
    return {v["alternative"]: v for v in report["variants"] if v["reading"] == rid}


def played(v, typ):
    return [e["data"] for e in v["decisive"] if e["type"] == typ and not e["data"].get("situation")]


def test_a27_pvp_on_the_closed_portal():
    """MK:22:Scen:OnlyOneReturns, A27: round 2, both heroes on the closed portal. The digest lets
    Norowas start the PvP there; under no_pvp_on_portal MK:12:PvP:1 refuses it."""
    v = variants(settle(PORTAL), "A27")
    (started,) = played(v["pvp_allowed"], "mk.pvp")
    assert started["what"] == "started" and started["pvp"]["space"] == "0,0"
    refused = v["no_pvp_on_portal"]["refused"]
    assert refused["step"] == 1 and refused["command"]["kind"] == "pvp"
    assert played(v["no_pvp_on_portal"], "mk.pvp") == []
    assert v["no_pvp_on_portal"]["difference"]["rule"] == "MK:12:PvP:1"


def test_a27_not_asked_while_the_portal_is_open(tmp_path):
    """Round 1: the portal is open, no PvP there under either reading (MK:12:PvP:1); the reading
    is not consulted and the command is refused as stated."""
    path = tmp_path / "round1.toml"
    path.write_text(
        Path(PORTAL).read_text(encoding="utf-8").replace("round = 2", "round = 1"), encoding="utf-8"
    )
    assert cli.main(["dispute", str(path), "--json"]) == 2


def test_a36_liberators_crystal():
    """MK:20:Scen:Mines, A36: the Crypt Worm falls and the white mine is liberated (reputation +1).
    The digest adds no crystal now (the end-of-turn mine gives it); crystal_at_once: a white one."""
    v = variants(settle(MINE), "A36")
    assert [d["delta"] for d in played(v["end_of_turn"], "mk.reputation")] == [1]
    assert played(v["end_of_turn"], "mk.crystal") == []
    (crystal,) = played(v["crystal_at_once"], "mk.crystal")
    assert (crystal["seat"], crystal["colour"]) == (0, "white")
    assert v["crystal_at_once"]["difference"]["rule"] == "MK:20:Scen:Mines"


class _T:
    def __init__(self, picked=None):
        self.options = {"readings": picked} if picked else {}


def test_a15_the_trigger_seat_and_its_last_turn():
    """MK:19:Scen:FullConquest, A15: seat 1 conquered the last city at the end of its turn; the
    others (2, 0) play last, then seat 1 itself by the digest, not under others_only. Asked only
    when the trigger seat is among the last turns (not for a solo scenario's dummy)."""
    seen: set[str] = set()
    readings.consulting(seen)
    try:
        assert last_turns(_T({"A15": "others_only"}), [2, 0], 1) == [2, 0]
        assert seen == set()
        assert last_turns(_T(), [2, 0, 1], 1) == [2, 0, 1]
        assert last_turns(_T({"A15": "others_only"}), [2, 0, 1], 1) == [2, 0]
        assert seen == {"A15"}
    finally:
        readings.consulting(None)


def test_cli_dispute_lists_a27(capsys):
    assert cli.main(["dispute", PORTAL, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in report["readings"]] == ["A27"]
    assert report["readings"][0]["rule"] == "MK:22:Scen:OnlyOneReturns"


DUMMY = SIT + "dispute_dummy_reshuffle.toml"


def test_a25_dummy_round_reshuffle():
    """MK:15:Dummy, A25: the dummy revealed 4 cards in its last turn of round 1. At the round
    preparation the digest shuffles them back into its deck; under no_reshuffle they stay in its
    discard pile (only In Need, the advanced action it gains, joins the deck)."""
    v = variants(settle(DUMMY), "A25")

    def back(alt):
        return [
            d["n"]
            for d in played(v[alt], "zone.moved")
            if d["src"] == "dummy:discard" and d["dst"] == "dummy:deck"
        ]

    assert back("each_round") == [4]
    assert back("no_reshuffle") == []
    assert [d["cards"] for d in played(v["no_reshuffle"], "mk.dummy_turn")] == [
        d["cards"] for d in played(v["each_round"], "mk.dummy_turn")
    ]
    assert v["no_reshuffle"]["difference"]["decisive"]


PORTAL_CLOSES = SIT + "dispute_portal_closes.toml"


def test_a38_a_hero_off_the_map_when_the_portal_closes():
    """MK:22:Scen:OnlyOneReturns, A38: Tovak ended round 1 on the portal (figure off the map).
    The digest counts him on the portal: eliminated; under off_map_not_on_portal he stays in."""
    v = variants(settle(PORTAL_CLOSES), "A38")
    assert played(v["off_map_on_portal"], "mk.eliminated") == [{"seat": 0}]
    assert played(v["off_map_not_on_portal"], "mk.eliminated") == []
    assert v["off_map_not_on_portal"]["difference"]["rule"] == "MK:22:Scen:OnlyOneReturns"


FRIENDLY = SIT + "dispute_friendly_city.toml"


def test_a21_friendly_city_hand_limit():
    """MK:11:EoT:7b, A21: Tovak on the friendly Red City keeps Rage and draws up to 6 (5 cards)
    by the digest, up to 5 (4 cards) when a friendly city is not read as conquered."""
    v = variants(settle(FRIENDLY), "A21")

    def drawn(alt):
        return [d["n"] for d in played(v[alt], "zone.moved") if d["src"] == "deck:0" and d["dst"] == "hand:0"]

    assert drawn("counts_as_conquered") == [5]
    assert drawn("not_conquered") == [4]
    assert v["not_conquered"]["difference"]["rule"] == "MK:11:EoT:7"


COMMITTED = SIT + "dispute_committed_on_mine.toml"


def test_a9_fully_committed_defender_on_a_crystal_mine():
    """MK:12:PvP:3, A9: Arythea, fully committed on the white mine, wins and cleans up there: a
    white crystal by the digest (the end of turn's mine benefit), a white mana token under
    mana_token (p.12's wording)."""
    report = settle(COMMITTED)
    assert "A9" in report["consulted"]
    v = {x["alternative"]: x for x in report["variants"] if x["reading"] == "A9"}
    assert [(d["seat"], d["colour"]) for d in played(v["crystal"], "mk.crystal")] == [(1, "white")]
    assert played(v["crystal"], "mk.token") == []
    assert [(d["seat"], d["colour"]) for d in played(v["mana_token"], "mk.token")] == [(1, "white")]
    assert played(v["mana_token"], "mk.crystal") == []
    assert v["mana_token"]["difference"]["rule"] == "MK:12:PvP:3"
