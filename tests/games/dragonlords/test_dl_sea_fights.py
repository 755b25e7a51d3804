"""turn/moves.py `sea_fights` (the sea zones where an army must fight first, found from its own
ships) is what the blockades of a fresh reading of the ships give (dl_helpers.fresh_position:
zones where a manned ship of the army meets one of another seat), for every army at every
decision of seeded games, some of which have such a zone."""

from __future__ import annotations

import pytest

from bots import random_bot
from engine.games.dragonlords.map.world import run_on
from engine.games.dragonlords.turn import moves
from engine.pipeline import Engine
from store import MemoryStore
from tests.games.dragonlords.dl_helpers import fresh_position


def _from_blockades(game, a: int) -> set[str]:
    seat = game.armies[a].seat
    return {
        z
        for z, crews in fresh_position(game)["blockades"].items()
        if a in crews and any(game.armies[o].seat != seat for o in crews)
    }


@pytest.mark.parametrize(("players", "seed"), [(4, "sea-4-4"), (4, "sea-4-12"), (2, "sea-2-3")])
def test_sea_fights_are_the_blockades_of_two_seats(players, seed):
    eng = Engine(MemoryStore())
    gid = eng.create("dragonlords", players, seed)
    rng = random_bot.bot_rng(seed)
    met = 0
    with eng.batch():
        while random_bot.step(eng, gid, rng):
            game = eng.table(gid).game
            for a in range(len(game.armies)):
                got = run_on(game, moves.sea_fights, game, a)
                assert got == run_on(game, _from_blockades, game, a), (
                    f"army {a} at event {eng.table(gid).version}"
                )
                met += bool(got)
    assert met, "no sea fight met: the check compared only empty sets"
