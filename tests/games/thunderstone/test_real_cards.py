"""The real Dragonspire cards' effects that the stand-ins did not have, one short game each from
situations/a2_clarifications.toml (CMP-4..7 card texts; AUTO-BATTLE, AUTO-BREACH, AUTO-GLOBAL,
AUTO-SPOILS, AUTO-TRAP, TRN-V2, TRN-V4, TRN-D2, TRN-E)."""

from __future__ import annotations

import pytest
from ts_helpers import Game

from engine.games.thunderstone.content import card
from sim.testing import new_game

TABLE = "a2_clarifications"
HALL = ["Fabelwesen I", "Ork I", "Fabelwesen I"]


def dungeon(hand: list[str], hall: list[str] | None = None, **game) -> Game:
    g = Game(TABLE, seat0={"hand": hand}, hall=hall or HALL, **game)
    g.play("action", action="dungeon")
    return g


def options(g: Game) -> list[str]:
    return sorted(c["option"] for c in g.legal() if c["kind"] == "choose")


def choose_all(g: Game) -> None:
    while g.t.game.active == 0 and g.legal() and g.legal()[0]["kind"] == "choose":
        g.play("choose", option=g.legal()[0]["option"])


def part(g: Game, name: str) -> dict:
    return next(p for p in g.last("ts.battle")["parts"] if p["card"].startswith(name + "#"))


# -- monster battle effects (AUTO-BATTLE) --------------------------------------------------------
def test_ts_stone_giant_destroys_two_weak_heroes():
    """Stone Giant: destroy 2 heroes of STRENGTH 4 or less; a strength-6 Steinwache is never a choice."""
    g = dungeon(
        ["Miliz", "Gorinthischer Anfaenger", "Brutale Steinwache", "Fackel", "Proviant", "Miliz"],
        hall=["Stone Giant", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Stone Giant"))
    assert g.id("play0", "Brutale Steinwache") not in options(g)
    choose_all(g)
    assert len(g.events("ts.doomed")) == 2 and "Brutale Steinwache" not in g.names("trash")


def test_ts_titan_keeps_the_two_strongest_heroes():
    """Titan: every hero but the 2 strongest is destroyed (here Miliz and Anfaenger); one weapon stays."""
    g = dungeon(
        ["Miliz", "Gorinthischer Anfaenger", "Brutale Steinwache", "Flammenwache", "Dolch", "Fackel"],
        hall=["Titan", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Titan"))
    assert options(g) == sorted([g.id("play0", "Miliz"), g.id("play0", "Gorinthischer Anfaenger")])
    choose_all(g)
    assert sorted(g.names("trash")) == ["Gorinthischer Anfaenger", "Miliz"]


def test_ts_fire_giant_weakest_and_frost_giant_lightest_weapon():
    """Fire Giant destroys the weakest hero (no choice when one is weakest); the Frost Giant also
    the lightest weapon (Frostriese = Frost Giant)."""
    g = dungeon(
        ["Miliz", "Flammenwache", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Fire Giant", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Fire Giant"))
    assert g.names("trash") == ["Miliz"] and len(g.events("ts.doomed")) == 1
    g = dungeon(
        ["Flammenwache", "Axt des Frostriesen", "Dolch", "Fackel", "Proviant", "Proviant"],
        hall=["Frostriese", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Frostriese"))
    choose_all(g)
    assert sorted(g.names("trash")) == ["Dolch", "Flammenwache"]  # the Axt (weight 6) stays


@pytest.mark.parametrize(
    "monster, hand, victim",
    [
        ("Basilisk", ["Miliz", "Flammenwache", "Fackel", "Proviant", "Proviant", "Proviant"], "Miliz"),
        (
            "Shadow Killer",
            ["Kundschafter", "Flammenwache", "Fackel", "Proviant", "Proviant", "Proviant"],
            "Kundschafter",
        ),
        (
            "Deathbringer",
            ["Frostblitz", "Flammenwache", "Fackel", "Proviant", "Proviant", "Proviant"],
            "Frostblitz",
        ),
        (
            "Manticore",
            ["Meisterhafter Beschwoerer", "Flammenwache", "Fackel", "Proviant", "Proviant", "Proviant"],
            "Meisterhafter Beschwoerer",
        ),
    ],
)
def test_ts_class_destroyers(monster, hand, victim):
    """Basilisk: 1 Militia; Shadow Killer: 1 mercenary; Deathbringer: 1 spell; Manticore: every archer."""
    g = dungeon(hand, hall=[monster, "Ork I", "Fabelwesen I"])
    g.play("attack", monster=g.id("pos1", monster))
    choose_all(g)
    assert g.names("trash") == [victim]


def test_ts_medusa_destroys_heroes_without_edged_weapons():
    """Medusa: a hero without an edged weapon is destroyed before the attack is totalled (it adds
    nothing), the others without one after the battle; the one with a Dolch survives."""
    g = dungeon(
        ["Miliz", "Miliz", "Flammenwache", "Dolch", "Fackel", "Proviant"],
        hall=["Medusa", "Ork I", "Fabelwesen I"],
    )
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Flammenwache"))
    g.play("attack", monster=g.id("pos1", "Medusa"))
    first = g.id("play0", "Miliz")
    g.play("choose", option=first)
    choose_all(g)
    assert g.names("trash") == ["Miliz", "Miliz"] and "Flammenwache" not in g.names("trash")
    assert part(g, "Miliz")["attack"] == 0 and g.last("ts.battle")["attack"] == 2 + 1 + 1


def test_ts_lich_lord_weakens_every_hero():
    """Lich Lord: every hero ATTACK -1 and STRENGTH -4 (a strength-5 hero drops its Axt)."""
    g = dungeon(
        ["Flammenwache", "Halb-Ork-Angreifer", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Lich Lord", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Lich Lord"))
    assert g.last("ts.weakened") == {
        "by": g.t.zone("disc0")[0] if False else g.last("ts.weakened")["by"],
        "n": 4,
        "attack": 1,
    }
    assert part(g, "Flammenwache")["attack"] == 1 and part(g, "Halb-Ork-Angreifer")["attack"] == 1


def test_ts_walking_scourge_and_hydra_hit_every_player():
    """Walking Scourge: the active player gains 2 diseases, every other 1. Hydra: every player
    shows his two weakest heroes and destroys the stronger (the other seat from his hand)."""
    g = dungeon(
        ["Miliz", "Fackel", "Proviant", "Proviant", "Proviant", "Proviant"],
        hall=["Walking Scourge", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Walking Scourge"))
    assert g.names("disc1").count("Krankheit") == 1
    assert g.names("disc0").count("Krankheit") == 2
    g = dungeon(
        ["Miliz", "Flammenwache", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Hydra", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Hydra"))
    assert sorted(g.names("trash")) == ["Flammenwache", "Miliz"]  # seat 0's stronger; seat 1's 2nd Miliz


def test_ts_plaguebearer_spreads_disease_on_every_defeat():
    """Plaguebearer (GLOBAL): every player gains 1 disease whenever another monster is defeated."""
    g = dungeon(
        ["Brutale Steinwache", "Dolch", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Fabelwesen I", "Plaguebearer", "Fabelwesen I"],
    )
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Brutale Steinwache"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert g.last("ts.battle")["won"]
    assert g.names("disc1") == ["Krankheit"] and "Krankheit" in g.names("disc0")


# -- breaches and guardians (AUTO-BREACH, AUTO-GUARD, AUTO-GLOBAL) ------------------------------
def test_ts_wind_fury_breach_razes_rich_village_stacks():
    """Wind Fury breach: the top 2 cards of every stack whose top card has gold 3+ leave (Axt: 3)."""
    g = dungeon(
        ["Brutale Steinwache", "Dolch", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Fabelwesen I", "Wuetender Wind", "Fabelwesen I"],
        village=["Miliz", "Fackel", "Axt des Frostriesen"],
    )
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Brutale Steinwache"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert len(g.t.zone("v:Axt des Frostriesen")) == 8 - 2 and len(g.t.zone("v:Fackel")) == 15


def test_ts_hydra_breach_destroys_the_first_hero_of_every_deck():
    """Hydra breach: every player discards from his deck until a hero shows and destroys it."""
    g = dungeon(
        ["Brutale Steinwache", "Dolch", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Fabelwesen I", "Hydra", "Fabelwesen I"],
        seats={1: {"deck": ["Fackel", "Dolch", "Miliz", "Miliz"]}},
    )
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Brutale Steinwache"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    breach = [e for e in g.eng.store.read(g.gid) if e.type == "zone.moved" and e.rule == "AUTO-BREACH"]
    assert breach and g.names("trash").count("Miliz") == 2  # one from each deck


def test_ts_guardians_double_light_and_repeat_battle_effects():
    """Guardian of Night at position 0 doubles the base light penalty (position 2: 4); Guardian of
    Torment at position 0 makes battle effects resolve twice (2 diseases from a Tomb Haunt)."""
    g = dungeon(
        ["Miliz", "Proviant", "Proviant", "Proviant", "Proviant", "Proviant"], pos0=["Guardian of Night"]
    )
    g.play("attack", monster=g.t.zone("pos2")[0])
    assert g.last("ts.battle")["light_penalty"] == 4
    g = dungeon(
        ["Miliz", "Proviant", "Proviant", "Proviant", "Proviant", "Proviant"],
        pos0=["Guardian of Torment"],
        hall=["Gruftgeist", "Ork I", "Fabelwesen I"],
    )
    g.play("attack", monster=g.id("pos1", "Gruftgeist"))
    assert g.names("disc0").count("Krankheit") == 2


# -- village and dungeon effects (TRN-V2, TRN-V4, TRN-D2, TRN-E) ----------------------------------
def test_ts_guide_gives_an_extra_buy():
    """Stadtfuehrer (Guide): one extra buy; the second buy spends the gold left over."""
    g = Game(TABLE, seat0={"hand": ["Stadtfuehrer", "Fackel", "Fackel", "Fackel", "Miliz", "Miliz"]})
    g.play("action", action="village")
    g.use("play0", "Stadtfuehrer", 0)
    assert g.last("ts.gold")["total"] == 2 + 6
    g.play("buy", stack="Seelenjuwel")
    g.play("buy", stack="Gestaltwandlung")
    assert [e["card"].split("#")[0] for e in g.events("ts.bought")] == ["Seelenjuwel", "Gestaltwandlung"]
    assert g.events("ts.bought")[1]["gold"] == 8 - 5 and g.t.game.t.step != "buy"


def test_ts_burnt_offering_draws_an_extra_card():
    """Brandopfer: destroy another laid-out card; 7 cards are drawn at the end of the turn."""
    g = Game(TABLE, seat0={"hand": ["Brandopfer", "Miliz", "Miliz", "Miliz", "Miliz", "Krankheit"]})
    g.play("action", action="village")
    g.use("play0", "Brandopfer", 0, target=g.id("play0", "Krankheit"))
    g.play("pass")  # gold is totalled at once: no village effect is left
    assert len(g.t.zone("hand0")) == 7 and g.t.game.active == 1


def test_ts_tanker_keeps_mercenaries_and_reaver_gains_xp():
    """Uebermaechtige Steinwache spoils: laid-out mercenaries join the new hand; Veteranen-Pluenderer
    spoils: 1 XP more than the monster's."""
    g = dungeon(["Uebermaechtige Steinwache", "Kundschafter", "Fackel", "Proviant", "Proviant", "Proviant"])
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert g.last("ts.battle")["won"] and "Kundschafter" in g.names("hand0") and len(g.t.zone("hand0")) == 7
    g = dungeon(["Veteranen-Pluenderer", "Fackel", "Proviant", "Proviant", "Proviant", "Proviant"])
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert g.t.game.xp[0] == card("Fabelwesen I").xp + 1


def test_ts_inferno_spoils_take_small_monsters():
    """Inferno spoils: the other players reveal 3 deck cards; monsters of 3 VP or less go to the
    active player's discard pile, the rest back."""
    g = dungeon(
        [
            "Uebermaechtige Steinwache",
            "Flammenwache",
            "Veteranen-Pluenderer",
            "Halb-Ork-Angreifer",
            "Fackel",
            "Fackel",
        ],
        hall=["Inferno", "Ork I", "Fabelwesen I"],
        seats={1: {"deck": ["Harpy", "Assassin", "Miliz", "Miliz"]}},
    )
    g.play("attack", monster=g.id("pos1", "Inferno"))
    assert g.last("ts.battle")["won"]
    assert "Harpy" in g.names("disc0") and g.names("deck1")[:2] == ["Assassin", "Miliz"]


def test_ts_hero_dungeon_effects():
    """Belzur Cardinal: destroy a disease, draw 3. Gorinthischer Geizhals: destroy a card without
    gold, draw 2. Terakian Templar: discard a villager, draw 2 and ATTACK +2. Halb-Ork-Derwisch:
    discard a card for ATTACK +2. Halb-Ork-Pluenderer: eat a food, the other player discards 1."""
    g = dungeon(["Belzur Cardinal", "Krankheit", "Proviant", "Proviant", "Proviant", "Proviant"])
    g.use("play0", "Belzur Cardinal", 2, target=g.id("play0", "Krankheit"))
    assert len(g.t.zone("play0")) == 5 + 3
    g = dungeon(["Gorinthischer Geizhals", "Haendler", "Proviant", "Proviant", "Proviant", "Proviant"])
    g.use("play0", "Gorinthischer Geizhals", 1, target=g.id("play0", "Haendler"))
    assert len(g.t.zone("play0")) == 5 + 2 and g.names("trash") == ["Haendler"]
    g = dungeon(["Terakian Templar", "Kundschafter", "Proviant", "Proviant", "Proviant", "Proviant"])
    g.use("play0", "Terakian Templar", 0, target=g.id("play0", "Kundschafter"))
    assert g.last("ts.used")["atk"] == {g.id("play0", "Terakian Templar"): 2} and len(g.t.zone("play0")) == 7
    g = dungeon(["Halb-Ork-Derwisch", "Krankheit", "Proviant", "Proviant", "Proviant", "Proviant"])
    g.use("play0", "Halb-Ork-Derwisch", 1, target=g.id("play0", "Krankheit"))
    assert g.names("disc0") == ["Krankheit"] and g.last("ts.used")["atk"] == {
        g.id("play0", "Halb-Ork-Derwisch"): 2
    }
    g = dungeon(["Halb-Ork-Pluenderer", "Proviant", "Fackel", "Fackel", "Fackel", "Fackel"])
    g.use("play0", "Halb-Ork-Pluenderer", 0, target=g.id("play0", "Proviant"))
    assert g.names("trash") == ["Proviant"] and len(g.t.zone("disc1")) == 1 and len(g.t.zone("hand1")) == 5


def test_ts_trader_draws_again_after_a_monster_and_quartermaster_repeats():
    """Haendler (DUNGEON): draw 1, one more if it is a monster. Quartiermeister (VILLAGE): discard
    heroes one at a time, drawing 1 for each."""
    g = Game(
        TABLE,
        seat0={
            "hand": ["Haendler", "Miliz", "Proviant", "Proviant", "Proviant", "Proviant"],
            "deck": ["Harpy", "Fackel", "Miliz"],
        },
        hall=HALL,
    )
    g.play("action", action="dungeon")
    g.use("play0", "Haendler", 1)
    assert {"Harpy", "Fackel"} <= set(g.names("play0")) and len(g.t.zone("play0")) == 6 + 2
    g = Game(TABLE, seat0={"hand": ["Quartiermeister", "Miliz", "Miliz", "Fackel", "Proviant", "Proviant"]})
    g.play("action", action="village")
    g.use("play0", "Quartiermeister", 1, target=g.id("play0", "Miliz"))
    g.use("play0", "Quartiermeister", 1, target=g.id("play0", "Miliz"))
    assert g.names("disc0") == ["Miliz", "Miliz"] and len(g.t.zone("play0")) == 6


def test_ts_trophies_attack_and_evoker_light():
    """Assassin as a trophy: ATTACK +2; Standard Bearer: ATTACK +1 against a humanoid only;
    Feuriger Beschwoerer: destroy 1 XP for MAGIC +2 and LIGHT +2."""
    g = dungeon(
        ["Assassin", "Standard Bearer", "Fackel", "Proviant", "Proviant", "Proviant"],
        hall=["Orc Warlord", "Ork I", "Harpy"],
    )
    g.play("attack", monster=g.id("pos1", "Orc Warlord"))
    assert part(g, "Assassin")["attack"] == 2 and part(g, "Standard Bearer")["attack"] == 1
    g = dungeon(
        ["Standard Bearer", "Fackel", "Proviant", "Proviant", "Proviant", "Proviant"],
        hall=["Harpy", "Ork I", "Harpy"],
    )
    g.play("attack", monster=g.id("pos1", "Harpy"))
    assert part(g, "Standard Bearer")["attack"] == 0
    g = Game(
        TABLE,
        seat0={
            "hand": ["Feuriger Beschwoerer", "Proviant", "Proviant", "Proviant", "Proviant", "Proviant"],
            "xp": 1,
        },
        hall=HALL,
    )
    g.play("action", action="dungeon")
    g.use("play0", "Feuriger Beschwoerer", 1)
    g.play("attack", monster=g.t.zone("pos3")[0])
    assert g.last("ts.battle")["light_points"] == 2 and part(g, "Feuriger Beschwoerer")["magic"] == 2


# -- traps (AUTO-TRAP) ------------------------------------------------------------------------------
@pytest.mark.parametrize("trap", ["Dragon's Claws", "Dragon's Teeth", "Dragon's Words"])
def test_ts_draconic_traps(trap):
    """Dragon's Claws: a player without a thief destroys the villagers in hand. Dragon's Teeth: the
    active player destroys his weakest hero, the other discards 3 and destroys all but the strongest
    hero among them. Dragon's Words: the monster just defeated is destroyed (no thief shown)."""
    g = Game(
        TABLE,
        hall=["Fabelwesen I", "Ork I", "Fabelwesen I"],
        dungeon=[trap, "Harpy"],
        seat0={"hand": ["Brutale Steinwache", "Dolch", "Miliz", "Fackel", "Proviant", "Proviant"]},
        seats={
            1: {
                "hand": ["Kundschafter", "Miliz", "Fackel", "Dolch", "Proviant", "Proviant"],
                "deck": ["Miliz", "Brutale Steinwache", "Miliz", "Fackel"],
            }
        },
    )
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Brutale Steinwache"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert g.last("ts.battle")["won"] and trap in g.names("trash")
    trash = g.names("trash")
    if trap == "Dragon's Claws":
        assert "Kundschafter" in trash
    elif trap == "Dragon's Teeth":
        assert (
            trash.count("Miliz") == 1 + 2 and "Brutale Steinwache" not in trash
        )  # seat 0's weakest; seat 1's two
    else:
        assert "Fabelwesen I" in trash


def test_ts_pick_two_and_random_guardian_in_set_up():
    """SET-R4: a 'Pick Two' randomizer is replaced by two more features; a Guardian feature adds one
    of the box's two guardians at random (a chance event)."""
    seen = set()
    for seed in range(200):
        eng, gid = new_game("thunderstone", 2, seed=seed)
        t = eng.table(gid)
        drawn = list(t.zone("features:drawn")) if "features:drawn" in t.zones else []
        if any(x.startswith("Merkmal: Zwei") for x in drawn):
            seen.add("pick")
            assert len(drawn) >= 3
        picks = [
            e
            for e in eng.store.read(gid)
            if e.type == "chance.picked" and e.data.get("stream") == "pick:guardian"
        ]
        if picks:
            seen.add("guardian")
        if seen == {"pick", "guardian"}:
            break
    assert seen == {"pick", "guardian"}


def test_ts_second_buy_needs_the_gold_left():
    """TRN-V4 with a Stadtfuehrer: the second buy may spend only what the first left (8 - 5 = 3)."""
    from engine.errors import IllegalCommand

    g = Game(TABLE, seat0={"hand": ["Stadtfuehrer", "Fackel", "Fackel", "Fackel", "Miliz", "Miliz"]})
    g.play("action", action="village")
    g.use("play0", "Stadtfuehrer", 0)
    g.play("buy", stack="Seelenjuwel")
    with pytest.raises(IllegalCommand) as err:
        g.play("buy", stack="Seelenjuwel")
    assert err.value.rule == "TRN-V4" and "you have 3" in str(err.value)


def test_ts_smaragddrache_sets_the_next_defeated_monster_aside():
    """Smaragddrache (Sapphire Dragon, p.21): the next monster its owner defeats leaves his deck and
    lies with the figure; both still count as owned at the end (VP)."""
    g = dungeon(
        ["Brutale Steinwache", "Dolch", "Fackel", "Proviant", "Proviant", "Proviant"],
        seats={0: {"treasures": ["Smaragddrache"]}},
    )
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Brutale Steinwache"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert g.last("ts.battle")["won"] and sorted(g.names("tres0")) == ["Fabelwesen I", "Smaragddrache"]
    assert "Fabelwesen I" not in g.names("disc0") + g.names("deck0") + g.names("hand0")
