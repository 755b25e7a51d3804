"""The occupation kept across events (occupation.py), each army's land with it, is the
occupation read anew from the troops and heroes (dl_helpers.fresh_position): at every decision
of seeded bot games, where the fold alone kept it up to date, and for every copy of a state (an
undo, a research clone, a determinized copy), which gets facts of its own."""

from __future__ import annotations

import random

import pytest

from bots import random_bot
from bots.search import determinize
from engine import fork
from engine.games.dragonlords import apply as fold
from engine.games.dragonlords import board, occupation
from engine.games.dragonlords.map.world import run_on
from engine.pipeline import Engine
from store import MemoryStore
from tests.games.dragonlords.dl_helpers import fresh_position


def _fresh(game) -> dict:
    got = run_on(game, fresh_position, game)
    return {"occ": got["occupancy"], "heroes": got["heroes"], "held": got["held"], "lands": got["lands"]}


def _kept(game) -> dict:
    def read():
        armies = range(len(game.armies))
        return {
            "occ": dict(board.occupancy(game)),
            "heroes": dict(board.heroes_by_place(game)),
            "held": [board.held(game, a) for a in armies],
            "lands": [tuple(board.land(game, a))[:3] for a in armies],
        }

    return run_on(game, read)


def _same(game) -> None:
    """The kept facts as the fresh ones (dicts compared as mappings: their order is history)."""
    assert _kept(game) == _fresh(game)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (3, {"short_game": True})])
def test_the_fold_keeps_the_occupation_as_worked_out_anew(players, options):
    eng = Engine(MemoryStore())
    gid = eng.create("dragonlords", players, f"facts-{players}", options, game_id=f"facts-{players}")
    rng = random_bot.bot_rng(f"facts-{players}")
    game = eng.table(gid).game
    _same(game)  # every army's holdings asked: kept up by the fold from here on
    kept, changed, before = occupation.kept, 0, dict(occupation.kept.occ)
    while random_bot.step(eng, gid, rng):
        assert eng.table(gid).game is game and occupation.kept is kept  # updated, not worked out anew
        _same(game)
        changed += before != kept.occ
        before = dict(kept.occ)
    assert eng.table(gid).over and changed > 20


def test_an_undo_gets_facts_of_its_own():
    eng = Engine(MemoryStore())
    gid = eng.create("dragonlords", 4, "facts-undo", game_id="facts-undo")
    rng = random_bot.bot_rng("facts-undo")
    for _ in range(120):
        random_bot.step(eng, gid, rng)
    to = eng.table(gid).version  # a command's last event
    for _ in range(40):
        random_bot.step(eng, gid, rng)
    assert not eng.table(gid).over
    old = eng.table(gid).game
    _same(old)
    eng.undo(gid, to, agreed=True)
    back = eng.table(gid).game
    assert back is not old
    _same(back)
    for _ in range(60):
        random_bot.step(eng, gid, rng)
        _same(back)


def _play(game: fork.Game, rng: random.Random, n: int) -> None:
    for _ in range(n):
        seat = game.to_act()
        if seat is None:
            return
        legal = game.legal(seat)
        game.apply_unchecked(seat, legal[rng.randrange(len(legal))])


def test_a_clone_and_a_determinized_copy_keep_their_own_facts():
    rng = random.Random(7)
    game = fork.open("dragonlords", 4, seed="facts-fork")
    _play(game, rng, 250)
    _same(game.table.game)
    copy = game.clone()
    guess = determinize(game, 0, rng)
    for _ in range(8):  # the three states played in turn: each fold updates its own facts only
        for g in (copy, game, guess):
            _play(g, rng, 5)
            _same(g.table.game)
    for g in (copy, game, guess):
        _same(g.table.game)


class _Event:
    def __init__(self, type_: str, data: dict):
        self.type, self.data = type_, data


def test_a_fold_into_another_state_leaves_the_kept_facts_alone():
    game = fork.open("dragonlords", 4, seed="facts-other")
    _play(game, random.Random(3), 200)
    mine, other = game.table, game.clone().table
    kept = run_on(mine.game, occupation.facts, mine.game)
    crewed = {x.loc for x in other.game.heroes.values()}
    place, by = next(
        (loc, by) for loc, by in sorted(other.game.troops.items()) if len(by) == 1 and loc not in crewed
    )
    ((army, n),) = by.items()
    emptied = _Event("dl.units", {"loc": place, "army": int(army), "n": -n})
    before = {k: list(v) for k, v in kept.occ.items()}
    run_on(other.game, fold.apply, other, emptied)
    assert occupation.kept is kept and kept.occ == before
    run_on(mine.game, fold.apply, mine, emptied)  # the same event on the kept state: followed
    assert occupation.kept is kept and place not in kept.occ
    _same(mine.game)
