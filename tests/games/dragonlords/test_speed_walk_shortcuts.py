"""The random bot's shortcuts for the moments whose only question is a plain list (choices/walk.py):
where placing a unit is all a seat may do (legal.placements) and where gold is stashed
(legal.stashing), the lists they draw from are the listing's own, and the walk takes what the
tree's walk takes from the same random state, at every such decision of seeded games."""

from __future__ import annotations

import random

import pytest

from bots import tree_walk
from bots.random_bot import bot_rng, step
from engine.games.dragonlords import legal
from engine.games.dragonlords.map.world import run_on
from engine.pipeline import Engine
from store import MemoryStore


def _compared(table, seat, rs, seen):
    """At one decision: the shortcut lists against the listing, and the walk against the tree's."""
    places = run_on(table.game, legal.placements, table)
    stash = run_on(table.game, legal.stashing, table)
    offers = run_on(table.game, legal.legal_offers, table, seat)
    if places is not None:
        assert places == [o.cmd["to"] for o in offers if o.cmd["kind"] == "place"]
        assert all(o.cmd["kind"] == "place" for o in offers)
        seen["place"] += 1
    if stash is not None:
        kingdoms, n = stash
        assert [o.cmd["kingdom"] for o in offers] == kingdoms
        assert all(o.cmd["kind"] == "stash" and o.most == n for o in offers)
        seen["stash"] += 1  # a decision only where several kingdoms are held
    if places is None and stash is None:
        return
    state = random.Random(table.version)
    twin = random.Random()
    twin.setstate(state.getstate())
    got = rs.bot_walk(table, seat, state)
    want = tree_walk.sample(_TreeOnly(rs), table, seat, twin)
    assert got == want, f"seat {seat} at event {table.version}"
    assert state.getstate() == twin.getstate(), f"seat {seat} at event {table.version}"


class _TreeOnly:
    """The ruleset seen without its own walk: tree_walk.sample then walks the built questions."""

    def __init__(self, rs):
        self._rs = rs

    def __getattr__(self, name):
        if name == "bot_walk":
            raise AttributeError(name)
        return getattr(self._rs, name)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, "ws-4", {}), (2, "ws-2", {}), (3, "ws-short", {"short_game": True})],
)
def test_the_shortcuts_draw_what_the_tree_draws(players, seed, options):
    eng = Engine(MemoryStore())
    eng.create("dragonlords", players, seed, options, game_id="g")
    rs, rng = eng.ruleset("g"), bot_rng(seed)
    seen = {"place": 0, "stash": 0}
    while True:
        table = eng.table("g")
        ps = rs.prompts(table)
        if ps:
            _compared(table, ps[0].seat, rs, seen)
        if not step(eng, "g", rng):
            break
    assert eng.table("g").over
    assert seen["place"] > 50 and seen["stash"] > 3, seen
