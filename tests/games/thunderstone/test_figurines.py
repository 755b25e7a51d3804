"""Figurine treasures that need choices: the Emerald Dragon hides a card face down and hands it on
at the next 6+ VP defeat; the Ivory Dragon destroys any number of hand cards (AUTO-TREASURE)."""

from __future__ import annotations

from test_hidden_information import assert_log_matches_view
from ts_helpers import Game

from projections.views import state_view

TABLE = "a2_clarifications"
HAND0 = ["Brutale Steinwache", "Dolch", "Fackel", "Proviant", "Proviant", "Proviant"]
HAND1 = ["Brutale Steinwache"] * 4 + ["Fackel", "Fackel"]


def emerald_game(hall: list[str]) -> Game:
    g = Game(
        TABLE, hall=hall, seats={0: {"treasures": ["Emerald Dragon"], "hand": HAND0}, 1: {"hand": HAND1}}
    )
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Brutale Steinwache"))
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    return g


def test_ts_emerald_dragon_hides_a_card_until_a_6vp_defeat_hands_it_on():
    """AUTO-TREASURE (Emerald Dragon): a defeat offers to hide a laid-out card under the dragon;
    the next 6+ VP defeat (here by the other player) destroys the dragon and puts the hidden card
    into that player's discard pile."""
    g = emerald_game(["Fabelwesen I", "Thug", "Ork I"])
    dragon = g.id("tres0", "Emerald Dragon")
    assert g.t.game.t.pending[0]["what"] == "hide"
    opts = [c["option"] for c in g.legal()]
    assert opts[0] == "keep" and g.id("play0", "Proviant") in opts
    assert g.id("play0", "Dolch") not in opts  # carried by the hero
    hidden = g.id("play0", "Proviant")
    g.play("choose", option=hidden)
    assert g.t.zone(f"under:{dragon}") == [hidden] and g.t.game.active == 1
    assert g.rules_of("zone.created")[-1] == "AUTO-TREASURE"
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Thug"))
    assert g.last("ts.battle")["won"]
    assert hidden in g.t.zone("disc1") and dragon in g.t.zone("trash")
    assert not g.t.zone(f"under:{dragon}") and not g.t.zone("tres0")


def test_ts_emerald_dragon_hidden_card_seen_by_its_owner_only():
    """Invariant 6: the other seats' views show how many cards lie under the dragon, not which;
    each seat's redacted log agrees with its view."""
    g = emerald_game(["Fabelwesen I", "Ork I", "Ork I"])
    dragon = g.id("tres0", "Emerald Dragon")
    hidden = g.id("play0", "Proviant")
    g.play("choose", option=hidden)
    rs = g.eng.ruleset(g.gid)
    mine, theirs = state_view(rs, g.t, 0)["zones"], state_view(rs, g.t, 1)["zones"]
    assert mine[f"under:{dragon}"]["cards"] == [hidden]
    assert theirs[f"under:{dragon}"]["n"] == 1 and "cards" not in theirs[f"under:{dragon}"]
    for seat in (0, 1):
        assert_log_matches_view(g.eng, g.gid, seat)


def test_ts_emerald_dragon_keep_declines():
    """'keep' declines: nothing is hidden and the dragon stays."""
    g = emerald_game(["Fabelwesen I", "Ork I", "Ork I"])
    g.play("choose", option="keep")
    assert not any(z.startswith("under:") for z in g.t.zones)
    assert g.names("tres0") == ["Emerald Dragon"] and g.t.game.active == 1


def test_ts_emerald_dragon_small_defeat_leaves_the_hidden_card():
    """A defeat of a monster worth less than 6 VP does not hand the hidden card on."""
    g = emerald_game(["Fabelwesen I", "Ork I", "Ork I"])
    dragon, hidden = g.id("tres0", "Emerald Dragon"), g.id("play0", "Proviant")
    g.play("choose", option=hidden)
    g.play("action", action="dungeon")
    g.play("attack", monster=g.id("pos1", "Ork I"))
    assert g.last("ts.battle")["won"] and g.t.zone(f"under:{dragon}") == [hidden]
    assert g.t.zone("tres0") == [dragon] and hidden not in g.t.zone("disc1")


def test_ts_hidden_card_counts_as_owned():
    """SCORE-1: a card under the owner's dragon is still his."""
    from engine.games.thunderstone.scoring import owned

    g = emerald_game(["Fabelwesen I", "Ork I", "Ork I"])
    hidden = g.id("play0", "Proviant")
    g.play("choose", option=hidden)
    assert hidden in owned(g.t, 0) and hidden not in owned(g.t, 1)


def ivory_game(hand: list[str]) -> Game:
    g = Game(TABLE, seats={0: {"treasures": ["Ivory Dragon"], "hand": hand}})
    g.play("treasure", card=g.id("tres0", "Ivory Dragon"))
    return g


def test_ts_ivory_dragon_destroys_any_number_of_hand_cards():
    """AUTO-TREASURE (Ivory Dragon): hand cards are chosen one by one, 1 XP each, until 'done'."""
    g = ivory_game(["Miliz", "Fackel", "Dolch", "Proviant", "Proviant", "Miliz"])
    xp = g.t.game.xp[0]
    assert sorted(c["option"] for c in g.legal()) == ["Dolch", "Fackel", "Miliz", "Proviant", "done"]
    g.play("choose", option="Proviant")
    g.play("choose", option="Proviant")
    assert "Proviant" not in [c["option"] for c in g.legal()]
    g.play("choose", option="Fackel")
    g.play("choose", option="done")
    assert g.t.game.xp[0] == xp + 3 and sorted(g.names("hand0")) == ["Dolch", "Miliz", "Miliz"]
    assert not g.t.game.t.pending and {"kind": "action", "action": "rest"} in g.legal()


def test_ts_ivory_dragon_stops_with_an_empty_hand():
    """With no hand card left there is nothing more to ask."""
    g = ivory_game(["Miliz"])
    g.play("choose", option="Miliz")
    assert not g.t.zone("hand0") and not g.t.game.t.pending
