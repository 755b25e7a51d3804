"""The random bot's walk without building the tree (walk.py `bot_walk`) takes, at every
decision of seeded games, the command the walk over the built questions takes, and leaves the
random numbers where that walk leaves them: the games a bot plays are the same either way.
And the listing by kind (moves.offers) holds each kind once, with its own commands."""

from __future__ import annotations

import random

import pytest

from engine.games.epochs import moves, walk
from engine.pipeline import Engine
from store import MemoryStore
from tests.bot_walk_checks import draws_as_the_tree, play_compared


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, "bw-2", {}),
        (3, "bw-3", {"recruit": "each"}),
        (4, "bw-4", {}),
        (4, "bw-front", {"overflow": "front_only", "recruit": "each", "rounds": 8}),
    ],
)
def test_the_walk_draws_what_the_tree_draws(players, seed, options):
    def offers_by_kind(table):
        for seat in range(players):
            by_kind = moves.offers(table, seat)  # each kind once, none empty, its own commands
            assert len({k for k, _ in by_kind}) == len(by_kind)
            assert all(cmds and {c["kind"] for c in cmds} == {k} for k, cmds in by_kind)

    check = play_compared("epochs", players, seed, options, at_each=offers_by_kind)
    assert check.walked > 50
    assert {"jump", "target", "deploy", "marker", "done", "pass"} <= check.kinds


def test_the_walk_of_a_seat_with_nothing_to_decide_draws_nothing():
    eng = Engine(MemoryStore())
    eng.create("epochs", 3, "bw-idle", {}, game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    idle = [s for s in range(3) if not eng.legal("g", s)]
    assert idle, "every seat has a command at the start"
    rng = random.Random(3)
    before = rng.getstate()
    assert rs.bot_walk(table, idle[0], rng) is None
    assert rng.getstate() == before


LISTINGS = [
    # war markers on several units: by marker, then by unit
    [
        {"kind": "deploy", "card": "Archer"},
        *(
            {"kind": "marker", "marker": m, "unit": u}
            for m in ("Banner", "Drum")
            for u in ("Archer#1", "Rider#2")
        ),
        {"kind": "done"},
    ],
    # one marker only: by unit at once
    [{"kind": "marker", "marker": "Banner", "unit": u} for u in ("Archer#1", "Rider#2", "Spearman#1")],
    # a field left out by one command, and copies the tree makes one option
    [
        {"kind": "recruit", "card": "Rider"},
        {"kind": "recruit"},
        {"kind": "recruit", "card": "Knight"},
        {"kind": "recruit", "card": "Knight"},
        {"kind": "decline"},
    ],
    # a value that is not a plain str or int: left to the tree
    [{"kind": "keep_medal", "at": [i % 2], "index": i} for i in range(4)] + [{"kind": "pass"}],
    # copies: of a kind among others, and of the only kind
    [{"kind": "done"}, {"kind": "done"}, {"kind": "pass"}],
    [{"kind": "pass"}, {"kind": "pass"}],
    # one command
    [{"kind": "pass"}],
]


@pytest.mark.parametrize("listing", LISTINGS)
def test_listings_the_games_seldom_make_are_walked_as_the_tree_asks_them(listing, monkeypatch):
    eng = Engine(MemoryStore())
    eng.create("epochs", 2, "bw-fields", {}, game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    seat = eng.prompts("g")[0].seat

    def by_kind(table, seat):
        return [
            (k, [c for c in listing if c["kind"] == k]) for k in dict.fromkeys(c["kind"] for c in listing)
        ]

    monkeypatch.setattr(walk.moves, "offers", by_kind)
    monkeypatch.setattr(walk.moves, "legal_commands", lambda t, s: listing)
    drawn = draws_as_the_tree(rs, table, seat, walk.bot_walk, 60, listing)
    # the draws reached every distinct command (copies count once: the first is kept)
    assert drawn == {listing.index(c) for c in listing}
