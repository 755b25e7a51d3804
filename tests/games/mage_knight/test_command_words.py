"""Mage Knight's decisions in a player's words (issue 27): every legal command's label (its
`cmd.<kind>` sentence as an imperative, engine.narration.command_label) names cards, units,
skills, tactics, enemies and places by their print names and mana by colour, never an id or a
numbered option; a past decision in the log tells only what its event says (MK:4:Deed:3a,
MK:5:Units:5, MK:6:Turn:5a, MK:4:Round:3a)."""

from __future__ import annotations

import pytest

from bots.random_bot import bot_rng
from engine.narration import command_label
from sim.testing import new_game
from tests.choice_checks import bad_words
from tests.games.mage_knight.test_cards_advanced import legal, sit

COMBAT = ("attack", "block", "cumbersome", "assign", "next")  # worded by combat/words.py
GAMES = [
    ("first_reconnaissance", 2, 1),
    ("first_reconnaissance", 4, 2),
    ("full_conquest", 2, 3),
    ("full_cooperative", 2, 4),
    ("dungeon_lords", 2, 5),
    ("druid_nights", 3, 6),
]


def label(eng, gid, cmd: dict, seat: int = 0) -> str:
    return command_label(eng.ruleset(gid), eng.table(gid), seat, cmd)


@pytest.mark.parametrize(("scenario", "players", "seed"), GAMES)
def test_every_command_of_seeded_bot_games_reads_as_words(scenario, players, seed):
    """Random bots play 400 decisions; at every third one each legal command (but combat's)
    gets a label with no id, JSON or numbered option, and never the generic "Choose …" words
    of a kind the game does not word."""
    eng, gid = new_game("mage-knight", players, seed, {"scenario": scenario})
    rs, rng = eng.ruleset(gid), bot_rng(seed)
    kinds: set[str] = set()
    for n in range(400):
        t = eng.table(gid)
        prompts = eng.prompts(gid)
        if t.over or not prompts:
            break
        seat = prompts[0].seat
        cmds = eng.legal(gid, seat)
        if n % 3 == 0:
            for c in cmds:
                if c["kind"] in COMBAT:
                    continue
                text = command_label(rs, t, seat, c)
                why = bad_words(text)
                assert why is None, f"{why} in {text!r} for {c}"
                assert not text.startswith("Choose "), f"generic words {text!r} for {c}"
                kinds.add(c["kind"])
        eng.submit(gid, seat, rng.choice(rs.bot_choices(t, seat, cmds) or cmds))
    assert {"play", "end_turn", "tactic"} <= kinds, kinds


def test_march_basic_and_powered_say_the_mana_and_the_move():
    """MK:4:Deed:3a: March basic gives Move 2; powered with green mana, Move 4."""
    eng, gid = sit("cards_village", hand=["march", "rage"], crystals={"green": 1}, tokens=["green"])
    (basic,) = legal(eng, gid, card="march", mode="basic")
    assert label(eng, gid, basic) == "Play March: Move 2"
    powered = {c["pay"]: label(eng, gid, c) for c in legal(eng, gid, card="march", mode="powered")}
    assert powered["crystal:green"] == "Play March powered with green mana from a crystal: Move 4"
    assert powered["token:green"] == "Play March powered with green mana from a token: Move 4"
    sideways = {label(eng, gid, c) for c in legal(eng, gid, card="rage", mode="sideways")}
    assert "Play Rage sideways: Influence 1" in sideways


def test_a_discard_cost_names_the_card_given_up():
    """MK:4:Deed:6: Improvisation's discard is part of the play, named by the card."""
    eng, gid = sit("cards_village", hand=["improvisation", "stamina"])
    texts = {label(eng, gid, c) for c in legal(eng, gid, card="improvisation", mode="basic")}
    assert "Play Improvisation, discarding Stamina: Move 3" in texts
    assert "Play Improvisation, discarding Stamina: Influence 3" in texts


def test_a_units_ability_says_its_effect_and_its_mana():
    """MK:5:Units:5: the Herbalist heals 2 for a green mana; no "ability 0, option 0"."""
    eng, gid = sit("cards_village", hand=["wound", "march"], units=["herbalist"], crystals={"green": 1})
    texts = {label(eng, gid, c) for c in legal(eng, gid, kind="activate")}
    assert "Use the Herbalist with green mana from a crystal: Heal 2" in texts
    assert "Use the Herbalist: Gain a green mana token" in texts


def test_the_end_of_a_turn_names_the_cards_discarded():
    """MK:6:Turn:5a: with nothing played, the turn ends with a discard, named by card."""
    eng, gid = sit("cards_village", hand=["march", "stamina", "stamina"])
    texts = {label(eng, gid, c) for c in legal(eng, gid, kind="end_turn")}
    assert "End the turn, discarding March and Stamina" in texts
    assert "End the turn, discarding March and 2× Stamina" in texts


def test_a_tactic_with_a_discard_says_what_it_does():
    """MK:4:Round:3a: Rethink's discarded cards by name and the cards drawn for them."""
    eng, gid = new_game("mage-knight", 2, 1)
    seat = eng.prompts(gid)[0].seat
    cmd = {"kind": "tactic", "tactic": "rethink", "discard": "rage,march"}
    assert label(eng, gid, cmd, seat) == (
        "Take the tactic Rethink (turn order 2), discarding Rage and March and drawing 2 cards"
    )


def test_a_past_decision_tells_only_what_its_event_says():
    """The log words a stored decision with the game's head as its table: no effect or die
    colour read from a state that has moved on."""
    eng, gid = sit("cards_village", hand=["march"])
    rs, t = eng.ruleset(gid), eng.table(gid)
    ev = {
        "version": 7,
        "type": "cmd.play",
        "actor": 0,
        "data": {"kind": "play", "card": "march", "mode": "powered", "option": 0, "pay": "die:0"},
    }
    assert rs.describe(t, ev) == "Seat 1 plays March powered with mana from the Source."


RARE = [  # kinds seeded bot games seldom reach, with the ids their commands carry
    {"kind": "centre", "skill": "krang_mana_enhancement", "owner": 1, "option": 0},
    {"kind": "banner", "unit": "peasants#1"},
    {"kind": "banner", "unit": "peasants#1", "target": "green_prowlers#2"},
    {"kind": "ready_unit", "uid": "utem_guardsmen#1"},
    {"kind": "buy_spell", "card": "fireball#1", "pay": "crystal:red"},
    {"kind": "city_buy", "what": "advanced_action", "card": "blood_rage#1"},
    {"kind": "city_buy", "what": "artifact"},
    {"kind": "tunnel", "to": "1,-2"},
    {"kind": "joint_assault", "shares": "0:2,1:1"},
    {"kind": "joint_answer", "agree": False},
    {"kind": "pvp", "target": 1},
    {"kind": "pvp_commit", "mode": "full"},
    {"kind": "pvp_damage", "to": "steal:banner_of_glory#1"},
    {"kind": "pvp_damage", "to": "retreat:1,-2"},
    {"kind": "pvp_damage", "to": "utem_guardsmen#2"},
    {"kind": "improve", "card": "blood_rage#1", "remove": "rage"},
    {"kind": "combat_die", "colour": "white"},
    {"kind": "auction_name", "hero": "wolfhawk"},
    {"kind": "auction_bid", "fame": 3},
    {"kind": "draft_pick", "card": "ice_bolt"},
    {"kind": "reward", "card": "banner_of_glory"},
    {"kind": "answer", "pick": "1:arythea_battle_versatility"},
    {"kind": "recruit", "unit": "utem_guardsmen#2", "disband": "herbalist#1"},
    {
        "kind": "activate",
        "unit": "sorcerers#1",
        "ability": 1,
        "option": 0,
        "pay": "die:1",
        "target": "green_diggers#1",
    },
]


@pytest.mark.parametrize("cmd", RARE, ids=lambda c: c["kind"])
def test_rare_decisions_read_as_words_now_and_in_the_log(cmd):
    eng, gid = new_game("mage-knight", 2, 1)
    rs, t = eng.ruleset(gid), eng.table(gid)
    now = label(eng, gid, cmd)
    past = rs.describe(t, {"version": 9, "type": f"cmd.{cmd['kind']}", "actor": 0, "data": cmd})
    for text in (now, past):
        assert bad_words(text) is None and "chooses" not in text and not text.startswith("Choose"), text
