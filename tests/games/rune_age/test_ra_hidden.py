"""Hidden information (invariant 6, ZON-3): hands and deck orders stay hidden in views and logs."""

from __future__ import annotations

import pytest
from ra_helpers import Game

from projections.views import log_view, state_view
from sim import testing


def test_ra_view_hides_hands_and_deck_order_but_shows_sizes_and_discards():
    """ZON-3: deck sizes and discard piles are open; hands and deck order are not."""
    g = Game("e6_siege_home_realm")
    rs = g.eng.ruleset(g.gid)
    mine, theirs = state_view(rs, g.t, 0)["zones"], state_view(rs, g.t, 1)["zones"]
    assert mine["hand:0"]["cards"] == g.zone("hand:0")
    assert "cards" not in theirs["hand:0"] and theirs["hand:0"]["n"] == 5
    assert "cards" not in mine["deck:0"] and mine["deck:0"]["n"] == 4
    assert "cards" in theirs["discard:0"] and "cards" in theirs["barracks:0:u1"]
    spectator = state_view(rs, g.t, None)["zones"]
    assert all("cards" not in spectator[f"hand:{s}"] for s in range(2))


@pytest.mark.parametrize(
    "scenario,players,seed",
    [("monument", 2, 3), ("dragonlords", 3, 4), ("rune_wars", 2, 6), ("world_fire", 2, 7)],
)
def test_ra_redacted_log_shows_nothing_the_view_hides(scenario, players, seed):
    """Invariant 6: each seat's redacted log is compared with its view at every event."""
    eng, gid = testing.new_game("rune-age", players, seed, {"scenario": scenario})
    testing.run_bots(eng, gid, seed)
    for seat in range(players):
        assert testing.assert_log_leaks_nothing(eng, gid, seat) > 100


def test_ra_secret_choices_name_slots_and_reveal_only_to_their_seats():
    """TRN-3, EVT-4, SCN-MO-5: decision events are public, so keep/tribute/take name a hand slot."""
    g = Game("e9_mind_control")
    g.play(0, "card_action", card=g.card("hand:0", "Gedankenkontrolle"), seat=1)
    g.play(0, "take", slot=0)
    rs = g.eng.ruleset(g.gid)
    events = g.eng.store.read(g.gid)
    for seat in (None, 0, 1):
        shown = {e["type"]: e for e in log_view(rs, events, seat)}
        take = shown["cmd.take"]["data"]
        assert take == {"kind": "take", "slot": 0}
        hand = shown["ra.hand_shown"]
        assert ("cards" in hand["data"]) is (seat in (0, 1))
    moved = [e for e in events if e.type == "zone.moved" and e.data["dst"] == "hand:0"][-1]
    assert moved.vis == [0, 1]
