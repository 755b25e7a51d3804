"""The card-specific effects of the basic actions (issue 12 item 3), each with its printed
effect, basic and powered, from a situation file (readings in catalog.toml)."""

from pathlib import Path

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.effects import Situation, resolutions, simplified
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name
from sim.testing import from_situation

HERE = Path(__file__).with_name("situations")


def sit(name, **kw):
    return from_situation(HERE / f"{name}.toml", **kw)


def plays(eng, gid, card, mode=None):
    return [
        c
        for c in eng.legal(gid, 0)
        if c["kind"] == "play" and c["card"] == card and (mode is None or c["mode"] == mode)
    ]


def test_concentration_powered_plays_another_action_powered_for_free_plus_two():
    """MK:4:Deed:3a, MK:5:Mana:1: Concentration powered (green): March's powered effect with
    no mana of its own, move 4 + 2 = 6"""
    eng, gid = sit("deeds_boost")
    cmd = {
        "kind": "play",
        "card": "concentration",
        "mode": "powered",
        "option": 0,
        "pay": "token:green",
        "boost": "march",
        "boost_option": 0,
    }
    assert cmd in plays(eng, gid, "concentration", "powered")
    assert not any(c.get("boost") == "mana_draw" for c in plays(eng, gid, "concentration"))  # not plain
    eng.submit(gid, 0, cmd)
    t = eng.table(gid)
    p = t.game.players[0]
    assert p.move == 6 and p.tokens == []
    assert sorted(card_name(c) for c in t.zone(state.play_area(0))) == ["concentration", "march"]


def test_concentration_basic_is_a_blue_white_or_red_token():
    """MK:5:Mana:1: Concentration basic: one mana token of blue, white or red"""
    eng, gid = sit("deeds_boost")
    opts = plays(eng, gid, "concentration", "basic")
    assert len(opts) == 3
    eng.submit(gid, 0, opts[1])
    assert eng.table(gid).game.players[0].tokens == ["green", "white"]


def test_will_focus_boost_is_three():
    """MK:4:Deed:3a: Goldyx's Will Focus powered boosts by 3"""
    assert resolutions(content().cards["goldyx_will_focus"].powered_effect) == [[("card_boost", 3)]]


def test_mana_draw_powered_sets_a_die_gains_two_tokens_and_keeps_it():
    """MK:5:Mana:3, MK:11:EoT:1: Mana Draw powered (white token): take a die not used this turn,
    set it to a basic colour, gain 2 tokens of it; the die is not usable again nor rerolled"""
    eng, gid = sit("deeds_boost", edit=lambda g: g["seat"][0].update(tokens=["white"]))
    opts = plays(eng, gid, "mana_draw", "powered")
    cmd = {
        "kind": "play",
        "card": "mana_draw",
        "mode": "powered",
        "option": 2,
        "pay": "token:white",
        "dice": "0",
    }
    assert cmd in opts
    assert all("," not in c["dice"] for c in opts)
    eng.submit(gid, 0, cmd)
    t = eng.table(gid)
    p = t.game.players[0]
    assert t.game.source[0] == "green" and p.tokens == ["green", "green"] and p.held_dice == [0]
    assert not any("die:0" in c.get("pay", "") for c in eng.legal(gid, 0))
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    eng.submit(gid, 0, {"kind": "end_turn"})
    assert eng.table(gid).game.source[0] == "green"  # returned with its set colour


def test_mana_pull_powered_sets_two_dice():
    """MK:5:Mana:3: Arythea's Mana Pull powered: two dice, each set to a basic colour, one token
    of each; black and gold dice may be taken"""
    eng, gid = sit("deeds_arythea")
    cmd = {
        "kind": "play",
        "card": "arythea_mana_pull",
        "mode": "powered",
        "option": 1,
        "pay": "token:white",
        "dice": "1,2",
    }  # option 1: the colours red and blue
    opts = plays(eng, gid, "arythea_mana_pull", "powered")
    assert cmd in opts
    eng.submit(gid, 0, cmd)
    g = eng.table(gid).game
    a, b = resolutions(content().cards["arythea_mana_pull"].powered_effect)[1][0][1]
    assert g.source[1:] == [a, b] and sorted(g.players[0].tokens) == sorted([a, b])


def test_savage_harvesting_discards_a_card_for_a_crystal_of_its_colour():
    """MK:4:Deed:6, MK:5:Gain:2: Savage Harvesting basic: move 2, and may discard a card (not a
    wound) for a crystal of its colour"""
    eng, gid = sit("deeds_heroes")
    opts = plays(eng, gid, "krang_savage_harvesting", "basic")
    assert {
        "kind": "play",
        "card": "krang_savage_harvesting",
        "mode": "basic",
        "option": 0,
        "pay": "",
    } in opts
    harvest = [c for c in opts if c["option"] == 1]
    assert [c["pay"] for c in harvest] == ["discard:rage"]  # the wound cannot pay
    eng.submit(gid, 0, harvest[0])
    t = eng.table(gid)
    assert t.game.players[0].crystals == {"red": 1} and t.game.players[0].move == 2
    assert "rage" in [card_name(c) for c in t.zone(state.discard(0))]


def test_battle_rage_grows_with_wounds_taken_this_combat():
    """MK:8:Combat:3: Battle Rage: attack 2 (+1 per wound this combat, at most +1); powered
    attack 4 (at most +4)"""
    c = content().cards["krang_battle_rage"]

    def value(tree, wounds):
        return resolutions(tree, Situation(True, "", wounds))[0][0][1]["value"]

    assert [value(c.basic_effect, w) for w in (0, 1, 3)] == [2, 3, 3]
    assert [value(c.powered_effect, w) for w in (0, 2, 6)] == [4, 6, 8]


def test_tirelessness_gives_the_next_movement_card_one_more():
    """MK:4:Deed:3a: Tirelessness basic: move 2; the next movement card this turn +1 move"""
    eng, gid = sit("deeds_wolfhawk")
    eng.submit(
        gid, 0, {"kind": "play", "card": "wolfhawk_tirelessness", "mode": "basic", "option": 0, "pay": ""}
    )
    assert eng.table(gid).game.players[0].move == 2
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    assert eng.table(gid).game.players[0].move == 2 + 3
    eng.submit(gid, 0, {"kind": "play", "card": "stamina", "mode": "basic", "option": 0, "pay": ""})
    assert eng.table(gid).game.players[0].move == 2 + 3 + 2  # used up


def test_tirelessness_powered_gives_every_movement_card_one_more():
    """MK:4:Deed:3a: Tirelessness powered (blue): move 4; every other movement card +1"""
    eng, gid = sit("deeds_wolfhawk")
    eng.submit(
        gid,
        0,
        {
            "kind": "play",
            "card": "wolfhawk_tirelessness",
            "mode": "powered",
            "option": 0,
            "pay": "token:blue",
        },
    )
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    eng.submit(gid, 0, {"kind": "play", "card": "stamina", "mode": "sideways", "option": 0, "pay": ""})
    assert eng.table(gid).game.players[0].move == 4 + 3 + 1  # sideways is not the card's effect


def test_noble_manners_gives_fame_and_reputation_when_interacting():
    """MK:8:Interact:1: Noble Manners powered: influence 4; interacting this turn gives fame +1
    and reputation +1"""
    eng, gid = sit("deeds_norowas")
    eng.submit(
        gid,
        0,
        {
            "kind": "play",
            "card": "norowas_noble_manners",
            "mode": "powered",
            "option": 0,
            "pay": "token:white",
        },
    )
    p = eng.table(gid).game.players[0]
    assert p.influence == 4 and p.fame == 0 and p.interaction_bonus == [1, 1]
    heal = next(c for c in eng.legal(gid, 0) if c["kind"] == "buy_heal")
    eng.submit(gid, 0, heal)
    p = eng.table(gid).game.players[0]
    assert p.fame == 1 and p.reputation == 1 and p.interaction_bonus == []


def test_druidic_paths_powered_lowers_one_terrain_to_at_least_two():
    """MK:7:Move:7a: Druidic Paths powered: move 4; one terrain type costs 1 less (min 2)"""
    res = resolutions(content().cards["braevalar_druidic_paths"].powered_effect)
    forest = [
        r
        for r in res
        if ("terrain_cost", {"terrain": "forest", "amount": -1, "minimum": 2, "replace": None}) in r
    ]
    assert forest == [
        [("move", 4), ("terrain_cost", {"terrain": "forest", "amount": -1, "minimum": 2, "replace": None})]
    ]


def test_standard_basic_actions_are_all_interpreted():
    """MK:5:Effects:1: no card of the standard starting deck has a simplified side left"""
    deck = sorted(set(content().heroes.standard_starting_deck))
    assert len(deck) == 12
    assert [c for c in deck if simplified(content().cards[c])] == []


def test_druidic_paths_basic_lowers_one_space():
    """MK:7:Move:7a: Druidic Paths basic: move 2; one space costs 1 less (min 2) this turn:
    the forest at 1,-3 costs 3 by day, so 2 after"""
    eng, gid = sit("deeds_braevalar")
    opts = plays(eng, gid, "braevalar_druidic_paths", "basic")
    cmd = {
        "kind": "play",
        "card": "braevalar_druidic_paths",
        "mode": "basic",
        "option": 0,
        "pay": "",
        "space": "1,-3",
    }
    assert cmd in opts and all("space" in c for c in opts)
    eng.submit(gid, 0, cmd)
    assert eng.table(gid).game.players[0].move == 2
    assert {"kind": "move", "to": "1,-3"} in eng.legal(gid, 0)
    eng.submit(gid, 0, {"kind": "move", "to": "1,-3"})
    assert eng.table(gid).game.players[0].move == 0


def test_one_with_the_land_powered_blocks_with_the_terrain_cost():
    """MK:9:Block: One with the Land powered: block equal to the unmodified move cost of the
    hero's space, fire by day, ice by night"""
    c = content().cards["braevalar_one_with_the_land"]
    day = resolutions(c.powered_effect, Situation(True, "hills", 0, False))
    night = resolutions(c.powered_effect, Situation(True, "forest", 0, True))
    assert ("block", {"value": 3, "element": "fire"}) in [r[0] for r in day]
    assert ("block", {"value": 5, "element": "ice"}) in [r[0] for r in night]


def test_mana_pull_basic_lets_a_black_die_pay_any_colour_by_day():
    """MK:5:Mana:3: Mana Pull basic: one more Source die; a black die pays any basic colour"""
    eng, gid = sit("deeds_arythea")
    assert not any("die:1" in c.get("pay", "") for c in eng.legal(gid, 0))  # black: depleted by day
    eng.submit(gid, 0, {"kind": "play", "card": "arythea_mana_pull", "mode": "basic", "option": 0, "pay": ""})
    march = {"kind": "play", "card": "march", "mode": "powered", "option": 0, "pay": "die:1"}
    assert march in eng.legal(gid, 0)
    eng.submit(gid, 0, march)
    assert eng.table(gid).game.players[0].move == 4


def test_cold_toughness_powered_adds_one_per_trait_of_the_blocked_enemy():
    """MK:9:Block: Cold Toughness powered: ice block 5, +1 per ability, resistance and attack
    colour of the blocked enemy: fire golems (brutal; fire and physical resistance; fire
    attack) give 5 + 4"""
    eng, gid = sit("deeds_tovak")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    assert t.game.combat.phase == "block"
    golem = t.game.combat.enemies[0].uid
    cmd = {
        "kind": "play",
        "card": "tovak_cold_toughness",
        "mode": "powered",
        "option": 0,
        "pay": "token:blue",
        "blocked": golem,
    }
    assert cmd in plays(eng, gid, "tovak_cold_toughness", "powered")
    eng.submit(gid, 0, cmd)
    pool = eng.table(gid).game.combat.pool
    assert sum(p.value for p in pool if p.kind == "block" and p.element == "ice") == 9


def test_ruthless_coercion_basic_discounts_one_recruit_for_reputation():
    """MK:8:Interact:4a: Ruthless Coercion basic: influence 2; one recruit costs 2 less, and
    reputation -1 if the discount is used"""
    eng, gid = sit("deeds_krang_village")
    t = eng.table(gid)
    unit = next(
        u
        for u in t.zone(state.UNIT_OFFER)
        if card_name(u) in content().units
        and "village" in content().units[card_name(u)].recruit_sites
        and content().units[card_name(u)].influence_cost >= 4
    )
    cost = content().units[card_name(unit)].influence_cost
    eng, gid = sit("deeds_krang_village", edit=lambda g: g["seat"][0].update(influence=cost - 4))
    assert not any(c["kind"] == "recruit" and c["unit"] == unit for c in eng.legal(gid, 0))
    eng.submit(
        gid, 0, {"kind": "play", "card": "krang_ruthless_coercion", "mode": "basic", "option": 0, "pay": ""}
    )
    rec = [c for c in eng.legal(gid, 0) if c["kind"] == "recruit" and c["unit"] == unit]
    assert rec
    eng.submit(gid, 0, rec[0])
    p = eng.table(gid).game.players[0]
    assert p.influence == 0 and p.reputation == -1 and p.recruit_discount == []


def test_ruthless_coercion_powered_readies_units_for_influence():
    """MK:5:Units:6: Ruthless Coercion powered: influence 6, reputation -1; ready a spent unit
    of level I or II for 2 influence per level"""
    eng, gid = sit("deeds_krang_village")
    act = next(c for c in eng.legal(gid, 0) if c["kind"] == "activate")
    eng.submit(gid, 0, act)
    p = eng.table(gid).game.players[0]
    assert not p.units[0].ready
    before = p.influence
    eng.submit(
        gid,
        0,
        {
            "kind": "play",
            "card": "krang_ruthless_coercion",
            "mode": "powered",
            "option": 0,
            "pay": "token:red",
        },
    )
    p = eng.table(gid).game.players[0]
    assert p.influence == before + 6 and p.reputation == -1
    ready = {"kind": "ready_unit", "uid": p.units[0].uid}
    assert ready in eng.legal(gid, 0)
    eng.submit(gid, 0, ready)
    p = eng.table(gid).game.players[0]
    assert p.units[0].ready and p.influence == before + 6 - 2 * content().units["peasants"].level


def test_axe_throw_powered_gives_fame_when_its_phase_defeats_an_enemy():
    """MK:9:Ranged:5: Axe Throw powered: ranged attack 3; fame +1 if it defeats an enemy: the
    enemy at 3,-3 (armour 4) falls to 3 + 1 (Swift Reflexes) in the ranged phase: fame +1 at once"""
    eng, gid = sit("deeds_axe")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    t = eng.table(gid)
    orc = t.game.combat.enemies[0]
    eng.submit(
        gid, 0, {"kind": "play", "card": "axe_throw", "mode": "powered", "option": 0, "pay": "token:white"}
    )
    eng.submit(
        gid, 0, {"kind": "play", "card": "wolfhawk_swift_reflexes", "mode": "basic", "option": 1, "pay": ""}
    )
    assert eng.table(gid).game.players[0].defeat_bonus == [1, 0, False, "ranged"]
    eng.submit(gid, 0, {"kind": "attack", "targets": [orc.uid], "use": ["ranged"]})
    t = eng.table(gid)
    p = t.game.players[0]
    assert p.fame == 1 and p.defeat_bonus == []  # the enemy's own fame comes with the result
    assert t.game.combat is None or t.game.combat.fame == orc.fame
