"""The solo game (VAR-S, p.23): "Die Rueckkehr" (VAR-S-R1..R4) and the stand-in base rules of
"Allein in der Dunkelheit" (VAR-S-SETUP, VAR-S-MARCH, VAR-S-LEVEL), from situations/solo_return.toml
and random bots finishing seeded solo games."""

from __future__ import annotations

import random

import pytest
from ts_helpers import Game

from engine.errors import IllegalCommand
from engine.games.thunderstone.content import by_stack, card, groups
from engine.games.thunderstone.setup import BASIC, STARTING
from sim.testing import assert_replay_equal, assert_undo_equal, new_game, run_bots

ALONE = {"solo_mode": "alone"}
TOPS = ["Belzur Cardinal", "Cabalischer Meister", "Gorinthischer Geizhals", "Halb-Ork-Derwisch"]


def solo_game(seed: int, mode: str = "return", level: int = 1):
    return new_game(
        "thunderstone", 1, seed=seed, options={"variant": "solo", "solo_mode": mode, "solo_level": level}
    )


def stacks(t) -> dict[str, list[str]]:
    return {z[2:]: list(t.zone(z)) for z in t.zones if z.startswith("v:")}


def every_card(t) -> list[str]:
    return [c for z in t.zones.values() for c in z.cards if "#" in c]  # not the randomizers


# -- set-up -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_ts_solo_return_setup(seed):
    """VAR-S-R1: 6 hero and 12 village randomizers; 1 card per village randomizer, 1 card of each
    level per hero, level 1 on top; no basic stack; the only basic cards are the 12 starting cards."""
    eng, gid = solo_game(seed)
    t = eng.table(gid)
    laid = stacks(t)
    heroes = [n for n in laid if n in groups("hero")]
    village = [n for n in laid if n in groups("village")]
    assert len(heroes) == 6 and len(village) == 12 and len(laid) == 18
    assert set(t.zone("shown:hero")) == set(heroes) and set(t.zone("shown:village")) == set(village)
    for n in heroes:
        levels = [card(c).level for c in laid[n]]
        assert levels == sorted(k.level for k in by_stack(n)) and levels[0] == 1
    assert all(len(laid[n]) == 1 for n in village)
    assert not set(BASIC) & set(laid)
    basic = [c for c in every_card(t) if card(c).group == "basic" and card(c).kind != "disease"]
    assert len(basic) == sum(n for _, n in STARTING) == 12
    assert set(basic) == set(t.zone("deck0")) | set(t.zone("hand0"))
    assert t.game.variant == "solo" and t.game.solo_mode == "return" and t.game.countdown == 3
    setup_ev = next(e for e in eng.store.read(gid) if e.type == "ts.setup")
    assert setup_ev.rule == "VAR-S-R1" and setup_ev.data["solo_mode"] == "return"


def test_ts_solo_alone_setup_and_levels():
    """VAR-S-SETUP (stand-in): co-op set-up for one seat, full stacks with the basic ones;
    VAR-S-LEVEL (stand-in): levels 1/2/3 start with 3/2/1 countdown XP."""
    for level, left in ((1, 3), (2, 2), (3, 1)):
        eng, gid = solo_game(level, "alone", level)
        t = eng.table(gid)
        laid = stacks(t)
        assert len(laid) == 4 + 4 + 8 and set(BASIC) <= set(laid)
        assert len(t.zone("shown:monster")) >= 4 and t.game.countdown == left
        rules = {e.type: e.rule for e in eng.store.read(gid)}
        assert rules["ts.setup"] == "VAR-S-SETUP" and rules["ts.countdown"] == "VAR-S-LEVEL"


def test_ts_solo_player_count_and_options():
    """VAR-S: one player always plays solo (default options too); solo needs exactly one seat
    and co-op needs two or more."""
    eng, gid = new_game("thunderstone", 1, seed=3)
    assert eng.table(gid).game.variant == "solo" and eng.table(gid).game.solo_mode == "alone"
    with pytest.raises(Exception, match="variant=solo is for 1 player"):
        new_game("thunderstone", 2, seed=3, options={"variant": "solo"})
    with pytest.raises(Exception, match="needs 2-5 players"):
        new_game("thunderstone", 1, seed=3, options={"variant": "coop"})


# -- buying -----------------------------------------------------------------------------------
def test_ts_solo_return_only_level1_heroes_buyable():
    """VAR-S-R2: with 8 gold the level-2 Belzurier on top of its stack may not be bought in
    'Die Rueckkehr' (rejected under VAR-S-R2), while the base solo game allows it (A26).
    Real cards: the Vikar prints gold 0 and the Bischof costs 8, so a Proviant (gold 2) replaces
    the Dolch to reach 8 gold."""
    hand = {"hand": ["Miliz", "Belzurischer Vikar", "Fackel", "Fackel", "Fackel", "Proviant"]}
    g = Game("solo_return", seat0=hand)
    g.play("action", action="village")
    assert g.last("ts.gold")["total"] == 8
    assert sorted(c["stack"] for c in g.legal() if c["kind"] == "buy") == ["Gorinther", "Seelenjuwel"]
    with pytest.raises(IllegalCommand) as err:
        g.play("buy", stack="Belzurier")
    assert err.value.rule == "VAR-S-R2"
    g = Game("solo_return", options=ALONE, seat0=hand)
    g.play("action", action="village")
    assert {"kind": "buy", "stack": "Belzurier"} in g.legal()


# -- destroyed cards go back to the village ---------------------------------------------------
def test_ts_solo_return_destroyed_starting_card_goes_back_to_the_village():
    """VAR-S-R3: a starting Fackel destroyed while resting opens a Fackel stack in the village
    (and can be bought again); in the base solo game it goes to the trash."""
    g = Game("solo_return")
    fackel = g.id("hand0", "Fackel")
    g.play("action", action="rest")
    g.play("destroy")
    g.play("choose", option="Fackel")
    assert g.t.zone("v:Fackel") == [fackel] and fackel not in g.t.zone("trash")
    back = [e for e in g.eng.store.read(g.gid) if e.type == "zone.moved" and e.data["dst"] == "v:Fackel"]
    assert [(e.rule, e.data["cause"]) for e in back] == [("VAR-S-R3", "TRN-R1")]
    g = Game("solo_return", options=ALONE)
    g.play("action", action="rest")
    g.play("destroy")
    g.play("choose", option="Fackel")
    assert "v:Fackel" not in g.t.zones and g.names("trash") == ["Fackel"]


def test_ts_solo_return_leveled_hero_goes_back_on_top_of_its_stack():
    """VAR-S-R3 with LVL-6: leveling destroys the level-1 hero, which goes back on top of its
    stack (above the level 3 left there), so it can be bought again."""
    g = Game(
        "solo_return",
        stacks={"Belzurier": ["Belzurischer Bischof", "Belzur Cardinal"], "Seelenjuwel": ["Seelenjuwel"]},
    )
    vikar = g.id("hand0", "Belzurischer Vikar")
    g.play("action", action="village")
    g.play("pass")
    g.play("level", card=vikar)
    assert g.names("v:Belzurier") == ["Belzurischer Vikar", "Belzur Cardinal"]
    assert "Belzurischer Bischof" in g.names("disc0") and g.t.game.xp == [1]


# -- the end ----------------------------------------------------------------------------------
def capture(g: Game) -> None:
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.id("pos1", "Spukgestalt"))
    assert g.t.over


def test_ts_solo_return_win():
    """VAR-S, VAR-S-R4: more VP (Stein der Verachtung 1, Spukgestalt 1, Gruftgeist 3, four
    level-3 heroes 2 + 2 + 2 + 3 = 14) than the village score pile (Ork III 3 + Glut 1 = 4) and 4
    top heroes: a win."""
    g = Game("solo_return")
    capture(g)
    assert g.t.winners == [0] and g.t.scores == {"0": 14, "village": 4, "top_heroes": 4}
    assert g.rules_of("game.over") == ["VAR-S-R4"]


def test_ts_solo_return_lost_for_want_of_top_heroes():
    """VAR-S-R4: 3 heroes of their highest level are not enough, however many VP."""
    g = Game("solo_return", seat0={"discard": ["Gruftgeist", *TOPS[:3], "Belzurischer Bischof"]})
    capture(g)
    assert g.t.winners == [] and g.t.scores["top_heroes"] == 3 and g.t.scores["0"] > g.t.scores["village"]
    assert "highest level" in g.last("game.over")["reason"]


def test_ts_solo_lost_on_vp_and_ties_lose():
    """VAR-S: the seat needs more VP than the village score pile; equal VP loses."""
    g = Game("solo_return", score_village=["Ork III"] * 8)
    capture(g)
    assert g.t.winners == [] and g.t.scores["village"] == 24 > g.t.scores["0"] == 14
    g = Game("solo_return", options=ALONE, score_village=["Ork III"] * 4 + ["Glut", "Glut"])
    capture(g)
    assert g.t.scores == {"0": 14, "village": 14} and g.t.winners == []


def test_ts_solo_alone_win_needs_no_top_heroes():
    """VAR-S: in the base solo game VP alone decide; the hero condition is Die Rueckkehr's."""
    g = Game("solo_return", options=ALONE, seat0={"discard": ["Gruftgeist"]})
    capture(g)
    assert g.t.winners == [0] and g.t.scores == {"0": 5, "village": 4}
    assert g.rules_of("game.over") == ["VAR-S"]


def test_ts_solo_march_and_lost_monster_cite_the_stand_in():
    """VAR-S-MARCH (stand-in): with the countdown gone, resting angers the position-1 monster,
    the next rest marches it onto the village score pile; a lost battle sends the monster there."""
    g = Game("solo_return", countdown=0)
    spuk = g.id("pos1", "Spukgestalt")
    for _ in range(2):
        g.play("action", action="rest")
        g.play("pass")
    assert spuk in g.t.zone("score:village")
    assert g.rules_of("ts.angry") == ["VAR-S-MARCH"]
    g = Game("solo_return", hall=["Ork III", "Stein der Verachtung", "Ork I"])
    g.play("action", action="dungeon")
    ork = g.id("pos1", "Ork III")
    g.play("attack", monster=ork)
    assert not g.last("ts.battle")["won"] and ork in g.t.zone("score:village")


# -- bots ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(36))
def test_ts_bots_finish_solo_game(seed):
    """Random legal bots finish solo games in both modes at every level (END-1, VAR-S); every
    event cites a catalog rule; replay and undo reproduce a sample exactly."""
    mode = ("alone", "return")[seed % 2]
    eng, gid = solo_game(seed, mode, 1 + seed % 3)
    run_bots(eng, gid, seed)
    t = eng.table(gid)
    assert t.over and t.winners in ([], [0]) and {"0", "village"} <= set(t.scores)
    assert t.seed == str(seed)
    catalog = eng.ruleset(gid).catalog
    events = eng.store.read(gid)
    assert all(e.rule in catalog for e in events)
    assert "VAR-S-MARCH" in {e.rule for e in events}
    if mode == "return":
        bought = [e.data["card"] for e in events if e.type == "ts.bought"]
        assert all(card(c).group != "hero" or card(c).level == 1 for c in bought)
        assert not any(
            e.data.get("dst") == "trash"
            and card(e.data["cards"][0]).group in ("hero", "basic", "village")
            and card(e.data["cards"][0]).kind != "disease"
            for e in events
            if e.type == "zone.moved"
        )
    if seed % 6 == 0:
        assert_replay_equal(eng, gid)
        assert_undo_equal(eng, gid, random.Random(seed))
