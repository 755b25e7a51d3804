"""Rulebook worked examples E-03 to E-09 as tests from situation files (dragonlords-examples.md)."""

from dl_helpers import events, game, legal, settle, sit, submit, units

from sim.testing import play


def _round(eng, gid):
    return events(eng, gid, "dl.round")[-1].data


def _mods(side):
    return [(m["source"], m["delta"], m["rule"]) for m in side["strength"]["modifiers"]]


def test_E03_panic_is_not_cumulative_DL_3_4_land_2_spells_panic():
    """Two DragonLords still give the Dwarves only -1 (DL:3.4/spells.panic)."""
    eng, gid = sit("e03_two_dragonlords", forced={"die:d6": [6] * 5 + [6] * 6})
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "T1a"})
    # A's DragonLords know Teleport: A may retreat one of them instead of striking back; A stands
    assert {"kind": "stand"} in legal(eng, gid, 0)
    submit(eng, gid, 0, {"kind": "stand"})
    r = _round(eng, gid)
    assert r["attacker"]["strength"]["value"] == 2
    assert _mods(r["attacker"]) == [("Panic (DragonLord)", -1, "DL:3.4/spells.panic")]
    assert r["defender"]["strength"]["value"] == 3  # no Hope on A's side
    assert all(d["sides"] == 6 and d["against"] == 2 for d in r["attacker"]["dice"])


def test_E03_variant_kingdom_stacks_with_panic_INT_35_DL_2_2_kingdom():
    def edit(g):
        for u in g["units"]:
            if u["loc"] == "T1a":
                u["loc"] = "K1"
        for h in g["heroes"]:
            if h["loc"] == "T1a":
                h["loc"] = "K1"

    eng, gid = sit("e03_two_dragonlords", forced={"die:d6": [6] * 11}, edit=edit)
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "K1", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "K1"})
    submit(eng, gid, 0, {"kind": "stand"})
    r = _round(eng, gid)
    assert r["attacker"]["strength"]["value"] == 1
    assert ("Kingdom", -1, "DL:2.2/kingdom") in _mods(r["attacker"])


def test_E04_king_and_excalibur_stack_to_the_cap_DL_3_4_land_2_DL_3_3_treasures():
    eng, gid = sit("e04_king_excalibur", forced={"die:d6": [6] * 5 + [6] * 6})
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "K1", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "K1"})
    r = _round(eng, gid)
    assert r["defender"]["strength"]["value"] == 6  # 4 + 1 Hope + 1 Excalibur, capped
    assert ("Hope", 1, "DL:3.4/spells.hope") in _mods(r["defender"])
    assert ("Excalibur Sword", 1, "DL:3.3/treasures") in _mods(r["defender"]) or any(
        m[0].startswith("Excalibur") for m in _mods(r["defender"])
    )
    assert r["attacker"]["strength"]["value"] == 2  # Orcs 3 - 1 kingdom


def test_E04_orc_army_with_king_and_excalibur_is_5_DL_3_4_land_2():
    def edit(g):
        g["races"] = ["orc", "dwarf"]

    eng, gid = sit("e04_king_excalibur", forced={"die:d6": [6] * 11}, edit=edit)
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "K1", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "K1"})
    assert _round(eng, gid)["defender"]["strength"]["value"] == 5


def test_E04b_ring_of_power_DL_3_3_treasures():
    def edit(g):
        g["races"] = ["orc", "dwarf"]
        g["units"][0]["loc"] = "T1a"
        g["heroes"][0] = {"id": "H1", "army": 0, "loc": "T1a", "role": "", "treasures": ["ring_of_power"]}
        g["heroes"].append({"id": "H5", "army": 0, "loc": "K1", "role": "king"})

    eng, gid = sit("e04_king_excalibur", forced={"die:d6": [6] * 11}, edit=edit)
    submit(eng, gid, 1, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 5})
    submit(eng, gid, 1, {"kind": "fight", "at": "T1a"})
    # A's chip-bearer H1 defends: A pauses as if it might teleport away (it knows no spell), and stands
    assert legal(eng, gid, 0) == [{"kind": "stand"}]
    submit(eng, gid, 0, {"kind": "stand"})
    r = _round(eng, gid)
    assert (r["defender"]["strength"]["value"], r["attacker"]["strength"]["value"]) == (4, 2)


def test_E05_naval_battle_too_few_survivors_sink_the_fourth_ship_DL_3_4_naval():
    eng, gid = sit("e05_naval", forced={"die:d6": [1, 1, 1, 1, 6, 1, 1, 6, 6]})
    assert {"kind": "fight", "at": "S6"} in legal(eng, gid, 0)
    assert not [c for c in legal(eng, gid, 0) if c["kind"] == "done"]  # the blockade battle must be fought
    submit(eng, gid, 0, {"kind": "fight", "at": "S6"})
    g = game(eng, gid)
    r = events(eng, gid, "dl.round")
    assert len(r) == 1 and r[0].data["attacker"]["spells"] == [] and r[0].data["kind"] == "naval"
    assert sorted(s for s, x in g.ships.items() if x.army == 0) == ["S11", "S12", "S13"]
    assert "S14" not in g.ships
    sunk = [e.data for e in events(eng, gid, "dl.ship_gone")]
    assert sunk == [{"id": "S14", "why": "sunk"}]
    assert all(units(eng, gid, f"ship:{s}", 0) == 1 for s in ("S11", "S12", "S13"))


def test_E05b_unmanned_ship_docks_off_the_winners_own_coast_DL_3_4_naval():
    def edit(g):
        for s in g["ships"]:
            s["zone"] = "S1"
        g["units"].append({"loc": "T1a", "army": 0, "n": 1})

    eng, gid = sit("e05_naval", forced={"die:d6": [1, 1, 1, 1, 6, 1, 1, 6, 6]}, edit=edit)
    submit(eng, gid, 0, {"kind": "fight", "at": "S1"})
    g = game(eng, gid)
    assert g.ships["S14"].army == 0 and g.ships["S14"].harbour == "T1a"
    assert not events(eng, gid, "dl.ship_gone")


def test_E05_no_spell_attacks_at_sea_DL_3_4_naval():
    def edit(g):
        g["heroes"].append({"id": "H7", "army": 0, "loc": "ship:S11", "role": "wizard", "spells": [2, 5]})

    eng, gid = sit("e05_naval", forced={"die:d6": [1, 1, 1, 1, 1, 6, 1, 1, 6, 6]}, edit=edit)
    submit(eng, gid, 0, {"kind": "fight", "at": "S6"})
    r = events(eng, gid, "dl.round")[0].data
    assert r["attacker"]["spells"] == [] and len(r["attacker"]["dice"]) == 6


def _berserk(edit=None, faces=(1, 2, 3, 4, 4, 4, 1, 5, 6, 5, 6, 6)):
    eng, gid = sit("e06_berserk", forced={"die:d6": list(faces)}, edit=edit)
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 3})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "hero": "H1"})
    submit(eng, gid, 0, {"kind": "scroll", "card": "berserk", "caster": "H1", "at": "T1a"})
    return eng, gid


def test_E06_berserk_on_12_barbarians_DL_3_4_scrolls_berserk():
    eng, gid = _berserk()
    assert units(eng, gid, "T1a", 1) == 5
    t = eng.table(gid)
    assert t.zone("scrolls:0") == [] and t.zone("scroll_discard") == ["berserk#1"]


def test_E06b_berserk_has_no_effect_on_units_led_by_a_king_DL_3_4_king():
    def edit(g):
        g["units"][1]["n"] = 11
        g["heroes"][2]["loc"] = "T1a"

    eng, gid = _berserk(edit)
    assert units(eng, gid, "T1a", 1) == 12
    assert not [e for e in events(eng, gid, "dice.rolled") if e.rule == "DL:3.4/scrolls.berserk"]
    assert eng.table(gid).zone("scroll_discard") == ["berserk#1"]


def test_E06c_berserk_has_no_effect_with_a_heal_wizard_DL_3_4_scrolls_berserk():
    def edit(g):
        g["units"][1]["n"] = 11
        g["heroes"].append({"id": "H9", "army": 1, "loc": "T1a", "role": "wizard", "spells": [1, 2]})

    eng, gid = _berserk(edit)
    assert units(eng, gid, "T1a", 1) == 12


def test_E07_reflect_turns_the_elemental_on_the_kings_place_DL_3_4_scrolls_reflect_elemental():
    eng, gid = sit("e07_reflect", forced={"die:d12": [3]})
    submit(eng, gid, 0, {"kind": "scroll", "card": "elemental_earth", "caster": "H1", "at": "T1a"})
    t = eng.table(gid)
    assert sorted(t.zone("scroll_discard")) == ["elemental_earth#1", "reflect#1"]
    assert units(eng, gid, "K1", 0) == 1 and game(eng, gid).heroes["H1"].role == "king"  # 3 non-Kings lost
    assert units(eng, gid, "T1a", 1) == 5


def test_E07_reflected_elemental_of_4_kills_the_king_and_eliminates_DL_1_DL_3_4_king():
    eng, gid = sit("e07_reflect", forced={"die:d12": [4]})
    submit(eng, gid, 0, {"kind": "scroll", "card": "elemental_earth", "caster": "H1", "at": "T1a"})
    t = eng.table(gid)
    assert not t.game.armies[0].alive and t.over and t.winners == [1]


def _e08(faces):
    eng, gid = sit("e08_teleport_retreat", forced={"die:d6": faces})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 8})
    submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    return eng, gid


def test_E08_case1_six_hits_on_six_elves_forbid_the_teleport_retreat_DL_3_4_retreat_INT_39():
    eng, gid = _e08([1, 2, 3, 1, 2, 3, 5, 6] + [6] * 6)
    g = game(eng, gid)
    assert g.battle is None and "H1" not in g.heroes
    assert units(eng, gid, "T1a", 1) == 0 and units(eng, gid, "T1a", 0) == 8
    assert not events(eng, gid, "cmd.teleport_away")


def test_E08_case2_five_hits_allow_the_wizard_to_teleport_away_DL_3_4_retreat_INT_39():
    eng, gid = _e08([1, 2, 3, 1, 2, 5, 6, 6] + [6] * 5)
    assert {"kind": "teleport_away", "hero": "H1", "to": "T1b"} in legal(eng, gid, 1)
    assert legal(eng, gid, 0) == []
    submit(eng, gid, 1, {"kind": "teleport_away", "hero": "H1", "to": "T1b"})
    g = game(eng, gid)
    assert g.heroes["H1"].loc == "T1b" and g.heroes["H1"].spells == [1, 3]
    assert units(eng, gid, "T1a", 1) == 0 and units(eng, gid, "T1a", 0) == 8
    r = events(eng, gid, "dl.round")[-1].data
    assert r["fled"] == "H1" and len(r["defender"]["dice"]) == 5


def test_E08_option_not_exceed_allows_retreat_at_equal_hits_INT_39():
    eng, gid = sit(
        "e08_teleport_retreat",
        forced={"die:d6": [1, 2, 3, 1, 2, 3, 5, 6]},
        options={"teleport_retreat": "not_exceed"},
    )
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 8})
    submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    assert {"kind": "teleport_away", "hero": "H1", "to": "T1b"} in legal(eng, gid, 1)


def test_E09_orc_dragonlord_has_dragonfire_and_a_die_DL_3_4_dragonlords():
    eng, gid = sit("e09_dragonlord_attacks", forced={"die:d6": [6] * 5 + [6] * 4})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 4})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "hero": "H1"})
    submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    r = _round(eng, gid)
    assert [(s["caster"], s["spell"], s["rule"]) for s in r["attacker"]["spells"]] == [
        ("H1", "dragonfire", "DL:3.4/dragonlords")
    ]
    assert len(r["attacker"]["dice"]) == 5 and r["attacker"]["strength"]["value"] == 3
    assert len(r["defender"]["dice"]) == 4 and r["defender"]["strength"]["value"] == 2


def test_INT30_the_owner_chooses_casualties_DL_3_4_land_5():
    """3 hits on 5 Elves and a wizard: B is asked, one casualty at a time, and may give up the wizard."""
    eng, gid = sit("e08_teleport_retreat", forced={"die:d6": [1, 2, 3, 6, 6, 6, 6, 6] + [6] * 6})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 8})
    submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    play(eng, gid, 1, {"kind": "stand"})
    settle(eng, gid, kinds=("spell_attacks",))
    assert legal(eng, gid, 1) == [{"kind": "casualty", "unit": "plain"}, {"kind": "casualty", "unit": "H1"}]
    play(eng, gid, 1, {"kind": "casualty", "unit": "H1"})
    play(eng, gid, 1, {"kind": "casualty", "unit": "plain"})
    play(eng, gid, 1, {"kind": "casualty", "unit": "plain"})
    assert "H1" not in game(eng, gid).heroes and units(eng, gid, "T1a", 1) == 3
    assert game(eng, gid).battle.step == "after_round"


def test_INT30_option_spellcasters_last_removes_plain_units_first():
    eng, gid = sit(
        "e08_teleport_retreat",
        forced={"die:d6": [1, 2, 3, 6, 6, 6, 6, 6] + [6] * 6},
        options={"casualties": "spellcasters_last"},
    )
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 8})
    submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    submit(eng, gid, 1, {"kind": "stand"})
    assert "H1" in game(eng, gid).heroes and units(eng, gid, "T1a", 1) == 3


def test_INT38_a_wizard_trades_its_die_for_a_spell_or_with_option_extra_keeps_it():
    def edit(g):
        g["heroes"][0] = {"id": "H1", "army": 0, "loc": "T1c", "role": "wizard", "spells": [1, 2, 5]}

    for reading, spells, dice in (("swap", ["lightning"], 4), ("extra", ["lightning", "fireball"], 5)):
        eng, gid = sit(
            "e09_dragonlord_attacks",
            forced={"die:d6": [6] * 9},
            edit=edit,
            options={"spell_attacks": reading},
        )
        submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 4})
        submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "hero": "H1"})
        submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
        r = _round(eng, gid)
        assert [s["spell"] for s in r["attacker"]["spells"]] == spells and len(r["attacker"]["dice"]) == dice
