"""MCTS's early stops: a settled first choice, and a flat search (every iteration valued the
seat's position alike), which would answer the same however long it ran."""

import random

import runeledger
from bots import search
from bots.search import _Node, _settled, mcts


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

    def counted(*args, **kwargs):
        calls.append(1)
        return iterate(*args, **kwargs)

    monkeypatch.setattr(search, "_iterate", counted)
    return calls


def test_a_search_whose_values_are_all_alike_stops_early(monkeypatch):
    calls = _counting(monkeypatch)
    monkeypatch.setattr(search, "win_chances", lambda table: [0.5] * table.players)
    g = _ready(7)
    assert mcts(g, 0, None, random.Random(3), 32) in g.legal(0)
    assert len(calls) == search.FLAT  # not 32: nothing told the options apart


def test_a_search_that_tells_options_apart_runs_on(monkeypatch):
    calls = _counting(monkeypatch)
    values = iter(range(1000))  # every iteration values the position differently
    monkeypatch.setattr(search, "win_chances", lambda table: [next(values) / 1000] * table.players)
    mcts(_ready(7), 0, None, random.Random(3), 32)
    assert len(calls) > search.FLAT


def test_a_flat_search_answers_its_first_choice_as_the_whole_search_would(monkeypatch):
    # The skipped iterations' visits are counted (search._coast), so where values stay alike
    # the first real choice is the whole search's; taking the first option instead, or one at
    # random, played about as well as greedy in the Thunderstone ladder, not 0.72. A flat stop
    # after four iterations (four worlds) is where uncounted visits would differ most often (a
    # third of these decisions).
    monkeypatch.setattr(search, "WORLDS", 4)
    monkeypatch.setattr(search, "FLAT", 4)
    monkeypatch.setattr(search, "win_chances", lambda table: [0.5] * table.players)
    settled = search._settled

    def first(cmd):
        return cmd["kind"], cmd.get("action")

    g = runeledger.open("thunderstone", 2, seed=2)
    rng, compared = random.Random(0), 0
    while compared < 16:
        seat = g.to_act()
        legal = g.legal(seat)
        if len({first(c) for c in legal}) > 1:
            flat = mcts(g, seat, legal, random.Random(compared), 32)
            monkeypatch.setattr(
                search,
                "_settled",
                lambda root, left, flat=False, whole=False: settled(root, left, whole=whole),
            )
            whole = mcts(g, seat, legal, random.Random(compared), 32)
            monkeypatch.setattr(search, "_settled", settled)
            assert first(flat) == first(whole), (flat, whole)
            compared += 1
        g.apply(seat, rng.choice(legal))
