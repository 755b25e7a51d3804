"""Refill, breach, guardians, the Thunderstone, scoring and the audit trail (AUTO-REFILL,
AUTO-BREACH, AUTO-GUARD, END-1..4, SCORE-1..3), each from a situation file."""

from __future__ import annotations

import pytest
from ts_helpers import Game

from engine.errors import IllegalCommand
from projections.audit import audit


def win_at_one(g: Game) -> None:
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.t.zone("pos1")[0])


def test_ts_breach_event_names_monster_refill_and_rule():
    """AUTO-BREACH, AUTO-REFILL: the Seuchenleib moved onto position 1 by the refill after the
    Spukgestalt's defeat breaches once (every player suffers 1 disease); the breach event names
    the monster, the refill that moved it and its rule, and the audit reaches back to the command."""
    g = Game("audit_breach")
    seuche, spuk = g.id("pos2", "Seuchenleib"), g.id("pos1", "Spukgestalt")
    win_at_one(g)
    assert g.last("ts.battle")["won"]
    events = g.eng.store.read(g.gid)
    breach = next(e for e in events if e.type == "ts.breach")
    assert breach.rule == "AUTO-BREACH"
    assert breach.data["monster"] == seuche and breach.data["applied"]
    assert breach.data["moved_by"] == {"refill_after": spuk, "turn": 1, "from": 2}
    assert [g.names(f"disc{s}").count("Krankheit") for s in range(3)] == [1, 1, 1]
    chain = audit(g.eng.store, g.gid, breach.version)["chain"]
    assert chain[-1]["type"] == "cmd.attack" and chain[0]["rule_summary"]
    assert g.t.zone("pos1") == [seuche]


def test_ts_battle_event_has_every_modifier():
    """BAT-ALG audit: the battle event carries attack, magic, total, light penalty, deduction,
    health and one entry per contributing card."""
    g = Game("audit_breach")
    win_at_one(g)
    b = g.last("ts.battle")
    for key in (
        "attack",
        "magic",
        "total",
        "light_penalty",
        "deduction",
        "health",
        "parts",
        "modifiers",
        "reductions",
        "light_points",
        "gold_revealed",
        "heroes_present",
    ):
        assert key in b
    assert {p["card"].split("#")[0] for p in b["parts"]} >= {"Miliz", "Dolch", "Fackel"}
    assert b["total"] == b["attack"] + b["magic"] - b["deduction"]


def test_ts_ex55_guardian_breaks_out_next_to_another():
    """EX-55, AUTO-GUARD (p.17): a guardian reaching position 1 moves to position 0 (beside the
    one already there), the dungeon refills; both are separate targets at light penalty 0."""
    g = Game("guardian_breakout")
    first, second = g.id("pos0", "Waechter des Turms"), g.id("pos2", "Waechter der Tiefe")
    win_at_one(g)
    assert g.t.zone("pos0") == [second, first]
    assert [len(g.t.zone(f"pos{p}")) for p in (1, 2, 3)] == [1, 1, 1]
    breach = g.last("ts.breach")
    assert breach["monster"] == second and "guardian" in breach["effects"]
    g.play("action", action="dungeon")
    targets = [c["monster"] for c in g.legal() if c["kind"] == "attack"]
    assert first in targets and second in targets
    g.play("attack", monster=first)
    b = g.last("ts.battle")
    assert b["position"] == 0 and b["light_penalty"] == 0 and not b["won"]
    assert first in g.t.zone("pos0")  # a lost battle leaves a guardian where it is


def test_ts_end3_no_capture_while_a_guardian_is_out():
    """END-1, END-3 (p.17): the Thunderstone reaching position 1 ends the game, but with a guardian
    on position 0 nobody takes it."""
    g = Game(
        "guardian_breakout",
        hall=["Spukgestalt", "Stein des Terrors", "Ork I"],
        dungeon=["Fabelwesen I", "Fabelwesen II"],
    )
    win_at_one(g)
    assert g.t.over and g.last("ts.stone")["captured_by"] is None
    assert g.t.zone("pos1")[0].startswith("Stein des Terrors")


def test_ts_end2_capture_ends_game_and_scores():
    """END-2, SCORE-1, SCORE-3, EX-50 (p.19, p.21): defeating the position-1 monster pulls the
    Thunderstone onto position 1: the attacker takes it to the discard pile and the game ends at
    once. Stein der Verachtung keeps its base VP (1) because not every other player owns more monsters."""
    g = Game("endgame_capture")
    win_at_one(g)
    t = g.t
    assert t.over and g.last("ts.stone")["captured_by"] == 0
    assert "Stein der Verachtung" in g.names("disc0")
    assert t.scores == {"0": 3 + 1 + 1 + 1, "1": 4, "2": 6} and t.winners == [0]  # tie: the stone holder
    with pytest.raises(IllegalCommand):
        g.play("action", seat=1, action="rest")


def test_ts_ex50_contempt_stone_worth_five():
    """EX-50, SCORE-2 (p.21): Stein der Verachtung is worth 5 VP in total when every other player
    owns more monsters than its owner (3 against 4 and 4)."""
    g = Game("endgame_capture", seats={2: {"discard": ["Ork II", "Ork II", "Ork II", "Ork II"]}})
    win_at_one(g)
    assert g.t.scores == {"0": 3 + 1 + 1 + 5, "1": 4, "2": 8} and g.t.winners == [0]


def test_ts_score3_tie_goes_to_the_stone_holder():
    """SCORE-3 (p.19): tied on 5 VP, the player owning the Thunderstone wins alone."""
    g = Game(
        "endgame_capture",
        hall=["Spukgestalt", "Stein des Terrors", "Ork I"],
        seats={2: {"discard": ["Ork II", "Ork II", "Glut"]}},
    )
    win_at_one(g)
    assert g.t.scores["0"] == g.t.scores["2"] == 5 and g.t.winners == [0]


def test_ts_score3_tie_without_stone_all_win():
    """SCORE-3, END-1: a lost battle at position 1 pushes the Thunderstone there: nobody takes
    it, and tied players all win."""
    g = Game(
        "endgame_capture",
        hall=["Ork III", "Stein der Verachtung", "Ork I"],
        seats={
            0: {"discard": ["Ork II", "Ork II"]},
            1: {"discard": ["Ork II", "Ork II"]},
            2: {"discard": ["Ork II"]},
        },
    )
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Ork III"))
    assert not g.last("ts.battle")["won"] and g.t.over
    assert g.last("ts.stone")["captured_by"] is None
    assert g.t.winners == [0, 1] and g.t.scores == {"0": 4, "1": 4, "2": 2}


def test_ts_stall_item_use_cannot_strand_the_party():
    """Stall found by the bots (A25, CMD-TARGET, p.15/p.21 Flamme): with the Flamme the only legal
    target, a preparation step may never leave the party without a target. The stand-in Flamme
    could not be attacked after an item was used; the real Flamme (Blaze) instead needs an item
    or spell used to be defeated, so the Proviant's effect is offered and the attack remains."""
    g = Game("stall_item_use")
    g.play("action", action="dungeon")
    flamme = g.id("pos1", "Flamme")
    assert [c["monster"] for c in g.legal() if c["kind"] == "attack"] == [flamme]
    g.use("play0", "Proviant", 0, target=g.id("play0", "Miliz"))
    assert [c["monster"] for c in g.legal() if c["kind"] == "attack"] == [flamme]
    g.play("attack", monster=flamme)
    b = g.last("ts.battle")
    assert all(p["light"] == 1 for p in b["parts"] if p["card"].startswith("Fackel"))
    assert not b["won"] and "item or spell" not in b["why"]  # items were used; 1 + 2 < 7 health


def test_ts_a25_no_dungeon_without_a_legal_target():
    """A25, TRN-D1: with every monster barred to a one-hero party the dungeon action is not offered."""
    g = Game("stall_item_use", hall=["Pirschjaeger", "Pirschjaeger", "Pirschjaeger"])
    assert {"kind": "action", "action": "dungeon"} not in g.legal()
    with pytest.raises(IllegalCommand) as err:
        g.play("action", action="dungeon")
    assert err.value.rule == "TRN-D1"


def test_ts_ex40_drachenturm_two_dungeons():
    """EX-40 (p.21), CMP-8: in the Drachenturm scenario the dungeon action names one of two
    dungeons; only its monsters are targets; its own Thunderstone reaching its position 1 ends
    the game, captured by the attacker who defeated the monster before it."""
    g = Game("drachenturm_two_dungeons")
    legal = g.legal()
    assert {"kind": "action", "action": "dungeon", "board": ""} in legal
    assert {"kind": "action", "action": "dungeon", "board": "b:"} in legal
    g.play("action", action="dungeon", board="b:")
    targets = [c["monster"] for c in g.legal() if c["kind"] == "attack"]
    assert sorted(targets) == sorted([g.id("b:pos1", "Spukgestalt"), g.id("b:pos3", "Glut")])
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.id("b:pos1", "Spukgestalt"))
    assert g.t.over and g.last("ts.stone")["captured_by"] == 0
    assert "Stein des Terrors" in g.names("disc0") and g.names("pos1") == ["Fabelwesen I"]


def test_ts_endless_game_with_emptied_decks():
    """Endless game found by the bots (seed 7784): every deck destroyed to nothing and a Pirschjaeger
    on position 1. A party without heroes may still attack it (p.18 reading, CMP-6), loses, and the
    monster goes under the deck, so the Thunderstone keeps coming closer (END-1)."""
    empty = {"hand": [], "deck": []}
    g = Game(
        "stall_item_use",
        hall=["Pirschjaeger", "Stein der Verachtung", "Pirschjaeger"],
        seats={0: empty, 1: empty},
    )
    assert {"kind": "action", "action": "dungeon"} in g.legal()
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Pirschjaeger"))
    assert g.t.over and g.last("ts.stone")["captured_by"] is None


def test_a_refused_buy_says_what_was_wrong():
    """Trust point 2: a refusal names the rule and the concrete fault, not only the rule."""
    import pytest

    from bots.random_bot import bot_rng, step
    from engine.errors import IllegalCommand
    from engine.games.thunderstone.places import village_stacks
    from sim.testing import engine

    eng = engine()
    gid = eng.create("thunderstone", 2, 1)
    rng = bot_rng(1)
    while not any(c["kind"] == "buy" for c in eng.legal(gid, eng.prompts(gid)[0].seat)):
        step(eng, gid, rng)
    seat = eng.prompts(gid)[0].seat
    legal = eng.legal(gid, seat)
    with pytest.raises(IllegalCommand, match=r"no stack 'Handler' in the village.*Miliz"):
        eng.submit(gid, seat, {"kind": "buy", "stack": "Handler"})
    t = eng.table(gid)
    dear = next(n for n in village_stacks(t) if {"kind": "buy", "stack": n} not in legal)
    with pytest.raises(IllegalCommand, match=rf"costs \d+ gold, you have {t.game.t.total_gold}"):
        eng.submit(gid, seat, {"kind": "buy", "stack": dear})
