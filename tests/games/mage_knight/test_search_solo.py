"""The search bots in a game of one seat (Mage Knight's Solo Conquest): the seat has no rival
to lead, so its positions are judged against its own value where the search began
(bots.search.chances). Before, the win chance looked for the best rival, found none, and every
MCTS iteration ended without evidence: the solo search chose at random."""

import random

import runeledger
from bots import search
from sim.testing import random_step


def _solo(steps: int = 6):
    g = runeledger.open("mage-knight", 1, seed=3, options={"scenario": "solo_conquest"})
    rng = random.Random(0)
    for _ in range(steps):
        random_step(g, rng)
    return g


def test_a_lone_seat_is_judged_against_where_its_search_began():
    g = _solo()
    ref = search.reference(g, 0)
    assert ref is not None
    assert search.chances(g.table, ref) == [0.5]
    assert search.chances(g.table, ref - 5)[0] > 0.5 > search.chances(g.table, ref + 5)[0]


def test_a_solo_search_has_evidence(monkeypatch):
    seen: list[list[float] | None] = []
    back = search._back

    def counted(visited, values):
        seen.append(values)
        back(visited, values)

    monkeypatch.setattr(search, "_back", counted)
    g = _solo()
    search.mcts(g, g.to_act(), None, random.Random(1), 8)
    assert seen and all(v is not None for v in seen), seen


def test_rivals_still_lead_over_each_other():
    g = runeledger.open("mage-knight", 2, seed=3)
    assert search.reference(g, 0) is None


def _logging(g, calls: list[list[str]]):
    """`g` with each command it applies noted in `calls` as its events' types."""
    apply = g.apply_unchecked

    def logged(seat, cmd):
        events = apply(seat, cmd)
        calls.append([e["type"] for e in events])
        return events

    g.apply_unchecked = logged
    return g


def _walked(g, end):
    """The event types of each command the random walk plays on `g` for up to 200 commands."""
    calls: list[list[str]] = []
    search._play_on(_logging(g, calls), random.Random(4), 200, 0, end)
    return calls


def test_a_solo_turn_search_stops_where_the_turn_ends():
    g = _solo(12)
    end = search._turn_end(g)
    assert end == "mk.turn_done"
    assert search._turn_end(runeledger.open("mage-knight", 2, seed=3)) is None  # rivals end it
    stopped = _walked(g.clone(record=False), end)
    assert end in stopped[-1] and sum(end in c for c in stopped) == 1
    on = _walked(g.clone(record=False), None)  # without: the seat walks on into its next turns
    assert sum(end in c for c in on) > 1
