"""Spells played with their real effects, the basic side by day and the stronger side by night
(MK:4:Deed:3b, MK:5:Effects:1, content/readings.json)."""

from tests.games.mage_knight.test_cards_advanced import fight, legal, names, play_first, player, pool, sit


def to_attack_phase(eng, gid):
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] in ("assign", "next"))
        eng.submit(gid, 0, cmd)


def foe(eng, gid, enemy: str):
    return next(e for e in eng.table(gid).game.combat.enemies if e.enemy == enemy)


def test_mana_bolt_by_day_pays_white_for_an_ice_ranged_attack():
    """MK:8:Combat:3: Mana Bolt basic (blue): a second mana picks the attack; white gives Ice
    Ranged Attack 6, usable in the ranged phase (blue's melee Ice Attack 8 is not offered there)"""
    eng, gid = fight(hand=["mana_bolt"], tokens=["blue", "white", "blue"])
    opts = legal(eng, gid, card="mana_bolt", mode="basic")
    assert {c["option"] for c in opts} == {2}  # white ranged; green siege: no green held
    play_first(eng, gid, card="mana_bolt", mode="basic", option=2, pay="token:blue+token:white")
    assert pool(eng, gid) == [("ranged", "ice", 6)]


def test_mana_bolt_by_night_is_three_stronger():
    """MK:4:Deed:3b: Mana Bolt powered (blue + black) at night: white gives Ice Ranged Attack 9;
    by day the stronger side is not offered"""
    eng, gid = fight(hand=["mana_bolt"], tokens=["blue", "white", "black"])
    assert legal(eng, gid, card="mana_bolt", mode="powered") == []
    eng, gid = fight(night=True, hand=["mana_bolt"], tokens=["blue", "white", "black"])
    play_first(eng, gid, card="mana_bolt", mode="powered", option=2)
    assert pool(eng, gid) == [("ranged", "ice", 9)]


def test_chill_stops_the_attack_and_takes_fire_resistance():
    """MK:8:Combat:4: Chill basic (blue): an enemy without ice resistance does not attack and
    loses its fire resistance for the combat"""
    eng, gid = fight(hand=["chill"], tokens=["blue"])
    uid = foe(eng, gid, "green_elven_protectors").uid
    play_first(eng, gid, card="chill", mode="basic", target=uid)
    e = foe(eng, gid, "green_elven_protectors")
    assert e.prevented and "fire" not in e.resistances


def test_expose_strips_resistances_and_adds_a_ranged_attack():
    """MK:8:Combat:4: Expose basic (white): an enemy loses its resistances; Ranged Attack 2"""
    eng, gid = fight(hand=["expose"], tokens=["white"])
    uid = foe(eng, gid, "green_elven_protectors").uid
    play_first(eng, gid, card="expose", mode="basic", target=uid)
    assert foe(eng, gid, "green_elven_protectors").resistances == []
    assert pool(eng, gid) == [("ranged", "physical", 2)]


def test_whirlwind_by_night_destroys_an_enemy_in_the_attack_phase():
    """MK:8:Combat:4: Tornado (Whirlwind powered, white + black, night): an enemy is destroyed in
    the attack phase, with its fame"""
    eng, gid = fight(night=True, hand=["whirlwind"], tokens=["white", "black"])
    assert legal(eng, gid, card="whirlwind", mode="powered") == []  # not in the ranged phase
    to_attack_phase(eng, gid)
    uid = foe(eng, gid, "green_elven_protectors").uid
    play_first(eng, gid, card="whirlwind", mode="powered", target=uid)
    assert foe(eng, gid, "green_elven_protectors").defeated


def test_demolish_lowers_every_enemys_armour():
    """MK:8:Combat:4: Demolish basic (red): fortifications ignored this turn, every enemy
    without fire resistance Armour -1"""
    eng, gid = fight(hand=["demolish"], tokens=["red"], enemies=("green_prowlers",))
    play_first(eng, gid, card="demolish", mode="basic")
    assert foe(eng, gid, "green_prowlers").armour_mod == -1
    assert player(eng, gid).turn_effects["ignore_fortification"] is True


def test_underground_travel_makes_terrain_cost_one_without_provoking():
    """MK:7:Move:7a: Underground Travel basic (green): Move 3, every terrain costs 1, swamps and
    lakes may not be entered, no rampaging enemy is provoked"""
    eng, gid = sit("cards_village", hand=["underground_travel"], tokens=["green"])
    play_first(eng, gid, card="underground_travel", mode="basic")
    p = player(eng, gid)
    assert p.move == 3 and p.turn_effects["no_provoke"] is True
    assert "swamp" in p.turn_effects["prohibit"]
    assert {m["replace"] for m in p.terrain_mods} == {1}


def test_restoration_by_night_heals_and_readies_units():
    """MK:11:Wounds:3: Rebirth (Restoration powered, green + black, night, not in a forest):
    Heal 3 (a wound in hand, then the wounded Peasants) and ready units of 3 levels"""
    eng, gid = sit(
        "cards_village",
        night=True,
        hand=["restoration", "wound"],
        tokens=["green", "black"],
        units=["peasants"],
        wounded_units=[0],
    )
    play_first(eng, gid, card="restoration", mode="powered")
    assert "wound" not in names(eng, gid, "hand:0")
    assert not player(eng, gid).units[0].wounded


def test_mana_radiance_wounds_per_crystal_and_gives_two():
    """MK:5:Gain:2: Mana Radiance (Mana Meltdown powered, red + black, night): red chosen with two
    red crystals: two wounds, two more red crystals"""
    eng, gid = sit(
        "cards_village", night=True, hand=["mana_meltdown"], tokens=["red", "black"], crystals={"red": 2}
    )
    play_first(eng, gid, card="mana_meltdown", mode="powered", option=0, pay="token:black+token:red")
    assert player(eng, gid).crystals == {"red": 3}  # 2 + 2, the track holds at most 3
    assert names(eng, gid, "hand:0").count("wound") == 2


def test_call_to_arms_by_night_recruits_for_free():
    """MK:5:Units:4a: Summon (Call to Arms powered, white + black, night): a unit of the offer
    joins for free"""
    eng, gid = sit("cards_village", night=True, hand=["call_to_arms"], tokens=["white", "black"])
    cmd = play_first(eng, gid, card="call_to_arms", mode="powered")
    assert [u.uid for u in player(eng, gid).units] == [cmd["gain"]] and player(eng, gid).influence == 0


def block_phase(eng, gid):
    while eng.table(gid).game.combat.phase != "block":
        eng.submit(gid, 0, {"kind": "next"})


def test_burning_shield_adds_fire_attack_after_a_successful_block():
    """MK:9:Block:6: Burning Shield basic (red): Fire Block 4; when the block succeeds, Fire
    Attack 4 joins the attack phase"""
    eng, gid = fight(hand=["burning_shield"], tokens=["red"], enemies=("green_prowlers",))
    block_phase(eng, gid)
    play_first(eng, gid, card="burning_shield", mode="basic")
    uid = foe(eng, gid, "green_prowlers").uid
    play_first(eng, gid, kind="block", enemy=uid)
    assert foe(eng, gid, "green_prowlers").attacks[0].blocked
    to_attack_phase(eng, gid)
    assert ("melee", "fire", 4) in pool(eng, gid)


def test_exploding_shield_destroys_the_blocked_enemy_by_night():
    """MK:9:Block:6: Exploding Shield (Burning Shield powered, red + black, night): the enemy
    blocked with it is destroyed"""
    eng, gid = fight(
        night=True, hand=["burning_shield"], tokens=["red", "black"], enemies=("green_prowlers",)
    )
    block_phase(eng, gid)
    play_first(eng, gid, card="burning_shield", mode="powered")
    uid = foe(eng, gid, "green_prowlers").uid
    play_first(eng, gid, kind="block", enemy=uid)
    assert foe(eng, gid, "green_prowlers").defeated


def test_cure_draws_for_healed_wounds_and_readies_healed_units():
    """MK:11:Wounds:3: Cure basic (white): Heal 2: a wound in hand (a card drawn for it) and the
    wounded Peasants (readied)"""
    eng, gid = sit(
        "cards_village", hand=["cure", "wound"], tokens=["white"], units=["peasants"], wounded_units=[0]
    )
    hand = len(names(eng, gid, "hand:0"))
    play_first(eng, gid, card="cure", mode="basic")
    assert len(names(eng, gid, "hand:0")) == hand - 1 and "wound" not in names(eng, gid, "hand:0")
    u = player(eng, gid).units[0]
    assert not u.wounded and u.ready


def test_space_bending_makes_spaces_two_away_adjacent():
    """MK:7:Move:3: Space Bending basic (blue): spaces two away count as adjacent this turn (at
    their own cost) and moving does not provoke rampaging enemies"""
    from engine.games.mage_knight.map.board import unkey
    from engine.mechanics import hexgrid

    eng, gid = sit("cards_village", hand=["space_bending"], tokens=["blue"], move=4)
    here = unkey(player(eng, gid).pos)
    assert all(hexgrid.distance(here, unkey(c["to"])) == 1 for c in legal(eng, gid, kind="move"))
    play_first(eng, gid, card="space_bending", mode="basic")
    far = [c for c in legal(eng, gid, kind="move") if hexgrid.distance(here, unkey(c["to"])) == 2]
    assert far
    eng.submit(gid, 0, far[0])
    p = player(eng, gid)
    assert p.pos == far[0]["to"] and eng.table(gid).game.combat is None and p.move < 4
