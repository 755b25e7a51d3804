"""What board.py answers from the occupation kept across events (occupation.py) is what a
fresh reading of the troops, heroes and ships gives (dl_helpers.fresh_position), at every third
decision of seeded games: occupancy, held (with and without an occupancy given), units, heroes,
blockades, each army's land (own, enemy and shared places), holds_any, kingdom_counts,
kingdoms_held and the set-up's claimable territories."""

from __future__ import annotations

import pytest

from bots import random_bot
from engine.games.dragonlords import board
from engine.games.dragonlords.map.world import run_on, world
from engine.games.dragonlords.turn.flow import claimable
from engine.pipeline import Engine
from store import MemoryStore
from tests.games.dragonlords.dl_helpers import fresh_position


def _answers(game) -> dict:
    occ = board.occupancy(game)
    armies = range(len(game.armies))
    return {
        "occupancy": dict(occ),
        "heroes": {k: v for k, v in board.heroes_by_place(game).items()},
        "held": [board.held(game, a) for a in armies],
        "kingdoms": [board.kingdoms_held(game, a) for a in armies],
        "blockades": {z: board.blockade(game, z) for z in sorted(world().sea) if board.blockade(game, z)},
        "lands": [tuple(board.land(game, a))[:3] for a in armies],
    }


def _check(game) -> None:
    fresh = fresh_position(game)
    assert _answers(game) == fresh
    assert board.blockades(game) == fresh["blockades"]
    occ, armies = fresh["occupancy"], range(len(game.armies))
    assert [board.held(game, a, dict(occ)) for a in armies] == fresh["held"]  # from another occupancy
    assert [board.kingdoms_held(game, a, dict(occ)) for a in armies] == fresh["kingdoms"]
    assert [board.holds_any(game, a) for a in armies] == [bool(h) for h in fresh["held"]]
    assert board.kingdom_counts(game) == {a: len(k) for a, k in enumerate(fresh["kingdoms"]) if k}
    for loc in sorted(occ):
        for a in armies:
            heroes = fresh["heroes"].get((loc, a), [])
            assert board.heroes_at(game, loc, a) == heroes
            assert board.units(game, loc, a) == board.plain(game, loc, a) + len(heroes)
        assert board.owner(game, loc) == (occ[loc][0] if len(occ[loc]) == 1 else -1)
    w = world()
    open_land = [t for t in w.territories if w.kind[t] != "island" and not occ.get(t)]
    assert claimable(game) == [t for t in open_land if not (game.short and t in w.tundra)]


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (3, {"short_game": True})])
def test_the_kept_answers_are_the_fresh_reading(players, options):
    eng = Engine(MemoryStore())
    gid = eng.create("dragonlords", players, f"pos-{players}", options, game_id=f"pos-{players}")
    rng = random_bot.bot_rng(f"pos-{players}")
    met = 0
    for i in range(1500):
        t = eng.table(gid)
        if t.over:
            break
        if i % 3 == 0:
            run_on(t.game, _check, t.game)
            met += any(run_on(t.game, board.kingdoms_held, t.game, a) for a in range(players))
        random_bot.step(eng, gid, rng)
    assert eng.table(gid).version > 300 and met > 30
