"""`board.still` with the table's event number: a second still of the same game at the same
event takes over what the first worked out (a bot's questions of one decision share it); at
another event, or without an event number, it works the position out anew."""

from __future__ import annotations

from bots.random_bot import bot_rng, step
from engine.games.dragonlords import board
from engine.games.dragonlords.map.world import world
from engine.pipeline import Engine
from store import MemoryStore


def _table():
    eng = Engine(MemoryStore())
    eng.create("dragonlords", 2, "still", game_id="g")
    rng = bot_rng("still")
    while eng.table("g").game.phase != "purchase":
        step(eng, "g", rng)
    return eng, rng


def test_a_still_at_the_same_event_shares_the_occupancy():
    eng, _rng = _table()
    t = eng.table("g")
    with board.still(t.game, t.version):
        first = board.occupancy(t.game)
    with board.still(t.game, t.version):
        assert board.occupancy(t.game) is first
    with board.still(t.game):  # no event number: nothing taken over
        assert board.occupancy(t.game) is not first
    assert board.occupancy(t.game) == first  # outside a still: worked out, the same


def test_a_still_after_an_event_works_the_position_out_anew():
    eng, rng = _table()
    t = eng.table("g")
    with board.still(t.game, t.version):
        first = board.occupancy(t.game)
        held = board.held(t.game, 0)
    step(eng, "g", rng)
    t = eng.table("g")
    with board.still(t.game, t.version):
        assert board.occupancy(t.game) is not first
        assert board.held(t.game, 0) == board._held(t.game, 0, None)
    assert held == sorted(held)


def test_the_kingdoms_asked_alone_are_the_kingdoms_among_the_holdings():
    eng = Engine(MemoryStore())
    eng.create("dragonlords", 3, "kingdoms", game_id="g")
    rng, met = bot_rng("kingdoms"), 0
    kingdoms = set(world().kingdom_list)
    while step(eng, "g", rng):
        game = eng.table("g").game
        occ = board.occupancy(game)
        for a in range(len(game.armies)):
            alone = board.kingdoms_held(game, a)  # no still, no occupancy: each kingdom asked
            assert alone == [t for t in board._held(game, a, None) if t in kingdoms]
            assert alone == board.kingdoms_held(game, a, occ)
            met += bool(alone)
    assert met > 100
