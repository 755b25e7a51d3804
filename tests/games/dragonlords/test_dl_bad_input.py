"""Bad input is refused with the rule that forbids it, and nothing is recorded."""

from dl_helpers import rejected, sit


def test_an_attack_must_leave_a_unit_behind_DL_3_4_land_1():
    eng, gid = sit("frontier")
    assert "DL:3.4/land.1" in rejected(
        eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "G1", "n": 3}
    )


def test_an_attack_needs_an_adjacent_target_DL_2_2_terrain():
    eng, gid = sit("frontier")
    assert "DL:2.2/terrain" in rejected(
        eng, gid, 0, {"kind": "attack", "origin": "T1a", "target": "T2a", "n": 1}
    )


def test_only_elves_sneak_DL_3_4_sneak():
    eng, gid = sit("frontier")
    assert "DL:3.4/sneak" in rejected(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 1})


def test_an_empty_ship_does_not_sail_DL_3_2_ships():
    def edit(g):
        g["phase"] = "naval"

    eng, gid = sit("frontier", edit=edit)
    assert "at least one unit aboard" in rejected(eng, gid, 0, {"kind": "sail", "ship": "S3", "to": "S2"})


def test_no_purchase_without_a_kingdom_DL_2_2_kingdom():
    def edit(g):
        g["phase"] = "purchase"
        g["units"] = [u for u in g["units"] if u["loc"] != "K1"]
        g["heroes"][0]["loc"] = "T1a"

    eng, gid = sit("frontier", edit=edit)
    assert "DL:2.2/kingdom" in rejected(eng, gid, 0, {"kind": "buy", "what": "orc"})


def test_a_command_out_of_turn_names_whose_decision_it_is():
    eng, gid = sit("frontier")
    assert "Seat 1's decision" in rejected(eng, gid, 1, {"kind": "done"})


def test_combat_cannot_end_with_a_landing_unfought_DL_3_4_general():
    def edit(g):
        g["units"].append({"loc": "G1", "army": 0, "n": 2})

    eng, gid = sit("frontier", edit=edit)
    assert "DL:3.4/general" in rejected(eng, gid, 0, {"kind": "done"})
