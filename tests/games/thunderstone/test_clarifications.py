"""Part A2 of the examples: the short illustrations of the card clarifications (pp.17, 20-21),
each started from situations/a2_clarifications.toml with the hand, hall or stacks it names."""

from __future__ import annotations

import pytest
from ts_helpers import Game

from sim.testing import new_game

TABLE = "a2_clarifications"


def dungeon(hand: list[str], hall: list[str] | None = None, **game) -> Game:
    g = Game(TABLE, seat0={"hand": hand}, **({"hall": hall} if hall else {}), **game)
    g.play("action", action="dungeon")
    return g


def part(battle: dict, name: str) -> dict:
    return next(p for p in battle["parts"] if p["card"].startswith(name + "#"))


def fight(g: Game, position: int) -> dict:
    g.play("attack", monster=g.t.zone(f"pos{position}")[0])
    return g.last("ts.battle")


def test_ts_ex19_collector_destroys_only_printed_gold_zero():
    """EX-19 (p.20) A47: the Gorinthischer Sammler (Gorinth Hoarder) destroys a card for MAGIC +
    its gold value: a Miliz (printed gold 0) for +0, never a Haendler (no printed gold). Real card:
    any card with a printed gold value is a target, not only gold 0."""
    g = dungeon(["Gorinthischer Sammler", "Miliz", "Haendler", "Proviant", "Proviant", "Fackel"])
    sammler = g.id("play0", "Gorinthischer Sammler")
    assert sorted(c.get("target") for c in g.legal() if c.get("card") == sammler) == sorted(
        g.id("play0", n) for n in ("Miliz", "Proviant", "Fackel")
    )
    miliz = g.id("play0", "Miliz")
    g.play("use", card=sammler, ability=0, target=miliz)
    assert miliz in g.t.zone("trash") and part(fight(g, 1), "Gorinthischer Sammler")["magic"] == 3


def test_ts_ex20_miser_counts_cards_with_gold():
    """EX-20 (p.20) A47: the Geizhals' bonus counts each laid-out card with a printed gold value
    (Miliz's 0 included; real card: itself too, gold 1, MAGIC +1 each and no printed MAGIC); it
    may destroy only cards without printed gold."""
    g = dungeon(["Gorinthischer Geizhals", "Fackel", "Dolch", "Miliz", "Haendler", "Gestaltwandlung"])
    geiz = g.id("play0", "Gorinthischer Geizhals")
    assert sorted(c["target"] for c in g.legal() if c.get("card") == geiz) == sorted(
        [g.id("play0", "Haendler"), g.id("play0", "Gestaltwandlung")]
    )
    assert part(fight(g, 1), "Gorinthischer Geizhals")["magic"] == 4  # itself, Fackel, Dolch, Miliz


def test_ts_ex21_flame_line_converts_leftover_light():
    """EX-21 (p.20): at position 3 with 4 light, 3 cancel the penalty and 1 leftover becomes magic.
    Real cards: the Gruftgeist (Tomb Haunt) is immune to magic, so a Harpy stands at position 3."""
    g = dungeon(
        ["Flammengarde", "Fackel", "Fackel", "Fackel", "Proviant", "Proviant"],
        hall=["Fabelwesen I", "Ork I", "Harpy"],
    )
    b = fight(g, 3)
    assert b["light_points"] == 4 and b["light_penalty"] == 0
    assert b["modifiers"] == ["leftover light 1 -> magic +1"] and b["magic"] == 1


@pytest.mark.parametrize("position, attack", [(1, 0), (2, 4)])
def test_ts_ex22_conjurer_adds_nothing_at_position_one(position, attack):
    """EX-22 (p.17, p.20) A13: a Beschwoerer may attack position 1 with +0; at 2 or 3 its +X counts
    (real card: the Rasender Beschwoerer, Evoker Pyroclast, has ATTACK +4 against position 2+)."""
    g = dungeon(["Rasender Beschwoerer", "Fackel", "Fackel", "Fackel", "Proviant", "Proviant"])
    assert part(fight(g, position), "Rasender Beschwoerer")["attack"] == attack


def test_ts_ex23_conjurer_xp_magic_counts_at_position_one():
    """EX-23 (p.20): destroying 1 XP for the Rasender Beschwoerer's extra magic works even at position 1."""
    g = Game(
        TABLE,
        seat0={
            "hand": ["Rasender Beschwoerer", "Fackel", "Miliz", "Proviant", "Proviant", "Proviant"],
            "xp": 1,
        },
    )
    g.play("action", action="dungeon")
    g.use("play0", "Rasender Beschwoerer", 1)
    assert g.t.game.xp[0] == 0
    assert part(fight(g, 1), "Rasender Beschwoerer")["magic"] == 4  # real card: MAGIC +4, LIGHT +3


def test_ts_ex24_masterful_conjurer_brightens_light_items():
    """EX-24 (p.20): with a Meisterhafter Beschwoerer a Fackel gives 1 + 1 = 2 light."""
    g = dungeon(["Meisterhafter Beschwoerer", "Fackel", "Proviant", "Proviant", "Proviant", "Proviant"])
    b = fight(g, 3)
    assert b["light_points"] == 2 and b["light_penalty"] == 1


@pytest.mark.parametrize("other, bonus", [("Veteranen-Pluenderer", True), ("Veteranen-Berserker", False)])
def test_ts_ex25_warmonger_needs_all_heroes_level_three(other, bonus):
    """EX-25 (p.20): the Kriegstreiber's ATTACK +10 counts only if every laid-out hero is level 3+."""
    g = dungeon(["Veteranen-Kriegstreiber", other, "Fackel", "Proviant", "Proviant", "Proviant"])
    assert part(fight(g, 1), "Veteranen-Kriegstreiber")["attack"] == 6 + (10 if bonus else 0)


def test_ts_ex26_per_card_bonuses():
    """EX-26 (p.20): the Phalanx-Soldat counts each other Phalanx card, the Stampfende Steinwache
    each mercenary (Kundschafter) laid out: +1 twice each (real cards: ATTACK 2 and 4 printed;
    the Soldat also gains STRENGTH +1 per other Phalanx)."""
    g = dungeon(
        [
            "Phalanx-Soldat",
            "Phalanx-Soldat",
            "Phalanx-Offizier",
            "Stampfende Steinwache",
            "Kundschafter",
            "Kundschafter",
        ]
    )
    from engine.games.thunderstone.battle import strength

    assert strength(g.t, g.id("play0", "Phalanx-Soldat")) == 5 + 2
    b = fight(g, 1)
    assert part(b, "Phalanx-Soldat")["attack"] == 2 + 2
    assert part(b, "Stampfende Steinwache")["attack"] == 4 + 2


def test_ts_ex27_officer_draws_per_phalanx_once():
    """EX-27 (p.20): the Phalanx-Offizier draws one card per other Phalanx laid out; a Phalanx
    card drawn so draws nothing more."""
    g = dungeon(
        ["Phalanx-Offizier", "Phalanx-Soldat", "Fackel", "Proviant", "Proviant", "Proviant"],
        seats={
            0: {"deck": ["Phalanx-Soldat", "Miliz", "Miliz", "Miliz", "Fackel", "Dolch", "Proviant", "Miliz"]}
        },
    )
    g.use("play0", "Phalanx-Offizier", 1)  # its DUNGEON effect (the real card has it in both places)
    assert len(g.t.zone("play0")) == 7 and g.names("play0").count("Phalanx-Soldat") == 2
    assert not [c for c in g.legal() if c.get("card") == g.id("play0", "Phalanx-Offizier")]


@pytest.mark.parametrize("bishop", [False, True])
def test_ts_ex28_ex29_plunderer_and_bishop(bishop):
    """EX-29 (p.20): the Chulianische Pluenderin's discards go onto the victims' own discard piles;
    EX-28: a Belzurischer Bischof shown from hand turns the effect on the active player. Real card
    (Chulian Looter): every other player discards a weapon from hand, ATTACK +1 per weapon."""
    other_hand = [
        "Belzurischer Bischof" if bishop else "Miliz",
        "Miliz",
        "Miliz",
        "Fackel",
        "Dolch",
        "Proviant",
    ]
    g = dungeon(
        ["Chulianische Pluenderin", "Dolch", "Miliz", "Proviant", "Proviant", "Proviant"],
        seats={1: {"hand": other_hand}},
    )
    g.use("play0", "Chulianische Pluenderin", 0)
    if bishop:
        assert g.names("disc0") == ["Dolch"] and not g.t.zone("disc1")
        assert g.last("ts.redirected")["seat"] == 1
    else:
        assert g.names("disc1") == ["Dolch"] and not g.t.zone("disc0")
    assert g.last("ts.used")["atk"] == {g.id("play0", "Chulianische Pluenderin"): 1}


def test_ts_ex30_destroyed_weapon_keeps_hero_equipped():
    """EX-30 (p.20), AUTO-BATTLE: a weapon destroyed by a battle effect still works until the battle
    ends and its hero stays equipped (Brutale Steinwache keeps its +2); then it is trashed."""
    g = dungeon(
        ["Brutale Steinwache", "Dolch", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Erzuerntes Wasser", "Ork I", "Gruftgeist"],
    )
    dolch = g.id("play0", "Dolch")
    g.play("equip", weapon=dolch, hero=g.id("play0", "Brutale Steinwache"))
    g.play("attack", monster=g.id("pos1", "Erzuerntes Wasser"))
    b = g.last("ts.battle")
    assert part(b, "Brutale Steinwache")["attack"] == 5 and part(b, "Dolch")["attack"] == 1 and b["won"]
    assert dolch in g.t.zone("trash")


@pytest.mark.parametrize("item, won", [("Proviant", False), ("Fackel", True)])
def test_ts_ex31_flame_needs_an_item_or_spell_used(item, won):
    """EX-31 (p.21, p.15): an item or spell counts as used once any effect, trait or bonus of it was
    applied, e.g. a Fackel's LIGHT +1. Real card (Blaze): the Flamme cannot be defeated unless an
    item or spell was used; an unused Proviant does not count, a Fackel whose light counts does."""
    g = dungeon(
        ["Flammenwache", "Halb-Ork-Angreifer", "Brutale Steinwache", item, "Proviant", "Proviant"],
        hall=["Flamme", "Ork I", "Gruftgeist"],
    )
    b = fight(g, 1)
    assert b["total"] >= b["health"] == 7 and b["won"] == won
    assert won or "item or spell" in b["why"]


def test_ts_ex32_trap_revealed_in_refill():
    """EX-32 (p.21), AUTO-TRAP, A35: the Drachenmaul (Dragon's Jaw) revealed by the refill makes the
    players, from the active player's left, reveal deck cards in turn; weapons are destroyed (at
    most 3), the other cards stay on the decks; then it is trashed and the refill continues. A
    Wegelagerer in hand avoids it for its owner."""
    g = Game(
        TABLE,
        hall=["Spukgestalt", "Ork I", "Gruftgeist"],
        dungeon=["Drachenmaul", "Fabelwesen I", "Stein der Verachtung"],
        seats={
            0: {
                "deck": [
                    "Fackel",
                    "Brutale Steinwache",
                    "Miliz",
                    "Miliz",
                    "Miliz",
                    "Dolch",
                    "Proviant",
                    "Miliz",
                ]
            },
            1: {"hand": ["Wegelagerer", "Miliz", "Miliz", "Fackel", "Dolch", "Proviant"]},
        },
    )
    dolch = g.t.zone("deck0")[5]
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.id("pos1", "Spukgestalt"))
    assert sorted(g.t.zone("trash")) == sorted([dolch, g.id("trash", "Drachenmaul")])
    assert g.last("ts.trap_avoided")["seat"] == 1 and len(g.t.zone("deck1")) == 6
    assert g.names("pos3") == ["Fabelwesen I"]


@pytest.mark.parametrize(
    "monster, hand, health",
    [
        ("Wuetender Wind", ["Fackel", "Fackel", "Proviant", "Proviant", "Miliz", "Miliz"], 7),
        ("Wuetender Wind", ["Fackel", "Fackel", "Miliz", "Miliz", "Miliz", "Miliz"], 14),
        ("Stuermische Erde", ["Fackel", "Fackel", "Fackel", "Proviant", "Miliz", "Miliz"], 8),
        ("Stuermische Erde", ["Fackel", "Fackel", "Fackel", "Miliz", "Miliz", "Miliz"], 16),
    ],
)
def test_ts_ex33_ex34_health_by_gold_revealed(monster, hand, health):
    """EX-33, EX-34 (p.21) A28: 5/7 gold revealed keep 7/8 health, 4/6 gold double it."""
    g = dungeon(hand, hall=[monster, "Ork I", "Gruftgeist"])
    assert fight(g, 1)["health"] == health


def test_ts_ex35_raging_flame_destroys_a_laid_out_village_card():
    """EX-35 (p.21): the Rasende Flamme destroys a village card from the active player's laid-out
    cards (basic Fackel and Dolch count, A41), never one from a village stack. Real card (Flame
    Rage): the one with the highest gold value, here Fackel or Proviant (2 each)."""
    g = dungeon(
        ["Miliz", "Fackel", "Dolch", "Brutale Steinwache", "Proviant", "Glut"],
        hall=["Rasende Flamme", "Ork I", "Gruftgeist"],
    )
    g.play("attack", monster=g.id("pos1", "Rasende Flamme"))
    options = sorted(c["option"] for c in g.legal())
    assert options == sorted(g.id("play0", n) for n in ["Fackel", "Proviant"])


@pytest.mark.parametrize(
    "hand, trashed",
    [
        (["Krankheit", "Krankheit", "Krankheit", "Krankheit", "Fackel", "Dolch"], ["Dolch", "Fackel"]),
        (["Krankheit", "Krankheit", "Krankheit", "Fackel", "Dolch", "Glut"], ["Dolch", "Fackel", "Glut"]),
    ],
)
def test_ts_ex36_hungry_dead_destroys_one_card_per_disease(hand, trashed):
    """EX-36 (p.21): the Hungriger Toter destroys one non-disease laid-out card (village card or
    monster) per laid-out disease; with fewer such cards than diseases only those, never a disease."""
    g = dungeon(hand, hall=["Hungriger Toter", "Ork I", "Gruftgeist"])
    g.play("attack", monster=g.id("pos1", "Hungriger Toter"))
    while g.t.game.active == 0 and g.legal() and g.legal()[0]["kind"] == "choose":
        g.play("choose", option=g.legal()[0]["option"])
    assert sorted(g.names("trash")) == trashed and len(g.events("ts.doomed")) == len(trashed)


def test_ts_ex37_swamp_choice_excludes_new_cards():
    """EX-37 (p.21), CMP-8: in the Feaynischer Sumpf the card destroyed after a won battle is one
    of the laid-out cards, never the defeated monster or a disease suffered in the battle."""
    g = Game(
        TABLE,
        hall=["Gruftgeist", "Ork I", "Fabelwesen I"],
        scenario="Feaynischer Sumpf",
        seat0={"hand": ["Miliz", "Miliz", "Miliz", "Fackel", "Dolch", "Dolch"]},
    )
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("equip", weapon=g.id("play0", "Dolch", 1), hero=g.id("play0", "Miliz", 1))
    laid = list(g.t.zone("play0"))
    g.play("attack", monster=g.id("pos1", "Gruftgeist"))
    assert g.last("ts.battle")["won"]
    assert sorted(c["option"] for c in g.legal()) == sorted(laid)
    g.play("choose", option=g.id("play0", "Fackel"))
    assert g.names("trash") == ["Fackel"] and g.names("disc0").count("Krankheit") == 1


def test_ts_ex38_barrowsdale_monsters_have_no_gold():
    """EX-38 (p.21), CMP-8: in Barrowsdale a laid-out monster adds 0 gold."""
    g = Game(
        TABLE,
        scenario="Barrowsdale",
        seat0={"hand": ["Gruftgeist", "Fackel", "Miliz", "Miliz", "Miliz", "Miliz"]},
    )
    g.play("action", action="village")
    assert g.last("ts.gold")["total"] == 2


def test_ts_ex39_doomgate_uses_four_monster_groups():
    """EX-39 (p.21), CMP-8, SET-R2: Doomgate builds the dungeon deck from 4 monster groups."""
    eng, gid = new_game("thunderstone", 2, seed=3, options={"setup": "random", "scenario": "Doomgate"})
    from engine.games.thunderstone.content import groups

    shown = [g for g in eng.table(gid).zone("shown:monster") if g in groups("monster")]
    assert len(shown) == 4


def test_ts_ex41_burnt_offering_never_itself():
    """EX-41 (p.21): a Brandopfer cannot destroy itself for its effect but may destroy another."""
    g = Game(TABLE, seat0={"hand": ["Brandopfer", "Brandopfer", "Miliz", "Miliz", "Miliz", "Miliz"]})
    g.play("action", action="village")
    first, second = g.id("play0", "Brandopfer"), g.id("play0", "Brandopfer", 1)
    targets = [c["target"] for c in g.legal() if c.get("card") == first]
    assert first not in targets and second in targets


@pytest.mark.parametrize(
    "top, guess, hit",
    [
        ("Fackel", "village", True),
        ("Miliz", "village", False),
        ("Miliz", "hero", True),
        ("Dolch", "monster", False),
    ],
)
def test_ts_ex42_chieftains_drum_counts_basic_cards(top, guess, hit):
    """EX-42 (p.21): for the Haeuptlingstrommel Fackel, Dolch and Proviant are village cards and
    the Miliz is a hero. Real card (Chieftain's Drum): name hero, village or monster, discard the
    deck's top card, draw 2 if the name fits."""
    g = Game(
        TABLE,
        seat0={
            "hand": ["Haeuptlingstrommel", "Fackel", "Dolch", "Proviant", "Schaedelspalter", "Miliz"],
            "deck": [top, "Miliz", "Miliz", "Fackel"],
        },
    )
    g.play("action", action="village")
    g.use("play0", "Haeuptlingstrommel", 0, guess=guess)
    assert g.names("disc0") == [top] and len(g.t.zone("play0")) == 6 + (2 if hit else 0)


def test_ts_ex43_quartermaster_keeps_one_of_twins():
    """EX-43 (p.21): of two identical newly drawn cards the Quartiermeister keeps one (real card:
    its DUNGEON effect draws 3)."""
    g = Game(
        TABLE,
        seat0={
            "hand": ["Quartiermeister", "Miliz", "Miliz", "Miliz", "Miliz", "Haendler"],
            "deck": ["Seelenjuwel", "Seelenjuwel", "Miliz", "Miliz", "Miliz", "Fackel", "Dolch", "Proviant"],
        },
    )
    g.play("action", action="dungeon")
    g.use("play0", "Quartiermeister", 0)
    assert g.names("play0").count("Seelenjuwel") == 1 and g.names("disc0") == ["Seelenjuwel"]


def test_ts_ex44_scout_returns_only_unused_cards():
    """EX-44 (p.21): the Kundschafter draws 3, then returns 3 hand cards to the deck top; used
    cards and the Kundschafter itself are not allowed."""
    g = Game(
        TABLE, seat0={"hand": ["Kundschafter", "Belzurischer Vikar", "Krankheit", "Miliz", "Fackel", "Dolch"]}
    )
    g.play("action", action="village")
    g.use("play0", "Belzurischer Vikar", 1, target=g.id("play0", "Krankheit"))
    g.use("play0", "Kundschafter", 0)
    options = [c["option"] for c in g.legal()]
    assert len(options) == 3 + 3
    assert g.id("play0", "Kundschafter") not in options and g.id("play0", "Belzurischer Vikar") not in options
    for _ in range(3):
        g.play("choose", option=g.legal()[0]["option"])
    assert len(g.t.zone("play0")) == 5


@pytest.mark.parametrize("position, bonus", [(1, 0), (2, 4)])
def test_ts_ex45_recurve_bow_by_position_and_level(position, bonus):
    """EX-45 (p.21): a Flammengarde (level 2) with the Reflexbogen: +0 at position 1, 2 + 2 = +4 beyond."""
    g = dungeon(["Flammengarde", "Reflexbogen", "Fackel", "Proviant", "Proviant", "Proviant"])
    g.play("equip", weapon=g.id("play0", "Reflexbogen"), hero=g.id("play0", "Flammengarde"))
    assert part(fight(g, position), "Reflexbogen")["attack"] == bonus


@pytest.mark.parametrize(
    "equip, use, returns", [(True, False, True), (False, True, True), (False, False, False)]
)
def test_ts_ex46_skull_splitter_returns_on_a_win(equip, use, returns):
    """EX-46 (p.21) A15: after a won battle the Schaedelspalter goes on top of the deck if it was
    equipped or its dungeon effect used; otherwise it is discarded."""
    g = dungeon(["Schaedelspalter", "Halb-Ork-Angreifer", "Miliz", "Miliz", "Fackel", "Fackel"])
    splitter = g.id("play0", "Schaedelspalter")
    if equip:
        g.play("equip", weapon=splitter, hero=g.id("play0", "Halb-Ork-Angreifer"))
    if use:
        g.use("play0", "Schaedelspalter", 0)
    assert fight(g, 1)["won"]
    assert (splitter in g.t.zone("deck0") or splitter in g.t.zone("hand0")) == returns


def test_ts_ex47_soul_gem_counts_the_flame_guard_level():
    """EX-47 (p.21): the Seelenjuwel with a laid-out Flammengarde (level 2) gives LIGHT +2."""
    g = dungeon(["Flammengarde", "Seelenjuwel", "Proviant", "Proviant", "Proviant", "Proviant"])
    g.use("play0", "Seelenjuwel", 0)
    assert fight(g, 3)["light_points"] == 1 + 2


def test_ts_ex49_gauntlet_second_weapon_dropped_when_weakened():
    """EX-49 (pp.21-22) BAT-2: the Panzerhandschuh (STRENGTH +2) lets a strength-5 Flammenwache
    carry the Axt (weight 6) beside it; the Ork III's STRENGTH -2 makes it drop the Axt, which
    then adds nothing; a third weapon is never allowed. Reading: the gauntlet itself is one of
    the two weapons ('1 weiteren Waffe', p.4), not the two-plus-gauntlet of the digest's EX-49."""
    g = dungeon(
        ["Flammenwache", "Torischer Panzerhandschuh", "Axt des Frostriesen", "Dolch", "Proviant", "Fackel"],
        hall=["Ork III", "Ork I", "Gruftgeist"],
    )
    hero = g.id("play0", "Flammenwache")
    g.play("equip", weapon=g.id("play0", "Torischer Panzerhandschuh"), hero=hero)
    g.play("equip", weapon=g.id("play0", "Axt des Frostriesen"), hero=hero)
    assert not [c for c in g.legal() if c["kind"] == "equip" and c["hero"] == hero]
    b = fight(g, 1)
    assert not [p for p in b["parts"] if p["card"].startswith("Axt des Frostriesen")]
    assert part(b, "Torischer Panzerhandschuh")["magic"] == 2


def test_ts_ex51_terror_stone_counts_other_stones():
    """EX-51 (p.21) A29: Stein des Terrors is worth 0 + 2 VP beside another Thunderstone its owner
    owns; that Stein der Verachtung is worth 5 (its owner has 1 monster, the others 4 and 3)."""
    g = Game(
        "endgame_capture",
        hall=["Spukgestalt", "Stein des Terrors", "Ork I"],
        seat0={"discard": ["Stein der Verachtung"]},
    )
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.id("pos1", "Spukgestalt"))
    assert g.t.over and g.t.scores["0"] == 1 + 5 + (0 + 2)


def test_ts_ex53_treasure_in_front_scores():
    """EX-53 (p.21), AUTO-TREASURE, A38: one revealed in a refill goes in front of the active
    player; at the start of its owner's turn it may be used (real card: the Ivory Dragon destroys
    itself and any number of hand cards, 1 XP each: here one, then 'done')."""
    g = Game(
        "endgame_capture",
        dungeon=["Ivory Dragon", "Fabelwesen I"],
        hall=["Spukgestalt", "Ork II", "Stein der Verachtung"],
    )
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.id("pos1", "Spukgestalt"))
    assert g.names("tres0") == ["Ivory Dragon"] and g.names("pos3") == ["Fabelwesen I"]
    g.play("action", seat=1, action="rest")
    g.play("pass", seat=1)
    g.play("action", seat=2, action="rest")
    g.play("pass", seat=2)
    assert {"kind": "treasure", "card": g.id("tres0", "Ivory Dragon")} in g.legal()
    g.play("treasure", card=g.id("tres0", "Ivory Dragon"))
    first = next(c["option"] for c in g.legal() if c["option"] != "done")
    g.play("choose", option=first)
    assert g.t.game.t.pending and g.t.game.t.pending[0]["what"] == "ivory"
    g.play("choose", option="done")
    assert g.t.game.xp[0] == 1 + 1 and not g.t.zone("tres0") and len(g.t.zone("hand0")) == 5
    assert not g.t.game.t.pending


def test_ts_ex54_no_breach_during_setup():
    """EX-54 (p.10, p.19), SET-R7: a breach monster revealed onto position 1 in set-up does nothing."""
    from engine.games.thunderstone.content import card

    for seed in range(400):
        eng, gid = new_game("thunderstone", 2, seed=seed, options={"setup": "first_game"})
        first = eng.table(gid).zone("pos1")[0]
        if card(first).all("breach"):
            break
    else:
        pytest.fail("no seed puts a breach monster on position 1")
    assert not [e for e in eng.store.read(gid) if e.type.startswith("ts.breach")]
    eng.submit(gid, 0, {"kind": "action", "action": "rest"})
    eng.submit(gid, 0, {"kind": "pass"})
    assert not [e for e in eng.store.read(gid) if e.type.startswith("ts.breach")]


def test_ts_trophy_light_counts_from_hand():
    """AUTO-TROPHY (p.16): a defeated Glut laid out in battle gives its lantern light (1) without a hero."""
    g = dungeon(["Glut", "Proviant", "Proviant", "Proviant", "Proviant", "Proviant"])
    b = fight(g, 2)
    glut = part(b, "Glut")
    assert (glut["attack"], glut["magic"], glut["light"], b["light_penalty"]) == (0, 0, 1, 1)


def test_ts_ex48_staff_uses_a_spell_twice():
    """EX-48 (p.21): with the Stab des blauen Feuers carried, the Gestaltwandlung's dungeon effect
    may be used a second time this turn, and only once more (real card: carried by a cleric or
    wizard, here a Gorinthischer Anfaenger; the spell used twice is destroyed at the turn's end)."""
    g = dungeon(
        [
            "Gorinthischer Anfaenger",
            "Stab des blauen Feuers",
            "Gestaltwandlung",
            "Fackel",
            "Proviant",
            "Proviant",
        ]
    )
    spell = g.id("play0", "Gestaltwandlung")
    g.use("play0", "Gestaltwandlung", 0)
    g.play("choose", option="none")
    assert not [c for c in g.legal() if c.get("card") == spell]
    g.play(
        "equip", weapon=g.id("play0", "Stab des blauen Feuers"), hero=g.id("play0", "Gorinthischer Anfaenger")
    )
    g.play("use", card=spell, ability=0)
    g.play("choose", option="none")
    assert not [c for c in g.legal() if c.get("card") == spell]
    assert g.t.game.t.used.count(f"{spell}/0") == 2


def test_ts_ex52_ruby_dragon_ignores_a_battle_effect():
    """EX-52 (p.21), AUTO-TREASURE: the Rubindrache may be destroyed during another player's turn.
    Real card (Ruby Dragon): destroyed to ignore one battle effect aimed at its owner; the engine
    uses it by itself, so it is never a command: here the Gruftgeist's disease is ignored, and in
    another player's turn the Erstickender Rauch's disease for every player."""
    g = Game(TABLE, seats={0: {"treasures": ["Rubindrache"]}, 1: {"treasures": ["Rubindrache"]}})
    assert g.legal(1) == []
    g.play("action", action="dungeon")
    ruby = g.id("tres0", "Rubindrache")
    g.play("attack", monster=g.id("pos3", "Gruftgeist"))
    assert ruby in g.t.zone("trash") and g.last("ts.ignored")["effect"] == "disease"
    assert "Krankheit" not in g.names("disc0") and g.names("tres1") == ["Rubindrache"]
    g = Game(
        TABLE, seats={1: {"treasures": ["Rubindrache"]}}, hall=["Erstickender Rauch", "Ork I", "Gruftgeist"]
    )
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Erstickender Rauch"))
    assert g.names("disc0").count("Krankheit") == 1 and "Krankheit" not in g.names("disc1")
    assert g.last("ts.ignored")["seat"] == 1 and not g.t.zone("tres1")


def test_ts_ex56_two_bans_hit_two_heroes():
    """EX-56 (p.12) AUTO-BATTLE: a hero already banned from attacking cannot get a second ban;
    the Schattendaemon's two bans hit two different heroes, and with one hero the second does nothing."""
    g = dungeon(
        ["Halb-Ork-Angreifer", "Flammenwache", "Miliz", "Fackel", "Proviant", "Proviant"],
        hall=["Schattendaemon", "Ork I", "Gruftgeist"],
    )
    g.play("attack", monster=g.id("pos1", "Schattendaemon"))
    first = g.id("play0", "Halb-Ork-Angreifer")
    assert len(g.legal()) == 3
    g.play("choose", option=first)
    assert first not in [c["option"] for c in g.legal()] and len(g.legal()) == 2
    g.play("choose", option=g.id("play0", "Flammenwache"))
    b = g.last("ts.battle")
    assert [p["note"] for p in b["parts"] if "note" in p and "banned" in p["note"]] == [
        "banned by a battle effect"
    ] * 2
