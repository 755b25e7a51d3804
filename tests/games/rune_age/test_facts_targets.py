"""The targets a seat may attack (combat.targets) read the round's attacks through
`attacked_by`, which keeps what it has read of the round's list: at every decision of seeded
games, for every seat, they are what ACT-CMB-2 says from the whole list ("seat>target" not
yet in it), across rounds and seats."""

from __future__ import annotations

import pytest

from bots.random_bot import bot_rng, decide
from engine.games.rune_age import combat
from engine.pipeline import Engine
from store import MemoryStore


@pytest.mark.parametrize(
    ("players", "seed", "options"), [(2, "at-2", {}), (4, "at-4", {}), (3, "at-3", {"scenario": "runewars"})]
)
def test_targets_are_those_not_attacked_this_round(players, seed, options):
    eng = Engine(MemoryStore())
    eng.create("rune-age", players, seed, options, game_id="g")
    rng = bot_rng(seed)
    rounds, excluded = set(), 0
    while True:
        table = eng.table("g")
        attacked = table.game.attacked
        for seat in range(players):
            every = combat.battle_targets(table, seat) + combat.siege_targets(table, seat)
            want = [x for x in every if f"{seat}>{x}" not in attacked]
            assert combat.targets(table, seat) == want, f"seat {seat} at event {table.version}"
            excluded += len(every) - len(want)
        rounds.add(table.game.round)
        if decide(eng, "g", rng) is None:
            break
    assert len(rounds) > 2 and excluded > 20  # several rounds, targets already attacked left out


def test_attacked_by_reads_a_new_round_afresh():
    first = ["0>a", "1>b"]
    assert combat.attacked_by(first, 0) == ["a"]
    first.append("0>c")
    assert combat.attacked_by(first, 0) == ["a", "c"]
    assert combat.attacked_by(first, 1) == ["b"]
    assert combat.attacked_by(["1>d"], 0) == []  # another list: another round
    assert combat.attacked_by(["10>e", "1>d"], 1) == ["d"]  # seat 10 is not seat 1
