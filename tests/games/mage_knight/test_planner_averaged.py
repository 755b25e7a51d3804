"""The turn planner (bots/planner.py) judges an `averaged` line by the mean worth of its
candidates: a line whose end a draw decides (Mage Knight's adventure sites: the enemy token
drawn on entering) is not chosen for the one determinization that drew it luckily."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bots import planner

PLAIN, LUCKY, UNLUCKY = [(0, {"kind": "plain"})], [(0, {"kind": "lucky"})], [(0, {"kind": "unlucky"})]


def _plan(monkeypatch, averaged: bool, unlucky: float = -4.0) -> list:
    """The plan chosen when plain turns end worth 1 and a 2-candidate line's end 5 or `unlucky`."""
    line = planner.Line(lead=None, plans=2, averaged=averaged)
    game = SimpleNamespace(table=None, ruleset=SimpleNamespace(plan_lines=lambda table, seat: [line]))
    drawn = iter([(5.0, LUCKY), (unlucky, UNLUCKY)])

    def sample(game, seat, rng, chance=0.0, line=None):
        return next(drawn) if line is not None else (1.0, PLAIN)

    monkeypatch.setattr(planner, "sample_turn", sample)
    return planner.plan_turn(game, 0, random.Random(0), plans=4)


def test_a_line_judged_by_its_best_candidate_takes_the_lucky_draw(monkeypatch):
    assert _plan(monkeypatch, averaged=False) == LUCKY


def test_an_averaged_line_is_judged_by_its_mean_and_loses_to_a_surer_turn(monkeypatch):
    assert _plan(monkeypatch, averaged=True) == PLAIN  # mean 0.5 < 1


def test_an_averaged_line_whose_mean_wins_follows_its_best_candidate(monkeypatch):
    assert _plan(monkeypatch, averaged=True, unlucky=3.0) == LUCKY  # mean 4 > 1
