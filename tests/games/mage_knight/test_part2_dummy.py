"""The dummy player automaton (MK:15:Dummy): set-up, turn, tactics, round preparation."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.mage_knight.content import decks
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.players import dummy


class Ctx:
    """A ctx-like chance source: a seeded local Random (tests only), or picks given in order."""

    def __init__(self, seed=0, forced=None):
        self.rng = random.Random(seed)
        self.forced = dict(forced or {})
        self.log = []

    def pick(self, stream, population, k, rule=None):
        self.log.append((stream, rule))
        if self.forced.get(stream):
            return self.forced[stream].pop(0)
        return self.rng.sample(list(population), k)


COLOURS = {"r": "red", "b": "blue", "g": "green", "w": "white"}


def colour_of(card):  # test cards "b1", "r2", ...: first letter is the colour
    return COLOURS.get(card[0])


def make(deck, crystals):
    return dummy.Dummy(hero="goldyx", deck=list(deck), crystals=dict(crystals))


def test_E10_dummy_starting_crystals_MK_15_Dummy():
    # the rulebook's example: Goldyx's hero card dots are green, green, blue
    cards = decks.starting_deck(content(), "goldyx")
    (ev,) = dummy.dummy_setup(Ctx(), "goldyx", cards, ["green", "green", "blue"])
    d = dummy.fold(None, ev)
    assert d.crystals == {"green": 2, "blue": 1}
    assert sorted(d.deck) == sorted(cards) and len(d.deck) == 16
    with pytest.raises(dummy.DummyError, match="MK:15:Dummy"):
        dummy.dummy_setup(Ctx(), "goldyx", cards, ["gold"])


def test_dummy_crystals_from_hero_content_dots_MK_15_Dummy():
    for h in content().heroes.heroes:
        d = dummy.fold(
            None, dummy.dummy_setup(Ctx(), h.id, decks.starting_deck(content(), h.id), h.starting_crystals)[0]
        )
        assert sum(d.crystals.values()) == len(h.starting_crystals) == 3


def test_E27_dummy_turn_with_crystal_extension_then_deck_exhausted_MK_15_Dummy():
    d = make(["r1", "g1", "b1", "w1", "r2"], {"blue": 2})
    evs = dummy.dummy_turn(d, colour_of)
    assert [(e.type, e.data["cards"], e.data["extra"]) for e in evs] == [
        ("mk.dummy_revealed", ["r1", "g1", "b1"], 0),
        ("mk.dummy_revealed", ["w1", "r2"], 2),
    ]
    d = dummy.run(d, evs)
    assert d.deck == [] and d.discard == ["r1", "g1", "b1", "w1", "r2"]
    evs = dummy.dummy_turn(d, colour_of, seat=2)
    assert [e.type for e in evs] == ["mk.dummy_announced"] and evs[0].data == {"seat": 2}
    assert dummy.run(d, evs).announced
    with pytest.raises(dummy.DummyError, match="MK:4:Round:4b"):
        dummy.dummy_turn(dummy.run(d, evs), colour_of)
    # had the third card been red with no red crystal: exactly 3 cards
    d = make(["r1", "g1", "r3", "w1", "r2"], {"blue": 2})
    evs = dummy.dummy_turn(d, colour_of)
    assert len(evs) == 1 and evs[0].data["cards"] == ["r1", "g1", "r3"]


def test_dummy_deck_runs_short_reveals_what_it_can_MK_15_Dummy():
    d = make(["g1", "b1"], {"blue": 3})
    evs = dummy.dummy_turn(d, colour_of)
    assert [e.data["cards"] for e in evs] == [["g1", "b1"]]
    d = make(["g1", "r1", "b1", "w1"], {"blue": 3})
    evs = dummy.dummy_turn(d, colour_of)
    assert [e.data["cards"] for e in evs] == [["g1", "r1", "b1"], ["w1"]]


def test_colourless_and_dual_cards_MK_15_Dummy():
    d = make([], {"blue": 2, "white": 1})
    assert dummy.extension(d, None) == 0
    assert dummy.extension(d, "dual:blue/white") == 2
    assert dummy.extension(d, "red") == 0


def test_dummy_tactic_and_removal_MK_19_Scen_SoloConquest_MK_20_Scen_FullCoop():
    ctx = Ctx(forced={"dummy_tactic": [["planning"]]})
    assert dummy.dummy_tactic(ctx, ["planning", "early_bird"]) == "planning"
    assert ctx.log == [("dummy_tactic", "MK:15:Dummy")]
    assert dummy.tactics_removed("solo", ["rethink"], "planning", False) == ["planning", "rethink"]
    assert dummy.tactics_removed("coop", ["rethink", "early_bird"], "planning", False, "rethink") == [
        "rethink"
    ]
    assert dummy.tactics_removed("coop", ["rethink"], "planning", True) == []
    with pytest.raises(dummy.DummyError, match="MK:20:Scen:FullCoop"):
        dummy.tactics_removed("coop", ["rethink"], "planning", False, "planning")
    assert dummy.TACTIC_ORDER["solo"] == "players_first" and dummy.TACTIC_ORDER["coop"] == "dummy_first"


def test_dummy_round_prep_gains_aa_and_spell_crystal_MK_4_Round_2d_2e():
    d = make(["w1"], {"blue": 3})
    d = dummy.run(d, dummy.dummy_turn(d, colour_of))
    evs = dummy.dummy_round_prep(Ctx(), dummy.run(d, []), aa_card="g_aa", spell_colour="blue")
    assert [e.type for e in evs] == ["mk.dummy_gained_card", "mk.dummy_gained_crystal", "mk.dummy_shuffled"]
    d = dummy.run(d, evs)
    assert sorted(d.deck) == ["g_aa", "w1"] and d.discard == [] and not d.announced
    assert d.crystals == {"blue": 4}  # no limit of 3 for the dummy
    assert dummy.deck_left(d) == 2


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(0, 40),
    seed=st.integers(0, 10_000),
    crystals=st.dictionaries(st.sampled_from(sorted(COLOURS.values())), st.integers(0, 6)),
)
def test_property_dummy_always_ends_the_round_within_its_deck_size(size, seed, crystals):
    rng = random.Random(seed)
    deck = [f"{rng.choice('rbgw')}{i}" for i in range(size)]
    d = make(deck, crystals)
    turns = 0
    while not d.announced:
        d = dummy.run(d, dummy.dummy_turn(d, colour_of))
        turns += 1
        assert turns <= size + 1
    # every card revealed once, in deck order; each non-final turn revealed at least one card
    assert d.discard == deck and d.deck == []
    assert turns <= -(-size // 3) + 1
