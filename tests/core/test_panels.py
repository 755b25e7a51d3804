"""Player panels (issue 28 item 2): one per seat in every ruleset, with the numbers a player
watches, whose turn it is and piles as a count and a top card; a panel shows only what its
viewer may see (invariant 6), checked as test_core_hidden_information checks views: no pile
shows a card the viewer cannot see, and shuffling every card the viewer cannot see among
the places it cannot see (sizes kept) changes nothing a panel says."""

from __future__ import annotations

import copy
import random

import msgspec
import pytest

from bots.random_bot import bot_rng, decide
from engine import registry
from engine.mechanics.zones import card_name
from engine.panels import COLOURS, Panel, sees
from projections.views import state_view

RULESETS = ("duel", "epochs", "thunderstone", "rune-age", "mage-knight", "dragonlords")
WATCHED = {  # numbers issue 28 names for each ruleset, by label
    "mage-knight": {"fame", "level", "reputation", "armour", "hand limit", "red crystals", "hand", "units"},
    "thunderstone": {"XP", "deck", "hand", "discard pile"},
    "rune-age": {"gold", "influence", "units", "realm"},
    "dragonlords": {"orc gold", "orc units", "orc kingdoms", "orc ships"},
    "epochs": {"honour", "hand", "deck"},
    "duel": {"damage", "hand", "deck"},
}
MOVES = 30  # bot decisions before the panels are read: piles and numbers have moved by then


@pytest.fixture(scope="module")
def games():
    """A seeded two-seat game of each ruleset after some bot decisions (one engine)."""
    from sim.testing import engine

    eng = engine()
    out = {}
    for name in RULESETS:
        gid = eng.create(name, 2, 7)
        rng = bot_rng(f"panels:{name}")
        for _ in range(MOVES):
            if decide(eng, gid, rng) is None:
                break
        out[name] = (eng.ruleset(gid), eng.table(gid), {p.seat for p in eng.prompts(gid)})
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_one_panel_per_seat_with_the_numbers_a_player_watches(games, name):
    rs, table, acting = games[name]
    for viewer in (0, 1, None):
        panels = rs.panels(table, viewer)
        assert all(isinstance(p, Panel) for p in panels)
        assert [p.seat for p in panels] == list(range(table.players))
        for p in panels:
            assert p.name.startswith(f"Seat {p.seat + 1}") and p.colour == COLOURS[p.seat]
            assert p.turn == (p.seat in acting)
            assert all(isinstance(label, str) and label and "_" not in label for label, _ in p.numbers)
            assert all(pile.count >= 0 and (pile.top is None or "#" not in pile.top) for pile in p.piles)
        labels = {label for label, _ in panels[0].numbers}
        assert WATCHED[name] <= labels, labels - WATCHED[name]
    assert state_view(rs, table, 0)["panels"] == msgspec.to_builtins(rs.panels(table, 0))


@pytest.mark.parametrize("name", RULESETS)
def test_a_panel_shows_nothing_its_viewer_cannot_see(games, name):
    rs, table, _ = games[name]
    for viewer in (0, 1, None):
        seen = {card_name(c) for z, zone in table.zones.items() if sees(table, z, viewer) for c in zone.cards}
        shown = rs.panels(table, viewer)
        for p in shown:
            for pile in p.piles:
                assert pile.top is None or pile.top in seen, (viewer, p.seat, pile)
        assert _without_turn(rs.panels(_shuffled_unseen(table, viewer), viewer)) == _without_turn(shown), (
            viewer
        )


def test_the_check_catches_a_panel_that_counts_hidden_cards(games, monkeypatch):
    """The shuffle check must be able to fail: Thunderstone's victory points (they count the
    deck and hand) shown to every seat change under it."""
    from engine.games.thunderstone import panels as ts

    rs, table, _ = games["thunderstone"]
    monkeypatch.setattr(ts, "shows_points", lambda *_: True)
    shown = _without_turn(rs.panels(table, 0))
    assert any(_without_turn(rs.panels(_shuffled_unseen(table, 0, seed), 0)) != shown for seed in range(5))


def _without_turn(panels: list[Panel]) -> list[Panel]:
    """Whose turn comes from the prompts, which every seat is sent anyway."""
    return [msgspec.structs.replace(p, turn=False) for p in panels]


def _shuffled_unseen(table, viewer: int | None, seed: int = 0):
    """A copy of the table in which every card `viewer` cannot see is dealt again at random
    among the places of such cards, each zone keeping its size; the viewer's own face-down
    zones (its deck) only change order: it knows what it put into them. Card copies
    ("name#n") only: a face-down randomizer or tile is no card to deal."""
    out = copy.deepcopy(table)
    rng = random.Random(seed)
    unseen = [z for z in out.zones if not sees(out, z, viewer)]
    places = [(z, i) for z in unseen for i, c in enumerate(out.zones[z].cards) if "#" in c]
    mine = [p for p in places if viewer is not None and out.zones[p[0]].owner == viewer]
    for group in (mine, [p for p in places if p not in mine]):
        pool = [out.zones[z].cards[i] for z, i in group]
        rng.shuffle(pool)
        for (z, i), c in zip(group, pool, strict=True):
            out.zones[z].cards[i] = c
    return out


def test_a_ruleset_without_panels_gets_the_default(games):
    """The default (engine.panels.default): the seat's name, whose turn, its zones' sizes."""
    from engine.panels import default

    rs, table, acting = games["duel"]
    [first, _] = default(rs, table, 0)
    assert first.name == "Seat 1" and first.turn == (0 in acting)
    assert ("hand", len(table.zone("p0.hand"))) in first.numbers
    assert registry.get("duel").panels(table, 0)  # the duel's own
