"""Rulebook examples E-01, E-02, E-10, E-11 and the FAQ cases about quests (F-Q1, F-Q5, F-Q7,
F-Q15, F-Q16, F-Q24) as tests from the quest_party situation (dragonlords-examples.md)."""

from dl_helpers import events, game, legal, rejected, sit, submit, units

from sim.testing import new_game


def test_E01_starting_gold_is_30_in_the_kingdom_DL_2_3_3():
    eng, gid = new_game("dragonlords", 4, 11)
    g = eng.table(gid).game
    assert g.treasury == {"0": 30, "1": 30, "2": 30, "3": 30}
    from bots.random_bot import bot_rng, step

    rng = bot_rng(1)
    while eng.table(gid).game.phase.startswith("setup"):
        step(eng, gid, rng)
    g = eng.table(gid).game
    from engine.games.dragonlords.board import gold_of, kingdoms_held

    assert g.treasury == {}
    assert [gold_of(g, a) for a in range(4)] == [30, 30, 30, 30]
    assert all(len(kingdoms_held(g, a)) >= 1 for a in range(4))


def _party(edit_party=None, forced=None, options=None):
    def edit(g):
        if edit_party:
            edit_party(g)

    return sit("quest_party", forced=forced, edit=edit, options=options)


def test_E02_giant_spider_thresholds_d10_for_dwarves_d6_for_the_spider_DL_3_3_quest_combat():
    """A party of 3 Dwarves (G.A.S. 3) meets the spider: the spider's d6 misses on 6; the Dwarves'
    d10s [3, 4, 10] make exactly one hit (3 <= 3), which kills it (INT-53)."""

    def edit(g):
        g["races"] = ["dwarf", "orc"]
        g["units"][0]["n"] = 3
        g["parties"][0]["tools"] = ["torch"]

    eng, gid = _party(
        edit,
        forced={
            "die:d6": [1, 6],
            "shuffle:quest_deck": [["q02"]],
            "die:crystal": ["yellow"],
            "die:d10": [3, 4, 10],
        },
    )
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    fight = [e.data for e in events(eng, gid, "dl.quest") if e.data.get("monster")][-1]
    rnd = fight["rounds"][0]
    assert rnd["monster_die"] == {
        "face": 6,
        "sides": 6,
        "against": 5,
        "hit": False,
        "strength": {"base": 5, "value": 5, "modifiers": []},
    }
    assert [d["hit"] for d in rnd["party_dice"]] == [True, False, False]
    assert all(d["sides"] == 10 and d["against"] == 3 for d in rnd["party_dice"])
    assert fight["result"] == "beaten"


def test_E02_check_the_spider_hits_on_5_DL_3_3_quest_combat():
    def edit(g):
        g["races"] = ["dwarf", "orc"]
        g["parties"][0]["tools"] = ["torch", "potion"]

    eng, gid = _party(
        edit,
        forced={
            "die:d6": [1, 5],
            "shuffle:quest_deck": [["q02"]],
            "die:crystal": ["yellow"],
            "die:d10": [1, 9, 9],
        },
    )
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    fight = [e.data for e in events(eng, gid, "dl.quest") if e.data.get("monster")][-1]
    assert fight["rounds"][0]["monster_die"]["hit"] is True and fight["rounds"][0]["poisoned"] == 1
    # the poisoned dwarf rolled no die: 4 units, 3 dice
    assert len(fight["rounds"][0]["party_dice"]) == 3


def test_E10_merlin_with_three_wizards_gives_nothing_DL_3_4_wizards_INT_56():
    def edit(g):
        g["heroes"] += [
            {"id": "H4", "army": 0, "loc": "T4a", "role": "wizard", "spells": [1]},
            {"id": "H5", "army": 0, "loc": "T4c", "role": "wizard", "spells": [6]},
        ]

    eng, gid = _party(
        edit, forced={"die:d6": [1], "shuffle:quest_deck": [["q03"]], "die:crystal": ["yellow"]}
    )
    assert game(eng, gid).armies[0].wizards == 3
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    g = game(eng, gid)
    assert g.armies[0].wizards == 3
    assert [h for h, x in g.heroes.items() if x.loc == "WB2"] == []


def test_E10_contrast_two_wizards_get_a_third_DL_3_4_wizards():
    def edit(g):
        g["heroes"] += [{"id": "H4", "army": 0, "loc": "T4a", "role": "wizard", "spells": [1]}]

    eng, gid = _party(
        edit, forced={"die:d6": [1, 4], "shuffle:quest_deck": [["q03"]], "die:crystal": ["yellow"]}
    )
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    g = game(eng, gid)
    assert g.armies[0].wizards == 3
    new = [x for x in g.heroes.values() if x.loc == "WB2"]
    assert len(new) == 1 and new[0].role == "wizard" and new[0].spells == [4]


def _den(edit, faces):
    def e(g):
        g["parties"][0]["space"] = "WB2"
        g["units"][0]["loc"] = "WB2"
        g["parties"][0]["tools"] = ["dragon_orb"]
        if edit:
            edit(g)

    eng, gid = _party(e, forced={"die:d6": faces})
    submit(eng, gid, 0, {"kind": "quest", "space": "WB2"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB3"})
    return eng, gid


def test_E11_spell_without_a_wizard_makes_a_new_wizard_knowing_teleport_DL_3_4_wizards_INT_04():
    eng, gid = _den(None, [1, 3])
    g = game(eng, gid)
    new = [x for x in g.heroes.values() if x.loc == "WB3"]
    assert len(new) == 1 and new[0].role == "wizard" and new[0].spells == [3]
    assert g.armies[0].wizards == 2
    assert g.parties[0].tools == ["dragon_orb"]  # the Orb stays


def test_E11b_a_known_spell_is_rolled_again_DL_3_4_spells():
    def edit(g):
        g["heroes"][1]["loc"] = "WB2"

    eng, gid = _den(edit, [1, 2, 1, 5])
    assert game(eng, gid).heroes["H2"].spells == [1, 2, 5]


def test_FQ1_a_dragonlord_without_an_orb_must_leave_in_transfer_DL_3_4_dragonlords_DL_3_5():
    eng, gid = _party(forced={"die:d6": [1], "shuffle:quest_deck": [["q04"]], "die:crystal": ["yellow"]})
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    g = game(eng, gid)
    dl = [h for h, x in g.heroes.items() if x.role == "dragonlord"]
    assert len(dl) == 1 and g.heroes[dl[0]].loc == "WB2"
    for _ in range(3):  # quest, combat: end the phases
        submit(eng, gid, 0, {"kind": "done"})
        if game(eng, gid).phase == "transfer":
            break
    assert game(eng, gid).phase == "transfer"
    cmds = legal(eng, gid, 0)
    assert cmds and all(c["kind"] == "teleport" and c["hero"] == dl[0] for c in cmds)
    submit(eng, gid, 0, {"kind": "teleport", "hero": dl[0], "to": "K4", "n": 0})
    assert game(eng, gid).heroes[dl[0]].loc == "K4"


def test_FQ5_one_party_move_per_wasteland_but_both_wastelands_DL_3_3_party_INT_21():
    def edit(g):
        g["parties"].append({"army": 0, "space": "WT3", "tools": []})
        g["units"].append({"loc": "WT3", "army": 0, "n": 2})

    eng, gid = _party(edit, forced={"die:d6": [1, 1]})
    quests = [c for c in legal(eng, gid, 0) if c["kind"] == "quest"]
    assert quests == [{"kind": "quest", "space": "WB1"}, {"kind": "quest", "space": "WT3"}]
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    cmds = legal(eng, gid, 0)
    assert {"kind": "quest", "space": "WT3"} in cmds
    assert not [c for c in cmds if c["kind"] == "enter" and c["space"] == "WB1"]  # bottom moved already


def test_FQ5_option_one_party_per_wasteland_INT_21():
    eng, gid = _party(options={"parties_per_wasteland": "one"})
    assert not [c for c in legal(eng, gid, 0) if c["kind"] == "enter" and c["space"] == "WB1"]
    eng2, gid2 = _party()
    assert [c for c in legal(eng2, gid2, 0) if c["kind"] == "enter" and c["space"] == "WB1"]


def test_FQ7_poisoned_unit_dies_after_combat_without_potion_or_heal_DL_3_3_quest_combat():
    def edit(g):
        g["parties"][0]["tools"] = ["torch"]

    eng, gid = _party(
        edit,
        forced={
            "die:d6": [1, 1],
            "shuffle:quest_deck": [["q02"]],
            "die:crystal": ["yellow"],
            "die:d10": [1, 9, 9],
        },
    )
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    assert units(eng, gid, "WB2", 0) == 3


def test_FQ7_variant_a_potion_saves_the_unit_DL_3_3_tools():
    def edit(g):
        g["parties"][0]["tools"] = ["potion", "torch"]

    eng, gid = _party(
        edit,
        forced={
            "die:d6": [1, 1],
            "shuffle:quest_deck": [["q02"]],
            "die:crystal": ["yellow"],
            "die:d10": [1, 9, 9],
        },
    )
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    assert units(eng, gid, "WB2", 0) >= 4
    assert "potion" not in game(eng, gid).parties[0].tools


def test_FQ7_variant_a_heal_wizard_heals_all_without_a_tool_DL_3_4_spells_heal():
    def edit(g):
        g["parties"][0]["tools"] = ["potion", "torch"]
        g["heroes"][1]["loc"] = "WB1"

    eng, gid = _party(
        edit,
        forced={
            "die:d6": [1, 1],
            "shuffle:quest_deck": [["q02"]],
            "die:crystal": ["yellow"],
            "die:d10": [1, 9, 9, 9],
        },
    )
    submit(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    submit(eng, gid, 0, {"kind": "go", "to": "WB2"})
    assert units(eng, gid, "WB2", 0) >= 5 and "potion" in game(eng, gid).parties[0].tools


def test_FQ15_no_income_for_wasteland_units_DL_3_6_INT_45():
    eng, gid = _party()
    submit(eng, gid, 0, {"kind": "done"})  # quest
    submit(eng, gid, 0, {"kind": "done"})  # combat
    submit(eng, gid, 0, {"kind": "done"})  # transfer -> income
    inc = events(eng, gid, "dl.income")[-1].data
    assert inc["gold"] == 5 + 1 + 1  # K4, T4c, T4a; the party on WB1 adds 0


def test_FQ16_no_shopping_on_entry_DL_3_3_party():
    def edit(g):
        g["parties"] = []
        g["units"][0] = {"loc": "T4c", "army": 0, "n": 4}

    eng, gid = _party(edit, forced={"die:d6": [4]})
    submit(eng, gid, 0, {"kind": "enter", "origin": "T4c", "space": "WB1", "n": 4})
    assert not [c for c in legal(eng, gid, 0) if c["kind"] == "shop"]  # passing the Village
    assert {"kind": "go", "to": "WB5"} in legal(eng, gid, 0)  # V is position 0 (INT-46)
    submit(eng, gid, 0, {"kind": "go", "to": "WB5"})
    assert {"kind": "shop", "what": "talisman"} in legal(eng, gid, 0)  # the Shrine sells it
    assert sorted(game(eng, gid).parties[0].tools) == ["pick_axe", "torch"]  # tools went along


def test_FQ16_option_entry_space_counts_INT_46():
    def edit(g):
        g["parties"] = []
        g["units"][0] = {"loc": "T4c", "army": 0, "n": 4}

    eng, gid = _party(edit, forced={"die:d6": [4]}, options={"entry_space_counts": "yes"})
    submit(eng, gid, 0, {"kind": "enter", "origin": "T4c", "space": "WB1", "n": 4})
    assert {"kind": "go", "to": "WB4"} in legal(eng, gid, 0)


def test_FQ24_the_full_roll_must_be_used_DL_3_3_party():
    def edit(g):
        g["parties"][0]["space"] = "WB2"
        g["units"][0]["loc"] = "WB2"

    eng, gid = _party(edit, forced={"die:d6": [4]})
    submit(eng, gid, 0, {"kind": "quest", "space": "WB2"})
    assert sorted(c["to"] for c in legal(eng, gid, 0) if c["kind"] == "go") == ["WB6"]
    assert "DL:3.3/party" in rejected(eng, gid, 0, {"kind": "go", "to": "WB5"})


def test_FQ24_variant_stop_to_attack_an_enemy_party_DL_3_3_party_INT_47():
    def edit(g):
        g["parties"][0]["space"] = "WB2"
        g["units"][0]["loc"] = "WB2"
        g["parties"].append({"army": 1, "space": "WB4", "tools": ["torch"]})
        g["units"].append({"loc": "WB4", "army": 1, "n": 1})

    eng, gid = _party(edit, forced={"die:d6": [4, 1, 6]})
    submit(eng, gid, 0, {"kind": "quest", "space": "WB2"})
    assert {"kind": "go", "to": "WB4"} in legal(eng, gid, 0)
    submit(eng, gid, 0, {"kind": "go", "to": "WB4"})
    fight = [e.data for e in events(eng, gid, "dl.quest") if "party_fight" in e.data][-1]
    assert fight["winner"] == 0
    g = game(eng, gid)
    assert [p.army for p in g.parties] == [0] and "torch" in g.parties[0].tools  # INT-08: tools taken
    assert g.parties[0].fought


def test_E01_P6_gold_is_split_among_several_kingdoms_by_the_player_DL_2_3_3():
    """A 2-player army that claimed a second kingdom at set-up puts its 30 gold where it likes."""
    from bots.random_bot import bot_rng, step
    from engine.games.dragonlords.board import kingdoms_held

    eng, gid = new_game("dragonlords", 2, 0)
    rng = bot_rng(0)
    while eng.table(gid).game.phase != "setup_gold":
        step(eng, gid, rng)
    g = eng.table(gid).game
    a = g.active
    ks = kingdoms_held(g, a)
    assert len(ks) >= 2 and g.treasury[str(a)] == 30
    seat = g.armies[a].seat
    submit(eng, gid, seat, {"kind": "stash", "kingdom": ks[1], "n": 10})
    submit(eng, gid, seat, {"kind": "stash", "kingdom": ks[0], "n": 20})
    g = eng.table(gid).game
    assert g.gold[ks[0]] == 20 and g.gold[ks[1]] == 10 and str(a) not in g.treasury


def test_units_leaving_the_wastelands_into_enemy_land_fight_without_retreat_DL_3_4_retreat():
    def edit(g):
        g["parties"][0]["space"] = "WB2"
        g["units"][0]["loc"] = "WB2"
        g["units"] = [u for u in g["units"] if u["loc"] != "T4c"] + [{"loc": "T4c", "army": 1, "n": 3}]
        g["units"].append({"loc": "T4b", "army": 0, "n": 1})

    eng, gid = _party(edit, forced={"die:d6": [1, 6, 6, 6, 6, 6, 6, 6]})
    submit(eng, gid, 0, {"kind": "quest", "space": "WB2"})
    assert {"kind": "leave", "to": "T4c"} in legal(eng, gid, 0)
    submit(eng, gid, 0, {"kind": "leave", "to": "T4c"})
    submit(eng, gid, 0, {"kind": "done"})  # quest -> combat
    assert legal(eng, gid, 0) == [{"kind": "fight", "at": "T4c"}]
    submit(eng, gid, 0, {"kind": "fight", "at": "T4c"})
    assert not [c for c in legal(eng, gid, 0) if c["kind"] == "retreat"]
