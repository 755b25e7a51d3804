"""MCTS's early stops: a settled first choice, and a flat search (every iteration valued the
seat's position alike), which would answer the same however long it ran."""

import random

import runeledger
from bots import search
from bots.search import WORLDS, _Node, _settled, mcts


def _choice(*visits: int) -> _Node:
    """A root whose question has one option each visited as given."""
    root = _Node()
    root.width = len(visits)
    for i, n in enumerate(visits):
        root.children[bytes([i])] = child = _Node(0)
        child.n = n
    return root


def test_a_flat_search_stops_once_every_option_is_tried():
    assert not _settled(_choice(3, 3, 2), 24)  # alike in visits: 24 more could go anywhere
    assert _settled(_choice(3, 3, 2), 24, flat=True)
    untried = _choice(4, 4)
    untried.width = 3  # an option not tried yet
    assert not _settled(untried, 24, flat=True)


def _ready(seed: int):
    """A 2-seat Thunderstone game where seat 0 has at least three commands to choose from."""
    g = runeledger.open("thunderstone", 2, seed=seed)
    while g.to_act() != 0 or len(g.legal(0)) < 3:
        seat = g.to_act()
        g.apply(seat, random.Random(len(g.legal(seat))).choice(g.legal(seat)))
    return g


def _counting(monkeypatch) -> list[int]:
    calls: list[int] = []
    iterate = search._iterate

    def counted(*args):
        calls.append(1)
        return iterate(*args)

    monkeypatch.setattr(search, "_iterate", counted)
    return calls


def test_a_search_whose_values_are_all_alike_plays_each_world_once(monkeypatch):
    calls = _counting(monkeypatch)
    monkeypatch.setattr(search, "win_chances", lambda table: [0.5] * table.players)
    g = _ready(7)
    assert mcts(g, 0, None, random.Random(3), 32) in g.legal(0)
    assert len(calls) == WORLDS  # not 32: nothing told the options apart


def test_a_search_that_tells_options_apart_runs_on(monkeypatch):
    calls = _counting(monkeypatch)
    values = iter(range(1000))  # every iteration values the position differently
    monkeypatch.setattr(search, "win_chances", lambda table: [next(values) / 1000] * table.players)
    mcts(_ready(7), 0, None, random.Random(3), 32)
    assert len(calls) > WORLDS
