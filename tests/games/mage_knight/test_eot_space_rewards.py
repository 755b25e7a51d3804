"""End-of-turn crystals, space benefits and visits to another hero's space, each from a
situation file: crystal rewards and mines give nothing for a colour of which 3 are held
(MK:11:EoT:4, MK:11:EoT:5a), the deep mine's colour and the magical glade's wound are the seat's
choice (MK:11:EoT:4), and a hero may step onto another hero's space where no PvP may start,
taking no action there and withdrawing at the end of the turn (MK:7:Move:8e)."""

from pathlib import Path

from engine.games.mage_knight import state
from engine.mechanics.zones import card_name
from sim.testing import from_situation

HERE = Path(__file__).with_name("situations")


def sit(name, **kw):
    return from_situation(HERE / f"{name}.toml", **kw)


def names(t, zone):
    return sorted(card_name(c) for c in t.zone(zone))


def prompts(eng, gid):
    return [(p.seat, p.kind, p.rule) for p in eng.ruleset(gid).prompts(eng.table(gid))]


def seat_crystals(**held):
    return lambda g: g["seat"][0].update(crystals=held)


# -- crystal rewards and mines (MK:11:EoT:4, MK:11:EoT:5a) ---------------------------------------
def test_MK_11_EoT_5a_a_colour_held_three_times_is_not_offered_as_a_crystal_reward():
    """3 red crystals held: the gold die's crystal may be blue, green or white, never red"""
    eng, gid = sit("eot_crystal_rewards")
    assert eng.legal(gid, 0) == [{"kind": "reward", "colour": c} for c in ("blue", "green", "white")]
    why = eng.check(gid, 0, {"kind": "reward", "colour": "red"})
    assert why.rule == "MK:11:EoT:5a" and "3 red crystals" in why.reason
    eng.submit(gid, 0, {"kind": "reward", "colour": "white"})
    p = eng.table(gid).game.players[0]
    assert p.crystals == {"red": 3, "white": 1} and p.rewards == [] and p.tokens == []


def test_MK_11_EoT_5a_a_crystal_reward_no_colour_can_hold_gives_nothing():
    """every colour full: the reward is not asked and gives no mana token either"""
    eng, gid = sit("eot_crystal_rewards", edit=seat_crystals(red=3, blue=3, green=3, white=3))
    p = eng.table(gid).game.players[0]
    assert p.rewards == [] and p.tokens == [] and p.crystals == {"red": 3, "blue": 3, "green": 3, "white": 3}
    assert not [c for c in eng.legal(gid, 0) if c["kind"] == "reward"]


def test_MK_11_EoT_5a_the_crystal_that_fills_the_last_colour_drops_the_next_crystal_reward():
    """two crystal rewards, only white not full: the first fills white, the second gives nothing"""

    def edit(g):
        g["seat"][0].update(
            crystals={"red": 3, "blue": 3, "green": 3, "white": 2}, rewards=["crystal", "crystal"]
        )

    eng, gid = sit("eot_crystal_rewards", edit=edit)
    assert eng.legal(gid, 0) == [{"kind": "reward", "colour": "white"}]
    eng.submit(gid, 0, {"kind": "reward", "colour": "white"})
    p = eng.table(gid).game.players[0]
    assert p.rewards == [] and p.crystals["white"] == 3 and p.tokens == []
    assert any(c["kind"] == "play" for c in eng.legal(gid, 0))  # the turn goes on


def test_MK_11_EoT_5a_random_reward_crystals_of_a_full_colour_give_nothing():
    """a monster den's two random crystals both roll red with 3 red held: no crystal, no token"""
    eng, gid = sit("eot_monster_den")
    eng.submit(gid, 0, {"kind": "attack", "targets": ["brown_minotaur#1"], "use": ["melee"]})
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    p = t.game.players[0]
    assert t.game.combat is None and t.game.board.spaces["5,-4"].conquered_by == 0
    rolled = [e.data["face"] for e in eng.store.read(gid) if e.type == "dice.rolled"][-2:]
    assert rolled == ["red", "red"]
    assert p.crystals == {"red": 3} and p.tokens == []


def test_MK_11_EoT_5a_random_reward_crystals_fill_a_colour_up_to_three():
    """the same den with 2 red held: the first red crystal is kept, the second gives nothing"""
    eng, gid = sit("eot_monster_den", edit=seat_crystals(red=2))
    eng.submit(gid, 0, {"kind": "attack", "targets": ["brown_minotaur#1"], "use": ["melee"]})
    eng.submit(gid, 0, {"kind": "next"})
    p = eng.table(gid).game.players[0]
    assert p.crystals == {"red": 3} and p.tokens == []


def test_MK_11_EoT_4_a_mine_gives_nothing_with_three_of_its_colour_held():
    """the green mine with 3 green crystals held: "in diesem Fall bekommst du nichts" """
    eng, gid = sit("mine_glade", edit=seat_crystals(green=3))
    before = len(eng.store.read(gid))
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    assert eng.table(gid).game.players[0].crystals == {"green": 3}
    gained = [e for e in eng.store.read(gid)[before:] if e.type in ("mk.token", "mk.crystal")]
    assert gained == []  # not even a mana token (that is MK:5:Gain:2, for effects)


def test_MK_5_Gain_2_an_effects_crystal_with_three_held_still_becomes_a_mana_token():
    """the contrast: Crystallize's crystal (an effect) with 3 red held comes as a red token"""
    eng, gid = sit("crystallize", edit=seat_crystals(red=3))
    eng.submit(
        gid, 0, {"kind": "play", "card": "crystallize", "mode": "basic", "option": 0, "pay": "token:red"}
    )
    p = eng.table(gid).game.players[0]
    assert p.crystals == {"red": 3} and p.tokens == ["red"]


# -- the deep mine (site rules, MK:11:EoT:4) -------------------------------------------------------
def test_MK_11_EoT_4_a_deep_mine_asks_which_of_its_colours():
    """blue and green both possible: the seat is asked, the end of the turn waits for it"""
    eng, gid = sit("eot_deep_mine")
    t = eng.table(gid)
    assert t.game.board.spaces["6,-3"].site == "deep_mine" and t.game.board.spaces["6,-3"].mines == [
        "blue",
        "green",
    ]
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    assert prompts(eng, gid) == [(0, "answer", "MK:11:EoT:4")]
    assert eng.legal(gid, 0) == [{"kind": "answer", "pick": "blue"}, {"kind": "answer", "pick": "green"}]
    assert eng.check(gid, 0, {"kind": "answer", "pick": "red"}).rule == "MK:11:EoT:4"
    assert len(eng.table(gid).zone(state.hand(0))) == 1  # not drawn yet
    eng.submit(gid, 0, {"kind": "answer", "pick": "green"})
    t = eng.table(gid)
    assert t.game.players[0].crystals == {"green": 1} and t.game.asks == []
    assert len(t.zone(state.hand(0))) == 5  # the end of the turn went on: drawn up
    assert prompts(eng, gid) == [(0, "turn", "MK:6:Turn:6")]


def test_MK_11_EoT_4_a_deep_mine_gives_its_one_holdable_colour_without_asking():
    """3 blue held: the green crystal comes at once; with both full nothing comes"""
    eng, gid = sit("eot_deep_mine", edit=seat_crystals(blue=3))
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    t = eng.table(gid)
    assert t.game.asks == [] and t.game.players[0].crystals == {"blue": 3, "green": 1}
    eng, gid = sit("eot_deep_mine", edit=seat_crystals(blue=3, green=3))
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    p = eng.table(gid).game.players[0]
    assert p.crystals == {"blue": 3, "green": 3} and p.tokens == []


# -- the magical glade (MK:11:EoT:4) ---------------------------------------------------------------
def test_MK_11_EoT_4_the_glade_takes_the_wound_from_hand_or_discard_pile_as_the_seat_chooses():
    """a standard rest puts one wound on the discard pile and keeps one in hand: the seat
    chooses; the discard pile's wound leaves and the hand's stays"""
    eng, gid = sit("eot_glade")
    eng.submit(gid, 0, {"kind": "rest", "card": "march", "wounds": 1})
    t = eng.table(gid)
    assert names(t, state.hand(0)) == ["wound"] and names(t, state.discard(0)) == ["march", "wound"]
    assert prompts(eng, gid) == [(0, "answer", "MK:11:EoT:4")]
    assert eng.legal(gid, 0) == [{"kind": "answer", "pick": "hand"}, {"kind": "answer", "pick": "discard"}]
    eng.submit(gid, 0, {"kind": "answer", "pick": "discard"})
    t = eng.table(gid)
    assert names(t, state.discard(0)) == ["march"] and names(t, state.hand(0)).count("wound") == 1
    assert len(t.zone(state.hand(0))) == 5 and prompts(eng, gid) == [(0, "turn", "MK:6:Turn:6")]


def test_MK_11_EoT_4_the_glade_can_take_the_hands_wound_instead():
    eng, gid = sit("eot_glade")
    eng.submit(gid, 0, {"kind": "rest", "card": "march", "wounds": 1})
    eng.submit(gid, 0, {"kind": "answer", "pick": "hand"})
    t = eng.table(gid)
    assert names(t, state.discard(0)) == ["march", "wound"] and "wound" not in names(t, state.hand(0))


def test_MK_11_EoT_4_the_glade_question_tells_nothing_about_the_hand():
    """the discard pile (public) holds a wound, the hand none: the seat is still asked, with the
    discard pile as its only answer, so that being asked reveals nothing of the hand; a wound in
    the hand alone goes without asking (mine_glade)"""
    eng, gid = sit("eot_glade")
    eng.submit(gid, 0, {"kind": "rest", "card": "march", "wounds": 2})
    t = eng.table(gid)
    assert "wound" not in names(t, state.hand(0)) and names(t, state.discard(0)).count("wound") == 2
    assert prompts(eng, gid) == [(0, "answer", "MK:11:EoT:4")]
    assert eng.legal(gid, 0) == [{"kind": "answer", "pick": "discard"}]
    eng.submit(gid, 0, {"kind": "answer", "pick": "discard"})
    assert names(eng.table(gid), state.discard(0)).count("wound") == 1


# -- another hero's space without PvP (MK:7:Move:8e) -----------------------------------------------
def _visit(eng, gid):
    eng.submit(gid, 0, {"kind": "move", "to": "0,-2"})
    t = eng.table(gid)
    assert t.game.players[0].pos == t.game.players[1].pos == "0,-2" and t.game.combat is None
    return t


def test_MK_7_Move_8e_a_hero_may_enter_another_heros_space_where_no_pvp_may_start():
    """Be Nice: the step onto Arythea's village is offered; there Norowas takes no action (no
    recruiting, no healing), may still end the turn, and is withdrawn to the mine with a wound"""
    eng, gid = sit("eot_no_pvp_step")
    assert {"kind": "move", "to": "0,-2"} in eng.legal(gid, 0)
    _visit(eng, gid)
    kinds = {c["kind"] for c in eng.legal(gid, 0)}
    assert kinds <= {"move", "explore", "play", "activate", "skill", "end_turn"} and "end_turn" in kinds
    why = eng.check(gid, 0, {"kind": "buy_heal"})
    assert why.rule == "MK:7:Move:8e" and "no action" in why.reason
    eng.submit(gid, 0, next(c for c in eng.legal(gid, 0) if c["kind"] == "end_turn"))
    t = eng.table(gid)
    assert t.game.players[0].pos == "1,-2"
    assert names(t, state.hand(0)).count("wound") == 1
    assert any(e.type == "mk.placed" and e.rule == "MK:11:EoT:2" for e in eng.store.read(gid))


def test_MK_7_Move_8e_the_village_is_open_to_the_hero_when_nobody_stands_there():
    """control: with Arythea elsewhere the same step leads to the village's interactions"""
    eng, gid = sit("eot_no_pvp_step", edit=lambda g: g["seat"][1].update(pos="0,0"))
    eng.submit(gid, 0, {"kind": "move", "to": "0,-2"})
    assert {"recruit", "buy_heal"} & {c["kind"] for c in eng.legal(gid, 0)}


def test_MK_7_Move_8e_after_the_round_end_is_announced_the_step_is_a_visit_not_an_attack():
    """Full Conquest: Arythea announces the end of the round; Norowas's last turn may step onto
    her space, where he may not attack her, and he is withdrawn at its end"""
    eng, gid = sit("eot_announced_visit")
    eng.submit(gid, 1, {"kind": "announce"})
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    assert {"kind": "move", "to": "0,-2"} in eng.legal(gid, 0)
    _visit(eng, gid)
    legal = eng.legal(gid, 0)
    assert not [c for c in legal if c["kind"] == "pvp"] and any(c["kind"] == "end_turn" for c in legal)
    assert eng.check(gid, 0, {"kind": "pvp", "target": 1}).rule == "MK:7:Move:8e"
    eng.submit(gid, 0, {"kind": "end_turn"})
    evs = eng.store.read(gid)
    back = [e for e in evs if e.type == "mk.placed" and e.rule == "MK:11:EoT:2"]
    assert [e.data["pos"] for e in back] == ["1,-2"]
    i = evs.index(back[0])
    assert any(
        e.type == "zone.moved"
        and e.data["dst"] == state.hand(0)
        and [card_name(c) for c in e.data["cards"]] == ["wound"]
        for e in evs[i : i + 4]
    )


def test_MK_12_PvP_1_a_step_that_provokes_may_still_not_enter_another_heros_space():
    """the visit is no way around the PvP note: a provoking step onto another hero's space is
    refused with that rule (no situation key makes a space rampaging: the orcs placed on 1,-3
    are marked rampaging on the table, as a revealed tile would mark them)"""
    from engine.games.mage_knight.map.board import provoked, unkey

    eng, gid = sit("eot_no_pvp_step", edit=lambda g: g.update(enemies={"1,-3": ["green_orc_skirmishers"]}))
    t = eng.table(gid)
    t.game.board.spaces["1,-3"].rampaging = "green"
    assert provoked(t.game.board, unkey("1,-2"), unkey("0,-2"))
    assert {"kind": "move", "to": "0,-2"} not in eng.legal(gid, 0)
    assert eng.check(gid, 0, {"kind": "move", "to": "0,-2"}).rule == "MK:12:PvP:1"
