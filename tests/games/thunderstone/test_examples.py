"""The rulebook's worked examples EX-01..EX-18 (rules/thunderstone-dragonspire-examples.md, part A1),
each started from a situation file and played through the real pipeline."""

from __future__ import annotations

import pytest
from ts_helpers import Game

from engine.errors import IllegalCommand


def rejected(g: Game, kind: str, **cmd) -> str:
    with pytest.raises(IllegalCommand) as err:
        g.play(kind, **cmd)
    return err.value.rule


def test_ts_ex01_erik_buys_schaedelspalter():
    """EX-01 (p.7) TRN-V3, TRN-V4: Fackel 2 + Dolch 1 + Frostriese 2 = 5 gold buy a Schaedelspalter
    (price 4) onto the discard pile; 1 gold is forfeited; a second purchase is refused."""
    g = Game("ex01_erik_buys", seat0={"xp": 3})
    g.play("action", action="village")
    gold = g.last("ts.gold")
    assert gold["total"] == 5 and gold["produced"] == 0
    assert sorted(n for n, v in gold["printed"].items() if v) == sorted(
        [g.id("play0", "Fackel"), g.id("play0", "Dolch"), g.id("play0", "Frostriese")]
    )
    g.play("buy", stack="Schaedelspalter")
    assert g.last("ts.bought")["forfeited"] == 1
    assert g.names("disc0") == ["Schaedelspalter"]
    assert rejected(g, "buy", stack="Miliz") == "TRN-V4"


def test_ts_ex01_too_little_gold():
    """EX-01 negative, TRN-V4: with only Fackel and Dolch (3 gold) the Schaedelspalter cannot be bought."""
    g = Game("ex01_erik_buys", seat0={"hand": ["Fackel", "Dolch", "Miliz", "Miliz", "Miliz", "Miliz"]})
    g.play("action", action="village")
    assert g.last("ts.gold")["total"] == 3
    assert {"kind": "buy", "stack": "Schaedelspalter"} not in g.legal()
    assert rejected(g, "buy", stack="Schaedelspalter") == "TRN-V4"


def test_ts_ex02_marie_levels_berserker():
    """EX-02 (p.9) LVL-1, LVL-2, LVL-6: 3 XP back to the supply, the Berserker trashed, a
    Veteranen-Pluenderer (level 3) from the stack onto the discard pile."""
    g = Game("ex02_marie_levels")
    g.play("action", action="village")
    g.play("pass")
    berserker = g.id("play0", "Veteranen-Berserker")
    g.play("level", card=berserker)
    assert g.t.game.xp[0] == 0
    assert berserker in g.t.zone("trash")
    leveled = g.last("ts.leveled")
    assert leveled["old"] == berserker and leveled["new"].startswith("Veteranen-Pluenderer#")
    moved = [
        e
        for e in g.eng.store.read(g.gid)
        if e.type == "zone.moved" and e.rule == "LVL-6" and e.data["dst"] == "disc0"
    ]
    assert moved[-1].data["cards"] == [leveled["new"]] and moved[-1].data["to"] == "top"
    assert g.names("v:Veteranen").count("Veteranen-Pluenderer") == 3 - 1  # real stack: 8/5/3/2


@pytest.mark.parametrize(
    "change, rule",
    [
        ({"seat0": {"xp": 2}}, "LVL-1"),
        (
            {
                "village": ["Miliz", "Fackel", "Dolch", "Proviant"],
                "stacks": {"Veteranen": ["Veteranen-Berserker", "Veteranen-Kriegstreiber"]},
            },
            "LVL-3",
        ),
    ],
)
def test_ts_ex02_level_up_refused(change, rule):
    """EX-02 negatives: 2 XP are too few (LVL-1); with no level-3 card left the hero cannot
    level, not even to the level-4 card (LVL-3, LVL-2)."""
    g = Game("ex02_marie_levels", **change)
    g.play("action", action="village")
    assert rejected(g, "level", card=g.id("play0", "Veteranen-Berserker")) == rule
    assert not g.events("ts.leveled")


def test_ts_ex03_destroyed_gold_card_gives_no_gold():
    """EX-03 (p.5) TRN-V2, TRN-V3: gold is totalled only after step 2; a Fackel destroyed by the
    Haendler's effect goes to the trash at once and adds no gold. Real cards: the Haendler has one
    village effect, so step 3 follows at once; the Proviant prints 2 gold."""
    g = Game("ex03_trader_destroys_gold")
    g.play("action", action="village")
    assert rejected(g, "buy", stack="Miliz") == "TRN-V3"
    fackel = g.id("play0", "Fackel")
    g.use("play0", "Haendler", 0, target=fackel, stack="Seelenjuwel")
    assert fackel in g.t.zone("trash")
    assert "Seelenjuwel" in g.names("disc0")
    assert g.last("ts.gold")["total"] == 3  # Dolch 1 + Proviant 2; the Fackel's 2 are lost


def test_ts_ex04_sage_bonus_for_played_spell():
    """EX-04 (p.11) BAT-4: Cabalischer Weise 2 + 2 (a spell was played) and Feuerball 3 give M = 7;
    the Feuerball's LIGHT +1 counts too."""
    g = Game("ex04_sage_and_fireball")
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    b = g.last("ts.battle")
    parts = {p["card"].split("#")[0]: p for p in b["parts"]}
    assert parts["Cabalischer Weise"]["magic"] == 4 and parts["Feuerball"]["magic"] == 3
    assert b["magic"] == 7 and parts["Feuerball"]["light"] == 1


def test_ts_ex04_unplayed_spell_gives_no_bonus():
    """EX-04 variant: a spell laid out but not used (Gestaltwandlung) is not played; the Weise gives +2."""
    g = Game(
        "ex04_sage_and_fireball",
        seat0={"hand": ["Cabalischer Weise", "Gestaltwandlung", "Miliz", "Proviant", "Proviant", "Proviant"]},
    )
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert g.last("ts.battle")["magic"] == 2


def test_ts_ex05_ring_gives_attack_and_light():
    """EX-05 (p.11) BAT-4: one card's attack and light bonus apply in the same battle. Real card
    (Thunder Ring): LIGHT +1, and its DUNGEON effect draws 1 and mills another player's deck top;
    a hero milled gives MAGIC ATTACK +2."""
    g = Game("ex05_ring_of_thunder")
    g.play("action", action="dungeon")
    g.use("play0", "Ring des Donners", 0, opponent=1)
    assert g.names("disc1") == ["Miliz"] and len(g.t.zone("play0")) == 7
    g.play("attack", monster=g.id("pos2", "Ork I"))
    b = g.last("ts.battle")
    ring = next(p for p in b["parts"] if p["card"].startswith("Ring des Donners"))
    assert (ring["magic"], ring["light"]) == (2, 1)
    assert b["light_penalty"] == 1 and b["attack"] == 4


def test_ts_ex06_eaten_provisions_are_gone():
    """EX-06 case a (p.12) TRN-D2: the Pluenderer eats the Proviant (ATTACK +2); it is trashed at
    once and can no longer give STRENGTH +2."""
    g = Game("ex06_marauder_eats_provisions")
    g.play("action", action="dungeon")
    proviant = g.id("play0", "Proviant")
    g.use("play0", "Halb-Ork-Pluenderer", 0, target=proviant)
    assert proviant in g.t.zone("trash")
    assert g.t.game.t.atk_mod[g.id("play0", "Halb-Ork-Pluenderer")] == 2
    assert not [c for c in g.legal() if c.get("card") == proviant]
    assert rejected(g, "use", card=proviant, ability=0, target=g.id("play0", "Miliz")) == "TRN-0b"


def test_ts_ex06_used_provisions_cannot_be_eaten():
    """EX-06 case b: a Proviant already used for STRENGTH +2 cannot be destroyed by another dungeon effect."""
    g = Game("ex06_marauder_eats_provisions")
    g.play("action", action="dungeon")
    g.use("play0", "Proviant", 0, target=g.id("play0", "Halb-Ork-Pluenderer"))
    eater = g.id("play0", "Halb-Ork-Pluenderer")
    assert not [c for c in g.legal() if c.get("card") == eater and c["kind"] == "use"]


def test_ts_ex07_conjurer_counts_as_present():
    """EX-07 (p.12, p.21) BAT-1: the Beschwoerer adds +0 at position 1 but is present, so 3 heroes
    meet the Wegelagerer's condition; 2 + 2 (Schaedelspalter) + 1 = 5 beats its 5 health."""
    g = Game("ex07_presence_vs_highwayman")
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Schaedelspalter"), hero=g.id("play0", "Flammenwache"))
    g.play("attack", monster=g.id("pos1", "Wegelagerer"))
    b = g.last("ts.battle")
    conj = next(p for p in b["parts"] if p["card"].startswith("Rasender"))
    assert conj["attack"] == conj["magic"] == 0 and "conjurer" in conj["note"]
    assert b["heroes_present"] == 3 and b["total"] == 5 and b["won"]


def test_ts_ex07_two_heroes_cannot_defeat_highwayman():
    """EX-07 / A14 CMD-TARGET: with 2 heroes the Wegelagerer is a legal target but cannot be
    defeated; the lost battle puts it under the dungeon deck. Real cards: the Wegelagerer has 5
    health and the Ring no ATTACK, so a Dolch on the conjurer (its weapon still counts) reaches 5."""
    g = Game(
        "ex07_presence_vs_highwayman",
        seat0={
            "hand": [
                "Flammenwache",
                "Rasender Beschwoerer",
                "Ring des Donners",
                "Schaedelspalter",
                "Dolch",
                "Proviant",
            ]
        },
    )
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Schaedelspalter"), hero=g.id("play0", "Flammenwache"))
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Rasender Beschwoerer"))
    wegelagerer = g.id("pos1", "Wegelagerer")
    g.play("attack", monster=wegelagerer)
    b = g.last("ts.battle")
    assert b["total"] == 5 and not b["won"] and "3 heroes" in b["why"]
    assert g.t.zone("dungeon")[-1] == wegelagerer


def test_ts_ex08_non_attacking_conjurer_destroyed():
    """EX-08 (p.12) AUTO-BATTLE, A19: Verhaengnis destroys 1 cleric or wizard; the conjurer that
    added nothing is a legal victim, stays in play until the battle ends, then is trashed."""
    g = Game("ex08_doom_destroys_conjurer")
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Verhaengnis"))
    conj, wache = g.id("play0", "Rasender Beschwoerer"), g.id("play0", "Flammenwache")
    assert sorted(c["option"] for c in g.legal()) == sorted([conj, wache])
    g.play("choose", option=conj)
    assert any(p["card"] == conj for p in g.last("ts.battle")["parts"])
    assert conj in g.t.zone("trash")


def test_ts_ex09_master_spoils_buy_a_spell():
    """EX-09 (p.13, p.20) AUTO-SPOILS: after the win the Meister may buy 1 spell costing at most the
    5 gold of the surviving cards (real card: the Meister prints gold 0); a weapon or a too dear
    spell is refused."""
    g = Game("ex09_master_spoils")
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert g.last("ts.battle")["won"] and g.last("ts.spoils")["gold"] == 5
    meister = g.id("play0", "Cabalischer Meister")
    assert [c for c in g.legal() if c["kind"] == "spoils"] == [
        {"kind": "spoils", "source": meister, "stack": "Gestaltwandlung"}
    ]
    assert rejected(g, "spoils", source=meister, stack="Schaedelspalter") == "AUTO-SPOILS"
    assert rejected(g, "spoils", source=meister, stack="Frostblitz") == "AUTO-SPOILS"
    g.play("spoils", source=meister, stack="Gestaltwandlung")
    assert "Gestaltwandlung" in g.names("disc0")


def test_ts_ex09_no_spoils_after_a_lost_battle():
    """EX-09 negative: a lost battle gives no spoils."""
    g = Game(
        "ex09_master_spoils",
        seat0={"hand": ["Cabalischer Meister", "Miliz", "Miliz", "Dolch", "Proviant", "Proviant"]},
    )
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos3", "Gruftgeist"))
    assert not g.last("ts.battle")["won"] and not g.events("ts.spoils")


@pytest.mark.parametrize(
    "position, name, penalty", [(1, "Erzuerntes Wasser", 0), (2, "Glut", 0), (3, "Stuermische Erde", 2)]
)
def test_ts_ex10_light_penalties(position, name, penalty):
    """EX-10 (p.14 figures 1, 2) BAT-3, A17: base penalties 1/2/3; with a Fackel: 0, 0 (Glut's own
    LICHT +1) and 2, deducted twice: 0, 0, -4."""
    g = Game("ex10_light_penalties")
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id(f"pos{position}", name))
    b = g.last("ts.battle")
    assert b["light_base"] == position and b["light_points"] == 1
    assert b["light_penalty"] == penalty and b["deduction"] == 2 * penalty


@pytest.mark.parametrize("to, attack, magic", [("attack", 2, 1), ("magic", 3, 0)])
def test_ts_ex11_disease_reduces_attack_or_magic(to, attack, magic):
    """EX-11 (p.15) BAT-5: with the staff R 3 and M 1, the player picks which one the disease lowers."""
    g = Game("ex11_dervish_disease")
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Stab des blauen Feuers"), hero=g.id("play0", "Halb-Ork-Derwisch"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    assert sorted(c["option"] for c in g.legal()) == ["attack", "magic"]
    g.play("choose", option=to)
    b = g.last("ts.battle")
    assert (b["attack"], b["magic"]) == (attack, magic)


def test_ts_ex11_disease_must_hit_a_value_of_one():
    """EX-11 variant: without the staff M = 0, so the disease must lower R (no choice is offered)."""
    g = Game(
        "ex11_dervish_disease",
        seat0={"hand": ["Halb-Ork-Derwisch", "Krankheit", "Proviant", "Proviant", "Proviant", "Proviant"]},
    )
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    b = g.last("ts.battle")
    assert (b["attack"], b["magic"]) == (2, 0) and b["reductions"][0]["to"] == "attack"
    assert g.events("ts.chose")[0]["option"] == "attack"


def test_ts_ex12_immune_to_spells_keeps_spell_light():
    """EX-12 (p.15) BAT-6: the Feuerball adds no magic against a spell-immune monster, but its light counts."""
    g = Game("ex12_immune_to_spells")
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos2", "Zauberimmunes Monster"))
    b = g.last("ts.battle")
    ball = next(p for p in b["parts"] if p["card"].startswith("Feuerball"))
    assert ball["magic"] == 0 and ball["light"] == 1 and b["light_penalty"] == 1


@pytest.mark.parametrize("position, name, light, penalty", [(2, "Ork II", 1, 1), (3, "Leiche II", 0, 3)])
def test_ts_ex13_unarmed_hero_immune_vs_cannot_attack(position, name, light, penalty):
    """EX-13 (p.15, p.16) BAT-1, A37: 'immune to unarmed heroes' keeps the Flammenwache's light,
    'heroes without weapons cannot attack' removes it; its attack is 0 in both cases."""
    g = Game("ex13_unarmed_flame_guard")
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id(f"pos{position}", name))
    b = g.last("ts.battle")
    wache = next(p for p in b["parts"] if p["card"].startswith("Flammenwache"))
    assert wache["attack"] == 0 and wache["light"] == light and b["light_penalty"] == penalty


def test_ts_ex14_corpses_immune_to_magic():
    """EX-14 (p.15) BAT-6: the whole magic attack is 0 against a Leiche; regular attack stays."""
    g = Game("ex14_corpses_immune_to_magic")
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Leiche I"))
    b = g.last("ts.battle")
    assert b["magic"] == 0 and b["attack"] == 1 and "immune to magic" in b["modifiers"][0]


def test_ts_ex15_susanne_full_village_visit():
    """EX-15 (p.18) TRN-V1..V6, LVL-1, LVL-4: effects, 5 gold, one purchase, two level-ups, discard, draw 6."""
    g = Game("ex15_susanne_village")
    trash_before, diseases_before = len(g.t.zone("trash")), len(g.t.zone("diseases"))
    g.play("action", action="village")
    assert rejected(g, "buy", stack="Gorinther") == "TRN-V3"
    g.use("play0", "Terakianischer Verteidiger", 0, target=g.id("play0", "Krankheit"))
    assert "Axt des Frostriesen" in g.names("play0") and g.names("disc0") == ["Krankheit"]
    axt = g.id("play0", "Axt des Frostriesen")
    assert not [c for c in g.legal() if c.get("card") == axt]  # its DUNGEON ability is no village effect
    assert rejected(g, "use", card=axt, ability=0) == "TRN-0b"
    g.use("play0", "Haendler", 0, target=g.id("play0", "Gestaltwandlung"), stack="Seelenjuwel")
    assert g.last("ts.gold")["total"] == 5  # real Haendler: no second village effect, step 3 at once
    g.play("buy", stack="Gorinther")
    assert g.last("ts.bought")["card"].startswith("Gorinthischer Anfaenger")
    g.play("level", card=g.id("play0", "Miliz"), stack="Halb-Ork")
    assert g.t.game.xp[0] == 2
    g.play("level", card=g.id("play0", "Terakianischer Verteidiger"))
    assert g.t.game.xp[0] == 0 and g.t.game.active == 1
    assert sorted(g.names("trash")[: len(g.t.zone("trash")) - trash_before]) == [
        "Gestaltwandlung",
        "Miliz",
        "Terakianischer Verteidiger",
    ]
    assert sorted(g.names("disc0")) == sorted(
        [
            "Krankheit",
            "Seelenjuwel",
            "Gorinthischer Anfaenger",
            "Halb-Ork-Angreifer",
            "Terakianischer Adliger",
            "Haendler",
            "Gruftgeist",
            "Axt des Frostriesen",
        ]
    )
    assert len(g.t.zone("hand0")) == 6 and len(g.t.zone("diseases")) == diseases_before
    assert [
        g.names(f"v:{s}").count(n)
        for s, n in [
            ("Seelenjuwel", "Seelenjuwel"),
            ("Gorinther", "Gorinthischer Anfaenger"),
            ("Halb-Ork", "Halb-Ork-Angreifer"),
            ("Terakianer", "Terakianischer Adliger"),
        ]
    ] == [7, 5, 5, 3]


def test_ts_ex15_one_xp_left_cannot_level_the_defender():
    """EX-15 negative LVL-1: with 4 XP, after the Miliz (3 XP) the Verteidiger (2 XP) cannot level."""
    g = Game("ex15_susanne_village", seat0={"xp": 4})
    g.play("action", action="village")
    g.play("done")
    g.play("pass")
    verteidiger = g.id("play0", "Terakianischer Verteidiger")
    g.play("level", card=g.id("play0", "Miliz"), stack="Halb-Ork")
    assert g.t.game.xp[0] == 1 and g.t.game.active == 1
    assert verteidiger in g.t.zone("disc0") and len(g.events("ts.leveled")) == 1


def bernd_prepares(g: Game, swap: bool = True, juwel: bool = True) -> None:
    g.play("action", action="dungeon")
    g.use("play0", "Terakianischer Adliger", 0, target=g.id("play0", "Krankheit"))
    g.use("play0", "Gestaltwandlung", 0)
    rauch = g.id("pos3", "Erstickender Rauch")
    g.play("choose", option=rauch if swap else "none")
    adliger, klinge = g.id("play0", "Terakianischer Adliger"), g.id("play0", "Beschuetzerklinge")
    assert {"kind": "equip", "weapon": klinge, "hero": adliger} not in g.legal()
    g.use("play0", "Verdorbene Speise", 0)
    g.play("equip", weapon=klinge, hero=adliger)
    if juwel:
        g.use("play0", "Seelenjuwel", 0)
    g.play("attack", monster=g.id("pos2", "Stuermische Erde"))


def test_ts_ex16_full_dungeon_battle():
    """EX-16 (pp.18-19) TRN-D1..D5, BAT-3..8, AUTO-GLOBAL, AUTO-BATTLE, AUTO-REFILL: R 3+1+1+3 = 8,
    7 gold keep the Stuermische Erde at 8 health, the Seelenjuwel cancels position 2's light, the
    Rauch swapped onto the deck ends its LICHT -2; won, disease and 3 XP, the Beschuetzerklinge
    saves the Adliger from the Speise; the Rauch comes back onto position 3."""
    g = Game("ex16_bernd_dungeon")
    erde, rauch = g.id("pos2", "Stuermische Erde"), g.id("pos3", "Erstickender Rauch")
    pirsch, wege = g.t.zone("dungeon")[0], g.id("pos1", "Wegelagerer")
    bernd_prepares(g)
    b = g.last("ts.battle")
    assert (b["attack"], b["magic"], b["gold_revealed"], b["health"]) == (8, 0, 7, 8)
    assert (b["light_points"], b["light_global"], b["light_penalty"], b["total"]) == (2, 0, 0, 8)
    assert b["won"]
    assert g.t.game.xp[0] == 3 and not g.t.zone("trash")
    assert [g.t.zone(f"pos{p}") for p in (1, 2, 3)] == [[wege], [pirsch], [rauch]]
    assert erde in g.t.zone("disc0") and g.names("disc0").count("Krankheit") == 2
    assert g.id("disc0", "Terakianischer Adliger") and not g.events("ts.breach")
    assert g.events("ts.doomed")[-1]["card"] == g.id("disc0", "Terakianischer Adliger")
    assert g.id("disc0", "Schaedelspalter")  # A15: not equipped, effect unused: discarded


def test_ts_ex16_smoke_left_in_the_dungeon():
    """EX-16 counter-check: had the Rauch stayed, its global LICHT -2 gives penalty 2, deduction 4, T = 4."""
    g = Game("ex16_bernd_dungeon")
    bernd_prepares(g, swap=False)
    b = g.last("ts.battle")
    assert (b["light_global"], b["light_penalty"], b["total"], b["won"]) == (2, 2, 4, False)


def test_ts_ex16_without_the_soul_gem():
    """EX-16 counter-check: without the Seelenjuwel only 5 gold are revealed: 16 health, penalty 2."""
    g = Game(
        "ex16_bernd_dungeon",
        seat0={
            "deck": [
                "Gestaltwandlung",
                "Gestaltwandlung",
                "Miliz",
                "Miliz",
                "Miliz",
                "Fackel",
                "Dolch",
                "Proviant",
            ]
        },
    )
    bernd_prepares(g, juwel=False)
    b = g.last("ts.battle")
    assert (b["gold_revealed"], b["health"], b["light_penalty"]) == (5, 16, 2)


def test_ts_ex17_philipp_rests():
    """EX-17 (p.19) TRN-R1, TRN-R2: no village effects while resting; the destroyed Krankheit goes
    back to the disease stack, the rest is discarded and 6 cards are drawn."""
    g = Game("ex17_philipp_rests")
    diseases = len(g.t.zone("diseases"))
    g.play("action", action="rest")
    assert g.legal() == [{"kind": "destroy"}, {"kind": "pass"}]
    assert rejected(g, "use", card=g.id("hand0", "Haendler"), ability=1) == "TRN-R1"
    g.play("destroy")
    assert [c["option"] for c in g.legal()] == ["Dolch", "Haendler", "Krankheit", "Medusa", "Miliz"]
    g.play("choose", option="Krankheit")
    assert len(g.t.zone("diseases")) == diseases + 1 and not g.t.zone("trash")
    assert sorted(g.names("disc0")) == ["Dolch", "Haendler", "Medusa", "Miliz", "Miliz"]
    assert len(g.t.zone("hand0")) == 6


def test_ts_ex18_must_attack_a_legal_target():
    """EX-18 (p.11, p.19) TRN-D3, CMD-TARGET: the dungeon cannot be left without an attack, and a
    monster the whole party may not attack is no target."""
    g = Game("ex18_must_attack")
    g.play("action", action="dungeon")
    assert rejected(g, "done") == "TRN-D3"
    targets = [c["monster"] for c in g.legal() if c["kind"] == "attack"]
    assert g.id("pos1", "Pirschjaeger") not in targets and len(targets) == 2
    assert rejected(g, "attack", monster=g.id("pos1", "Pirschjaeger")) == "CMD-TARGET"


def test_ts_ex18_stalker_barred_only_to_a_lone_hero():
    """EX-18 / CMP-6 reading (p.18 'mit nur einem Helden'): the Pirschjaeger bars a party of one
    hero, not a party of two, nor one without heroes."""
    for hand, allowed in [
        (["Miliz", "Miliz", "Fackel", "Dolch", "Proviant", "Proviant"], True),
        (["Fackel", "Dolch", "Proviant", "Proviant", "Proviant", "Fackel"], True),
        (["Miliz", "Fackel", "Dolch", "Proviant", "Proviant", "Proviant"], False),
    ]:
        g = Game("ex18_must_attack", seat0={"hand": hand})
        g.play("action", action="dungeon")
        targets = [c["monster"] for c in g.legal() if c["kind"] == "attack"]
        assert (g.id("pos1", "Pirschjaeger") in targets) == allowed, hand
