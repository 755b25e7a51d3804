"""The board's shortcuts answer as the questions they stand for, at every event of seeded
games: holds_any as held, kingdom_counts as kingdoms_held, claimable as the unoccupied
territories, and inside `still` (answers kept for one event) occupancy, held, units, heroes_at
and blockade as outside it."""

from __future__ import annotations

import pytest

from bots import random_bot
from engine.games.dragonlords import board
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.turn.flow import claimable
from engine.pipeline import Engine
from store import MemoryStore


def _answers(game) -> dict:
    occ = board.occupancy(game)
    armies = range(len(game.armies))
    return {
        "occupancy": {k: list(v) for k, v in occ.items()},
        "held": [board.held(game, a) for a in armies],
        "held_occ": [board.held(game, a, occ) for a in armies],
        "units": [board.units(game, x, a) for x in sorted(occ) for a in armies],
        "heroes": [board.heroes_at(game, x, a) for x in sorted(occ) for a in armies],
        "blockade": [board.blockade(game, z) for z in sorted(world().sea)],
    }


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (3, {"short_game": True})])
def test_the_shortcuts_agree_with_the_questions(players, options):
    eng = Engine(MemoryStore())
    gid = eng.create("dragonlords", players, f"pos-{players}", options, game_id=f"pos-{players}")
    rng = random_bot.bot_rng(f"pos-{players}")
    for i in range(1500):
        t = eng.table(gid)
        if t.over:
            break
        game = t.game
        if i % 3 == 0:
            armies = range(len(game.armies))
            assert [board.holds_any(game, a) for a in armies] == [bool(board.held(game, a)) for a in armies]
            counts = {a: len(board.kingdoms_held(game, a)) for a in armies}
            assert board.kingdom_counts(game) == {a: n for a, n in counts.items() if n}
            w, occ = world(), board.occupancy(game)
            open_land = [t for t in w.territories if w.kind[t] != "island" and not occ.get(t)]
            assert claimable(game) == [t for t in open_land if not (game.short and t in w.tundra)]
            outside = _answers(game)
            assert outside["held"] == outside["held_occ"]  # without an occupancy, and from one
            with board.still(game):
                assert _answers(game) == outside
                assert _answers(game) == outside  # asked again: the kept answers
        random_bot.step(eng, gid, rng)
    assert eng.table(gid).version > 300
