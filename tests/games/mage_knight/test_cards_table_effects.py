"""Card and skill parts that were stand-ins and are now real (issue 12, mkcards): effects on the
other players, rewards per enemy defeated, a chosen discard onto the deck, a sideways value
raised by a matching mana, a rotating skill token (MK:5:Effects:1, content/readings.json,
readings in catalog.toml)."""

from sim.testing import from_situation
from tests.games.mage_knight.test_cards_advanced import (
    HERE,
    fight,
    give_skill,
    legal,
    names,
    play_first,
    pool,
    sit,
)


def two_seats(seat0: dict, seat1: dict, night: bool = False):
    def edit(g):
        g["seat"][0].update(seat0)
        g["seat"][1].update(seat1)
        g["night"] = night

    return from_situation(HERE / "cards_two_seats.toml", edit=edit)


def seat(eng, gid, s: int):
    return eng.table(gid).game.players[s]


def answers(eng, gid, s: int) -> list:
    """The picks a seat's open `answer` prompt offers (asks.py)."""
    return [c["pick"] for c in eng.legal(gid, s) if c["kind"] == "answer"]


def prompted(eng, gid) -> list[tuple[int, str]]:
    return [(p.seat, p.kind) for p in eng.prompts(gid)]


def meltdown(pick: str):
    eng, gid = two_seats({"hand": ["mana_meltdown"], "tokens": ["red"]}, {"crystals": {"blue": 2, "red": 1}})
    play_first(eng, gid, card="mana_meltdown", mode="basic")
    assert prompted(eng, gid) == [(1, "answer")] and answers(eng, gid, 0) == []
    assert answers(eng, gid, 1) == ["red", "blue"]
    eng.submit(gid, 1, {"kind": "answer", "pick": pick})
    assert answers(eng, gid, 0) == [pick, ""]  # the caster may gain the crystal lost
    eng.submit(gid, 0, {"kind": "answer", "pick": pick})
    assert prompted(eng, gid) == [(0, "turn")]
    return eng, gid


def test_mana_meltdown_the_other_player_chooses_the_crystal_lost():
    """MK:5:Effects:1, MK:5:Gain:2: Mana Meltdown basic (red): the other player (seat 1, prompted
    out of turn) chooses which crystal to lose; the caster then chooses to gain it"""
    eng, gid = meltdown("blue")
    assert seat(eng, gid, 1).crystals == {"blue": 1, "red": 1}
    assert seat(eng, gid, 0).crystals == {"blue": 1}
    eng, gid = meltdown("red")  # another choice, another outcome
    assert seat(eng, gid, 1).crystals.get("red", 0) == 0 and seat(eng, gid, 1).crystals["blue"] == 2
    assert seat(eng, gid, 0).crystals == {"red": 1}


def test_a_bad_answer_is_refused_with_the_rule():
    """MK:5:Effects:1: only the asked seat answers, and only with an offered pick; the caster may
    not go on playing while the other player's choice is open"""
    eng, gid = two_seats(
        {"hand": ["mana_meltdown", "march"], "tokens": ["red"]}, {"crystals": {"blue": 2, "red": 1}}
    )
    play_first(eng, gid, card="mana_meltdown", mode="basic")
    why = eng.check(gid, 1, {"kind": "answer", "pick": "green"})
    assert why is not None and why.rule == "MK:5:Effects:1" and "'green'" in why.reason
    assert eng.check(gid, 0, {"kind": "end_turn"}) is not None


def mind_read(pick: str):
    eng, gid = two_seats(
        {"hand": ["mind_read"], "tokens": ["white"]},
        {"hand": ["march", "rage", "crystallize", "improvisation"]},
    )
    play_first(eng, gid, card="mind_read", mode="basic", option=0)  # red named
    assert answers(eng, gid, 1) == ["improvisation", "rage"] and answers(eng, gid, 0) == []
    eng.submit(gid, 1, {"kind": "answer", "pick": pick})
    return eng, gid


def test_mind_read_the_other_player_chooses_the_card_of_the_colour():
    """MK:5:Effects:1: Mind Read basic (white), red named: a red crystal; the other player chooses
    which red card to discard (Rage or Improvisation); green March stays in the hand"""
    eng, gid = mind_read("rage")
    assert seat(eng, gid, 0).crystals == {"red": 1}
    assert names(eng, gid, "discard:1") == ["rage"] and "improvisation" in names(eng, gid, "hand:1")
    eng, gid = mind_read("improvisation")
    assert names(eng, gid, "discard:1") == ["improvisation"] and "rage" in names(eng, gid, "hand:1")


def test_mind_read_hides_the_victims_hand_from_the_other_seats():
    """Invariant 6, MK:5:Effects:1: while seat 1 chooses, seat 0's view, the public state and
    seat 0's legal commands show no card of seat 1's hand; the redacted log leaks nothing"""
    from projections.views import state_view
    from sim.testing import assert_log_leaks_nothing

    eng, gid = two_seats(
        {"hand": ["mind_read"], "tokens": ["white"]},
        {"hand": ["march", "rage", "crystallize", "improvisation"]},
    )
    play_first(eng, gid, card="mind_read", mode="basic", option=0)
    t = eng.table(gid)
    hidden = ("rage", "improvisation", "crystallize", "march")
    for who in (0, None):
        text = repr(state_view(eng.ruleset(gid), t, who))
        assert not any(n in text for n in hidden), who
    assert "rage" in repr(state_view(eng.ruleset(gid), t, 1))
    assert not any(n in repr(eng.legal(gid, 0)) for n in hidden)
    assert t.game.asks == [
        {
            "seat": 1,
            "do": "discard_colour",
            "colour": "red",
            "caster": 0,
            "steal": False,
            "rule": "MK:5:Effects:1",
        }
    ]
    eng.submit(gid, 1, {"kind": "answer", "pick": "improvisation"})
    assert_log_leaks_nothing(eng, gid, 0)


def test_mind_read_without_a_card_of_the_colour_answers_none():
    """MK:5:Effects:1: a player without a card of the colour is still asked (the hand is hidden)
    and answers "" (none); nothing is discarded"""
    eng, gid = two_seats({"hand": ["mind_read"], "tokens": ["white"]}, {"hand": ["march"]})
    play_first(eng, gid, card="mind_read", mode="basic", option=0)
    assert answers(eng, gid, 1) == [""]
    eng.submit(gid, 1, {"kind": "answer", "pick": ""})
    assert names(eng, gid, "hand:1") == ["march"] and names(eng, gid, "discard:1") == []


def test_mind_steal_the_caster_chooses_whether_to_take_the_discarded_action_card():
    """MK:4:Deed:3b, MK:5:Effects:1: Mind Steal (Mind Read powered, white + black, night), green
    named: the other player chooses March to discard; the caster chooses to take it (or not)"""
    for take in ("0", ""):
        eng, gid = two_seats(
            {"hand": ["mind_read"], "tokens": ["white", "black"]}, {"hand": ["march", "rage"]}, night=True
        )
        play_first(eng, gid, card="mind_read", mode="powered", option=2)
        assert seat(eng, gid, 0).crystals == {"green": 1}
        assert answers(eng, gid, 1) == ["march"]
        eng.submit(gid, 1, {"kind": "answer", "pick": "march"})
        assert answers(eng, gid, 0) == ["1:march", ""]
        eng.submit(gid, 0, {"kind": "answer", "pick": "1:march" if take else ""})
        assert names(eng, gid, "hand:1") == ["rage"]
        assert ("march" in names(eng, gid, "hand:0")) == bool(take)
        assert ("march" in names(eng, gid, "discard:1")) == (not take)


def test_energy_flow_the_other_player_chooses_the_unit_spent():
    """MK:5:Units:5: Energy Flow basic (green): the other player chooses which ready unit of level
    II or lower to spend (two Peasants: the one named is spent, the other stays ready)"""
    for pick in (0, 1):
        eng, gid = two_seats(
            {"hand": ["energy_flow"], "tokens": ["green"]}, {"units": ["peasants", "peasants"]}
        )
        play_first(eng, gid, card="energy_flow", mode="basic")
        uids = [u.uid for u in seat(eng, gid, 1).units]
        assert answers(eng, gid, 1) == uids
        eng.submit(gid, 1, {"kind": "answer", "pick": uids[pick]})
        assert [u.ready for u in seat(eng, gid, 1).units] == [pick != 0, pick != 1]


def test_energy_flow_with_one_unit_spends_it_without_a_prompt():
    """MK:5:Units:5: a single ready unit leaves no choice (public facts): spent at once"""
    eng, gid = two_seats({"hand": ["energy_flow"], "tokens": ["green"]}, {"units": ["peasants"]})
    play_first(eng, gid, card="energy_flow", mode="basic")
    assert [u.ready for u in seat(eng, gid, 1).units] == [False] and prompted(eng, gid) == [(0, "turn")]


def test_bow_of_starsdawn_gives_fame_per_enemy_defeated_in_the_phase():
    """MK:9:Ranged:5: Bow of Starsdawn basic: two cards discarded for Ranged Attack 4; Prowlers
    (armour 3) defeated in that ranged phase give fame +1 from the bow (their own fame comes
    at the combat's end)"""
    eng, gid = fight(hand=["bow_of_starsdawn", "march", "rage"], enemies=("green_prowlers",))
    play_first(eng, gid, card="bow_of_starsdawn", mode="basic", option=1, pay="discard:march+discard:rage")
    assert pool(eng, gid) == [("ranged", "physical", 4)]
    eng.submit(gid, 0, {"kind": "attack", "targets": ["green_prowlers#2"], "use": ["ranged"]})
    assert seat(eng, gid, 0).fame == 1


def test_soul_harvester_gives_a_crystal_by_the_defeated_enemys_resistance():
    """MK:5:Gain:2, MK:9:Attack: Soul Harvester powered: Attack 8 in the attack phase defeats
    Ironclads (physical resistance: the attack is halved to 4, armour 3): a green crystal
    (physical resistance, reading); two Peasants take most of the damage, so the hero is not
    knocked out"""
    eng, gid = fight(
        hand=["soul_harvester"], tokens=["red"], enemies=("green_ironclads",), units=["peasants", "peasants"]
    )
    while eng.table(gid).game.combat.phase != "attack":
        cmds = [c for c in eng.legal(gid, 0) if c["kind"] in ("next", "assign")]
        eng.submit(gid, 0, next((c for c in cmds if c.get("to", "hero") != "hero"), cmds[0]))
    play_first(eng, gid, card="soul_harvester", mode="powered", pay="token:red")
    eng.submit(gid, 0, {"kind": "attack", "targets": ["green_ironclads#2"], "use": ["melee"]})
    assert seat(eng, gid, 0).crystals == {"green": 1}


def test_explosive_bolt_the_player_chooses_the_other_enemy():
    """MK:9:Ranged:5, MK:5:Effects:1: Explosive Bolt powered (red): Ranged Attack 3 defeats
    Prowlers (armour 3); the player chooses which other enemy gets Armour -1"""
    eng, gid = fight(hand=["explosive_bolt"], tokens=["red"], enemies=("green_prowlers", "green_prowlers"))
    foes = [e.uid for e in eng.table(gid).game.combat.enemies]
    before = {e.uid: e.armour + e.armour_mod for e in eng.table(gid).game.combat.enemies}
    play_first(eng, gid, card="explosive_bolt", mode="powered", pay="token:red")
    eng.submit(gid, 0, {"kind": "attack", "targets": [foes[0]], "use": ["ranged"]})
    assert answers(eng, gid, 0) == foes[1:] and len(foes) == 3
    eng.submit(gid, 0, {"kind": "answer", "pick": foes[2]})
    after = {e.uid: e.armour + e.armour_mod for e in eng.table(gid).game.combat.enemies}
    assert after[foes[2]] == before[foes[2]] - 1 and after[foes[1]] == before[foes[1]]


def test_meditation_trance_puts_the_named_discards_on_the_deck():
    """MK:4:Deed:3b, MK:5:Effects:1: Meditation powered (Trance, green + black, night): the play
    names two cards of the discard pile (Rage and Stamina), which go onto the deed deck; the hand
    limit is 2 higher"""
    eng, gid = sit(
        "cards_village",
        night=True,
        hand=["meditation", "march", "rage", "stamina", "swiftness"],
        tokens=["green", "black"],
    )
    hand, pile = eng.table(gid).zone("hand:0"), eng.table(gid).zone("discard:0")
    pile += [c for c in hand if not c.startswith("meditation")]  # as after earlier turns
    hand[:] = [c for c in hand if c.startswith("meditation")]
    play_first(eng, gid, card="meditation", mode="powered", cards="rage,stamina")
    assert sorted(names(eng, gid, "deck:0")[:2]) == ["rage", "stamina"]
    assert sorted(names(eng, gid, "discard:0")) == ["march", "swiftness"]
    assert seat(eng, gid, 0).turn_effects["hand_limit_next"] == 2


def test_universal_power_gives_four_sideways_for_a_matching_card():
    """MK:4:Deed:3e: Universal Power (Goldyx) with red mana: Rage (red) played sideways gives
    Move 4; with green mana a red card gives only 3"""
    eng, gid = sit("cards_village", hand=["rage"], tokens=["red"])
    give_skill(eng, gid, "goldyx_universal_power")
    play_first(eng, gid, kind="skill", skill="goldyx_universal_power", pay="token:red")
    play_first(eng, gid, card="rage", mode="sideways", option=0)
    assert seat(eng, gid, 0).move == 4
    eng, gid = sit("cards_village", hand=["rage"], tokens=["green"])
    give_skill(eng, gid, "goldyx_universal_power")
    play_first(eng, gid, kind="skill", skill="goldyx_universal_power", pay="token:green")
    play_first(eng, gid, card="rage", mode="sideways", option=0)
    assert seat(eng, gid, 0).move == 3


def test_master_of_chaos_gives_the_shown_option_and_turns_the_token():
    """MK:5:Skills:4d: Master of Chaos (Krang): the token shows Move 1, so only Move 1 is offered;
    using it turns the token to the next option (Cold Fire Ranged Attack 1)"""
    eng, gid = sit("cards_village", hand=["march"])
    give_skill(eng, gid, "krang_master_of_chaos")
    seat(eng, gid, 0).token_shows["krang_master_of_chaos"] = 1
    opts = legal(eng, gid, kind="skill", skill="krang_master_of_chaos")
    assert len(opts) == 1
    eng.submit(gid, 0, opts[0])
    assert seat(eng, gid, 0).move == 1 and seat(eng, gid, 0).token_shows["krang_master_of_chaos"] == 2


# -- banners assigned to units (MK:5:Units:8) ----------------------------------------------------
def banner_on_unit(eng, gid, banner: str) -> str:
    unit = seat(eng, gid, 0).units[0].uid
    play_first(eng, gid, card=banner, mode="basic", unit=unit)
    return unit


def test_banner_of_glory_stays_with_the_unit_and_adds_block_and_fame():
    """MK:5:Units:8: Banner of Glory assigned to Peasants stays under the unit (not in the play
    area); the unit's Block 2 becomes 3 and its block gives fame +1"""
    eng, gid = fight(hand=["banner_of_glory"], units=["peasants"])
    unit = banner_on_unit(eng, gid, "banner_of_glory")
    assert names(eng, gid, "banners:0") == ["banner_of_glory"] and "banner_of_glory" not in names(
        eng, gid, "play:0"
    )
    assert seat(eng, gid, 0).banners == {unit: eng.table(gid).zone("banners:0")[0]}
    eng.submit(gid, 0, {"kind": "next"})  # ranged -> block phase
    ability = next(
        c for c in legal(eng, gid, kind="activate", unit=unit) if any(k == "block" for k, _ in _atoms(c))
    )
    eng.submit(gid, 0, ability)
    assert pool(eng, gid) == [("block", "physical", 3)] and seat(eng, gid, 0).fame == 1


def _atoms(cmd):
    from engine.games.mage_knight.cards.resolving import unit_resolutions

    return unit_resolutions(cmd["unit"].split("#")[0], cmd["ability"])[cmd["option"]]


def round_end_with_banner(pick: str):
    eng, gid = sit("cards_village", hand=["banner_of_glory", "march"], units=["peasants"])
    unit = banner_on_unit(eng, gid, "banner_of_glory")
    eng.submit(gid, 0, {"kind": "end_turn"})
    t = eng.table(gid)
    t.zone("discard:0").extend(t.zone("deck:0"))  # as after the deck ran out
    t.zone("deck:0")[:] = []
    eng.submit(gid, 0, {"kind": "announce"})
    assert t.game.round == 2 and prompted(eng, gid) == [(0, "answer")]
    assert answers(eng, gid, 0) == ["keep", "discard"]
    eng.submit(gid, 0, {"kind": "answer", "pick": pick})
    assert prompted(eng, gid) == [(0, "tactic")]
    return eng, gid, unit


def test_the_banners_owner_keeps_or_discards_it_at_the_rounds_end():
    """MK:5:Units:8b, MK:4:Round:2g: at the round's end the owner chooses for each banner: kept, it
    stays on the unit; discarded, it leaves the unit and goes into the new deed deck"""
    eng, gid, unit = round_end_with_banner("keep")
    assert names(eng, gid, "banners:0") == ["banner_of_glory"] and unit in seat(eng, gid, 0).banners
    eng, gid, unit = round_end_with_banner("discard")
    assert names(eng, gid, "banners:0") == [] and seat(eng, gid, 0).banners == {}
    assert "banner_of_glory" in names(eng, gid, "deck:0")


def test_banner_of_protection_gives_the_unit_armour_and_resistances_in_combat():
    """MK:5:Units:8: Banner of Protection assigned before the fight: in the combat the Peasants
    have armour +1 and fire and ice resistance"""
    eng, gid = sit(
        "cards_combat",
        enemies={"3,-3": ["green_prowlers"]},
        hand=["banner_of_protection"],
        units=["peasants"],
    )
    unit = banner_on_unit(eng, gid, "banner_of_protection")
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2"})
    cu = next(u for u in eng.table(gid).game.combat.units if u.uid == unit)
    from engine.games.mage_knight.content.load import content

    assert cu.armour == content().units["peasants"].armor + 1 and {"fire", "ice"} <= set(cu.resistances)


def test_a_new_banner_on_the_unit_discards_the_old_one():
    """MK:5:Units:8a: a second banner on the same unit puts the first on the discard pile"""
    eng, gid = sit("cards_village", hand=["banner_of_glory", "banner_of_courage"], units=["peasants"])
    unit = banner_on_unit(eng, gid, "banner_of_glory")
    play_first(eng, gid, card="banner_of_courage", mode="basic", unit=unit)
    assert names(eng, gid, "banners:0") == ["banner_of_courage"] and names(eng, gid, "discard:0") == [
        "banner_of_glory"
    ]


def test_banner_of_courage_readies_its_unit_once_a_round():
    """MK:5:Units:6, MK:5:Units:8: Banner of Courage: the spent unit is readied by the banner,
    which then turns face down for the round (no second use)"""
    eng, gid = sit("cards_village", hand=["banner_of_courage"], units=["peasants"])
    unit = banner_on_unit(eng, gid, "banner_of_courage")
    play_first(eng, gid, kind="activate", unit=unit)
    assert legal(eng, gid, kind="banner") == [{"kind": "banner", "unit": unit}]
    eng.submit(gid, 0, {"kind": "banner", "unit": unit})
    assert seat(eng, gid, 0).units[0].ready
    play_first(eng, gid, kind="activate", unit=unit)
    assert legal(eng, gid, kind="banner") == []


def test_banner_of_fear_spends_the_unit_to_stop_an_attack():
    """MK:5:Units:8, MK:8:Combat:4: Banner of Fear: in the block phase the unit is spent and an
    enemy does not attack; fame +1"""
    eng, gid = fight(hand=["banner_of_fear"], units=["peasants"], enemies=("green_prowlers",))
    unit = banner_on_unit(eng, gid, "banner_of_fear")
    assert legal(eng, gid, kind="banner") == []  # not in the ranged phase
    eng.submit(gid, 0, {"kind": "next"})
    eng.submit(gid, 0, {"kind": "banner", "unit": unit, "target": "green_prowlers#2"})
    prowlers = next(e for e in eng.table(gid).game.combat.enemies if e.uid == "green_prowlers#2")
    assert prowlers.prevented and not seat(eng, gid, 0).units[0].ready and seat(eng, gid, 0).fame == 1


def test_banner_of_fortitude_ignores_the_units_first_wound():
    """MK:9:Damage:4a, MK:5:Units:8: Banner of Fortitude: damage assigned to the unit does not
    wound it (once a round; the banner turns face down)"""
    eng, gid = fight(hand=["banner_of_fortitude"], units=["peasants"], enemies=("green_prowlers",))
    unit = banner_on_unit(eng, gid, "banner_of_fortitude")
    eng.submit(gid, 0, {"kind": "next"})
    eng.submit(gid, 0, {"kind": "next"})  # no block: damage phase
    eng.submit(gid, 0, {"kind": "assign", "enemy": "green_prowlers#2", "attack": 0, "to": unit})
    p = seat(eng, gid, 0)
    assert not p.units[0].wounded and p.banner_used == {p.banners[unit]: eng.table(gid).game.round}


def test_banner_goes_to_the_discard_pile_when_its_unit_is_disbanded():
    """MK:5:Units:8a: recruiting with a full command disbands the Peasants: their banner goes to
    the discard pile"""
    eng, gid = sit("cards_village", hand=["banner_of_glory"], units=["peasants"], influence=20)
    unit = banner_on_unit(eng, gid, "banner_of_glory")
    cmd = next(c for c in legal(eng, gid, kind="recruit") if c.get("disband") == unit)
    eng.submit(gid, 0, cmd)
    assert names(eng, gid, "banners:0") == [] and "banner_of_glory" in names(eng, gid, "discard:0")
    assert seat(eng, gid, 0).banners == {}


def test_altem_mages_make_every_attack_siege():
    """MK:5:Units:5b, MK:9:Ranged:2: Altem Mages' third ability (black mana, night): all attacks
    gain siege, so Rage's Attack 2 is played in the ranged phase as Siege Attack 2"""
    eng, gid = fight(night=True, hand=["rage"], tokens=["black"], units=["altem_mages"])
    assert legal(eng, gid, card="rage", mode="basic") == []
    unit = seat(eng, gid, 0).units[0].uid
    play_first(eng, gid, kind="activate", unit=unit, ability=2, option=1)
    play_first(eng, gid, card="rage", mode="basic", option=0)
    assert pool(eng, gid) == [("siege", "physical", 2)]


def test_altem_mages_make_every_attack_cold_fire():
    """MK:5:Units:5b: Altem Mages' third ability, the other choice: Rage's Attack 2 in the attack
    phase is a Cold Fire Attack 2"""
    eng, gid = fight(
        night=True, hand=["rage"], tokens=["black"], units=["altem_mages"], enemies=("green_prowlers",)
    )
    unit = seat(eng, gid, 0).units[0].uid
    play_first(eng, gid, kind="activate", unit=unit, ability=2, option=0)
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] in ("next", "assign"))
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, card="rage", mode="basic", option=0)
    assert pool(eng, gid) == [("melee", "coldfire", 2)]


def test_peaceful_moment_powered_readies_units_for_influence():
    """MK:5:Units:6, MK:6:Turn:6: Peaceful Moment powered (white), as the action: of the 8
    influence held (Peasants' 2 and the card's 6) the spent Peasants (level I) are readied for 2"""
    eng, gid = sit("cards_village", hand=["peaceful_moment"], tokens=["white"], units=["peasants"])
    unit = seat(eng, gid, 0).units[0].uid
    play_first(eng, gid, kind="activate", unit=unit, ability=2)
    play_first(eng, gid, card="peaceful_moment", mode="powered", option=2)
    assert seat(eng, gid, 0).acted and seat(eng, gid, 0).influence == 8
    assert legal(eng, gid, kind="ready_unit") == [{"kind": "ready_unit", "uid": unit}]
    eng.submit(gid, 0, {"kind": "ready_unit", "uid": unit})
    assert seat(eng, gid, 0).units[0].ready and seat(eng, gid, 0).influence == 6


def test_mana_radiance_wounds_the_other_players_too():
    """MK:5:Effects:1c: Mana Radiance (Mana Meltdown powered, red + black, night), blue named:
    the other player holding two blue crystals takes two wounds; the caster gains two blue"""
    eng, gid = two_seats(
        {"hand": ["mana_meltdown"], "tokens": ["red", "black"]}, {"crystals": {"blue": 2}}, night=True
    )
    play_first(eng, gid, card="mana_meltdown", mode="powered", option=1)
    assert names(eng, gid, "hand:1").count("wound") == 2
    assert seat(eng, gid, 0).crystals == {"blue": 2}


def test_battle_frenzy_flips_for_attack_four_until_the_hero_rests():
    """MK:5:Skills:4e: Battle Frenzy (Krang): Attack 4 turns the skill face down (no more use
    while face down); a rest turns it face up again"""
    eng, gid = fight(hand=["march", "rage"], enemies=("green_prowlers",))
    give_skill(eng, gid, "krang_battle_frenzy")
    while eng.table(gid).game.combat.phase != "attack":
        cmds = [c for c in eng.legal(gid, 0) if c["kind"] in ("next", "assign")]
        eng.submit(gid, 0, cmds[0])
    play_first(eng, gid, kind="skill", skill="krang_battle_frenzy", option=1)
    assert pool(eng, gid) == [("melee", "physical", 4)]
    assert "krang_battle_frenzy" in seat(eng, gid, 0).round_skills
    eng, gid = sit("cards_village", hand=["march", "wound"])
    give_skill(eng, gid, "krang_battle_frenzy")
    seat(eng, gid, 0).round_skills.append("krang_battle_frenzy")  # flipped in an earlier turn
    play_first(eng, gid, kind="rest", card="march")
    assert "krang_battle_frenzy" not in seat(eng, gid, 0).round_skills


def test_sword_of_justice_doubles_a_units_physical_attack_too():
    """MK:8:Combat:3, MK:5:Units:5: Sword of Justice powered (red): the Peasants' Attack 2,
    activated after it, joins the attack phase's pool as 4 (the card's "your attacks")"""
    eng, gid = fight(
        hand=["sword_of_justice"], tokens=["red"], units=["peasants"], enemies=("green_prowlers",)
    )
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, card="sword_of_justice", mode="powered", pay="token:red")
    play_first(eng, gid, kind="activate", unit=seat(eng, gid, 0).units[0].uid, ability=0)
    assert pool(eng, gid) == [("melee", "physical", 4)]


def test_know_your_prey_takes_a_resistance_or_changes_an_attack_element():
    """MK:8:Combat:4, MK:5:Skills:4a: Know Your Prey (Wolfhawk): Ironclads lose their physical
    resistance; in another fight Fire Mages' fire attack becomes physical"""
    eng, gid = fight(enemies=("green_ironclads",))
    give_skill(eng, gid, "wolfhawk_know_your_prey")
    play_first(eng, gid, kind="skill", skill="wolfhawk_know_your_prey", option=10, target="green_ironclads#2")
    e = next(x for x in eng.table(gid).game.combat.enemies if x.uid == "green_ironclads#2")
    assert e.resistances == []
    eng, gid = fight(enemies=("violet_fire_mages",))
    give_skill(eng, gid, "wolfhawk_know_your_prey")
    mages = next(x for x in eng.table(gid).game.combat.enemies if x.enemy == "violet_fire_mages")
    assert {a.element for a in mages.attacks} == {"fire"}
    play_first(eng, gid, kind="skill", skill="wolfhawk_know_your_prey", option=13, target=mages.uid)
    mages = next(x for x in eng.table(gid).game.combat.enemies if x.uid == mages.uid)
    assert {a.element for a in mages.attacks} == {"physical"}


def test_hawk_eyes_cheaper_exploring_by_night_and_far_garrisons_by_day():
    """MK:7:Move:5: Hawk Eyes (Wolfhawk) by night: Move 1, and exploring costs 1, so it is offered
    with that single point; by day: the keep's garrison two spaces away is revealed"""
    eng, gid = sit("cards_village", night=True, hand=["march"])
    give_skill(eng, gid, "wolfhawk_hawk_eyes")
    assert legal(eng, gid, kind="explore") == []
    play_first(eng, gid, kind="skill", skill="wolfhawk_hawk_eyes")
    assert seat(eng, gid, 0).move == 1 and legal(eng, gid, kind="explore")
    eng, gid = from_situation(HERE / "keep_assault.toml")
    eng.submit(gid, 0, {"kind": "explore", "at": "6,-4"})  # a keep at 7,-5
    eng.submit(gid, 0, {"kind": "move", "to": "5,-3"})  # two spaces from it
    t = eng.table(gid)
    assert t.zone("garrison:7,-5")
    give_skill(eng, gid, "wolfhawk_hawk_eyes")
    play_first(eng, gid, kind="skill", skill="wolfhawk_hawk_eyes")
    assert not t.zone("garrison:7,-5") and t.game.board.spaces["7,-5"].enemies


def test_call_to_arms_uses_an_ability_of_an_offered_unit():
    """MK:5:Units:5, MK:5:Effects:1b: Call to Arms basic (white): the Illusionists' Influence 4
    from the Unit offer, used as one's own; the unit stays in the offer"""
    eng, gid = sit("cards_village", hand=["call_to_arms"], tokens=["white"])
    assert "illusionists" in names(eng, gid, "offer:units")
    play_first(
        eng, gid, card="call_to_arms", mode="basic", boost="illusionists#2", boost_option=0, pay="token:white"
    )
    assert seat(eng, gid, 0).influence == 4 and seat(eng, gid, 0).units == []
    assert "illusionists" in names(eng, gid, "offer:units")


def test_bonds_of_loyalty_discounts_a_recruit_and_keeps_its_unit():
    """MK:5:Skills:4d, MK:8:Interact:4a: Bonds of Loyalty (Norowas): the first recruit (Utem
    Crossbowmen, 6) costs 5 less and takes the skill's command token; a unit in that token is
    never offered for disbanding"""
    eng, gid = sit("cards_village", hand=["march"], influence=10)
    give_skill(eng, gid, "norowas_bonds_of_loyalty")
    eng.submit(gid, 0, {"kind": "recruit", "unit": "utem_crossbowmen#2"})
    p = seat(eng, gid, 0)
    assert p.bond_unit == "utem_crossbowmen#2" and p.influence == 10 - (6 - 5)
    eng, gid = sit("cards_village", hand=["march"], influence=10, units=["peasants"])
    give_skill(eng, gid, "norowas_bonds_of_loyalty")
    p = seat(eng, gid, 0)
    p.bond_unit = p.units[0].uid  # recruited into the skill's token earlier
    assert legal(eng, gid, kind="recruit") == []
    p.bond_unit = ""  # control: an ordinary unit is offered for disbanding
    assert legal(eng, gid, kind="recruit", disband=p.units[0].uid)


def test_bonds_of_loyalty_command_token_is_kept_at_a_level_up():
    """MK:11:EoT:6a: with Bonds of Loyalty, reaching level 3 gives command 2 + the skill's 1"""
    eng, gid = sit("cards_village", hand=["march"], fame=8)
    give_skill(eng, gid, "norowas_bonds_of_loyalty")
    play_first(eng, gid, card="march", mode="basic")
    play_first(eng, gid, kind="end_turn")
    assert seat(eng, gid, 0).level == 3 and seat(eng, gid, 0).command == 3


def test_mana_claim_keeps_the_die_for_the_round_and_gives_a_token_each_turn():
    """MK:5:Mana:3: Mana Claim basic (blue), one token a turn: the claimed die is nobody's to take
    this round (the other seat is not offered it) and gives its owner a token at the start of
    the next turn; a die paying for the card is never the one claimed"""
    eng, gid = two_seats({"hand": ["mana_claim", "march"], "tokens": ["blue"]}, {"hand": ["rage", "march"]})
    opts = legal(eng, gid, card="mana_claim", mode="basic")
    assert any(c["pay"].startswith("die:") for c in opts)
    assert not [c for c in opts if f"die:{c['dice']}" in c["pay"].split("+")]
    play_first(eng, gid, card="mana_claim", mode="basic", option=1, pay="token:blue", dice="0")
    t = eng.table(gid)
    colour = t.game.source[0]
    assert seat(eng, gid, 0).claimed[:3] == [0, colour, 1] and seat(eng, gid, 0).tokens == []
    play_first(eng, gid, card="march", mode="basic")
    play_first(eng, gid, kind="end_turn")
    assert t.game.active == 1
    assert not any("die:0" in (c.get("pay") or "").split("+") for c in eng.legal(gid, 1))
    eng.submit(
        gid, 1, next(c for c in eng.legal(gid, 1) if c.get("card") == "march" and c.get("mode") == "basic")
    )
    eng.submit(gid, 1, {"kind": "end_turn"})
    assert t.game.active == 0 and seat(eng, gid, 0).tokens == [colour]


def test_mana_curse_wounds_another_player_paying_that_colour():
    """MK:5:Mana:3: Mana Curse (Mana Claim powered, blue + black, night) on the green die: the
    other player pays a green crystal for March's stronger side and takes a wound (once that
    turn: Tranquility's green crystal then gives none)"""
    eng, gid = two_seats(
        {"hand": ["mana_claim", "march"], "tokens": ["blue", "black"]},
        {"hand": ["march", "tranquility"], "crystals": {"green": 2}},
        night=True,
    )
    t = eng.table(gid)
    green = t.game.source.index("green")
    play_first(
        eng, gid, card="mana_claim", mode="powered", option=0, pay="token:black+token:blue", dice=str(green)
    )
    assert seat(eng, gid, 0).tokens == ["green", "green", "green"]
    play_first(eng, gid, card="march", mode="basic")
    play_first(eng, gid, kind="end_turn")
    eng.submit(
        gid,
        1,
        next(
            c
            for c in eng.legal(gid, 1)
            if c.get("card") == "march" and c.get("mode") == "powered" and c["pay"] == "crystal:green"
        ),
    )
    assert names(eng, gid, "hand:1").count("wound") == 1
    from engine.games.mage_knight.cards.resolving import seat_resolutions

    draw = next(
        i
        for i, r in enumerate(seat_resolutions(t, 1, "tranquility", "powered"))
        if any(k == "draw_cards" for k, _ in r)
    )
    eng.submit(
        gid,
        1,
        next(
            c
            for c in eng.legal(gid, 1)
            if c.get("card") == "tranquility"
            and c.get("mode") == "powered"
            and c["pay"] == "crystal:green"
            and c["option"] == draw
        ),
    )
    assert names(eng, gid, "hand:1").count("wound") == 1


def test_offering_gives_a_crystal_for_each_of_three_discarded_cards():
    """MK:5:Gain:2, MK:4:Deed:6: Offering basic (red): a red crystal, and Rage, March and Swiftness
    discarded give red, green and white crystals"""
    eng, gid = sit("cards_village", hand=["offering", "rage", "march", "swiftness"], tokens=["red"])
    cmd = next(c for c in legal(eng, gid, card="offering", mode="basic") if c["pay"].count("discard:") == 3)
    eng.submit(gid, 0, cmd)
    assert seat(eng, gid, 0).crystals == {"red": 2, "green": 1, "white": 1}
    assert sorted(names(eng, gid, "discard:0")) == ["march", "rage", "swiftness"]


def test_charm_possess_turns_the_enemys_attack_against_the_others():
    """MK:8:Combat:4: Possess (Charm powered, white + black, night): Prowlers do not attack, and
    their Attack 4 joins the seat's attack phase as a melee attack"""
    eng, gid = fight(night=True, hand=["charm"], tokens=["white", "black"], enemies=("green_prowlers",))
    play_first(eng, gid, card="charm", mode="powered", target="green_prowlers#2")
    prowlers = next(e for e in eng.table(gid).game.combat.enemies if e.uid == "green_prowlers#2")
    assert prowlers.prevented
    while eng.table(gid).game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)
    assert pool(eng, gid) == [("melee", "physical", prowlers.attacks[0].value)]


def test_scouts_look_at_a_garrison_only_their_seat_sees():
    """MK:7:Move:5, MK:5:Units:5: Scouts' second ability: the keep's face-down garrison three
    spaces away is shown to the seat alone (the event's visibility) and marked for fame +1"""
    eng, gid = from_situation(
        HERE / "keep_assault.toml", edit=lambda g: g["seat"][0].update(units=["scouts"])
    )
    eng.submit(gid, 0, {"kind": "explore", "at": "6,-4"})  # a keep at 7,-5, three spaces away
    unit = seat(eng, gid, 0).units[0].uid
    play_first(eng, gid, kind="activate", unit=unit, ability=1, space="7,-5")
    looked = [e for e in eng.store.read(gid) if e.type == "mk.looked"]
    hidden = list(eng.table(gid).zone("garrison:7,-5"))
    assert len(looked) == 1 and looked[0].vis == [0] and looked[0].data["tokens"] == hidden
    assert seat(eng, gid, 0).turn_effects["marked"] == [hidden, 1]


def test_scouts_marked_token_gives_fame_when_defeated():
    """MK:9:Ranged:5: a token the Scouts looked at this turn gives fame +1 when defeated (here
    the Prowlers, marked as after a look, defeated by Swiftness's Ranged Attack 3; their own
    fame comes at the combat's end)"""
    eng, gid = fight(hand=["swiftness"], tokens=["white"], enemies=("green_prowlers",))
    seat(eng, gid, 0).turn_effects["marked"] = [["green_prowlers#2"], 1]  # as after the look
    play_first(eng, gid, card="swiftness", mode="powered", pay="token:white")
    eng.submit(gid, 0, {"kind": "attack", "targets": ["green_prowlers#2"], "use": ["ranged"]})
    assert seat(eng, gid, 0).fame == 1


def test_scouts_explore_two_spaces_away():
    """MK:7:Move:5: Scouts' third ability: Move 2, and a tile position next to a space adjacent
    to the hero (two spaces away) may be explored too"""
    eng, gid = sit("cards_village", hand=["march"], units=["scouts"], move=2)
    before = [c["at"] for c in legal(eng, gid, kind="explore")]
    play_first(eng, gid, kind="activate", unit=seat(eng, gid, 0).units[0].uid, ability=2)
    after = [c["at"] for c in legal(eng, gid, kind="explore")]
    assert seat(eng, gid, 0).move == 4 and set(before) < set(after)


def prowlers_damage_after(skill: str, option: int):
    """The Prowlers' (Attack 4, physical) damage event on the hero after `skill` is used in the
    ranged phase and nothing is blocked."""
    eng, gid = fight(hand=["march", "rage"], enemies=("green_prowlers",))
    give_skill(eng, gid, skill)
    play_first(eng, gid, kind="skill", skill=skill, option=option)
    eng.submit(gid, 0, {"kind": "next"})
    eng.submit(gid, 0, {"kind": "next"})
    eng.submit(gid, 0, {"kind": "assign", "enemy": "green_prowlers#2", "attack": 0, "to": "hero"})
    return [e for e in eng.store.read(gid) if e.type == "mk.combat.damage"][-1]


def test_battle_hardened_takes_two_off_each_physical_attack_on_the_hero():
    """MK:5:Skills:4d, MK:9:Damage:5: Battle Hardened (Krang), physical: each physical attack on
    the hero this combat deals 2 less; Prowlers' 4 then wounds once (armour 2), not twice"""
    dmg = prowlers_damage_after("krang_battle_hardened", 0)
    assert dmg.data["damage"] == 2 and dmg.data["wounds_to_hand"] == 1


def test_elemental_resistance_does_not_touch_physical_attacks_on_its_fire_ice_side():
    """MK:5:Skills:4d: Elemental Resistance (Braevalar), fire and ice side: the Prowlers'
    physical 4 is not reduced (two wounds)"""
    dmg = prowlers_damage_after("braevalar_elemental_resistance", 0)
    assert dmg.data["damage"] == 4 and dmg.data["wounds_to_hand"] == 2


# -- interactive skills in the centre (MK:5:Skills:4b) -----------------------------------------
def pass_turn(eng, gid, s: int) -> None:
    eng.submit(
        gid, s, next(c for c in eng.legal(gid, s) if c.get("card") == "march" and c.get("mode") == "basic")
    )
    eng.submit(gid, s, {"kind": "end_turn"})


def test_ritual_of_pain_in_the_centre_lets_another_player_play_a_wound_sideways_for_three():
    """MK:5:Skills:4b: Ritual of Pain (seat 0) goes to the centre; seat 1 returns it and plays a
    wound sideways for Move 3; the token is then back with its owner, not in the centre"""
    eng, gid = two_seats({"hand": ["march", "rage"]}, {"hand": ["march", "wound"]})
    give_skill(eng, gid, "arythea_ritual_of_pain")
    play_first(eng, gid, kind="skill", skill="arythea_ritual_of_pain", option=0)
    assert "arythea_ritual_of_pain" in seat(eng, gid, 0).centre
    pass_turn(eng, gid, 0)
    use = [c for c in eng.legal(gid, 1) if c["kind"] == "centre"]
    assert use == [{"kind": "centre", "skill": "arythea_ritual_of_pain", "owner": 0, "option": 0}]
    eng.submit(gid, 1, use[0])
    assert seat(eng, gid, 0).centre == {}
    eng.submit(
        gid, 1, next(c for c in eng.legal(gid, 1) if c.get("card") == "wound" and c.get("option") == 0)
    )
    assert seat(eng, gid, 1).move == 3


def test_source_opening_gives_another_player_a_die_and_its_owner_a_crystal():
    """MK:5:Skills:4b, MK:5:Mana:3: Source Opening (seat 0) in the centre: seat 1 takes it for a
    second Source die this turn; paying with two dice gives seat 0 a crystal of the second
    die's colour"""
    eng, gid = two_seats({"hand": ["march", "rage"]}, {"hand": ["march", "stamina", "promise"]})
    give_skill(eng, gid, "goldyx_source_opening")
    play_first(eng, gid, kind="skill", skill="goldyx_source_opening", dice="0")
    pass_turn(eng, gid, 0)
    eng.submit(gid, 1, next(c for c in eng.legal(gid, 1) if c["kind"] == "centre"))
    t = eng.table(gid)
    first = next(
        c
        for c in eng.legal(gid, 1)
        if c.get("card") == "march" and c.get("mode") == "powered" and c["pay"].startswith("die:")
    )
    eng.submit(gid, 1, first)
    second = next(c for c in eng.legal(gid, 1) if c.get("mode") == "powered" and c["pay"].startswith("die:"))
    colour = t.game.source[int(second["pay"].split(":")[1])]
    eng.submit(gid, 1, second)
    assert seat(eng, gid, 0).crystals == {colour: 1}


def test_mana_overload_gives_four_to_the_first_card_powered_with_its_colour():
    """MK:5:Skills:4b: Mana Overload (Tovak skill, seat 0), green: a green token now and the token
    in the centre; seat 1 powers March with green: Move 4 + 4; the token goes back"""
    eng, gid = two_seats({"hand": ["march", "rage"]}, {"hand": ["march", "rage"], "crystals": {"green": 1}})
    give_skill(eng, gid, "tovak_mana_overload")
    play_first(eng, gid, kind="skill", skill="tovak_mana_overload", option=2)
    assert seat(eng, gid, 0).tokens == ["green"] and seat(eng, gid, 0).centre
    play_first(eng, gid, card="rage", mode="sideways", option=0)  # the token lapses unused
    eng.submit(gid, 0, {"kind": "end_turn"})
    eng.submit(
        gid,
        1,
        next(
            c
            for c in eng.legal(gid, 1)
            if c.get("card") == "march" and c.get("mode") == "powered" and c["pay"] == "crystal:green"
        ),
    )
    assert seat(eng, gid, 1).move == 8 and seat(eng, gid, 0).centre == {}


def test_a_centre_token_returns_at_its_owners_next_turn():
    """MK:5:Skills:4b: Mana Enhancement (seat 0) lies in the centre until seat 0's next turn
    starts; unused by seat 1, it is then back (and stays face down this round)"""
    eng, gid = two_seats({"hand": ["march", "rage"]}, {"hand": ["march", "rage"]})
    give_skill(eng, gid, "krang_mana_enhancement")
    play_first(eng, gid, kind="skill", skill="krang_mana_enhancement", option=0)
    assert seat(eng, gid, 0).crystals == {"red": 1} and seat(eng, gid, 0).centre
    pass_turn(eng, gid, 0)
    assert [c for c in eng.legal(gid, 1) if c["kind"] == "centre"]
    pass_turn(eng, gid, 1)
    assert eng.table(gid).game.active == 0 and seat(eng, gid, 0).centre == {}
    assert not legal(eng, gid, kind="skill", skill="krang_mana_enhancement")


def test_puppet_master_keeps_a_defeated_token_and_gives_it_up_for_an_attack():
    """MK:5:Skills:4d: Puppet Master (Krang): the Prowlers defeated in the ranged phase are kept
    (off the map, not discarded); given up in the attack phase they add Attack 2 (half of 4)"""
    eng, gid = fight(hand=["swiftness"], tokens=["white"], enemies=("green_prowlers",))
    give_skill(eng, gid, "krang_puppet_master")
    play_first(eng, gid, card="swiftness", mode="powered", pay="token:white")
    eng.submit(gid, 0, {"kind": "attack", "targets": ["green_prowlers#2"], "use": ["ranged"]})
    play_first(eng, gid, kind="skill", skill="krang_puppet_master", token="green_prowlers#2")
    t = eng.table(gid)
    assert (
        names(eng, gid, "kept:0") == ["green_prowlers"]
        and "green_prowlers#2" not in t.game.board.spaces["3,-3"].enemies
    )
    seat(eng, gid, 0).used_skills.remove("krang_puppet_master")  # as in a later turn
    while t.game.combat.phase != "attack":
        cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "next" or c.get("to") == "hero")
        eng.submit(gid, 0, cmd)
    play_first(eng, gid, kind="skill", skill="krang_puppet_master", token="green_prowlers#2")
    assert pool(eng, gid) == [("melee", "physical", 2)] and names(eng, gid, "kept:0") == []


def test_polarization_turns_a_mana_and_lets_black_pay_by_day():
    """MK:5:Mana:2, MK:5:Mana:3: Polarization (Arythea): a red token paid gives a blue token; by
    day its last option lets a black Source die pay a basic colour (March powered with it)"""
    eng, gid = sit("cards_village", hand=["march"], tokens=["red"])
    give_skill(eng, gid, "arythea_polarization")
    play_first(eng, gid, kind="skill", skill="arythea_polarization", option=0, pay="token:red")
    assert seat(eng, gid, 0).tokens == ["blue"]
    eng, gid = sit("cards_village", hand=["march"])
    eng.table(gid).game.source[0] = "black"  # a black die in the Source by day
    give_skill(eng, gid, "arythea_polarization")
    assert not legal(eng, gid, card="march", mode="powered", pay="die:0")
    play_first(eng, gid, kind="skill", skill="arythea_polarization", option=4)
    assert legal(eng, gid, card="march", mode="powered", pay="die:0")


def shocktroops_damage(target: int):
    eng, gid = fight(hand=["march"], units=["shocktroops", "peasants"], enemies=("green_prowlers",))
    t = eng.table(gid)
    foes = [e.uid for e in t.game.combat.enemies]
    eng.submit(gid, 0, {"kind": "next"})  # to the block phase
    eng.submit(
        gid,
        0,
        {
            "kind": "activate",
            "unit": "shocktroops#1",
            "ability": 2,
            "option": 0,
            "pay": "",
            "target": foes[target],
        },
    )
    eng.submit(gid, 0, {"kind": "next"})  # to the damage phase
    assigns = [c for c in eng.legal(gid, 0) if c["kind"] == "assign"]
    return foes, {(c["enemy"], c["to"]) for c in assigns}


def test_shocktroops_take_the_damage_of_the_enemy_they_weakened():
    """MK:5:Units:5, MK:9:Damage: Shocktroops' third ability (public list): an enemy gets Attack -3
    and its damage goes to the Shocktroops: in the damage phase that enemy's attack may be
    assigned only to them; the other enemy's attack still to the hero or the Peasants"""
    for target in (0, 1):
        foes, assigns = shocktroops_damage(target)
        aimed, other = foes[target], foes[1 - target]
        assert {to for e, to in assigns if e == aimed} in ({"shocktroops#1"}, set())
        if any(e == other for e, _ in assigns):
            assert {to for e, to in assigns if e == other} >= {"hero"}
    foes, assigns = shocktroops_damage(0)
    assert (foes[0], "shocktroops#1") in assigns and (foes[0], "hero") not in assigns
