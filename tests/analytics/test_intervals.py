"""The report's 95% intervals against published values (analytics/intervals.py)."""

from __future__ import annotations

import pytest

from analytics.intervals import differ, difference, spread, wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Newcombe (1998) "Two-sided confidence intervals for the single proportion", table I
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # 8 of 10 (Wilson 1927's score interval, as every statistics package gives it)
        (8, 10, 0.4902, 0.9433),
    ],
)
def test_wilson_matches_published_intervals(wins, games, low, high):
    r = wilson(wins, games)
    assert r.low == pytest.approx(low, abs=5e-5)
    assert r.high == pytest.approx(high, abs=5e-5)
    assert r.rate == pytest.approx(wins / games)


def test_newcombe_difference_matches_published_examples():
    # Newcombe (1998) "Interval estimation for the difference between independent proportions",
    # table II, method 10: 56/70 - 48/80 and 9/10 - 3/10
    d, low, high = difference(wilson(56, 70), wilson(48, 80))
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)
    d, low, high = difference(wilson(9, 10), wilson(3, 10))
    assert (round(low, 4), round(high, 4)) == (0.1705, 0.8090)


def test_significance_needs_enough_games():
    assert differ(wilson(60, 100), wilson(40, 100))  # 0.60 against 0.40 over 100 games each
    assert not differ(wilson(6, 10), wilson(4, 10))  # the same rates over 10 games: could be chance
    assert spread({"a": wilson(6, 10), "b": wilson(4, 10), "c": wilson(0, 0)}) == ("a", "b", False)
    assert spread({"only": wilson(3, 4)}) is None


def test_fractional_wins_and_bad_counts():
    half = wilson(2.5, 10)
    assert wilson(2, 10).low < half.low < wilson(3, 10).low
    assert wilson(0, 0).words() == "no games"
    assert wilson(5, 10).words().startswith("0.50 (0.24–0.76, n=10)")
    with pytest.raises(ValueError, match="0 <= wins <= games"):
        wilson(11, 10)
