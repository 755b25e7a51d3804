"""Advanced actions played with their real effects (MK:5:Effects:1, content/readings.json), and
the helpers the other card, skill and unit tests share: a situation with the seat's hand, mana
and units set, and the legal commands that match some fields."""

from pathlib import Path

from engine.mechanics.zones import card_name
from sim.testing import from_situation

HERE = Path(__file__).with_name("situations")


def sit(name: str, night: bool = False, enemies: dict | None = None, forced: dict | None = None, **seat):
    def edit(g):
        g["seat"][0].update(seat)
        if night:
            g["night"] = True
        if enemies is not None:
            g["enemies"] = enemies

    return from_situation(HERE / f"{name}.toml", edit=edit, forced=forced)


def fight(night: bool = False, enemies=("green_elven_protectors",), **seat):
    """In the ranged phase of a fight against `enemies` provoked at 3,-3 (one more rampaging
    token of the start tile may join)."""
    eng, gid = sit("cards_combat", night=night, enemies={"3,-3": list(enemies)}, **seat)
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    return eng, gid


def legal(eng, gid, **match) -> list[dict]:
    return [c for c in eng.legal(gid, 0) if all(c.get(k) == v for k, v in match.items())]


def play_first(eng, gid, **match) -> dict:
    """Submit the first legal command with these fields; fails if there is none."""
    cmds = legal(eng, gid, **match)
    assert cmds, f"no legal command with {match}"
    eng.submit(gid, 0, cmds[0])
    return cmds[0]


def player(eng, gid):
    return eng.table(gid).game.players[0]


def names(eng, gid, zone: str) -> list[str]:
    return [card_name(c) for c in eng.table(gid).zone(zone)]


def pool(eng, gid) -> list[tuple]:
    return [(p.kind, p.element, p.value) for p in eng.table(gid).game.combat.pool]


def give_skill(eng, gid, skill: str) -> None:
    """The seat holds `skill` as after a level-up's choice (level-ups: test_mk_levels.py)."""
    player(eng, gid).skills.append(skill)


# -- advanced actions --------------------------------------------------------------------------
def test_pure_magic_pays_a_mana_whose_colour_picks_the_effect():
    """MK:5:Effects:1: Pure Magic basic: pay green for Move 4 (white Influence 4, blue Block 4,
    red Attack 4); powered (blue) the same for 7"""
    eng, gid = sit("cards_village", hand=["pure_magic"], tokens=["green", "blue", "white"])
    play_first(eng, gid, card="pure_magic", mode="basic", pay="token:green")
    assert player(eng, gid).move == 4 and player(eng, gid).tokens == ["blue", "white"]
    eng, gid = sit("cards_village", hand=["pure_magic"], tokens=["blue", "white"])
    play_first(eng, gid, card="pure_magic", mode="powered", pay="token:blue+token:white")
    assert player(eng, gid).influence == 7 and player(eng, gid).tokens == []


def test_crystal_mastery_copies_an_owned_crystal_and_refunds_spent_ones():
    """MK:5:Effects:1: Crystal Mastery basic: a crystal of a colour already owned (only red is
    offered with one red crystal); powered: crystals spent this turn return at its end"""
    eng, gid = sit("cards_village", hand=["crystal_mastery"], crystals={"red": 1})
    opts = legal(eng, gid, card="crystal_mastery", mode="basic")
    assert len(opts) == 1
    eng.submit(gid, 0, opts[0])
    assert player(eng, gid).crystals == {"red": 2}
    eng, gid = sit("cards_village", hand=["crystal_mastery", "march"], crystals={"blue": 1, "green": 1})
    play_first(eng, gid, card="crystal_mastery", mode="powered", pay="crystal:blue")
    play_first(eng, gid, card="march", mode="powered", pay="crystal:green")
    assert player(eng, gid).crystals == {}
    play_first(eng, gid, kind="end_turn")
    assert player(eng, gid).crystals == {"blue": 1, "green": 1}


def test_power_of_crystals_offers_missing_colours_and_grows_with_full_sets():
    """MK:5:Effects:1: Power of Crystals basic: a crystal of a colour not owned; powered (green):
    Move 4 +2 per set of four different crystals"""
    eng, gid = sit("cards_village", hand=["power_of_crystals"], crystals={"red": 1, "blue": 1, "white": 1})
    opts = legal(eng, gid, card="power_of_crystals", mode="basic")
    assert len(opts) == 1
    eng.submit(gid, 0, opts[0])
    assert player(eng, gid).crystals == {"red": 1, "blue": 1, "white": 1, "green": 1}
    eng, gid = sit(
        "cards_village", hand=["power_of_crystals"], crystals={"red": 1, "blue": 1, "white": 1, "green": 2}
    )
    play_first(eng, gid, card="power_of_crystals", mode="powered", option=0, pay="crystal:green")
    assert player(eng, gid).move == 6


def test_decompose_throws_an_action_card_away_for_crystals():
    """MK:4:Deed:6: Decompose basic: throw away March (green) for two green crystals; powered
    (red): a crystal of each other basic colour"""
    eng, gid = sit("cards_village", hand=["decompose", "march"])
    play_first(eng, gid, card="decompose", mode="basic", pay="throw:march")
    assert player(eng, gid).crystals == {"green": 2}
    assert "march" in names(eng, gid, "out") and "march" not in names(eng, gid, "hand:0")
    eng, gid = sit("cards_village", hand=["decompose", "march"], tokens=["red"])
    play_first(eng, gid, card="decompose", mode="powered", pay="token:red+throw:march")
    assert player(eng, gid).crystals == {"red": 1, "blue": 1, "white": 1}


def test_training_takes_an_advanced_action_of_the_thrown_cards_colour():
    """MK:5:Gain:3a: Training basic: throw away an Action card, an advanced action of its colour
    from the offer into the discard pile (powered: into the hand); the offer is refilled"""
    eng, gid = sit("cards_village", hand=["training", "march", "rage", "swiftness", "stamina"])
    offer = names(eng, gid, "offer:aa")
    cmds = legal(eng, gid, card="training", mode="basic")
    assert cmds, "some offered advanced action matches a card in hand"
    cmd = cmds[0]
    eng.submit(gid, 0, cmd)
    gained = cmd["gain"].split("#")[0]
    thrown = cmd["pay"].split(":")[1]
    from engine.games.mage_knight.content.load import content

    assert content().cards[thrown].color in content().cards[gained].color
    assert gained in names(eng, gid, "discard:0") and gained not in names(eng, gid, "offer:aa")
    assert len(names(eng, gid, "offer:aa")) == len(offer)


def test_ritual_attack_colour_of_the_discard_picks_the_attack():
    """MK:4:Deed:6: Ritual Attack basic: discarding Rage (red) gives Attack 5 in the attack phase"""
    eng, gid = fight(hand=["ritual_attack", "rage", "march"])
    for _ in range(2):
        eng.submit(gid, 0, {"kind": "next"})
    assert eng.table(gid).game.combat.phase == "damage" or eng.table(gid).game.combat.phase == "attack"
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] in ("assign", "next"))
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, card="ritual_attack", mode="basic", pay="discard:rage")
    assert ("melee", "physical", 5) in pool(eng, gid)
    assert "rage" in names(eng, gid, "discard:0")


def test_agility_counts_its_move_as_attack_in_combat():
    """MK:5:Effects:1: Agility basic in the attack phase: Move 2 spent as Attack 2 (1 move point
    per attack point)"""
    eng, gid = fight(hand=["agility", "march"])
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] in ("assign", "next"))
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, card="agility", mode="basic")
    assert pool(eng, gid) == [("melee", "physical", 2)]


def test_maximal_effect_uses_the_thrown_cards_basic_effect_three_times():
    """MK:4:Deed:3a: Maximal Effect basic: March thrown away, its Move 2 three times"""
    eng, gid = sit("cards_village", hand=["maximal_effect", "march"])
    play_first(eng, gid, card="maximal_effect", mode="basic", boost="march")
    assert player(eng, gid).move == 6 and "march" in names(eng, gid, "out")


def test_stout_resolve_powered_adds_two_per_discarded_card():
    """MK:4:Deed:6: Stout Resolve powered (green): Move 3 +2 per card discarded; two cards give 7"""
    eng, gid = sit("cards_village", hand=["stout_resolve", "rage", "swiftness"], tokens=["green"])
    cmds = [
        c for c in legal(eng, gid, card="stout_resolve", mode="powered") if c["pay"].count("discard:") == 2
    ]
    moves = []
    for c in cmds:
        e2, g2 = sit("cards_village", hand=["stout_resolve", "rage", "swiftness"], tokens=["green"])
        e2.submit(g2, 0, c)
        moves.append(player(e2, g2).move)
    assert 7 in moves


def test_blood_ritual_powered_takes_a_wound_for_three_tokens():
    """MK:5:Mana:1: Blood Ritual powered (red): a wound, three mana tokens of chosen colours"""
    eng, gid = sit("cards_village", hand=["blood_ritual"], tokens=["red"])
    play_first(
        eng, gid, card="blood_ritual", mode="powered", option=0, pay="token:red", mana="green,gold,black"
    )
    assert sorted(player(eng, gid).tokens) == ["black", "gold", "green"]
    assert "wound" in names(eng, gid, "hand:0")


def test_learning_pays_six_influence_for_an_advanced_action():
    """MK:8:Interact:4c: Learning basic: Influence 2; with 4 more influence played, an advanced
    action of the offer goes to the discard pile"""
    eng, gid = sit("cards_village", hand=["learning"], influence=4)
    cmd = play_first(eng, gid, card="learning", mode="basic", option=1)
    assert player(eng, gid).influence == 0
    assert cmd["gain"].split("#")[0] in names(eng, gid, "discard:0")
    eng, gid = sit("cards_village", hand=["learning"], influence=3)
    assert legal(eng, gid, card="learning", mode="basic", option=1) == []


def test_into_the_heat_keeps_damage_off_units():
    """MK:9:Damage: Into the Heat basic: units +2 attack and block, and no damage may go to them"""
    eng, gid = fight(hand=["into_the_heat", "march"], units=["peasants"])
    play_first(eng, gid, card="into_the_heat", mode="basic")
    assert player(eng, gid).turn_effects["unit_bonus"][:2] == [2, 2]
    while eng.table(gid).game.combat.phase != "damage":
        eng.submit(gid, 0, {"kind": "next"})
    assigns = legal(eng, gid, kind="assign")
    assert assigns and all(c["to"] == "hero" for c in assigns)


def test_shield_bash_lowers_armour_by_the_excess_block():
    """MK:9:Block:6: Shield Bash powered (blue): Block 5 against the Prowlers' attack 4: the
    excess 1 lowers their armour by 1"""
    eng, gid = fight(hand=["shield_bash"], tokens=["blue"], enemies=("green_prowlers",))
    while eng.table(gid).game.combat.phase != "block":
        eng.submit(gid, 0, {"kind": "next"})
    play_first(eng, gid, card="shield_bash", mode="powered")
    uid = next(e.uid for e in eng.table(gid).game.combat.enemies if e.enemy == "green_prowlers")
    play_first(eng, gid, kind="block", enemy=uid)
    e = next(x for x in eng.table(gid).game.combat.enemies if x.uid == uid)
    assert e.attacks[0].blocked and e.armour_mod == -1


def test_dodge_and_weave_attacks_when_no_wound_was_taken():
    """MK:10:Attack: Dodge and Weave basic (white): an attack -2 in the block phase, and Attack 1
    in the attack phase when no wound reached the hand in this combat"""
    eng, gid = fight(hand=["dodge_and_weave"], tokens=["white"], enemies=("green_prowlers",))
    while eng.table(gid).game.combat.phase != "block":
        eng.submit(gid, 0, {"kind": "next"})
    uid = next(e.uid for e in eng.table(gid).game.combat.enemies if e.enemy == "green_prowlers")
    play_first(eng, gid, card="dodge_and_weave", mode="basic", target=uid)
    assert player(eng, gid).turn_effects["attack_if_unhurt"] == 1
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)
    hurt = eng.table(gid).game.combat.wounds_to_hand
    assert (("melee", "physical", 1) in pool(eng, gid)) == (hurt == 0)


def test_blood_of_ancients_powered_uses_an_offered_advanced_action():
    """MK:5:Effects:1b: Blood of Ancients powered (red): a wound, then the stronger effect of an
    advanced action of the offer without its mana; the card stays in the offer"""
    eng, gid = sit("cards_village", hand=["blood_of_ancients"], tokens=["red"])
    offer = names(eng, gid, "offer:aa")
    play_first(eng, gid, card="blood_of_ancients", mode="powered", pay="token:red")
    assert "wound" in names(eng, gid, "hand:0") and names(eng, gid, "offer:aa") == offer


def test_magic_talent_plays_an_offered_spell_of_the_discarded_colour():
    """MK:5:Effects:1b: Magic Talent basic: discard Rage (red) and pay red: the red spell of the
    offer (Demolish) gives its basic effect, every enemy without fire resistance Armour -1; it
    stays in the offer"""
    eng, gid = fight(hand=["magic_talent", "rage"], tokens=["red"], enemies=("green_prowlers",))
    offer = names(eng, gid, "offer:spells")
    play_first(eng, gid, card="magic_talent", mode="basic", pay="token:red+discard:rage")
    prowlers = next(e for e in eng.table(gid).game.combat.enemies if e.enemy == "green_prowlers")
    assert (
        prowlers.armour_mod == -1
        and player(eng, gid).tokens == []
        and names(eng, gid, "offer:spells") == offer
    )
