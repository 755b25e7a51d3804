"""Purchases (DL:3.1): the limit is the figures left in the box. `buy` takes the figure out of the
supply at once, so the supply alone is the limit (it was counted twice: supply minus bought)."""

from dl_helpers import game, legal, rejected, sit, submit


def _five_in_the_box():
    """Frontier with Elves (3 gold each) and 20 gold in K1: 35 of army 0's 40 figures on the board."""

    def edit(g):
        g["races"] = ["elf", "dwarf"]
        g["phase"] = "purchase"
        g["units"][1]["n"] += 20  # T1a: 4 + 20; with the rest and the King, 35 on the board

    return sit("frontier", edit=edit)


def test_DL_3_1_every_figure_in_the_box_can_be_bought():
    eng, gid = _five_in_the_box()
    assert game(eng, gid).armies[0].supply == 5
    for _ in range(5):
        assert {"kind": "buy", "what": "elf"} in legal(eng, gid, 0)
        submit(eng, gid, 0, {"kind": "buy", "what": "elf"})
    army = game(eng, gid).armies[0]
    assert army.supply == 0 and army.bought == {"elf": 5}
    why = rejected(eng, gid, 0, {"kind": "buy", "what": "elf"})
    assert "DL:3.1" in why and "no elf figure is left in the box" in why
