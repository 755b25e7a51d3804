"""A situation states a map of its own (`[game.map]`, the schema of content/map.toml), so a dispute
is stated on the board it happened on: places, adjacency (DL:2.2/terrain), seas and harbours
(DL:2.2/sea-zones), the wasteland path. The map is checked by the map loader's checks and every
fault is named; the game plays, replays and is disputed on that board, and a game on the shipped
map in the same process keeps its own."""

from pathlib import Path

import pytest

from engine.errors import BadInput
from projections.views import state_view
from sim.dispute import settle
from sim.testing import assert_replay_equal, engine, from_situation, play

DISPUTE = Path("engine/games/dragonlords/disputes/dispute_own_board.toml")


def _board(edit=None):
    def change(g):
        g["phase"], g["active"] = "combat", 1
        if edit:
            edit(g)

    return from_situation(DISPUTE, edit=change)


def test_DL_2_2_terrain_a_situation_plays_on_its_own_board():
    eng, gid = _board()
    g = eng.table(gid).game
    assert g.map_name == "the river board" and g.map_key.startswith("situation:")
    legal = eng.legal(gid, 1)
    # Ford borders only North (by the bridge) and South: on this board, not on the shipped one
    assert {c["target"] for c in legal if c["kind"] == "attack"} == {"North"}
    play(eng, gid, 1, {"kind": "attack", "origin": "Ford", "target": "North", "n": 5})
    play(eng, gid, 1, {"kind": "fight", "at": "North"})
    assert eng.table(gid).game.battle.loc == "North"
    assert "North" in str(state_view(eng.ruleset(gid), eng.table(gid), None))
    assert_replay_equal(eng, gid)


def test_DL_2_2_kingdom_the_dispute_on_its_own_board_gives_both_readings_INT_35():
    report = settle(DISPUTE)
    v = {x["alternative"]: x for x in report["variants"] if x["reading"] == "INT-35"}
    hits = {
        k: next(e for e in x["decisive"] if e["type"] == "dl.round")["data"]["hits"] for k, x in v.items()
    }
    assert hits == {"stacks": {"0": 0, "1": 0}, "not_with_panic": {"0": 5, "1": 0}}


def test_DL_2_2_terrain_a_game_on_the_shipped_map_keeps_its_board():
    own, own_gid = _board()
    eng = engine()
    gid = eng.create("dragonlords", 2, 3)
    assert {c["to"] for c in eng.legal(gid, 0)} == {"K1", "K2", "K3", "K4", "K5", "K6"}
    assert eng.table(gid).game.map_key == ""
    assert {c.get("target") for c in own.legal(own_gid, 1) if c["kind"] == "attack"} == {"North"}


def test_DL_2_2_terrain_a_bad_map_is_refused_with_every_fault_named():
    def edit(g):
        g["map"]["land_edges"].append({"a": "Hill", "b": "Nowhere"})
        g["map"]["territories"][1]["harbours"] = ["Ocean"]
        g["map"]["realms"][0]["kingdom"] = "Hill"

    with pytest.raises(BadInput) as exc:
        _board(edit)
    why = str(exc.value)
    assert "[game.map]" in why and "4 fault(s)" in why  # North is then no realm's kingdom too
    assert "'Nowhere' is no territory" in why
    assert "harbour on 'Ocean', which is no sea zone" in why
    assert "realm 'R1' has no kingdom: 'Hill' is of kind ordinary" in why


def test_DL_2_2_terrain_a_map_of_the_wrong_shape_is_refused_naming_the_field():
    def edit(g):
        g["map"]["territories"][0]["kind"] = 7

    with pytest.raises(BadInput, match=r"territories\[0\] \(.North.\), field kind: Expected `str`"):
        _board(edit)
    with pytest.raises(BadInput, match="expected a table"):
        _board(lambda g: g.update(map="river"))


def test_DL_2_2_sea_zones_places_of_the_situation_are_checked_against_its_own_board():
    def edit(g):
        g["units"].append({"loc": "T1a", "army": 0, "n": 1})  # a place of the shipped map only

    with pytest.raises(BadInput, match="'T1a' is no place of the map"):
        _board(edit)
