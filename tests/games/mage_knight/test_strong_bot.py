"""Mage Knight's strong bot (engine/games/mage_knight/bots/planner.py) does better than the
random bot's habits alone: on the same seeds, after the first rounds of Solo Conquest, its hero
holds more (worth.py: fame, and the units, cards and crystals that bring fame later)."""

import contextlib

from bots.players import BotPlay
from bots.random_bot import Abandoned
from engine.games.mage_knight.bots.worth import worth
from engine.pipeline import Engine
from store import MemoryStore

SEEDS = (1, 2)
ROUNDS = 2


def _after(kind: str, seed: int) -> tuple[float, int]:
    """(worth, fame) of the solo hero when round ROUNDS + 1 begins."""
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", 1, seed, {"scenario": "solo_conquest"}, game_id=f"mk-{kind}-{seed}")
    with eng.batch(), contextlib.suppress(Abandoned):
        BotPlay((kind,))(eng, gid, seed, stop=lambda: eng.table(gid).game.round > ROUNDS)
    table = eng.table(gid)
    got = worth(table, 0), table.game.players[0].fame
    eng.store.close()
    return got


def test_strong_ends_the_first_rounds_ahead_of_random():
    strong = [_after("strong", s) for s in SEEDS]
    rand = [_after("random", s) for s in SEEDS]
    assert sum(w for w, _ in strong) > sum(w for w, _ in rand) + len(SEEDS), (strong, rand)
