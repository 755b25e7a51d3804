"""The two-player game (DL:5.1/two-player, INT-59): each player runs two allied armies that never
share a territory, each with its own King and turn; a player is out when both Kings are dead."""

from dl_helpers import game, legal, sit, submit


def _four_armies(g):
    g["races"] = ["orc", "dwarf", "elf", "barbarian"]
    g["units"] += [
        {"loc": "T2a", "army": 2, "n": 1},
        {"loc": "K2", "army": 2, "n": 2},
        {"loc": "K5", "army": 3, "n": 2},
    ]
    g["units"] = [u for u in g["units"] if u["loc"] != "T2a" or u["army"] == 2]
    g["heroes"] += [
        {"id": "H7", "army": 2, "loc": "K2", "role": "king"},
        {"id": "H8", "army": 3, "loc": "K5", "role": "king"},
    ]


def test_allies_are_never_attacked_nor_entered_DL_5_1_two_player():
    def edit(g):
        _four_armies(g)
        g["units"] = [u for u in g["units"] if u["loc"] != "G1"] + [{"loc": "G1", "army": 2, "n": 2}]

    eng, gid = sit("frontier", edit=edit)
    g = game(eng, gid)
    assert [a.seat for a in g.armies] == [0, 1, 0, 1]
    cmds = legal(eng, gid, 0)
    assert not [c for c in cmds if c.get("target") == "G1" or c.get("to") == "G1"]


def test_a_player_is_out_only_when_both_kings_are_dead_INT_59():
    def edit(g):
        _four_armies(g)
        g["units"] = [u for u in g["units"] if u["loc"] != "K4"]
        g["heroes"][1]["loc"] = "T4a"  # B's first King alone in T4a
        g["units"] = [u for u in g["units"] if u["loc"] != "T4a"]
        g["units"].append({"loc": "T1b", "army": 0, "n": 3})

    eng, gid = sit("frontier", edit=edit, forced={"die:d6": [1, 1, 6]})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1b", "target": "T4a", "n": 3})
    submit(eng, gid, 0, {"kind": "fight", "at": "T4a"})
    t = eng.table(gid)
    assert not t.game.armies[1].alive and t.game.armies[3].alive
    assert not t.over  # seat 1 still has the Barbarians' King
