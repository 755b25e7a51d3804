"""FAQ answers of the rulebook (§6, dragonlords-examples.md part B) as tests, rule ids in the names."""

import pytest
from dl_helpers import events, game, legal, rejected, sit, submit, units

from bots.random_bot import bot_rng, step
from sim.testing import new_game


def _to_phase(eng, gid, phase):
    rng = bot_rng(3)
    while eng.table(gid).game.phase != phase:
        step(eng, gid, rng)


def test_FQ2_no_voluntary_emptying_in_transfer_DL_3_5():
    def edit(g):
        g["phase"] = "transfer"
        g["units"][3]["n"] = 1

    eng, gid = sit("frontier", edit=edit)
    assert not [c for c in legal(eng, gid, 0) if c.get("origin") == "T1c" and c["kind"] == "move"]
    assert "DL:3.5" in rejected(eng, gid, 0, {"kind": "move", "origin": "T1c", "to": "K1", "n": 1})


def test_FQ3_mutual_losses_leave_the_territory_empty_DL_3_4_land_1():
    def edit(g):
        g["units"][5]["n"] = 1

    eng, gid = sit("frontier", edit=edit, forced={"die:d6": [1, 1]})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "G1", "n": 1})
    submit(eng, gid, 0, {"kind": "fight", "at": "G1"})
    g = game(eng, gid)
    from engine.games.dragonlords.board import owner

    assert owner(g, "G1") == -1 and g.battle is None and units(eng, gid, "T1c", 0) == 2


def test_FQ4_no_wrap_around_DL_2_2_terrain():
    from engine.games.dragonlords.map.world import world

    w = world()
    assert not w.adjacent("T1a", "T3c") and "T3c" not in w.neighbours("T1a")


def test_FQ6_the_kingdom_lowers_the_attackers_strength_DL_2_2_kingdom():
    eng, gid = sit("e04_king_excalibur", forced={"die:d6": [6] * 11})
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "K1", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "K1"})
    r = events(eng, gid, "dl.round")[-1].data
    assert r["attacker"]["strength"]["value"] == 2
    assert not any(m["source"] == "Kingdom" for m in r["defender"]["strength"]["modifiers"])


def test_FQ8_armies_are_counted_out_not_bought_and_claimed_one_at_a_time_DL_2_3_2():
    eng, gid = new_game("dragonlords", 4, 5)
    g = eng.table(gid).game
    assert g.placing == {"0": 30, "1": 30, "2": 30, "3": 30}
    _to_phase(eng, gid, "setup_claim")
    a = eng.table(gid).game.active
    before = units(eng, gid, "P1", a)
    submit(eng, gid, eng.table(gid).game.armies[a].seat, {"kind": "place", "to": "P1"})  # F-Q10 too
    assert units(eng, gid, "P1", a) == before + 1


def test_FQ9_no_island_at_set_up_DL_2_2_islands():
    eng, gid = new_game("dragonlords", 4, 5)
    _to_phase(eng, gid, "setup_claim")
    seat = eng.table(gid).game.armies[eng.table(gid).game.active].seat
    assert not [c for c in legal(eng, gid, seat) if c["to"].startswith("I")]
    assert "DL:2.2/islands" in rejected(eng, gid, seat, {"kind": "place", "to": "I1"})


def test_FQ9_later_a_ship_lands_units_on_an_island_DL_3_2_ships():
    def edit(g):
        g["phase"] = "naval"

    eng, gid = sit("frontier", edit=edit)
    submit(eng, gid, 0, {"kind": "load", "ship": "S3", "origin": "T1a", "n": 3})
    assert {"kind": "unload", "ship": "S3", "to": "I1", "n": 3} in legal(eng, gid, 0)
    submit(eng, gid, 0, {"kind": "unload", "ship": "S3", "to": "I1", "n": 3})
    from engine.games.dragonlords.board import owner

    assert owner(game(eng, gid), "I1") == 0


def test_FQ10_teleportals_may_be_claimed_at_set_up_DL_2_2_teleportals():
    eng, gid = new_game("dragonlords", 4, 5)
    _to_phase(eng, gid, "setup_claim")
    seat = eng.table(gid).game.armies[eng.table(gid).game.active].seat
    free = {c["to"] for c in legal(eng, gid, seat)}
    assert {"P1", "P2", "P3"} & free


def test_FQ11_bridges_are_no_places_DL_2_2_terrain():
    eng, gid = new_game("dragonlords", 2, 5)
    assert "DL:2.2/terrain" in rejected(
        eng,
        gid,
        eng.table(gid).game.armies[eng.table(gid).game.active].seat,
        {"kind": "place", "to": "bridge"},
    )


def test_FQ12_no_set_up_placement_in_the_wastelands_DL_2_3_placement():
    eng, gid = new_game("dragonlords", 2, 5)
    seat = eng.table(gid).game.armies[eng.table(gid).game.active].seat
    text = rejected(eng, gid, seat, {"kind": "place", "to": "WB1"})
    assert "DL:2.3/placement" in text and "wasteland" in text


def test_FQ13_sea_creatures_have_no_place_in_the_map_DL_2_2_sea_zones():
    from engine.content import ContentError, read_toml
    from engine.games.dragonlords.map.load import MAP_FILE, parse_map

    doc = read_toml(MAP_FILE)
    doc["sea_zones"][0]["creature"] = "kraken"
    with pytest.raises(ContentError):
        parse_map(doc, "map.toml")


def test_FQ14_bought_units_wait_off_board_until_phase_7_DL_3_1_DL_3_7():
    def edit(g):
        g["phase"] = "purchase"

    eng, gid = sit("frontier", edit=edit)
    on_board = sum(sum(v.values()) for v in game(eng, gid).troops.values())
    for _ in range(3):
        submit(eng, gid, 0, {"kind": "buy", "what": "orc"})
    assert sum(sum(v.values()) for v in game(eng, gid).troops.values()) == on_board
    from engine.games.dragonlords.board import gold_of

    assert gold_of(game(eng, gid), 0) == 20 - 9
    for _phase in ("purchase", "naval", "quest", "combat", "transfer"):
        assert game(eng, gid).phase != "reinforce"
        submit(eng, gid, 0, {"kind": "done"})
    assert game(eng, gid).phase == "reinforce"
    for _ in range(3):
        submit(eng, gid, 0, {"kind": "place", "to": "T1b"})
    assert units(eng, gid, "T1b", 0) == 5 and game(eng, gid).active == 1


def test_INT01_four_orcs_cost_10_DL_3_1():
    def edit(g):
        g["phase"] = "purchase"

    eng, gid = sit("frontier", edit=edit)
    for _ in range(4):
        submit(eng, gid, 0, {"kind": "buy", "what": "orc"})
    from engine.games.dragonlords.board import gold_of

    assert gold_of(game(eng, gid), 0) == 10


def test_FQ17_loading_only_in_naval_movement_and_transfer_DL_3_5():
    for phase, ok in (("purchase", False), ("naval", True), ("transfer", True)):

        def edit(g, phase=phase):
            g["phase"] = phase

        eng, gid = sit("frontier", edit=edit)
        assert bool([c for c in legal(eng, gid, 0) if c["kind"] == "load"]) is ok, phase


def test_FQ18_teleportal_income_is_1_DL_3_6():
    def edit(g):
        g["phase"] = "transfer"
        g["units"] = [u for u in g["units"] if u["army"] == 1 or u["loc"] in ("K1", "P1")]

    eng, gid = sit("frontier", edit=edit)
    submit(eng, gid, 0, {"kind": "done"})
    assert events(eng, gid, "dl.income")[-1].data["gold"] == 5 + 1


def _attack_and_retreat(eng, gid):
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "G1", "n": 2})
    submit(eng, gid, 0, {"kind": "fight", "at": "G1"})
    submit(eng, gid, 0, {"kind": "retreat", "to": "T1c"})


def test_FQ19_the_unit_left_behind_may_attack_later_DL_3_4_land_1():
    eng, gid = sit("frontier", forced={"die:d6": [6, 6, 6, 6]})
    _attack_and_retreat(eng, gid)
    assert units(eng, gid, "T1c", 0) == 3
    assert {"kind": "attack", "origin": "T1c", "target": "G1", "n": 2} in legal(eng, gid, 0)
    assert {"kind": "attack", "origin": "T1c", "target": "G1", "n": 3} not in legal(eng, gid, 0)


def test_FQ19_variant_force_marched_units_guard_but_do_not_fight_DL_3_4_forced_march():
    eng, gid = sit("frontier")
    submit(eng, gid, 0, {"kind": "march", "origin": "T1a", "to": "T1c", "n": 2})
    cmds = legal(eng, gid, 0)
    assert {"kind": "attack", "origin": "T1c", "target": "G1", "n": 3} in cmds
    assert {"kind": "attack", "origin": "T1c", "target": "G1", "n": 4} not in cmds


def test_FQ20_one_territory_may_be_attacked_again_DL_3_4_general():
    eng, gid = sit("frontier", forced={"die:d6": [6, 6, 6, 6]})
    _attack_and_retreat(eng, gid)
    assert {"kind": "attack", "origin": "P1", "target": "G1", "n": 1} in legal(eng, gid, 0)


def test_FQ21_units_reused_after_a_conquest_and_marchers_guard_DL_3_4_forced_march():
    def edit(g):
        g["units"][3]["n"] = 5

    eng, gid = sit("frontier", edit=edit, forced={"die:d6": [1, 1, 6, 6, 6, 6]})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "G1", "n": 4})
    submit(eng, gid, 0, {"kind": "fight", "at": "G1"})
    from engine.games.dragonlords.board import owner

    assert owner(game(eng, gid), "G1") == 0 and units(eng, gid, "G1", 0) == 4
    submit(eng, gid, 0, {"kind": "march", "origin": "T1a", "to": "G1", "n": 3})
    cmds = legal(eng, gid, 0)
    assert {"kind": "attack", "origin": "G1", "target": "T2a", "n": 4} in cmds
    assert {"kind": "attack", "origin": "G1", "target": "T2a", "n": 5} not in cmds


def test_FQ22_no_ship_limit_per_player_DL_3_4_naval_INT_02():
    def edit(g):
        g["ships"].append({"id": "S15", "army": 0, "zone": "S1", "harbour": "T1a"})
        g["units"].append({"loc": "T1a", "army": 0, "n": 1})

    eng, gid = sit("e05_naval", forced={"die:d6": [1, 1, 1, 1, 6, 1, 1, 6, 6]}, edit=edit)
    submit(eng, gid, 0, {"kind": "fight", "at": "S6"})
    assert sorted(s for s, x in game(eng, gid).ships.items() if x.army == 0) == ["S11", "S12", "S13", "S15"]


def test_FQ23_ring_of_fire_lets_an_ordinary_orc_throw_a_fireball_and_roll_DL_3_3_treasures_INT_38():
    def edit(g):
        g["heroes"][0] = {"id": "H1", "army": 0, "loc": "T1c", "role": "", "treasures": ["ring_of_fire"]}

    eng, gid = sit("e09_dragonlord_attacks", forced={"die:d6": [6] * 5 + [6] * 4}, edit=edit)
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 4})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "hero": "H1"})
    submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    r = events(eng, gid, "dl.round")[-1].data
    assert [(s["caster"], s["spell"]) for s in r["attacker"]["spells"]] == [("H1", "fireball")]
    assert len(r["attacker"]["dice"]) == 5 and len(r["defender"]["dice"]) == 4


def test_dragonlord_fire_attack_burns_a_blockade_units_escape_to_own_coast_DL_3_4_fire_attack():
    """A DragonLord teleports into the zone of B's blockade and burns it; the zone borders B's own
    territory T4a, so B's units go ashore there while the ship burns (INT-28, INT-43)."""

    def edit(g):
        g["phase"] = "naval"
        g["heroes"].append({"id": "H5", "army": 0, "loc": "K1", "role": "dragonlord"})
        g["ships"] = [{"id": "S13", "army": 1, "zone": "S8"}]
        g["units"].append({"loc": "ship:S13", "army": 1, "n": 2})

    eng, gid = sit("frontier", edit=edit)
    assert {"kind": "teleport", "hero": "H5", "to": "S8", "n": 0} in legal(eng, gid, 0)
    submit(eng, gid, 0, {"kind": "teleport", "hero": "H5", "to": "S8", "n": 0})
    submit(eng, gid, 0, {"kind": "done"})  # naval
    submit(eng, gid, 0, {"kind": "done"})  # quest
    assert {"kind": "burn", "hero": "H5", "zone": "S8"} in legal(eng, gid, 0)
    submit(eng, gid, 0, {"kind": "burn", "hero": "H5", "zone": "S8"})
    g = game(eng, gid)
    assert "S13" not in g.ships and units(eng, gid, "T4a", 1) == 3  # T4a has a harbour on S8
    submit(eng, gid, 0, {"kind": "done"})  # combat -> transfer: the DragonLord must go home
    assert all(c["kind"] == "teleport" and c["hero"] == "H5" for c in legal(eng, gid, 0))


def test_income_is_split_among_several_kingdoms_by_the_player_DL_3_6():
    def edit(g):
        g["phase"] = "transfer"
        g["units"] = [u for u in g["units"] if u["loc"] != "K4"] + [{"loc": "K4", "army": 0, "n": 1}]
        g["heroes"][1]["loc"] = "T4a"

    eng, gid = sit("frontier", edit=edit)
    submit(eng, gid, 0, {"kind": "done"})
    g = game(eng, gid)
    inc = events(eng, gid, "dl.income")[-1].data["gold"]
    assert g.phase == "income" and g.treasury == {"0": inc}
    assert {"kind": "stash", "kingdom": "K4", "n": inc} in legal(eng, gid, 0)
    submit(eng, gid, 0, {"kind": "stash", "kingdom": "K4", "n": 2})
    submit(eng, gid, 0, {"kind": "stash", "kingdom": "K1", "n": inc - 2})
    g = game(eng, gid)
    assert g.gold["K4"] == 5 + 2 and g.gold["K1"] == 20 + inc - 2 and g.phase != "income"


def test_a_wizard_teleports_into_its_own_party_space_with_the_6_cap_DL_3_2_spellcaster():
    def edit(g):
        g["phase"] = "naval"
        g["heroes"].append({"id": "H6", "army": 0, "loc": "T1a", "role": "wizard", "spells": [1, 2, 3]})
        g["units"].append({"loc": "WB3", "army": 0, "n": 3})
        g["parties"] = [{"army": 0, "space": "WB3", "tools": []}]

    eng, gid = sit("frontier", edit=edit)
    to_party = [c for c in legal(eng, gid, 0) if c["kind"] == "teleport" and c["to"] == "WB3"]
    assert to_party == [
        {"kind": "teleport", "hero": "H6", "to": "WB3", "n": 0},
        {"kind": "teleport", "hero": "H6", "to": "WB3", "n": 2},
    ]  # 3 + wizard + 2 = 6
    submit(eng, gid, 0, {"kind": "teleport", "hero": "H6", "to": "WB3", "n": 2})
    assert units(eng, gid, "WB3", 0) == 6 and units(eng, gid, "T1a", 0) == 2


def _elves(forced):
    def edit(g):
        g["races"] = ["elf", "dwarf"]

    return sit("frontier", edit=edit, forced=forced)


def test_sneak_attack_success_takes_the_place_no_strike_back_DL_3_4_sneak():
    eng, gid = _elves({"die:d6": [1, 1]})
    submit(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2})
    r = events(eng, gid, "dl.round")[-1].data
    assert r["kind"] == "sneak" and r["defender"] is None
    from engine.games.dragonlords.board import owner

    g = game(eng, gid)
    assert owner(g, "G1") == 0 and g.battle is None and "G1" in g.sneaked
    assert not [c for c in legal(eng, gid, 0) if c["kind"] == "sneak" and c["origin"] == "G1"]


def test_sneak_attack_failure_sends_the_elves_back_unable_to_attack_DL_3_4_sneak():
    eng, gid = _elves({"die:d6": [6, 6]})
    submit(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2})
    g = game(eng, gid)
    assert units(eng, gid, "T1c", 0) == 3 and units(eng, gid, "G1", 1) == 2 and g.battle is None
    cmds = [c for c in legal(eng, gid, 0) if c.get("origin") == "T1c" and c["kind"] in ("attack", "sneak")]
    # only the unit that stayed behind may still attack (or sneak: it has not); the two elves guard T1c
    # (the sneak alone, or waiting for P1's elves to join the same attack)
    assert cmds == [
        {"kind": "attack", "origin": "T1c", "target": "G1", "n": 1},
        {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 1},
        {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 1, "wait": True},
    ]


def test_sneak_attack_limit_is_per_elf_not_per_place_DL_3_4_sneak():
    """One elf of six fails against G1 and returns unable to attack; the five others of T1c have not
    sneaked yet and may (each elf at most once a turn); the returned one may not."""

    def edit(g):
        g["races"] = ["elf", "dwarf"]
        g["units"][3]["n"] = 6

    eng, gid = sit("frontier", edit=edit, forced={"die:d6": [1]})
    submit(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 1})
    assert units(eng, gid, "G1", 1) == 1 and units(eng, gid, "T1c", 0) == 6
    ks = sorted(
        c["n"]
        for c in legal(eng, gid, 0)
        if c["kind"] == "sneak" and c["origin"] == "T1c" and not c.get("wait")
    )
    assert ks == [1, 2, 3, 4, 5]


def test_INT40_a_retreat_may_split_among_several_own_territories_DL_3_4_retreat():
    """After a round A withdraws 1 unit to T1c and the rest to T1b; once begun, no fighting on."""

    def edit(g):
        g["units"][4] = {"loc": "T2a", "army": 1, "n": 1}
        g["heroes"][1]["loc"] = "T2a"
        g["units"].append({"loc": "T1b", "army": 0, "n": 1})

    eng, gid = sit("battle_after_round", edit=edit)
    g = game(eng, gid)
    b = g.battle
    cmds = legal(eng, gid, g.armies[b.attacker].seat)
    own = sorted({c["to"] for c in cmds if c["kind"] == "retreat"})
    assert len(own) >= 2, own
    n = units(eng, gid, b.loc, b.attacker)
    seat = g.armies[b.attacker].seat
    submit(eng, gid, seat, {"kind": "retreat", "to": own[0], "n": 1})
    cmds = legal(eng, gid, seat)
    assert cmds and all(c["kind"] == "retreat" for c in cmds)  # no `fight` once begun
    before = units(eng, gid, own[1], b.attacker)
    submit(eng, gid, seat, {"kind": "retreat", "to": own[1]})
    g = game(eng, gid)
    assert g.battle is None and units(eng, gid, b.loc, b.attacker) == 0
    assert units(eng, gid, own[1], b.attacker) == before + n - 1
    assert [e.rule for e in events(eng, gid, "dl.units") if e.data.get("n") == 1][-1] == "INT-40"


def test_a_dragonlord_may_teleport_the_king_as_a_carried_unit_DL_3_4_dragonlords():
    """'The King may be teleported' (§3.4/dragonlords): the King goes along as one of the units."""

    def edit(g):
        g["phase"] = "naval"
        g["heroes"].append({"id": "H5", "army": 0, "loc": "K1", "role": "dragonlord"})

    eng, gid = sit("frontier", edit=edit)
    cmds = [
        c
        for c in legal(eng, gid, 0)
        if c["kind"] == "teleport" and c.get("with") == "H1" and c["to"] == "T1b"
    ]
    assert cmds == [
        {"kind": "teleport", "hero": "H5", "to": "T1b", "n": 0, "with": "H1"},
        {"kind": "teleport", "hero": "H5", "to": "T1b", "n": 2, "with": "H1"},
    ]  # K1 keeps 1
    submit(eng, gid, 0, cmds[1])
    g = game(eng, gid)
    assert (g.heroes["H1"].loc, g.heroes["H5"].loc) == ("T1b", "T1b")
    assert units(eng, gid, "K1", 0) == 1 and units(eng, gid, "T1b", 0) == 2 + 2 + 2
