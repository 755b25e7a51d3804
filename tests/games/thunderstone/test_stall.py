"""The endless games `simulate thunderstone --players 2` found: both seats rest their command
decks to nothing (or burn them with Brandopfer) while a monster that leaves only by defeat (p.16) stands on position 1 in
front of the Thunderstone, so no rule can end the game (p.5 Zugende). Random bots must not
play that pointless line (engine/games/thunderstone/bot.py); the rules stay as printed."""

from __future__ import annotations

import pytest
from ts_helpers import Game

from bots.random_bot import play_out
from engine.games.thunderstone.bot import bot_choices
from sim.testing import new_game

# (simulate --seed, game index): the games of `simulate thunderstone --games 1000 --players 2`
# that never ended; ids are f"thunderstone-{seed}-{i:05d}", bot seeds f"{seed}-{i}"
ENDLESS = [(1, 409), (1, 914), (2, 353), (7, 447), (3, 618)]


@pytest.mark.parametrize("seed,i", ENDLESS)
def test_ts_simulated_game_ends(seed, i):
    eng, gid = new_game("thunderstone", 2, seed=f"{seed}-{i}")
    play_out(eng, gid, f"{seed}-{i}", max_commands=5000)
    t = eng.table(gid)
    assert t.over and t.winners


def test_ts_rest_keeps_a_playable_deck():
    """With six cards or fewer left (one hand), the bot destroys nothing but diseases at rest;
    the rule itself still offers the destroy (p.5 Erholung: "Du darfst 1 Handkarte zerstoeren")."""
    few = {"hand": ["Miliz", "Dolch", "Fackel"], "deck": ["Miliz", "Proviant"], "discard": []}
    g = Game("stall_item_use", seats={0: few})
    g.play("action", action="rest")
    legal = g.eng.legal(g.gid, 0)
    assert {"kind": "destroy"} in legal
    assert bot_choices(g.t, 0, legal) == [{"kind": "pass"}]


def test_ts_rest_still_destroys_a_disease_or_a_spare_card():
    sick = {"hand": ["Miliz", "Krankheit"], "deck": ["Miliz"], "discard": []}
    g = Game("stall_item_use", seats={0: sick})
    g.play("action", action="rest")
    legal = g.eng.legal(g.gid, 0)
    assert bot_choices(g.t, 0, legal) == legal
    g.play("destroy")
    offered = bot_choices(g.t, 0, g.eng.legal(g.gid, 0))
    assert offered == [{"kind": "choose", "option": "Krankheit"}]
    many = {"hand": ["Miliz"] * 4, "deck": ["Dolch"] * 3, "discard": []}
    g = Game("stall_item_use", seats={0: many})
    g.play("action", action="rest")
    legal = g.eng.legal(g.gid, 0)
    assert bot_choices(g.t, 0, legal) == legal


def test_ts_bot_burns_no_card_of_its_last_hand():
    """Brandopfer destroys another laid-out card for gold (p.21): legal, but not with six
    cards or fewer left, unless the card burnt is a disease."""
    few = {"hand": ["Brandopfer", "Miliz", "Krankheit"], "deck": ["Dolch"], "discard": []}
    g = Game("stall_item_use", seats={0: few})
    g.play("action", action="village")
    legal = g.eng.legal(g.gid, 0)
    burn = [c for c in legal if c["kind"] == "use"]
    assert {c["target"].split("#")[0] for c in burn} == {"Miliz", "Krankheit"}
    assert [c for c in bot_choices(g.t, 0, legal) if c["kind"] == "use"] == [
        c for c in burn if c["target"].startswith("Krankheit")
    ]


def test_ts_no_battle_when_a_drawn_hero_bars_every_target():
    """Stall of simulate seed 3 game 618: a party without heroes enters against Pirschjaeger
    (CMP-6), the Gestaltwandlung draws a Miliz (A16), and a party of one hero may attack no
    Pirschjaeger (p.18), nor choose it just to send it under the deck (p.19). With no legal
    target the dungeon action ends without a battle (TRN-D3 reading)."""
    g = Game(
        "stall_item_use",
        hall=["Pirschjaeger", "Stein der Verachtung", "Pirschjaeger"],
        dungeon=["Fabelwesen I", "Fabelwesen II"],
        seats={0: {"hand": ["Fackel", "Gestaltwandlung", "Proviant"], "deck": ["Miliz", "Dolch"]}},
    )
    g.play("action", action="dungeon")
    g.use("play0", "Gestaltwandlung")
    if g.t.game.t.pending:
        g.play("choose", option="none")
    assert "Miliz" in g.names("play0") and g.t.game.t.step == "prep"
    assert g.eng.legal(g.gid, 0) == [{"kind": "done"}]
    g.play("done")
    assert g.t.game.active == 1 and g.names("pos1") == ["Pirschjaeger"] and not g.t.over
    assert g.t.zone("play0") == [] and len(g.t.zone("hand0")) == 5  # all five cards redrawn
