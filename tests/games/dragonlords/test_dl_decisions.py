"""Choices a real table leaves to the players, which the engine used to make itself (issue 14):
spell attacks and their victims (INT-38), losses from scrolls and monsters (INT-30), Reflect,
the Elixir, the Potion, the Dragon Orb and the Charm scroll, the unit that becomes a DragonLord
or a wizard, the wizard that learns a spell (INT-25), the holder of a new treasure. Each answer
is an event with its rule id; the other players never see the options."""

from dl_helpers import events, game, legal, settle, sit, units

from sim.testing import play


def _prompt(eng, gid):
    return eng.prompts(gid)[0]


def _wizard_attack(edit_more=None, faces=None):
    def edit(g):
        g["heroes"][0] = {"id": "H1", "army": 0, "loc": "T1c", "role": "wizard", "spells": [1, 2, 5]}
        if edit_more:
            edit_more(g)

    eng, gid = sit("e09_dragonlord_attacks", forced={"die:d6": faces or [6] * 12}, edit=edit)
    play(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 4})
    play(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "hero": "H1"})
    play(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    return eng, gid


def test_INT38_the_wizard_may_keep_its_die_instead_of_throwing_a_spell():
    eng, gid = _wizard_attack()
    p = _prompt(eng, gid)
    assert (p.seat, p.kind, p.rule) == (0, "spell_attacks", "INT-38")
    cmds = legal(eng, gid, 0)
    assert {"kind": "spell", "caster": "H1", "spell": "lightning", "victim": "plain"} in cmds
    assert {"kind": "spell", "caster": "H1", "spell": "fireball", "victim": "plain"} in cmds
    assert cmds[-1] == {"kind": "roll"}
    play(eng, gid, 0, {"kind": "roll"})
    r = events(eng, gid, "dl.round")[-1].data
    assert r["attacker"]["spells"] == [] and len(r["attacker"]["dice"]) == 5  # 4 Orcs and the wizard


def test_INT38_the_caster_picks_the_victim_a_chip_bearer_DL_3_4_spells_lightning():
    def edit(g):
        g["heroes"].append({"id": "H4", "army": 1, "loc": "T1a", "role": "decoy"})
        g["units"][1]["n"] = 4

    eng, gid = _wizard_attack(edit)
    play(eng, gid, 0, {"kind": "spell", "caster": "H1", "spell": "lightning", "victim": "H4"})
    assert "H4" not in game(eng, gid).heroes
    gone = [e for e in events(eng, gid, "dl.hero_gone") if e.data["id"] == "H4"][-1]
    assert gone.rule == "DL:3.4/spells.lightning"
    r = events(eng, gid, "dl.round")[-1].data  # one swap per wizard: the dice follow at once
    assert r["attacker"]["spells"] == [
        {"caster": "H1", "spell": "lightning", "victim": "H4", "rule": "DL:3.4/spells.lightning"}
    ]
    assert len(r["attacker"]["dice"]) == 4  # the wizard traded its die (INT-38 swap)


def test_INT38_the_spells_step_opens_for_any_chip_bearer_so_it_tells_nothing():
    """A decoy knows no spell, yet its side is asked too: only `roll` is offered."""

    def edit(g):
        g["heroes"][0] = {"id": "H1", "army": 0, "loc": "T1c", "role": "decoy"}

    eng, gid = sit("e09_dragonlord_attacks", forced={"die:d6": [6] * 12}, edit=edit)
    play(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "hero": "H1"})
    play(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    assert _prompt(eng, gid).kind == "spell_attacks" and legal(eng, gid, 0) == [{"kind": "roll"}]


def test_E07_reflect_is_the_victims_choice_DL_3_4_scrolls_reflect():
    """B may keep its Reflect: the Elemental of 3 then hits B's place T1a, and B picks the losses."""
    eng, gid = sit("e07_reflect", forced={"die:d12": [3]})
    play(eng, gid, 0, {"kind": "scroll", "card": "elemental_earth", "caster": "H1", "at": "T1a"})
    p = _prompt(eng, gid)
    assert (p.seat, p.kind, p.rule) == (1, "reflect", "DL:3.4/scrolls.reflect")
    assert legal(eng, gid, 1) == [
        {"kind": "choose", "option": "reflect"},
        {"kind": "choose", "option": "no_reflect"},
    ]
    asked = events(eng, gid, "dl.ask")[-1]
    assert asked.vis == [1]  # A does not see B's options
    play(eng, gid, 1, {"kind": "choose", "option": "no_reflect"})
    assert _prompt(eng, gid).kind == "casualties"  # 3 of 5 with a wizard among them: B picks
    play(eng, gid, 1, {"kind": "casualty", "unit": "H2"})
    settle(eng, gid)
    assert "H2" not in game(eng, gid).heroes and units(eng, gid, "T1a", 1) == 2
    assert "reflect#1" in eng.table(gid).zone("scrolls:1")
    assert next(e.rule for e in events(eng, gid, "dl.casualties")) == "INT-30"


def _spider(tools, faces, d10=(9, 9, 9), edit_more=None):
    def edit(g):
        g["parties"][0]["tools"] = list(tools)
        if edit_more:
            edit_more(g)

    eng, gid = sit(
        "quest_party",
        forced={
            "die:d6": list(faces),
            "shuffle:quest_deck": [["q02"]],
            "die:crystal": ["yellow"],
            "die:d10": list(d10),
        },
        edit=edit,
    )
    play(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    play(eng, gid, 0, {"kind": "go", "to": "WB2"})
    return eng, gid


def test_DL_3_3_tools_the_elixir_is_drunk_only_if_the_player_says_so():
    for pick, left in (("elixir", 4), ("no_elixir", 4)):
        eng, gid = _spider(["torch", "elixir"], [1, 1], d10=[1, 9, 9, 9])
        p = _prompt(eng, gid)
        assert (p.kind, p.rule) == ("elixir", "DL:3.3/tools")
        play(eng, gid, 0, {"kind": "choose", "option": pick})
        settle(eng, gid)
        g = game(eng, gid)
        fight = [e.data for e in events(eng, gid, "dl.quest") if e.data.get("monster")][-1]
        if pick == "elixir":
            assert "elixir" not in g.parties[0].tools and fight["rounds"][0].get("elixir")
            assert units(eng, gid, "WB2", 0) == left
        else:
            # the spider's hit poisons instead; without Potion or Heal the unit dies after the fight
            assert "elixir" in g.parties[0].tools and fight["rounds"][0]["poisoned"] == 1
            assert units(eng, gid, "WB2", 0) == left - 1


def test_FQ7_the_potion_is_the_players_choice_DL_3_3_tools():
    eng, gid = _spider(["potion", "torch"], [1, 1], d10=[1, 9, 9])
    play(eng, gid, 0, {"kind": "choose", "option": "strike"})
    p = _prompt(eng, gid)
    assert (p.kind, p.rule) == ("potion", "DL:3.3/tools")
    play(eng, gid, 0, {"kind": "choose", "option": "no_potion"})
    assert units(eng, gid, "WB2", 0) == 3 and "potion" in game(eng, gid).parties[0].tools


def test_DL_3_3_quest_combat_the_party_answers_every_round_even_with_nothing_but_dice():
    eng, gid = _spider(["torch"], [1, 6], d10=[9, 9, 9, 9, 1])
    p = _prompt(eng, gid)
    assert (p.kind, p.rule) == ("answer", "DL:3.3/quest-combat")
    assert legal(eng, gid, 0) == [{"kind": "choose", "option": "strike"}]
    play(eng, gid, 0, {"kind": "choose", "option": "strike"})
    assert _prompt(eng, gid).kind == "answer"  # all missed: the spider strikes again
    assert game(eng, gid).qfight.round == 2


def _dragon(tools, scrolls=None, crystal=("blue", "yellow"), wizard=False):
    """Quest card q11 (needs a Torch), ignored column: a Red Dragon guards a treasure."""

    def edit(g):
        g["parties"][0]["tools"] = list(tools)
        if wizard:
            g["heroes"][1]["loc"] = "WB1"
        if scrolls:
            g["scrolls"] = [list(scrolls), []]

    eng, gid = sit(
        "quest_party",
        forced={
            "die:d6": [1, 6, 6],
            "shuffle:quest_deck": [["q11"]],
            "die:crystal": list(crystal),
            "die:d12": [12] * 8,
        },
        edit=edit,
    )
    play(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    play(eng, gid, 0, {"kind": "go", "to": "WB2"})
    settle(eng, gid, kinds=("casualties",))  # the dragon (attack 6) always hits: lose a plain unit
    return eng, gid


def test_DL_3_3_charm_the_orb_is_tried_only_if_the_player_chooses_and_the_unit_is_chosen():
    eng, gid = _dragon(["torch", "dragon_orb"], crystal=["blue", "blue", "yellow"], wizard=True)
    assert legal(eng, gid, 0) == [
        {"kind": "choose", "option": "charm_orb"},
        {"kind": "choose", "option": "strike"},
    ]
    play(eng, gid, 0, {"kind": "choose", "option": "charm_orb"})
    p = _prompt(eng, gid)
    assert (p.kind, p.rule) == ("promote", "DL:3.3/charm")
    assert legal(eng, gid, 0) == [{"kind": "choose", "option": "H2"}, {"kind": "choose", "option": "plain"}]
    play(eng, gid, 0, {"kind": "choose", "option": "plain"})
    g = game(eng, gid)
    fight = [e.data for e in events(eng, gid, "dl.quest") if e.data.get("monster")][-1]
    assert fight["result"] == "charmed" and fight["rounds"][-1]["charm"] == ["blue", "yellow"]
    lords = [h for h, x in g.heroes.items() if x.role == "dragonlord"]
    assert len(lords) == 1 and g.heroes[lords[0]].loc == "WB2" and "dragon_orb" not in g.parties[0].tools
    ans = [e for e in events(eng, gid, "dl.ask") if e.data.get("picked") == "charm_orb"]
    assert ans and ans[0].rule == "DL:3.3/quest-combat"


def test_DL_3_4_scrolls_charm_the_charm_scroll_is_played_by_choice():
    eng, gid = _dragon(["torch"], scrolls=["charm"], crystal=["blue"], wizard=True)
    opts = [c["option"] for c in legal(eng, gid, 0)]
    assert opts[0] == "charm_scroll" and "strike" in opts and "fireball" not in opts  # no Fireball on dragons
    play(eng, gid, 0, {"kind": "choose", "option": "strike"})
    settle(eng, gid, kinds=("casualties",))
    assert "charm#1" in eng.table(gid).zone("scrolls:0")  # kept: not played
    play(eng, gid, 0, {"kind": "choose", "option": "charm_scroll"})
    g = game(eng, gid)
    assert g.heroes["H2"].role == "dragonlord" and "charm#1" in eng.table(gid).zone("scroll_discard")


def test_INT25_the_player_picks_which_wizard_learns_the_spell():
    def edit(g):
        g["parties"][0]["space"] = "WB2"
        g["units"][0]["loc"] = "WB2"
        g["parties"][0]["tools"] = ["dragon_orb"]
        g["heroes"][1]["loc"] = "WB2"
        g["heroes"].append({"id": "H9", "army": 0, "loc": "WB2", "role": "wizard", "spells": [4]})

    eng, gid = sit("quest_party", forced={"die:d6": [1, 5]}, edit=edit)
    play(eng, gid, 0, {"kind": "quest", "space": "WB2"})
    play(eng, gid, 0, {"kind": "go", "to": "WB3"})
    p = _prompt(eng, gid)
    # one kind and rule with or without a wizard in the party (which chip is a wizard is secret)
    assert (p.kind, p.rule) == ("spell_reward", "DL:3.4/wizards")
    assert legal(eng, gid, 0) == [{"kind": "choose", "option": "H2"}, {"kind": "choose", "option": "H9"}]
    play(eng, gid, 0, {"kind": "choose", "option": "H9"})
    g = game(eng, gid)
    assert g.heroes["H9"].spells == [4, 5] and g.heroes["H2"].spells == [1, 2]


def test_DL_3_3_treasures_the_player_puts_a_new_treasure_under_the_king():
    """A treasure may go under a party unit or a unit in one of the player's kingdoms."""
    eng, gid = sit(
        "quest_party",
        forced={"die:d6": [1], "shuffle:quest_deck": [["q11"]], "die:crystal": ["blue"], "die:d12": [1]},
        edit=lambda g: g["parties"][0].update(tools=["torch"]),
    )
    play(eng, gid, 0, {"kind": "quest", "space": "WB1"})
    play(eng, gid, 0, {"kind": "go", "to": "WB2"})
    settle(eng, gid, kinds=("answer",))
    while _prompt(eng, gid).kind == "answer":
        play(eng, gid, 0, {"kind": "choose", "option": "strike"})
    p = _prompt(eng, gid)
    assert (p.kind, p.rule) == ("treasure", "DL:3.3/treasures")
    assert {"kind": "choose", "option": "H1"} in legal(eng, gid, 0)  # the King in K4
    play(eng, gid, 0, {"kind": "choose", "option": "H1"})
    assert len(game(eng, gid).heroes["H1"].treasures) == 1
    rs = eng.ruleset(gid)
    assert "treasures" not in rs.game_view(eng.table(gid), 1)["heroes"]["H1"]  # B does not see it


def test_bots_sensible_answers_and_a_game_played_with_them_finishes():
    """The careful player's answers (bots.sensible): spell at a chip-bearer, plain units lost first;
    a seeded game whose decisions follow them and whose other moves are random ends."""
    import random

    from engine.games.dragonlords.bots import choices, sensible, value
    from sim.testing import new_game

    eng, gid = new_game("dragonlords", 3, 5)
    rng = random.Random("sensible:5")
    decided = 0
    for _ in range(20000):
        t = eng.table(gid)
        if t.over:
            break
        seat = eng.prompts(gid)[0].seat
        cmds = eng.legal(gid, seat)
        pick = sensible(t, seat, cmds)
        if {c["kind"] for c in cmds} <= {"spell", "roll", "choose", "casualty"}:
            decided += 1
            if any(c["kind"] == "casualty" for c in cmds) and {"kind": "casualty", "unit": "plain"} in cmds:
                assert pick == [{"kind": "casualty", "unit": "plain"}]
            if any(c["kind"] == "spell" and c["victim"] != "plain" for c in cmds):
                assert pick[0]["kind"] == "spell" and pick[0]["victim"] != "plain"
            play(eng, gid, seat, pick[0])
        else:
            play(eng, gid, seat, rng.choice(choices(t, seat, cmds)))
    t = eng.table(gid)
    assert t.over and decided > 0
    assert value(t, t.winners[0]) > min(value(t, s) for s in range(3))


def test_INT43_the_burnt_fleets_owner_picks_where_its_units_escape_DL_3_4_fire_attack():
    """A's DragonLord burns B's blockade in S6; B holds both T5b and T5c on that coast and picks
    T5c for the units of each burning ship."""

    def edit(g):
        g["heroes"].append({"id": "H9", "army": 0, "loc": "S6", "role": "dragonlord"})
        g["units"] += [{"loc": "T5b", "army": 1, "n": 1}, {"loc": "T5c", "army": 1, "n": 1}]
        g["units"] = [u for u in g["units"] if u["loc"] not in ("ship:S11", "ship:S12")]
        g["ships"] = [s for s in g["ships"] if s["army"] == 1]

    eng, gid = sit("e05_naval", edit=edit)
    assert {"kind": "burn", "hero": "H9", "zone": "S6"} in legal(eng, gid, 0)
    play(eng, gid, 0, {"kind": "burn", "hero": "H9", "zone": "S6"})
    p = _prompt(eng, gid)
    assert (p.seat, p.kind, p.rule) == (1, "escape", "INT-43")
    assert legal(eng, gid, 1) == [{"kind": "choose", "option": "T5b"}, {"kind": "choose", "option": "T5c"}]
    play(eng, gid, 1, {"kind": "choose", "option": "T5c"})
    play(eng, gid, 1, {"kind": "choose", "option": "T5c"})
    g = game(eng, gid)
    assert units(eng, gid, "T5c", 1) == 5 and units(eng, gid, "T5b", 1) == 1
    assert not g.ships
    assert [e.data["why"] for e in events(eng, gid, "dl.ship_gone")] == ["burnt", "burnt"]


def test_a_wrong_answer_is_refused_with_its_rule_and_changes_nothing():
    from dl_helpers import rejected

    eng, gid = sit("e07_reflect", forced={"die:d12": [3]})
    play(eng, gid, 0, {"kind": "scroll", "card": "elemental_earth", "caster": "H1", "at": "T1a"})
    why = rejected(eng, gid, 1, {"kind": "choose", "option": "maybe"})
    assert "DL:3.4/scrolls.reflect" in why and "'reflect', 'no_reflect'" in why
    assert "it is Seat 2's decision (reflect)" in rejected(
        eng, gid, 0, {"kind": "choose", "option": "no_reflect"}
    )
    assert "DL:3.4/scrolls.reflect" in rejected(eng, gid, 1, {"kind": "done"})
