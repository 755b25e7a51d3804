"""A unit bought in phase 1 counts in the bots' position value at once (worth.py), though it is
placed only in phase 7: a search that judges a purchase before the turn ends sees it as strength
gained for gold spent, not as gold lost."""

from dl_helpers import sit, submit

from engine.games.dragonlords import worth


def _purchase():
    def edit(g):
        g["races"] = ["elf", "dwarf"]  # an Elf costs 3 gold
        g["phase"] = "purchase"

    return sit("frontier", edit=edit)


def test_a_bought_unit_counts_as_a_unit_for_its_gold():
    eng, gid = _purchase()
    before = worth.value(eng.table(gid), 0)
    submit(eng, gid, 0, {"kind": "buy", "what": "elf"})
    table = eng.table(gid)
    assert table.game.armies[0].bought == {"elf": 1}
    assert abs(worth.value(table, 0) - before - (worth.UNIT - 3 * worth.GOLD)) < 1e-9


def test_a_bought_ship_is_no_unit():
    eng, gid = _purchase()
    before = worth.value(eng.table(gid), 0)
    submit(eng, gid, 0, {"kind": "buy", "what": "ship"})
    assert eng.table(gid).game.armies[0].bought == {"ship": 1}
    assert abs(worth.value(eng.table(gid), 0) - before + 10 * worth.GOLD) < 1e-9
