"""Artifacts played with their real effects; the stronger side throws the artifact away where the
card says so (MK:4:Deed:3c, MK:5:Effects:1, content/readings.json)."""

from tests.games.mage_knight.test_cards_advanced import fight, legal, names, play_first, player, pool, sit


def test_ruby_ring_gives_endless_red_and_black_mana_for_the_turn():
    """MK:5:Mana:1: Ruby Ring powered (red): this turn red and black mana without limit; Rage is
    then powered (Attack 4) without spending anything, March (green) is not"""
    eng, gid = sit("cards_village", hand=["ruby_ring", "rage", "march"], tokens=["red"])
    play_first(eng, gid, card="ruby_ring", mode="powered", pay="token:red")
    assert player(eng, gid).turn_effects["endless"] == ["red", "black"]
    assert legal(eng, gid, card="march", mode="powered", pay="endless:red") == []  # March needs green
    eng, gid = fight(hand=["ruby_ring", "rage"], tokens=["red"])
    play_first(eng, gid, card="ruby_ring", mode="powered", pay="token:red")
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] in ("assign", "next"))
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, card="rage", mode="powered", pay="endless:red")
    assert pool(eng, gid) == [("melee", "physical", 4)] and player(eng, gid).tokens == []


def test_banner_of_courage_readies_every_unit():
    """MK:5:Units:6: Banner of Courage powered (any colour): every spent unit is readied"""
    eng, gid = sit(
        "cards_village", hand=["banner_of_courage"], tokens=["white"], units=["peasants", "peasants"]
    )
    for u in player(eng, gid).units:
        play_first(eng, gid, kind="activate", unit=u.uid)
    assert not any(u.ready for u in player(eng, gid).units)
    play_first(eng, gid, card="banner_of_courage", mode="powered")
    assert all(u.ready for u in player(eng, gid).units)
    assert "banner_of_courage" not in names(eng, gid, "play:0")  # thrown away (MK:4:Deed:3c)


def test_druidic_staff_discard_colour_picks_the_effect():
    """MK:4:Deed:6: Druidic Staff basic: discarding Promise (white) gives Move 2 with every space
    costing 1 and no provoking; the stronger side gives two of the four effects"""
    eng, gid = sit("cards_village", hand=["druidic_staff", "promise"])
    play_first(eng, gid, card="druidic_staff", mode="basic", pay="discard:promise")
    p = player(eng, gid)
    assert p.move == 2 and p.turn_effects["no_provoke"] is True
    assert {m["replace"] for m in p.terrain_mods} == {1}
    eng, gid = sit("cards_village", hand=["druidic_staff", "wound"], tokens=["green"])
    cmd = next(c for c in legal(eng, gid, card="druidic_staff", mode="powered") if c["option"] == 0)
    eng.submit(gid, 0, cmd)  # white + blue: Move 2 and two red crystals
    assert player(eng, gid).move == 2 and player(eng, gid).crystals == {"red": 2}


def test_endless_gem_pouch_powered_gives_every_colour_and_gold_by_day():
    """MK:5:Mana:1: Endless Gem Pouch powered: a token of each basic colour, gold by day (black
    by night)"""
    eng, gid = sit("cards_village", hand=["endless_gem_pouch"], tokens=["blue"])
    play_first(eng, gid, card="endless_gem_pouch", mode="powered", pay="token:blue")
    assert sorted(player(eng, gid).tokens) == ["blue", "gold", "green", "red", "white"]
    eng, gid = sit("cards_village", night=True, hand=["endless_gem_pouch"], tokens=["blue"])
    play_first(eng, gid, card="endless_gem_pouch", mode="powered", pay="token:blue")
    assert "black" in player(eng, gid).tokens


def test_endless_gem_pouch_basic_rolls_two_dice_for_crystals():
    """MK:5:Gain:2: Endless Gem Pouch basic: two mana dice rolled: a basic colour gives its
    crystal, gold a gold token, black fame +1 (forced faces red and black)"""
    eng, gid = sit("cards_village", hand=["endless_gem_pouch"])
    eng.force(gid, {"die:mana": ["red", "black"]})
    play_first(eng, gid, card="endless_gem_pouch", mode="basic")
    assert player(eng, gid).crystals == {"red": 1} and player(eng, gid).fame == 1


def test_horn_of_wrath_siege_five_and_a_wound_on_a_red_die():
    """MK:9:Ranged: Horn of Wrath basic: Siege Attack 5; one mana die, a wound on red or black
    (forced red)"""
    eng, gid = fight(hand=["horn_of_wrath"])
    eng.force(gid, {"die:mana": ["red"]})
    play_first(eng, gid, card="horn_of_wrath", mode="basic")
    assert pool(eng, gid) == [("siege", "physical", 5)]
    assert "wound" in names(eng, gid, "hand:0")


def test_book_of_wisdom_takes_an_advanced_action_of_the_thrown_colour():
    """MK:5:Gain:3a: Book of Wisdom basic: throw away an Action card, an advanced action of its
    colour from the offer into the hand"""
    eng, gid = sit("cards_village", hand=["book_of_wisdom", "march", "rage", "swiftness", "stamina"])
    cmd = play_first(eng, gid, card="book_of_wisdom", mode="basic")
    assert cmd["gain"].split("#")[0] in names(eng, gid, "hand:0")
    assert cmd["pay"].split(":")[1] in names(eng, gid, "out")


def test_sword_of_justice_discards_for_attack_three_each():
    """MK:4:Deed:6: Sword of Justice basic: Attack 3 per card discarded (two cards: 6) and fame
    +1 per enemy defeated this combat"""
    eng, gid = fight(hand=["sword_of_justice", "march", "rage"])
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] in ("assign", "next"))
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, card="sword_of_justice", mode="basic", option=1)
    assert pool(eng, gid) == [("melee", "physical", 6)]
    assert player(eng, gid).defeat_bonus[:3] == [1, 0, True]


def test_golden_grail_gives_fame_for_wounds_healed_from_hand():
    """MK:11:Wounds:3: Golden Grail basic: Heal 2 on two wounds in hand: fame +2"""
    eng, gid = sit("cards_village", hand=["golden_grail", "wound", "wound"])
    play_first(eng, gid, card="golden_grail", mode="basic")
    assert player(eng, gid).fame == 2 and "wound" not in names(eng, gid, "hand:0")


def test_tome_of_all_spells_uses_an_offered_spell_of_the_discarded_colour():
    """MK:5:Effects:1b: Tome of All Spells basic: discard Rage (red): the basic effect of the red
    spell in the offer (Demolish: every enemy without fire resistance Armour -1), without its
    mana; it stays in the offer"""
    eng, gid = fight(hand=["tome_of_all_spells", "rage"], enemies=("green_prowlers",))
    offer = names(eng, gid, "offer:spells")
    cmd = play_first(eng, gid, card="tome_of_all_spells", mode="basic", pay="discard:rage")
    assert cmd["boost"].startswith("demolish") and names(eng, gid, "offer:spells") == offer
    prowlers = next(e for e in eng.table(gid).game.combat.enemies if e.enemy == "green_prowlers")
    assert prowlers.armour_mod == -1


def test_circlet_of_proficiency_uses_or_takes_a_skill_of_the_common_offer():
    """MK:5:Skills:4: Circlet of Proficiency basic: a skill of the common offer used once (Double
    Time: Move 2 by day); powered: the skill becomes the seat's own"""
    eng, gid = sit("cards_village", hand=["circlet_of_proficiency"], tokens=["white"])
    eng.table(gid).zone("skill_offer").append("tovak_double_time")  # test set-up: the common offer
    play_first(eng, gid, card="circlet_of_proficiency", mode="basic", boost="tovak_double_time")
    assert player(eng, gid).move == 2 and names(eng, gid, "skill_offer") == ["tovak_double_time"]
    eng, gid = sit("cards_village", hand=["circlet_of_proficiency"], tokens=["white"])
    eng.table(gid).zone("skill_offer").append("tovak_double_time")
    play_first(eng, gid, card="circlet_of_proficiency", mode="powered")
    assert player(eng, gid).skills == ["tovak_double_time"] and names(eng, gid, "skill_offer") == []


def test_amulet_of_darkness_makes_black_mana_usable_by_day():
    """MK:5:Mana:2: Amulet of Darkness basic by day: a black token; black mana is usable this
    turn, so a spell's stronger side can be powered by day (Tornado needs white + black)"""
    eng, gid = fight(hand=["amulet_of_darkness", "whirlwind"], tokens=["white"])
    assert legal(eng, gid, card="whirlwind", mode="powered") == []
    play_first(eng, gid, card="amulet_of_darkness", mode="basic", mana="black")
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)
    assert legal(eng, gid, card="whirlwind", mode="powered", pay="token:black+token:white")


def test_amulet_of_the_sun_makes_gold_mana_usable_by_night():
    """MK:5:Mana:2: Amulet of the Sun basic at night: a gold token that pays any basic colour
    this turn (March powered by it: Move 4)"""
    eng, gid = sit("cards_village", night=True, hand=["amulet_of_the_sun", "march"])
    play_first(eng, gid, card="amulet_of_the_sun", mode="basic")
    play_first(eng, gid, card="march", mode="powered", pay="token:gold")
    assert player(eng, gid).move == 4


def test_sword_of_justice_powered_doubles_physical_attacks():
    """MK:10:Attack: Sword of Justice powered: physical attacks of this combat doubled: Rage's
    Attack 2 already played and a sideways Attack 1 played after it count 4 and 2"""
    eng, gid = fight(hand=["sword_of_justice", "rage", "march"], tokens=["red"])
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, card="rage", mode="basic", option=0)
    play_first(eng, gid, card="sword_of_justice", mode="powered", pay="token:red")
    play_first(eng, gid, card="march", mode="sideways", option=0)
    assert sum(v for k, e, v in pool(eng, gid) if k == "melee" and e == "physical") == 6


def test_bow_of_starsdawn_powered_makes_ranged_attacks_siege():
    """MK:9:Ranged: Bow of Starsdawn powered: this turn ranged attacks become siege attacks (or
    are doubled): Swiftness's Ranged Attack 3 (powered) counts as Siege Attack 3"""
    eng, gid = fight(hand=["bow_of_starsdawn", "swiftness"], tokens=["green", "white"])
    play_first(eng, gid, card="bow_of_starsdawn", mode="powered", option=1, pay="token:green")
    play_first(eng, gid, card="swiftness", mode="powered", pay="token:white")
    assert pool(eng, gid) == [("siege", "physical", 3)]
