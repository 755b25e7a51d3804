"""The tactics' effects (MK:4:Round:3b) and their once-per-round use (the card is flipped) or
once-per-turn use, each from a situation file (readings in catalog.toml)."""

from pathlib import Path

from engine.games.mage_knight import state
from engine.games.mage_knight.mana import payment
from engine.games.mage_knight.turn.tactics import sparing_zone
from engine.mechanics.zones import card_name
from sim.testing import from_situation

HERE = Path(__file__).with_name("situations")


def sit(name, **kw):
    return from_situation(HERE / f"{name}.toml", **kw)


def holding(tactic, **game):
    """Seat 0 holds the tactic; a seat that acts before it ends its turn at once."""

    def edit(g):
        g["tactic"] = tactic
        g.update(game)

    eng, gid = sit("tactics_held", edit=edit)
    while eng.table(gid).game.active != 0:
        seat = eng.table(gid).game.active
        eng.submit(gid, seat, next(c for c in eng.legal(gid, seat) if c["kind"] == "end_turn"))
    return eng, gid


def names(t, zone):
    return sorted(card_name(c) for c in t.zone(zone))


def uses(eng, gid, seat=0):
    return [c for c in eng.legal(gid, seat) if c["kind"] == "tactic_use"]


def test_rethink_discards_up_to_three_and_draws_as_many():
    """MK:4:Round:3b: Rethink when taken: up to 3 cards of the hand (wounds too) to the
    discard pile, then as many drawn"""
    eng, gid = sit("tactics_pick")
    opts = [c for c in eng.legal(gid, 0) if c["tactic"] == "rethink"]
    assert {"kind": "tactic", "tactic": "rethink"} in opts
    assert max(len(c.get("discard", "").split(",")) for c in opts) == 3
    eng.submit(gid, 0, {"kind": "tactic", "tactic": "rethink", "discard": "rage,wound"})
    t = eng.table(gid)
    assert names(t, state.discard(0)) == ["rage", "wound"] and len(t.zone(state.hand(0))) == 5


def test_mana_steal_keeps_a_basic_die_for_one_use_then_returns_it():
    """MK:4:Round:3b, MK:5:Mana:3: Mana Steal: a basic-colour die is kept; it pays like a token
    (not the turn's Source die) and is rerolled and returned at the end of that turn"""
    eng, gid = sit("tactics_pick")
    steal = [c for c in eng.legal(gid, 0) if c["tactic"] == "mana_steal"]
    assert [c["die"] for c in steal] == [0, 1]  # red, green; not the black die
    eng.submit(gid, 0, {"kind": "tactic", "tactic": "mana_steal", "die": 1})
    assert eng.table(gid).game.players[0].stolen_die == 1
    plays = [
        c
        for c in eng.legal(gid, 0)
        if c["kind"] == "play" and c["card"] == "march" and c["mode"] == "powered"
    ]
    assert [c["pay"] for c in plays] == ["stolen:1"]  # green; not as a Source die
    eng.submit(gid, 0, plays[0])
    t = eng.table(gid)
    p = t.game.players[0]
    assert p.stolen_die == -1 and p.returning == [1] and p.dice == [] and p.move == 4
    assert ("die:0", "red") in payment.sources(p, t.game.source, False)  # the turn's die is still free
    eng.submit(gid, 0, {"kind": "end_turn"})
    p = eng.table(gid).game.players[0]
    assert p.returning == [] and p.stolen_die == -1


def test_preparation_takes_a_card_of_the_deck_secretly():
    """MK:4:Round:3b: Preparation when taken: one card of the deed deck to the hand, then the
    deck is shuffled; only the seat sees which"""
    eng, gid = sit("tactics_pick", edit=lambda g: g.update(night=True))
    opts = [c for c in eng.legal(gid, 0) if c["tactic"] == "preparation"]
    t = eng.table(gid)
    assert sorted(c["card"] for c in opts) == sorted({card_name(c) for c in t.zone(state.deck(0))})
    deck = len(t.zone(state.deck(0)))
    cmd = next(c for c in opts if c["card"] == "crystallize")
    assert eng.ruleset(gid).command_vis(t, 0, cmd) == [0]
    eng.submit(gid, 0, cmd)
    t = eng.table(gid)
    assert "crystallize" in names(t, state.hand(0)) and len(t.zone(state.deck(0))) == deck - 1


def test_the_right_moment_gives_another_turn_once():
    """MK:4:Round:3b: The Right Moment: declared in a turn, the seat plays another turn at once;
    then the card is flipped"""
    eng, gid = holding("the_right_moment", night=False, source=["red", "green", "white", "blue"])
    eng.submit(gid, 0, {"kind": "tactic_use", "tactic": "the_right_moment"})
    assert uses(eng, gid) == []
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    eng.submit(gid, 0, {"kind": "end_turn"})
    g = eng.table(gid).game
    assert g.active == 0 and g.players[0].tactic_used and not g.players[0].extra_turn
    eng.submit(gid, 0, {"kind": "play", "card": "rage", "mode": "sideways", "option": 0, "pay": ""})
    eng.submit(gid, 0, {"kind": "end_turn"})
    assert eng.table(gid).game.active == 1


def test_long_night_makes_a_deck_of_three_discarded_cards():
    """MK:4:Round:3b: Long Night, once a round with an empty deed deck: the discard pile is
    shuffled and 3 of its cards become the deck"""
    full = [
        "march",
        "march",
        "stamina",
        "stamina",
        "swiftness",
        "swiftness",
        "rage",
        "rage",
        "tovak_cold_toughness",
        "tranquility",
        "promise",
        "threaten",
        "crystallize",
        "mana_draw",
        "concentration",
        "tovak_instinct",
    ]
    eng, gid = holding("long_night", seat=[{"hand": full}, {}])
    t = eng.table(gid)
    assert t.zone(state.deck(0)) == [] and uses(eng, gid) == []
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "rage,swiftness,swiftness"})
    eng.submit(gid, 1, next(c for c in eng.legal(gid, 1) if c["kind"] == "end_turn"))
    assert uses(eng, gid) == [{"kind": "tactic_use", "tactic": "long_night"}]
    eng.submit(gid, 0, uses(eng, gid)[0])
    t = eng.table(gid)
    assert len(t.zone(state.deck(0))) == 3 and len(t.zone(state.discard(0))) == 1
    assert t.game.players[0].tactic_used and uses(eng, gid) == []


def test_midnight_meditation_swaps_up_to_five_cards_at_the_start_of_the_turn():
    """MK:4:Round:3b: Midnight Meditation, once a round before acting: up to 5 cards of the hand
    shuffled into the deck, as many drawn"""
    eng, gid = holding("midnight_meditation")
    opts = uses(eng, gid)
    assert max(len(c["cards"].split(",")) for c in opts) == 5
    eng.submit(gid, 0, {"kind": "tactic_use", "tactic": "midnight_meditation", "cards": "rage,wound"})
    t = eng.table(gid)
    assert len(t.zone(state.hand(0))) == 5 and t.game.players[0].tactic_used and uses(eng, gid) == []


def test_mana_search_rerolls_gold_and_black_first():
    """MK:4:Round:3b: Mana Search, once a turn before using the Source: reroll 1-2 dice; gold
    and black dice must be among them first (Source red, gold, black, blue)"""
    eng, gid = holding("mana_search")
    assert sorted(c["dice"] for c in uses(eng, gid)) == ["1", "1,2", "2"]
    eng.submit(gid, 0, {"kind": "tactic_use", "tactic": "mana_search", "dice": "1,2"})
    assert uses(eng, gid) == [] and eng.table(gid).game.players[0].tactic_turn


def test_sparing_power_stores_a_card_each_turn_then_takes_them_all():
    """MK:4:Round:3b: Sparing Power, once a turn: the deck's top card face down under the
    tactic, or every stored card to the hand (then the card is flipped)"""
    eng, gid = holding("sparing_power")
    assert uses(eng, gid) == [{"kind": "tactic_use", "tactic": "sparing_power", "mode": "store"}]
    deck = len(eng.table(gid).zone(state.deck(0)))
    eng.submit(gid, 0, uses(eng, gid)[0])
    t = eng.table(gid)
    assert (
        len(t.zone(sparing_zone(0))) == 1 and len(t.zone(state.deck(0))) == deck - 1 and uses(eng, gid) == []
    )
    eng.submit(gid, 0, {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""})
    eng.submit(gid, 0, {"kind": "end_turn"})
    eng.submit(gid, 1, next(c for c in eng.legal(gid, 1) if c["kind"] == "end_turn"))
    take = {"kind": "tactic_use", "tactic": "sparing_power", "mode": "take"}
    assert take in uses(eng, gid)
    hand = len(eng.table(gid).zone(state.hand(0)))
    eng.submit(gid, 0, take)
    t = eng.table(gid)
    assert len(t.zone(state.hand(0))) == hand + 1 and t.zone(sparing_zone(0)) == []
    assert t.game.players[0].tactic_used and uses(eng, gid) == []
