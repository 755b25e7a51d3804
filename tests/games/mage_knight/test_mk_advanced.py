"""Card-specific effects of advanced actions and spells made real (MK:5:Effects:1), each with
its printed effect (readings in catalog.toml)."""

from pathlib import Path

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.effects import Situation, resolutions
from engine.games.mage_knight.content.load import content
from engine.mechanics.zones import card_name
from sim.testing import from_situation

HERE = Path(__file__).with_name("situations")


def sit(name, **kw):
    return from_situation(HERE / f"{name}.toml", **kw)


def play(eng, gid, card, mode, option=0, pay=""):
    eng.submit(gid, 0, {"kind": "play", "card": card, "mode": mode, "option": option, "pay": pay})


def test_in_need_counts_wounds_in_hand_and_on_units():
    """MK:8:Interact:2: In Need basic: influence 3 +1 per wound in hand and on units: 2 in hand
    and one wounded unit give 6"""
    eng, gid = sit("aa_village")
    play(eng, gid, "in_need", "basic")
    assert eng.table(gid).game.players[0].influence == 6


def test_in_need_powered_counts_two_per_wound():
    """MK:8:Interact:2: In Need powered (green): influence 5 +2 per wound: 5 + 6 = 11"""
    eng, gid = sit("aa_village", edit=lambda g: g["seat"][0].update(tokens=["green"]))
    play(eng, gid, "in_need", "powered", pay="token:green")
    assert eng.table(gid).game.players[0].influence == 11


def test_heroic_tale_gives_reputation_per_recruit():
    """MK:8:Interact:4a: Heroic Tale basic: influence 3; each unit recruited this turn gives
    reputation +1 (powered: and fame +1)"""
    eng, gid = sit("aa_village", edit=lambda g: g["seat"][0].update(units=[], wounded_units=[], influence=5))
    play(eng, gid, "heroic_tale", "powered", pay="token:white")
    rec = next(c for c in eng.legal(gid, 0) if c["kind"] == "recruit" and "disband" not in c)
    eng.submit(gid, 0, rec)
    p = eng.table(gid).game.players[0]
    assert p.reputation == 1 and p.fame == 1 and len(p.units) == 1


def test_charm_in_interaction_adds_a_crystal_or_a_recruit_discount():
    """MK:8:Interact:1: Charm basic (white): influence 4, and when interacting a crystal of any
    basic colour or a discount of 3 on one unit"""
    eng, gid = sit("aa_village")
    opts = [
        c for c in eng.legal(gid, 0) if c["kind"] == "play" and c["card"] == "charm" and c["mode"] == "basic"
    ]
    assert sorted({c["option"] for c in opts}) == [0, 1, 2, 3, 4]
    play(eng, gid, "charm", "basic", option=2, pay="token:white")
    p = eng.table(gid).game.players[0]
    assert p.influence == 4 and p.crystals == {"green": 1}
    away = content().cards["charm"].basic_effect
    assert resolutions(away, Situation(interacting=False)) == [[("influence", 4)]]


def test_ambush_adds_two_to_the_first_block_card():
    """MK:9:Block: Ambush basic: move 2; the first block card this turn +2 (attack card +1):
    Cold Toughness's ice block 3 becomes 5"""
    eng, gid = sit("aa_ambush")
    play(eng, gid, "ambush", "basic")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    eng.submit(gid, 0, {"kind": "next"})
    play(eng, gid, "tovak_cold_toughness", "basic", option=1)
    pool = eng.table(gid).game.combat.pool
    assert [(p.kind, p.element, p.value) for p in pool] == [("block", "ice", 5)]
    assert eng.table(gid).game.players[0].card_bonus == []


def test_counterattack_grows_with_enemies_blocked():
    """MK:10:Attack: Counterattack: attack 2 +2 per enemy blocked (powered 4 +3)"""
    c = content().cards["counterattack"]
    assert resolutions(c.basic_effect, Situation(True, blocked=2))[0][0][1]["value"] == 6
    assert resolutions(c.powered_effect, Situation(True, blocked=1))[0][0][1]["value"] == 7


def test_flame_wall_powered_grows_with_enemies():
    """MK:10:Attack: Flame Wall powered: fire attack 5 or fire block 7, +2 per enemy"""
    res = resolutions(content().cards["flame_wall"].powered_effect, Situation(True, enemies=3))
    assert res == [
        [("attack", {"value": 11, "element": "fire", "type": "melee"})],
        [("block", {"value": 13, "element": "fire"})],
    ]


def test_mountain_lore_raises_the_hand_limit_on_hills():
    """MK:11:EoT:7: Mountain Lore basic: move 3; ending the turn on hills, hand limit +1"""
    res = resolutions(content().cards["mountain_lore"].basic_effect)
    assert res == [[("move", 3), ("terrain_hand_limit", (1, 0))]]


def test_chilling_stare_powered_spares_summoned_enemies():
    """MK:8:Combat:4: Chilling Stare powered: one enemy (not ice resistant, arcane immune or
    summoned) does not attack"""
    res = resolutions(content().cards["chilling_stare"].powered_effect, Situation(True))
    foe = res[1][0][1]
    assert foe["prevent"] and foe["exclude_summoned"] and foe["exclude_resistance"] == "ice"


def test_tremor_lowers_every_enemys_armour():
    """MK:8:Combat:4: Tremor basic (red): one enemy armour -3, or every enemy armour -2
    (never below 1)"""
    eng, gid = sit("aa_provoke")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    opts = [
        c for c in eng.legal(gid, 0) if c["kind"] == "play" and c["card"] == "tremor" and c["mode"] == "basic"
    ]
    assert {c["option"] for c in opts} == {0, 1}
    every = next(c for c in opts if c["option"] == 1)
    eng.submit(gid, 0, every)
    c = eng.table(gid).game.combat
    assert [e.armour_mod for e in c.enemies] == [-2] * len(c.enemies)


def test_tremor_powered_lowers_fortified_enemies_more():
    """MK:8:Combat:4: Tremor powered: armour -3 on one enemy, -6 if it is fortified"""
    res = resolutions(content().cards["tremor"].powered_effect, Situation(True))
    assert res[0][0][1]["armour"] == -3 and res[0][0][1]["fortified_armour"] == -6
    assert res[1] == [("all_enemies", {"armour": -2, "fortified_armour": -4, "exclude_resistance": ""})]


def test_chivalry_gives_reputation_and_fame_per_enemy_defeated():
    """MK:10:Attack: Chivalry powered (white): attack 6, or attack 4 with reputation +1 and
    fame +1 for each enemy it defeats"""
    eng, gid = sit("aa_provoke")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    foe = eng.table(gid).game.combat.enemies[0]
    assert foe.armour <= 7  # Tremor -3, then attack 4
    eng.submit(
        gid,
        0,
        {
            "kind": "play",
            "card": "tremor",
            "mode": "basic",
            "option": 0,
            "pay": "token:red",
            "target": foe.uid,
        },
    )
    while eng.table(gid).game.combat.phase != "attack":
        cmds = eng.legal(gid, 0)
        nxt = next((c for c in cmds if c["kind"] == "assign"), None) or {"kind": "next"}
        eng.submit(gid, 0, nxt)
    c = eng.table(gid).game.combat
    foe = c.enemies[0]
    eng.submit(
        gid, 0, {"kind": "play", "card": "chivalry", "mode": "powered", "option": 1, "pay": "token:white"}
    )
    eng.submit(gid, 0, {"kind": "attack", "targets": [foe.uid], "use": ["melee"]})
    p = eng.table(gid).game.players[0]
    assert p.reputation == 1 and p.fame == 1


def test_stout_resolve_basic_discards_a_wound_for_one_more():
    """MK:4:Deed:6: Stout Resolve basic: move, influence, attack or block 2; discarding a wound
    (only a wound) gives 1 more: move 3"""
    eng, gid = sit("aa_stout")
    opts = [
        c
        for c in eng.legal(gid, 0)
        if c["kind"] == "play" and c["card"] == "stout_resolve" and c["mode"] == "basic"
    ]
    assert {c["pay"] for c in opts} == {"", "discard:wound"}
    move3 = next(c for c in opts if c["pay"] == "discard:wound" and c["option"] == 1)
    eng.submit(gid, 0, move3)
    t = eng.table(gid)
    assert t.game.players[0].move == 3
    assert [card_name(c) for c in t.zone(state.discard(0))] == ["wound"]
