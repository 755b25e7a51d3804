"""Bot ratings on the Elo scale from pairwise results (analytics/ratings.py)."""

from __future__ import annotations

import pytest

from analytics.ratings import elo, expected, pairwise


def test_a_76_percent_record_is_about_200_points():
    games = [[("strong", 1.0), ("random", 0.0)]] * 760 + [[("strong", 0.0), ("random", 1.0)]] * 240
    ratings = elo(pairwise(games), anchor="random")
    assert ratings["random"] == 0
    assert ratings["strong"] == pytest.approx(200, abs=3)  # 400·log10(76/24) = 200.2
    assert expected(ratings["strong"]) == pytest.approx(0.76, abs=0.005)


def test_three_rungs_fit_their_gaps_and_ties_count_half():
    games = (
        [[("b", 1.0), ("a", 0.0)]] * 640
        + [[("b", 0.0), ("a", 1.0)]] * 360
        + [[("c", 1.0), ("b", 0.0)]] * 640
        + [[("c", 0.0), ("b", 1.0)]] * 360
        + [[("a", 0.5), ("c", 0.5)]] * 10  # shared wins: a tie
    )
    wins = pairwise(games)
    assert wins["a", "c"] == wins["c", "a"] == 5
    r = elo(wins, anchor="a")
    assert 0 < r["b"] < r["c"]
    assert r["b"] == pytest.approx(100, abs=10)  # 64% is 100 points; the ties pull c back a little
    assert r["c"] - r["b"] == pytest.approx(100, abs=15)


def test_an_unbeaten_bot_gets_a_finite_rating_and_same_bot_seats_are_not_compared():
    games = [[("mcts", 1.0), ("random", 0.0), ("random", 0.0)]] * 50
    wins = pairwise(games)
    assert ("random", "random") not in wins
    assert wins["mcts", "random"] == 100  # beats both random seats in each game
    r = elo(wins, anchor="random")
    assert 500 < r["mcts"] < 1200
