"""The random bot's walk without building the tree (walk.py `bot_walk`) takes, at every
decision of seeded games, the command the walk over the built questions takes, and leaves the
random numbers where that walk leaves them: the games a bot plays are the same either way.
And the kinds of a turn found without listing them (legal.action_kinds) are the listing's."""

from __future__ import annotations

import pytest

from engine.games.rune_age import legal
from engine.pipeline import Engine
from store import MemoryStore
from tests.bot_walk_checks import draws_as_the_tree, play_compared


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (1, "bw-1", {}),
        (2, "bw-2", {}),
        (3, "bw-3", {"scenario": "runewars"}),
        (4, "bw-4", {}),
        (4, "bw-cataclysm", {"scenario": "the_cataclysm"}),
        (3, "bw-monument", {"scenario": "the_monument"}),
    ],
)
def test_the_walk_draws_what_the_tree_draws(players, seed, options):
    found = []

    def kinds_found_as_listed(table):
        for seat in range(players):
            if legal.asked(table, seat) and legal.lister(table) is legal.actions:
                kinds = [k for k, _ in legal.action_kinds(table, seat)]
                listed = legal.legal_commands(table, seat)
                assert kinds == list(dict.fromkeys(c["kind"] for c in listed))
                found.append(seat)

    check = play_compared("rune-age", players, seed, options, listed=True, at_each=kinds_found_as_listed)
    assert check.walked > 50 and len(found) > 20
    assert {"play_gold", "attack", "end_turn"} <= check.kinds


LISTINGS = [
    # a card's uses over two fields: the kind's question is by card, then by target
    [
        {"kind": "card_action", "card": "A#1", "target": "x"},
        {"kind": "card_action", "card": "A#1", "target": "y"},
        {"kind": "card_action", "card": "B#1"},
        {"kind": "end_turn"},
    ],
    # one kind only, a field left out by one command, copies listed twice
    [
        {"kind": "resolve", "card": "A#1", "target": "x", "discard": "d"},
        {"kind": "resolve", "card": "A#1", "target": "x"},
        {"kind": "resolve", "card": "A#1", "target": "y", "discard": "d"},
        {"kind": "resolve", "card": "A#1", "target": "x", "discard": "d"},
        {"kind": "resolve", "card": "C#2", "seat": 1},
    ],
    # each a leaf: a slot of its own
    [{"kind": "tribute", "slot": i} for i in range(4)],
]


@pytest.mark.parametrize("listing", LISTINGS)
def test_a_kind_over_several_fields_is_walked_as_the_tree_asks_it(listing, monkeypatch):
    from engine.games.rune_age import walk

    eng = Engine(MemoryStore())
    eng.create("rune-age", 2, "bw-fields", {}, game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    seat = table.game.active
    monkeypatch.setattr(walk.legal, "legal_commands", lambda t, s: listing)
    monkeypatch.setattr(walk.legal, "lister", lambda t: None)  # not a turn: the listing walked
    drawn = draws_as_the_tree(rs, table, seat, walk.bot_walk, 40, listing)
    assert len(drawn) >= 3  # the draws reached several commands, below the first question too
