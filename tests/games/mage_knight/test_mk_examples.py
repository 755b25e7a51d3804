"""Rulebook examples and rules of set-up, movement, exploring, mana, rest and sites, each from a
situation file (tests/games/mage_knight/situations), named after the example and its rule ids."""

from pathlib import Path

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map import board
from engine.games.mage_knight.scenarios.scoring import category_points, final_scores
from engine.games.mage_knight.turn import actions
from engine.mechanics.zones import card_name
from sim.testing import from_situation, new_game

HERE = Path(__file__).with_name("situations")


def sit(name, **kw):
    return from_situation(HERE / f"{name}.toml", **kw)


def kinds(eng, gid, seat=0, kind=None):
    cmds = eng.legal(gid, seat)
    return [c for c in cmds if kind is None or c["kind"] == kind]


def names(t, zone):
    return sorted(card_name(c) for c in t.zone(zone))


def test_E06_round_one_tactic_order_last_chooser_first():
    """E-06, MK:4:Round:3a: all on 0 fame, so the lower token picks first: P3, P2, P1"""
    eng, gid = new_game("mage-knight", 3, seed=4)
    assert eng.table(gid).game.pickers == [2, 1, 0]


def test_E18a_standard_rest_discards_one_action_and_any_wounds():
    """E-18 case a, MK:6:Turn:7: resting at once is a standard rest"""
    eng, gid = sit("e18_rest")
    rests = kinds(eng, gid, kind="rest")
    assert rests == [{"kind": "rest", "card": "march", "wounds": w} for w in (0, 1, 2)]
    eng.submit(gid, 0, {"kind": "rest", "card": "march", "wounds": 2})
    t = eng.table(gid)
    assert names(t, state.discard(0)) == ["march", "wound", "wound"]
    assert t.game.players[0].rested is False  # the next turn began (solo)
    assert sum(1 for e in eng.store.read(gid) if e.type == "mk.rested" and e.data["kind"] == "standard") == 1


def test_E18b_playing_the_action_first_forces_slow_recovery():
    """E-18 case b, MK:6:Turn:7a: after playing Action A only wounds remain: slow recovery, 1 wound"""
    eng, gid = sit("e18_rest")
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    assert kinds(eng, gid, kind="rest") == [{"kind": "rest", "card": "wound", "wounds": 0}]
    eng.submit(gid, 0, {"kind": "rest", "card": "wound", "wounds": 0})
    t = eng.table(gid)
    assert names(t, state.discard(0)).count("wound") == 1
    rested = [e for e in eng.store.read(gid) if e.type == "mk.rested"]
    assert rested[-1].data["kind"] == "slow"


def test_wounds_can_never_be_played():
    """MK:4:Deed:3d: no play command names a wound; the refusal names the rule"""
    eng, gid = sit("e18_rest")
    assert not [c for c in kinds(eng, gid, kind="play") if c["card"] == "wound"]
    why = eng.check(gid, 0, {"kind": "play", "card": "wound", "mode": "sideways", "option": 0, "pay": ""})
    assert why.rule == "MK:4:Deed:3d"


def test_forest_costs_three_by_day_and_five_at_night():
    """MK:7:Move:3: with 3 move points the forest next door is open by day, closed at night"""
    eng, gid = sit("move_day_night")
    assert {"kind": "move", "to": "1,-3"} in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "move", "to": "1,-3"})
    p = eng.table(gid).game.players[0]
    assert p.pos == "1,-3" and p.move == 0
    eng, gid = sit("move_day_night", edit=lambda g: g.update(night=True))
    assert {"kind": "move", "to": "1,-3"} not in kinds(eng, gid)
    why = eng.check(gid, 0, {"kind": "move", "to": "1,-3"})
    assert why.rule == "MK:7:Move:3" and "costs 5" in why.reason


def test_E23_a_city_always_costs_two():
    """E-23, MK:7:Move:3a: a city space costs 2 by day and at night, whatever its terrain"""
    c = content()
    bd = board.Board(coast_rule=False)
    board.place_tile(bd, c, "start_A", (0, 0))
    city_tile = next(t for t in c.tiles.values() if t.has_city)
    board.place_tile(bd, c, city_tile.id, board.centre_of(1, 0))
    city = next(k for k, sp in bd.spaces.items() if sp.site == "city")
    assert board.move_cost(bd, c, board.unkey(city), night=True) == 2
    assert board.move_cost(bd, c, board.unkey(city), night=False) == 2


def test_explore_costs_two_places_the_next_tile_and_scores_a_fame():
    """MK:7:Move:5, MK:18:Scen:FirstRecon: +1 fame per revealed tile"""
    eng, gid = sit("explore")
    spots = kinds(eng, gid, kind="explore")
    assert spots
    t = eng.table(gid)
    top = t.zone(state.TILES)[0]
    assert top == "countryside_3"
    eng.submit(gid, 0, spots[0])
    t = eng.table(gid)
    p = t.game.players[0]
    assert p.move == 0 and p.fame == 1
    assert t.game.board.tiles[spots[0]["at"]] == "countryside_3"
    assert not kinds(eng, gid, kind="explore")  # no move points left


def test_one_source_die_per_turn_gold_by_day_black_depleted():
    """MK:5:Mana:2, MK:5:Mana:3a, MK:5:Mana:3c"""
    eng, gid = sit("mana_source")
    pays = sorted(
        {c["pay"] for c in kinds(eng, gid, kind="play") if c["card"] == "march" and c["mode"] == "powered"}
    )
    assert pays == ["crystal:green", "die:1"]  # gold by day, not black (die 2)
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "powered", "option": 0, "pay": "die:1"})
    t = eng.table(gid)
    assert t.game.players[0].move == 4 and t.game.players[0].dice == [1]
    # the die was used: red rage cannot be powered (die 0 would be a second die)
    assert not [c for c in kinds(eng, gid, kind="play") if c["card"] == "rage" and c["mode"] == "powered"]


def test_black_mana_only_at_night_and_gold_never():
    """MK:5:Mana:2: at night gold is depleted; black pays only black"""
    eng, gid = sit("mana_source", edit=lambda g: g.update(night=True))
    pays = sorted(
        {c["pay"] for c in kinds(eng, gid, kind="play") if c["card"] == "march" and c["mode"] == "powered"}
    )
    assert pays == ["crystal:green"]


def test_E15_reputation_modifier_anchors():
    """E-15, MK:8:Interact:2a: space -2 -> -1, -4 -> -2, +2 -> +1; -7 is the X space"""
    assert actions.REPUTATION_MODIFIER[-2] == -1
    assert actions.REPUTATION_MODIFIER[-4] == -2
    assert actions.REPUTATION_MODIFIER[2] == 1


def _village_unit(eng, gid):
    t = eng.table(gid)
    return next(
        u
        for u in t.zone(state.UNIT_OFFER)
        if card_name(u) in content().units and "village" in content().units[card_name(u)].recruit_sites
    )


def test_E15_reputation_modifier_applies_once_when_recruiting():
    """E-15, MK:8:Interact:2a, MK:8:Interact:4a: at reputation -2 the pool is influence - 1"""
    eng, gid = sit("village")
    uid = _village_unit(eng, gid)
    cost = content().units[card_name(uid)].influence_cost

    def at(rep):
        def edit(g):
            g["seat"][0]["influence"] = cost
            g["seat"][0]["reputation"] = rep

        return edit

    eng, gid = sit("village", edit=at(-2))
    assert {"kind": "recruit", "unit": uid} not in kinds(eng, gid)
    eng, gid = sit("village", edit=at(0))
    assert {"kind": "recruit", "unit": uid} in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "recruit", "unit": uid})
    t = eng.table(gid)
    assert [u.uid for u in t.game.players[0].units] == [uid]
    assert t.game.players[0].acted and t.game.players[0].influence == 0
    assert uid not in t.zone(state.UNIT_OFFER)  # not replaced this round
    assert not kinds(eng, gid, kind="move")  # the interaction was the action


def test_village_healing_costs_three_influence():
    """MK:8:Interact:4b: one wound from hand for 3 influence in a village"""
    eng, gid = sit("village", edit=lambda g: g["seat"][0].update(influence=3))
    assert {"kind": "buy_heal"} in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "buy_heal"})
    assert "wound" not in names(eng.table(gid), state.hand(0))


def test_E19_plundering_a_village_before_the_turn():
    """E-19, MK:6:Turn:1: offered only at the start of the turn; reputation -1, draw 2"""
    eng, gid = sit("village")
    assert {"kind": "plunder"} in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "plunder"})
    t = eng.table(gid)
    assert t.game.players[0].reputation == -1 and len(t.zone(state.hand(0))) == 5
    assert {"kind": "plunder"} not in kinds(eng, gid)
    eng, gid = sit("village")
    eng.submit(gid, 0, {"kind": "play", "card": "promise", "mode": "basic", "option": 0, "pay": ""})
    assert {"kind": "plunder"} not in kinds(eng, gid)


def test_a_mine_gives_its_crystal_at_the_end_of_the_turn():
    """MK:11:EoT:4"""
    eng, gid = sit("mine_glade")
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    assert eng.table(gid).game.players[0].crystals == {"green": 1}


def test_a_glade_gives_gold_by_day_and_takes_a_wound_at_the_end():
    """MK:11:EoT:4 (site card): gold token at the start of the turn by day, a wound removed at the end"""
    eng, gid = sit("mine_glade", edit=lambda g: g["seat"][0].update(pos="1,-3"))
    t = eng.table(gid)
    assert t.game.players[0].tokens == ["gold"]
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    t = eng.table(gid)
    assert "wound" not in names(t, state.hand(0)) + names(t, state.discard(0))


def test_minimum_card_rule_needs_a_discard_when_nothing_was_played():
    """MK:6:Turn:5a"""
    eng, gid = sit("mine_glade")
    ends = kinds(eng, gid, kind="end_turn")
    assert ends == [{"kind": "end_turn", "discard": "march"}]
    assert eng.check(gid, 0, {"kind": "end_turn"}).rule == "MK:6:Turn:5a"


def test_provoking_a_rampaging_enemy_starts_a_combat():
    """MK:7:Move:4c: stepping between two spaces next to a rampaging enemy ends the move in combat"""
    eng, gid = sit("provoke")
    t = eng.table(gid)
    orc = t.game.board.spaces["3,-3"].enemies[0]
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    t = eng.table(gid)
    c = t.game.combat
    assert c is not None and [e.uid for e in c.enemies] == [orc] and c.phase == "ranged"
    assert t.game.players[0].acted
    legal = kinds(eng, gid)
    assert {"kind": "next"} in legal and not [x for x in legal if x["kind"] == "move"]
    # fight it out doing nothing: the hero takes the orc's unblocked attack
    for _ in range(2):
        eng.submit(gid, 0, {"kind": "next"})  # ranged -> block -> damage
    eng.submit(gid, 0, {"kind": "assign", "enemy": orc, "attack": 0, "to": "hero"})
    eng.submit(gid, 0, {"kind": "next"})
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    assert t.game.combat is None
    attack = content().enemies[card_name(orc)].attacks[0].value
    assert names(t, state.hand(0)).count("wound") == -(-attack // 2)  # MK:9:Damage:5b, armour 2
    assert t.game.board.spaces["3,-3"].enemies == [orc]  # undefeated: it stays


def test_block_points_from_a_card_join_the_combat_pool():
    """MK:8:Combat:3, MK:4:Deed:3e: in the block phase a card's block and a sideways Block 1 count"""
    eng, gid = sit("provoke")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    eng.submit(gid, 0, {"kind": "next"})
    plays = kinds(eng, gid, kind="play")
    assert {"kind": "play", "card": "march", "mode": "sideways", "option": 1, "pay": ""} in plays
    assert not [c for c in plays if c["card"] == "march" and c["mode"] == "basic"]  # move 2 is no block
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "sideways", "option": 1, "pay": ""})
    pool = eng.table(gid).game.combat.pool
    assert [(p.kind, p.value) for p in pool] == [("block", 1)]


def test_E11_greatest_leader_counts_wounded_units_half_rounded_down():
    """E-11, MK:15:Score: 2 + floor(3/2) + floor(1/2) = 3, and the title +3 alone"""
    eng, gid = sit("leader")
    t = eng.table(gid)
    assert category_points(t, 0)["leader"] == 3
    assert category_points(t, 1)["leader"] == 2
    _scores, lines = final_scores(t)
    assert "title leader +3" in lines[0]


def test_level_two_offers_a_skill_and_an_advanced_action():
    """MK:11:EoT:6b: fame 3 reaches level 2 at the end of the turn: 2 skills shown x 3 offered AAs"""
    eng, gid = sit("explore", edit=lambda g: g["seat"][0].update(fame=2))
    eng.submit(gid, 0, kinds(eng, gid, kind="explore")[0])
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    t = eng.table(gid)
    assert t.game.phase == "levelup" and t.game.players[0].level == 2
    choices = kinds(eng, gid)
    assert len(choices) == 6 and {c["kind"] for c in choices} == {"level_up"}
    pick = choices[0]
    eng.submit(gid, 0, pick)
    t = eng.table(gid)
    assert t.game.players[0].skills == [pick["skill"]]
    assert pick["card"] in t.zone(state.hand(0)) + t.zone(state.deck(0))
    assert len(t.zone(state.AA_OFFER)) == 3 and len(t.zone(state.SKILL_OFFER)) == 1
    assert t.game.phase == "turn" and t.game.active == 1


def test_crystallize_pays_a_mana_for_a_crystal_of_its_colour():
    """MK:5:Mana:1b, MK:5:Effects:1: the basic effect's own mana cost is part of the payment"""
    eng, gid = sit("crystallize")
    opts = [c for c in kinds(eng, gid, kind="play") if c["card"] == "crystallize" and c["mode"] == "basic"]
    assert {"kind": "play", "card": "crystallize", "mode": "basic", "option": 0, "pay": "token:red"} in opts
    eng.submit(
        gid, 0, {"kind": "play", "card": "crystallize", "mode": "basic", "option": 0, "pay": "token:red"}
    )
    p = eng.table(gid).game.players[0]
    assert p.crystals == {"red": 1} and p.tokens == []


def test_mana_draw_allows_a_second_source_die():
    """MK:5:Mana:3a: one die per turn unless an effect allows more"""
    eng, gid = sit("crystallize")
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "powered", "option": 0, "pay": "die:1"})
    red_die = {"kind": "play", "card": "crystallize", "mode": "basic", "option": 0, "pay": "die:0"}
    assert red_die not in kinds(eng, gid, kind="play")
    eng.submit(gid, 0, {"kind": "play", "card": "mana_draw", "mode": "basic", "option": 0, "pay": ""})
    assert red_die in kinds(eng, gid, kind="play")


def test_combat_preview_in_words():
    """The table shows each combat command's effect; assigning damage names the wounds"""
    eng, gid = sit("provoke")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    eng.submit(gid, 0, {"kind": "next"})
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    orc = t.game.board.spaces["3,-3"].enemies[0]
    words = eng.ruleset(gid).preview(t, 0, {"kind": "assign", "enemy": orc, "attack": 0, "to": "hero"})
    assert words and "wound" in words


def test_revealing_the_city_gives_everyone_one_last_turn():
    """MK:18:Scen:FirstRecon: the revealer and every other seat get one more turn, then the end"""
    eng, gid = sit("city_reveal")
    spots = kinds(eng, gid, kind="explore")
    assert spots == [{"kind": "explore", "at": "4,-5"}]  # a core tile touches 2 tiles
    eng.submit(gid, 0, spots[0])  # core_5, the city
    t = eng.table(gid)
    assert t.game.end_after_turn and t.game.players[0].fame == 1
    eng.submit(gid, 0, kinds(eng, gid, kind="end_turn")[0])
    t = eng.table(gid)
    assert t.game.scenario_end and t.game.final_turns == [1, 0] and t.game.active == 1
    for seat in (1, 0):
        assert eng.table(gid).game.active == seat
        eng.submit(gid, seat, kinds(eng, gid, seat, kind="end_turn")[0])
    t = eng.table(gid)
    assert t.over
    over = next(e for e in eng.store.read(gid) if e.type == "game.over")
    assert "city" in over.data["reason"] and over.data["winners"] == [0]


def test_great_start_draws_two_and_planning_keeps_one_more():
    """MK:4:Round:3b: tactic effects in the vocabulary"""
    eng, gid = new_game("mage-knight", 2, seed=3)
    eng.submit(gid, 1, {"kind": "tactic", "tactic": "great_start"})
    assert len(eng.table(gid).zone(state.hand(1))) == 7
    eng.submit(gid, 0, {"kind": "tactic", "tactic": "planning"})
    t = eng.table(gid)
    assert t.game.active == 0
    hand = names(t, state.hand(0))
    # play one card sideways and end the turn: 4 cards left >= 2, so 6 are drawn up to
    card = next(n for n in hand if n != "wound")
    eng.submit(gid, 0, {"kind": "play", "card": card, "mode": "sideways", "option": 1, "pay": ""})
    eng.submit(gid, 0, {"kind": "end_turn"})
    assert len(eng.table(gid).zone(state.hand(0))) == 6


def test_keep_defender_revealed_by_day_then_assaulted():
    """MK:7:Move:5 (day reveal next to a keep), MK:8:Combat:1a: entering the keep ends the move,
    costs 1 reputation and fights its fortified defender"""
    eng, gid = sit("keep_assault")
    eng.submit(gid, 0, {"kind": "explore", "at": "6,-4"})
    t = eng.table(gid)
    assert t.game.board.spaces["7,-5"].site == "keep" and t.game.board.spaces["7,-5"].enemies == []
    assert len(t.zone(state.garrison("7,-5"))) == 1  # face down
    for step in ("5,-3", "5,-4", "6,-5"):
        eng.submit(gid, 0, {"kind": "move", "to": step})
    t = eng.table(gid)
    guard = t.game.board.spaces["7,-5"].enemies
    assert len(guard) == 1 and t.zone(state.at("7,-5")) == guard  # revealed, face up
    eng.submit(gid, 0, {"kind": "move", "to": "7,-5"})
    t = eng.table(gid)
    p = t.game.players[0]
    assert p.reputation == -1 and p.acted and p.pos == "7,-5"
    c = t.game.combat
    assert [e.uid for e in c.enemies] == guard and c.enemies[0].defends_fortified_site
    # a plain ranged attack cannot target a site-fortified defender in the ranged phase
    assert not [x for x in kinds(eng, gid) if x["kind"] == "attack"]
    while eng.table(gid).game.combat is not None:
        legal = kinds(eng, gid)
        eng.submit(gid, 0, next(x for x in legal if x["kind"] in ("assign", "next")))
    t = eng.table(gid)
    assert t.game.board.spaces["7,-5"].conquered_by == -1 and t.game.board.spaces["7,-5"].enemies == guard


def test_keep_conquered_when_its_defender_falls():
    """MK:8:Combat:1a, MK:10:Attack:1, MK:10:Result:3: a powered Rage (attack 4) beats the
    crossbowmen (armour 4) in the attack phase; the keep takes the seat's shield, fame +3"""
    eng, gid = sit(
        "keep_assault",
        forced={"shuffle:enemies:gray": [["gray_crossbowmen#1"]]},
        edit=lambda g: g["seat"][0].update(crystals={"red": 1}),
    )
    eng.submit(gid, 0, {"kind": "explore", "at": "6,-4"})
    for step in ("5,-3", "5,-4", "6,-5", "7,-5"):
        eng.submit(gid, 0, {"kind": "move", "to": step})
    eng.submit(gid, 0, {"kind": "next"})  # ranged -> block
    eng.submit(gid, 0, {"kind": "next"})  # block -> damage
    eng.submit(gid, 0, {"kind": "assign", "enemy": "gray_crossbowmen#1", "attack": 0, "to": "hero"})
    eng.submit(gid, 0, {"kind": "next"})  # damage -> attack
    assert names(eng.table(gid), state.hand(0)).count("wound") == 2  # ceil(4 / 2)
    eng.submit(gid, 0, {"kind": "play", "card": "rage", "mode": "powered", "option": 0, "pay": "crystal:red"})
    eng.submit(gid, 0, {"kind": "attack", "targets": ["gray_crossbowmen#1"], "use": ["melee"]})
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    assert t.game.combat is None
    assert t.game.board.spaces["7,-5"].conquered_by == 0 and t.game.board.spaces["7,-5"].enemies == []
    assert "gray_crossbowmen#1" in t.zone(state.enemy_discard("gray"))
    assert t.game.players[0].fame == 1 + 3
    assert category_points(t, 0)["conqueror"] == 2


def test_improvisation_discards_another_card_as_its_cost():
    """MK:4:Deed:6: the discard is named in the payment; a wound never pays it"""
    eng, gid = sit(
        "e18_rest",
        options={"heroes": "goldyx"},
        edit=lambda g: g["seat"][0].update(hand=["improvisation", "march", "wound"]),
    )
    opts = [c for c in kinds(eng, gid, kind="play") if c["card"] == "improvisation" and c["mode"] == "basic"]
    assert {c["pay"] for c in opts} == {"discard:march"}
    eng.submit(
        gid,
        0,
        {"kind": "play", "card": "improvisation", "mode": "basic", "option": 0, "pay": "discard:march"},
    )
    t = eng.table(gid)
    assert t.game.players[0].move == 3 and names(t, state.discard(0)) == ["march"]
    assert names(t, state.hand(0)) == ["wound"]


def test_healing_a_wounded_unit_costs_its_level():
    """MK:11:Wounds:3: Tranquility's heal 1 heals a wounded level-1 unit when no wound is in hand"""

    def edit(g):
        g["seat"][0].update(hand=["tranquility", "march"], units=["peasants"], wounded_units=[0])

    eng, gid = sit("e18_rest", edit=edit)
    heal = next(
        c
        for c in kinds(eng, gid, kind="play")
        if c["card"] == "tranquility" and c["mode"] == "basic" and c["option"] == 0
    )
    eng.submit(gid, 0, heal)
    assert eng.table(gid).game.players[0].units[0].wounded is False


def test_recruiting_without_a_free_command_token_disbands_a_unit():
    """MK:5:Units:4a: the new unit needs a command token; a disbanded unit leaves the game"""
    eng, gid = sit("village", edit=lambda g: g["seat"][0].update(influence=12, units=["utem_swordsmen"]))
    uid = _village_unit(eng, gid)
    old = eng.table(gid).game.players[0].units[0].uid
    recruits = [c for c in kinds(eng, gid, kind="recruit") if c["unit"] == uid]
    assert recruits == [{"kind": "recruit", "unit": uid, "disband": old}]
    eng.submit(gid, 0, recruits[0])
    t = eng.table(gid)
    assert [u.uid for u in t.game.players[0].units] == [uid] and old in t.zone(state.OUT)


def test_level_up_option_b_takes_another_heros_skill_from_the_common_offer():
    """MK:11:EoT:6b option B: another hero's skill from the common offer and the lowest AA"""

    def edit(g):
        g["seat"][0].update(fame=2)
        g["seat"][1].update(fame=2, pos="2,-3", hand=["march", "stamina"])

    eng, gid = sit("explore", edit=edit)
    eng.submit(gid, 0, kinds(eng, gid, kind="explore")[0])
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    first = kinds(eng, gid)[0]
    eng.submit(gid, 0, first)  # option A: the other skill goes to the offer
    t = eng.table(gid)
    offered = list(t.zone(state.SKILL_OFFER))
    assert len(offered) == 1 and t.game.active == 1
    eng.submit(gid, 1, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    eng.submit(gid, 1, kinds(eng, gid, 1, kind="explore")[0])
    eng.submit(gid, 1, {"kind": "end_turn"})
    t = eng.table(gid)
    lowest = t.zone(state.AA_OFFER)[-1]
    b = {"kind": "level_up", "skill": offered[0], "card": lowest}
    assert b in kinds(eng, gid, 1)
    shown = list(t.zone(state.skills_shown(1)))
    eng.submit(gid, 1, b)
    t = eng.table(gid)
    assert t.game.players[1].skills == [offered[0]]
    assert sorted(t.zone(state.SKILL_OFFER)) == sorted(shown)


def test_an_altar_takes_its_mana_for_its_fame():
    """Ancient ruins (ruins token, public-list): a red altar revealed by day takes 3 red mana for
    7 fame, and the ruins take the seat's shield (MK:7:Move:5, MK:8:Combat:1b)"""

    def edit(g):
        g["tiles_top"] = ["countryside_11"]
        g["seat"][0].update(crystals={"red": 3})

    eng, gid = sit("keep_assault", forced={"shuffle:ruins": [["altar_red"]]}, edit=edit)
    eng.submit(gid, 0, {"kind": "explore", "at": "6,-4"})
    t = eng.table(gid)
    assert t.game.board.spaces["5,-4"].site == "ancient_ruins" and t.zone(state.at("5,-4")) == ["altar_red"]
    for step in ("4,-3", "5,-4"):
        eng.submit(gid, 0, {"kind": "move", "to": step})
    enter = [c for c in kinds(eng, gid) if c["kind"] == "enter"]
    assert enter == [{"kind": "enter", "pay": "crystal:red+crystal:red+crystal:red"}]
    eng.submit(gid, 0, enter[0])
    t = eng.table(gid)
    p = t.game.players[0]
    assert p.fame == 1 + 7 and p.crystals == {} and p.acted
    assert t.game.board.spaces["5,-4"].conquered_by == 0 and "altar_red" in t.zone(state.RUINS_DISCARD)


def test_path_finding_lowers_the_forest_to_two_for_the_turn():
    """MK:7:Move:7a: Path Finding's basic effect (move 2, every terrain -1, not below 2) lets the
    hero into the day forest (3) with 2 points; the modifier lasts to the end of the turn"""
    eng, gid = sit("move_day_night", edit=lambda g: g["seat"][0].update(hand=["path_finding"], move=0))
    assert {"kind": "move", "to": "1,-3"} not in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "play", "card": "path_finding", "mode": "basic", "option": 0, "pay": ""})
    assert {"kind": "move", "to": "1,-3"} in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "move", "to": "1,-3"})
    p = eng.table(gid).game.players[0]
    assert p.pos == "1,-3" and p.move == 0


def test_end_of_turn_discards_any_non_wound_cards():
    """MK:11:EoT:7: before drawing, any number of non-wound cards may be discarded"""
    eng, gid = sit("e18_rest", edit=lambda g: g["seat"][0].update(hand=["march", "rage", "rage", "wound"]))
    ends = {c.get("discard", "") for c in kinds(eng, gid, kind="end_turn")}
    assert ends == {"march", "rage", "march,rage", "rage,rage", "march,rage,rage"}
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march,rage,rage"})
    t = eng.table(gid)
    assert names(t, state.discard(0)) == ["march", "rage", "rage"]
    assert len(t.zone(state.hand(0))) == 5  # the wound kept, 4 drawn


def test_dungeon_fight_has_no_units_and_runs_by_night():
    """MK:8:Combat:1b (dungeon site card): one brown token is drawn; units cannot be used"""

    def edit(g):
        g["tiles_top"] = ["countryside_7"]
        g["seat"][0].update(units=["peasants"])

    eng, gid = sit("keep_assault", edit=edit)
    eng.submit(gid, 0, {"kind": "explore", "at": "6,-4"})
    for step in ("5,-3", "6,-3"):
        eng.submit(gid, 0, {"kind": "move", "to": step})
    assert {"kind": "enter"} in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "enter"})
    t = eng.table(gid)
    c = t.game.combat
    assert len(c.enemies) == 1 and c.enemies[0].pile == "brown" and c.units == [] and c.night
    assert not kinds(eng, gid, kind="activate")


def test_whirlwind_stops_an_enemys_attack():
    """MK:8:Combat:4: Whirlwind's basic effect (1 white mana) makes the chosen enemy not attack:
    no block is needed and no damage comes through"""
    eng, gid = sit(
        "provoke", edit=lambda g: g["seat"][0].update(hand=["whirlwind", "march"], tokens=["white"])
    )
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    orc = eng.table(gid).game.combat.enemies[0].uid
    play = {
        "kind": "play",
        "card": "whirlwind",
        "mode": "basic",
        "option": 0,
        "pay": "token:white",
        "target": orc,
    }
    assert play in kinds(eng, gid)
    eng.submit(gid, 0, play)
    assert eng.table(gid).game.combat.enemies[0].uid == orc
    while eng.table(gid).game.combat is not None:
        legal = kinds(eng, gid)
        assert not [c for c in legal if c["kind"] == "assign"]
        eng.submit(gid, 0, {"kind": "next"})
    assert "wound" not in names(eng.table(gid), state.hand(0))


def _wounded_unit_at_the_village(influence, hand=("promise", "threaten")):
    """A level-2 unit (Utem Swordsmen) wounded, no wound card in hand, at the village."""

    def edit(g):
        g["seat"][0].update(hand=list(hand), influence=influence, units=["utem_swordsmen"], wounded_units=[0])

    return sit("village", edit=edit)


def test_bought_healing_points_are_pooled_to_heal_a_wounded_unit():
    """MK:8:Interact:4b, MK:11:Wounds:3 (the digest's 5.10): healing points bought (3 influence
    each in a village) are pooled; a wounded unit heals for its level in points (here 2), even
    with no wound card in hand"""
    eng, gid = _wounded_unit_at_the_village(6)
    assert {"kind": "buy_heal"} in kinds(eng, gid)
    eng.submit(gid, 0, {"kind": "buy_heal"})
    p = eng.table(gid).game.players[0]
    assert p.units[0].wounded and p.healing == 1 and p.influence == 3  # one point: not yet enough
    eng.submit(gid, 0, {"kind": "buy_heal"})
    p = eng.table(gid).game.players[0]
    assert not p.units[0].wounded and p.healing == 0 and p.influence == 0


def test_healing_from_a_card_and_bought_healing_are_one_pool():
    """MK:11:Wounds:3 (the digest's 5.10): a card's Heal and bought points add up; a wound card
    in hand takes the first point (the engine's reading: the order is not asked)"""
    eng, gid = _wounded_unit_at_the_village(3, hand=("tranquility", "wound"))
    heal = next(
        c
        for c in kinds(eng, gid, kind="play")
        if c["card"] == "tranquility" and c["mode"] == "basic" and c["option"] == 0
    )
    eng.submit(gid, 0, heal)  # Heal 1: the wound card in hand
    t = eng.table(gid)
    assert "wound" not in names(t, state.hand(0)) and t.game.players[0].healing == 0
    assert t.game.players[0].units[0].wounded
    eng.submit(gid, 0, {"kind": "buy_heal"})  # 1 point pooled of the unit's 2
    assert eng.table(gid).game.players[0].healing == 1


def test_unused_healing_points_are_lost_at_the_end_of_the_turn():
    """MK:11:Wounds:3: healing points last only for the turn"""
    eng, gid = _wounded_unit_at_the_village(3)
    eng.submit(gid, 0, {"kind": "buy_heal"})
    assert eng.table(gid).game.players[0].healing == 1
    end = next(c for c in kinds(eng, gid, kind="end_turn"))
    eng.submit(gid, 0, end)
    assert eng.table(gid).game.players[0].healing == 0


def test_nothing_to_heal_offers_no_healing_to_buy():
    """MK:8:Interact:4b: no wound in hand and no wounded unit: buying healing is not offered"""
    eng, gid = sit("village", edit=lambda g: g["seat"][0].update(hand=["promise", "threaten"], influence=6))
    assert {"kind": "buy_heal"} not in kinds(eng, gid)
