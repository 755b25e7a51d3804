"""Refusals say what is wrong (invariant 4), as Mage Knight's and Thunderstone's do: how many
units stand there when too many are sent, how much gold is left when too much is stored, which
place is no place of the map, which territory is not the player's or not adjacent. Each case
starts from the frontier situation; a sweep over seeded games sends every legal command with too
many units, an unknown place or too much gold and reads the reason."""

import pytest
from dl_helpers import rejected, sit

from bots.random_bot import bot_rng, step
from sim.testing import engine

GENERIC = ("is not one of the legal", "is not a legal transfer", "is not a legal ")


def _frontier(phase: str, **more):
    def edit(g):
        g["phase"] = phase
        g["units"][1]["n"] = 17  # T1a
        g.update(more)

    return sit("frontier", edit=edit)


def test_DL_3_5_moving_more_units_than_stand_there_says_how_many_do():
    eng, gid = _frontier("transfer")
    why = rejected(eng, gid, 0, {"kind": "move", "origin": "T1a", "to": "T1b", "n": 20})
    assert "DL:3.5" in why and "you have 17 units there" in why and "at most 16 may go" in why
    assert "one unit stays" in why


def test_DL_3_4_land_1_attacking_with_too_many_says_how_many_may_go():
    eng, gid = _frontier("combat")
    why = rejected(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "G1", "n": 5})
    assert "DL:3.4/land.1" in why and "you have 3 units there" in why and "at most 2 may go" in why


def test_DL_3_2_ships_loading_more_than_a_ship_carries_says_so():
    eng, gid = _frontier("naval")
    why = rejected(eng, gid, 0, {"kind": "load", "ship": "S3", "origin": "T1a", "n": 12})
    assert "you have 17 units there" in why and "at most 8 may go" in why and "a ship carries 8 units" in why


def test_DL_2_2_terrain_an_unknown_place_or_a_place_not_adjacent_is_named():
    eng, gid = _frontier("transfer")
    why = rejected(eng, gid, 0, {"kind": "move", "origin": "Atlantis", "to": "T1b", "n": 1})
    assert "DL:2.2/terrain" in why and "'Atlantis' is no place of the map" in why
    why = rejected(eng, gid, 0, {"kind": "move", "origin": "T1a", "to": "G2", "n": 1})
    assert "G2 is not adjacent to T1a" in why


def test_INT_31_a_transfer_into_enemy_land_says_who_holds_it():
    eng, gid = _frontier("transfer")
    why = rejected(eng, gid, 0, {"kind": "move", "origin": "T1c", "to": "G1", "n": 1})
    assert "DL:3.5" in why and "INT-31" in why and "G1 is held by Seat 2's dwarf army" in why


def test_DL_3_4_land_1_an_origin_not_held_says_whose_it_is():
    eng, gid = _frontier("combat")
    why = rejected(eng, gid, 0, {"kind": "attack", "origin": "T2a", "target": "G1", "n": 1})
    assert "T2a is not your territory (Seat 2's dwarf army holds it)" in why


def test_DL_3_4_general_fight_without_a_battle_says_there_is_none():
    eng, gid = _frontier("combat")
    why = rejected(eng, gid, 0, {"kind": "fight", "at": "G1"})
    assert "no battle waits at 'G1'" in why


def test_DL_3_6_storing_more_gold_than_is_left_says_how_much_is_left():
    def edit(g):
        g["phase"] = "purchase"
        g["units"].append({"loc": "K2", "army": 0, "n": 1})  # two kingdoms: the income is split

    eng, gid = sit("frontier", edit=edit)
    g = eng.table(gid).game
    # end the turn's phases up to income: A holds K1; its income waits in the treasury
    for _ in range(10):
        if g.phase == "income":
            break
        from sim.testing import play

        play(eng, gid, 0, {"kind": "done"})
        g = eng.table(gid).game
    assert g.phase == "income"
    left = g.treasury[str(0)]
    why = rejected(eng, gid, 0, {"kind": "stash", "kingdom": "K1", "n": left + 5})
    assert "DL:3.6" in why and f"only {left} gold is left to store, not {left + 5}" in why
    why = rejected(eng, gid, 0, {"kind": "stash", "kingdom": "K4", "n": 1})
    assert "K4 is not a kingdom you hold (yours: K1, K2)" in why


def test_INT_13_the_kingdom_placement_label_says_two_units():
    eng = engine()
    gid = eng.create("dragonlords", 2, 3)
    from engine.narration import command_labels

    t = eng.table(gid)
    assert t.game.phase == "setup_kingdom"
    labels = command_labels(eng.ruleset(gid), t, 0, eng.legal(gid, 0))
    assert labels and all("2 units" in x for x in labels), labels[:3]


def _mutations(cmd: dict):
    """Wrong versions of a legal command: far too many units, a place that does not exist, too much gold."""
    if isinstance(cmd.get("n"), int):
        yield {**cmd, "n": cmd["n"] + 50}, ("you have",) if cmd["kind"] != "stash" else ("gold is left",)
    for f in ("origin", "to", "target", "at", "space", "zone"):
        if f in cmd and cmd["kind"] not in ("choose", "casualty"):
            yield {**cmd, f: "Nowhere9"}, ("no place of the map", "'Nowhere9' is no territory")


@pytest.mark.parametrize("seed", [3, 4])
def test_every_refusal_of_a_wrong_count_or_place_says_what_is_wrong(seed):
    eng = engine()
    gid = eng.create("dragonlords", 2, seed)
    rng = bot_rng(seed)
    checked = 0
    for _ in range(700):
        ps = eng.prompts(gid)
        if not ps:
            break
        seat = ps[0].seat
        for cmd in eng.legal(gid, seat)[:40]:
            for bad, words in _mutations(cmd):
                if bad in eng.legal(gid, seat):
                    continue
                why = eng.check(gid, seat, bad)
                assert why is not None and any(w in why.reason for w in words), (bad, why)
                assert not any(g in why.reason for g in GENERIC), (bad, why)
                checked += 1
        if not step(eng, gid, rng):
            break
    assert checked > 200
