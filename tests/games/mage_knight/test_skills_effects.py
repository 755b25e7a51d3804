"""Skills used with their real effects: once per turn, or once per round and flipped; the
interactive skills once a round (MK:5:Skills:4a-c, content/readings.json)."""

from tests.games.mage_knight.test_cards_advanced import (
    fight,
    give_skill,
    legal,
    names,
    play_first,
    player,
    pool,
    sit,
)


def test_double_time_moves_two_by_day_and_one_by_night_once_a_turn():
    """MK:5:Skills:4c: Tovak's Double Time: Move 2 by day, Move 1 by night; once per turn"""
    for night, move in ((False, 2), (True, 1)):
        eng, gid = sit("cards_village", night=night)
        give_skill(eng, gid, "tovak_double_time")
        play_first(eng, gid, kind="skill", skill="tovak_double_time")
        assert player(eng, gid).move == move
        assert legal(eng, gid, kind="skill") == []


def test_motivation_flips_for_the_round_and_gives_mana_to_the_lowest_fame():
    """MK:5:Skills:4a: Arythea's Motivation: draw 2; a red token if no one has less fame; once a
    round (flipped face down)"""
    eng, gid = sit("cards_village")
    give_skill(eng, gid, "arythea_motivation")
    hand = len(names(eng, gid, "hand:0"))
    play_first(eng, gid, kind="skill", skill="arythea_motivation")
    p = player(eng, gid)
    assert len(names(eng, gid, "hand:0")) == hand + 2 and p.tokens == ["red"]
    assert p.round_skills == ["arythea_motivation"]
    play_first(eng, gid, kind="end_turn")
    assert legal(eng, gid, kind="skill") == []


def test_glittering_fortune_gives_influence_per_crystal_colour():
    """MK:5:Skills:4c: Goldyx's Glittering Fortune: Influence 1 per colour of crystal owned"""
    eng, gid = sit("cards_village", crystals={"red": 2, "blue": 1, "white": 1})
    give_skill(eng, gid, "goldyx_glittering_fortune")
    play_first(eng, gid, kind="skill", skill="goldyx_glittering_fortune")
    assert player(eng, gid).influence == 3


def test_curse_lowers_an_enemys_armour():
    """MK:8:Combat:4: Krang's Curse: an enemy gets Armour -1 (or Attack -2 in the block phase)"""
    eng, gid = fight(enemies=("green_prowlers",))
    give_skill(eng, gid, "krang_curse")
    cmd = play_first(eng, gid, kind="skill", skill="krang_curse", option=1)
    e = next(x for x in eng.table(gid).game.combat.enemies if x.uid == cmd["target"])
    assert e.armour_mod == -1


def test_resistance_break_lowers_armour_per_resistance():
    """MK:8:Combat:4: Tovak's Resistance Break: Armour -1 for each resistance of the enemy: the
    Orc War Beasts (fire and ice) get -2"""
    eng, gid = fight(enemies=("green_orc_war_beasts",))
    give_skill(eng, gid, "tovak_resistance_break")
    uid = next(e.uid for e in eng.table(gid).game.combat.enemies if e.enemy == "green_orc_war_beasts")
    play_first(eng, gid, kind="skill", skill="tovak_resistance_break", target=uid)
    e = next(x for x in eng.table(gid).game.combat.enemies if x.uid == uid)
    assert e.armour_mod == -2


def test_leadership_raises_the_next_units_block():
    """MK:5:Units:5: Norowas's Leadership: the next unit activated this turn Block +3: Peasants'
    Block 2 gives 5"""
    eng, gid = fight(units=["peasants"])
    while eng.table(gid).game.combat.phase != "block":
        eng.submit(gid, 0, {"kind": "next"})
    give_skill(eng, gid, "norowas_leadership")
    play_first(eng, gid, kind="skill", skill="norowas_leadership", option=0)
    uid = player(eng, gid).units[0].uid
    blocks = [c for c in legal(eng, gid, kind="activate", unit=uid)]
    from engine.games.mage_knight.turn.actions import unit_resolutions

    opt = next(c for c in blocks if unit_resolutions("peasants", c["ability"])[c["option"]][0][0] == "block")
    eng.submit(gid, 0, opt)
    assert pool(eng, gid) == [("block", "physical", 5)]
    assert "unit_bonus" not in player(eng, gid).turn_effects


def test_forward_march_moves_one_per_ready_unit():
    """MK:5:Skills:4c: Norowas's Forward March: Move 1 per ready, unwounded unit (at most 3)"""
    eng, gid = sit("cards_village", units=["peasants", "peasants"])
    give_skill(eng, gid, "norowas_forward_march")
    play_first(eng, gid, kind="skill", skill="norowas_forward_march")
    assert player(eng, gid).move == 2


def test_arcane_disguise_ignores_reputation():
    """MK:8:Interact:2a: Krang's Arcane Disguise: no reputation modifier this turn (at -3 the
    village would take 1 influence)"""
    eng, gid = sit("cards_village", reputation=-3, influence=3)
    give_skill(eng, gid, "krang_arcane_disguise")
    play_first(eng, gid, kind="skill", skill="krang_arcane_disguise", option=1)
    from engine.games.mage_knight.turn.actions import pool as influence_pool

    assert influence_pool(eng.table(gid), 0) == 3


def test_interactive_skill_is_used_once_a_round():
    """MK:5:Skills:4a: Arythea's Ritual of Pain (interactive): throw away up to two wounds from
    hand, then once a round (it goes to the centre for the others)"""
    eng, gid = sit("cards_village", hand=["wound", "wound", "march"])
    give_skill(eng, gid, "arythea_ritual_of_pain")
    play_first(eng, gid, kind="skill", skill="arythea_ritual_of_pain", option=2)
    assert "wound" not in names(eng, gid, "hand:0")
    assert player(eng, gid).round_skills == ["arythea_ritual_of_pain"]


def test_every_active_skill_can_be_offered():
    """MK:5:Skills:4: each once-per-turn, once-per-round or interactive skill has at least one
    resolution the seat could use somewhere (no skill is silently dead); Puppet Master, a
    stand-in, is the one exception"""
    from engine.games.mage_knight.cards.effects import Situation, resolutions
    from engine.games.mage_knight.content.load import content

    dead = []
    for s in content().skills.values():
        if s.usage == "passive" or s.id == "krang_puppet_master":
            continue
        sits = (Situation(), Situation(in_combat=True), Situation(night=True))
        if not any(any(k != "stand_in" for k, _ in r) for st in sits for r in resolutions(s.effect, st)):
            dead.append(s.id)
    assert dead == []


def test_power_of_pain_plays_a_wound_sideways_for_two():
    """MK:4:Deed:3d: Arythea's Power of Pain: one wound may be played sideways, for Move 2"""
    eng, gid = sit("cards_village", hand=["wound", "march"])
    assert legal(eng, gid, card="wound") == []
    give_skill(eng, gid, "arythea_power_of_pain")
    play_first(eng, gid, kind="skill", skill="arythea_power_of_pain")
    play_first(eng, gid, card="wound", mode="sideways", option=0)
    assert player(eng, gid).move == 2 and "wound" not in names(eng, gid, "hand:0")
    assert legal(eng, gid, card="wound") == []


def test_shapeshift_turns_a_basic_actions_move_into_attack():
    """MK:5:Skills:4c: Braevalar's Shapeshift: March's Move 2 given as Attack 2, once"""
    eng, gid = fight(hand=["march", "march"])
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] in ("assign", "next"))
        eng.submit(gid, 0, cmd)
    give_skill(eng, gid, "braevalar_shapeshift")
    play_first(eng, gid, kind="skill", skill="braevalar_shapeshift")
    play_first(eng, gid, card="march", mode="basic")
    assert pool(eng, gid) == [("melee", "physical", 2)]
    assert legal(eng, gid, card="march", mode="basic") == []


def test_regenerate_throws_a_wound_away_and_draws_on_the_heros_colour():
    """MK:11:Wounds:3: Krang's Regenerate: pay red: a wound from hand is thrown away and a card
    drawn"""
    eng, gid = sit("cards_village", hand=["wound", "march"], tokens=["red"])
    give_skill(eng, gid, "krang_regenerate")
    play_first(eng, gid, kind="skill", skill="krang_regenerate", pay="token:red")
    hand = names(eng, gid, "hand:0")
    assert "wound" not in hand and len(hand) == 2


def test_i_dont_give_a_damn_raises_a_sideways_advanced_card_to_three():
    """MK:4:Deed:3e: Tovak's I Don't Give a Damn: the next card played sideways gives 2, an
    advanced action, spell or artifact 3"""
    eng, gid = sit("cards_village", hand=["march", "crystal_mastery"])
    give_skill(eng, gid, "tovak_i_dont_give_a_damn")
    play_first(eng, gid, kind="skill", skill="tovak_i_dont_give_a_damn")
    play_first(eng, gid, card="crystal_mastery", mode="sideways", option=0)
    assert player(eng, gid).move == 3
    play_first(eng, gid, card="march", mode="sideways", option=0)
    assert player(eng, gid).move == 4  # used once


def test_deadly_aim_adds_two_to_an_attack_card_in_the_attack_phase():
    """MK:10:Attack: Wolfhawk's Deadly Aim in the attack phase: the next attack card +2 (Rage's
    Attack 2 gives 4)"""
    eng, gid = fight(hand=["rage"])
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)
    give_skill(eng, gid, "wolfhawk_deadly_aim")
    play_first(eng, gid, kind="skill", skill="wolfhawk_deadly_aim")
    play_first(eng, gid, card="rage", mode="basic", option=0)
    assert pool(eng, gid) == [("melee", "physical", 4)]
