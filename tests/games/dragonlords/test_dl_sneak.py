"""Elf sneak attacks gathered from several territories (DL:3.4/sneak: "Die Elfen Einheiten können
aus mehr als einem angrenzendem Gebiet kommen"): one attack, one round, all their dice together.

A `sneak` with `wait = true` moves its elves in and waits for more; a `sneak` without it (the only
form before, so stored games replay unchanged) moves its elves in and fights at once, with every
elf gathered so far; `fight` starts the round with those already there."""

from dl_helpers import events, game, legal, rejected, settle, sit, units

from sim.testing import play


def _elves(forced, more_in_p1: int = 0):
    """Frontier with Elves: T1c (3) and P1 (2) are army 0's and both border G1 (Dwarves, 2)."""

    def edit(g):
        g["races"] = ["elf", "dwarf"]
        g["units"][4]["n"] += more_in_p1

    return sit("frontier", edit=edit, forced=forced)


def _attacker_dice(eng, gid) -> int:
    return len(events(eng, gid, "dl.round")[-1].data["attacker"]["dice"])


def test_DL_3_4_sneak_elves_from_two_territories_attack_together():
    eng, gid = _elves({"die:d6": [1, 1, 6]})
    play(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2, "wait": True})
    g = game(eng, gid)
    assert g.battle is not None and g.battle.kind == "sneak" and g.battle.step == "gather"
    assert not events(eng, gid, "dl.round")  # no die yet: more elves may join
    assert {"kind": "fight", "at": "G1"} in legal(eng, gid, 0)
    play(eng, gid, 0, {"kind": "sneak", "origin": "P1", "target": "G1", "n": 1})
    settle(eng, gid)
    r = events(eng, gid, "dl.round")
    assert len(r) == 1 and r[0].data["kind"] == "sneak" and r[0].data["defender"] is None
    assert _attacker_dice(eng, gid) == 3  # 2 + 1 elves, one roll together
    g = game(eng, gid)
    assert g.battle is None and units(eng, gid, "G1", 0) == 3 and g.sneaked == {"G1": 3}
    assert units(eng, gid, "T1c", 0) == 1 and units(eng, gid, "P1", 0) == 1


def test_DL_3_4_sneak_fight_starts_the_round_with_the_elves_gathered():
    eng, gid = _elves({"die:d6": [6, 6]})
    play(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2, "wait": True})
    play(eng, gid, 0, {"kind": "fight", "at": "G1"})
    settle(eng, gid, kinds=("spell_attacks", "casualties"))
    assert _attacker_dice(eng, gid) == 2
    assert game(eng, gid).battle.origins == ["T1c"]  # a failed attack: the elves go back


def test_DL_3_4_sneak_the_gathering_offers_only_fresh_elves_of_adjacent_territories():
    eng, gid = _elves({"die:d6": [6, 6, 6]}, more_in_p1=2)
    play(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2, "wait": True})
    more = [c for c in legal(eng, gid, 0) if c["kind"] == "sneak"]
    assert {c["origin"] for c in more} == {"P1"}  # T1c's third elf must stay: none from there
    assert max(c["n"] for c in more if c["origin"] == "P1") == 3
    assert all(c["target"] == "G1" for c in more)
    assert not [c for c in legal(eng, gid, 0) if c["kind"] in ("attack", "done", "march")]
    # T1c keeps its last unit (DL:3.4/sneak: "kein Gebiet unbesetzt lassen")
    why = rejected(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 1})
    assert "DL:3.4/sneak" in why and "you have 1 unit there: it must stay to hold T1c" in why


def test_DL_3_4_sneak_wait_is_offered_only_where_more_elves_could_join():
    def edit(g):
        g["races"] = ["elf", "dwarf"]
        g["units"][4]["n"] = 1  # P1's one elf must stay

    eng, gid = sit("frontier", edit=edit)
    cmds = [c for c in legal(eng, gid, 0) if c["kind"] == "sneak" and c["target"] == "G1"]
    assert cmds and not [c for c in cmds if c.get("wait")]


def test_DL_3_4_sneak_a_single_origin_still_fights_at_once():
    """The form stored games hold: one origin, no `wait`, the round at once."""
    eng, gid = _elves({"die:d6": [1, 1]})
    play(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2})
    settle(eng, gid)
    assert len(events(eng, gid, "dl.round")) == 1 and _attacker_dice(eng, gid) == 2
    assert game(eng, gid).battle is None and units(eng, gid, "G1", 0) == 2
