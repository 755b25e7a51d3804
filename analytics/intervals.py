"""How sure a win rate is: 95% intervals for rates, and whether two rates really differ.

Why Wilson's score interval and not rate ± 1.96·se: simulated studies are often small per group
(a hero, a race, a bot in one seat) and win rates near 0 or 1; the normal ("Wald") interval then
leaves [0, 1] or collapses to a point at 0/n, while Wilson's stays inside and keeps its coverage.
The difference of two rates uses Newcombe's hybrid score interval (method 10 of Newcombe 1998),
built from the two Wilson intervals, so "best and worst differ" is read off one interval: it is
significant at the 5% level when that interval excludes 0.

A shared win counts 1/k to each of k winners, so a count of wins may be fractional; the formulas
take it as it is (the interval of 2.5 wins in 10 games lies between those of 2 and 3).
"""

from __future__ import annotations

import math
from typing import NamedTuple

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


class Rate(NamedTuple):
    """A rate with its sample size and 95% interval."""

    wins: float
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    def words(self) -> str:
        """'0.42 (0.31–0.54, n=80)': how a report prints a rate."""
        if not self.games:
            return "no games"
        return f"{self.rate:.2f} ({self.low:.2f}–{self.high:.2f}, n={self.games})"


def wilson(wins: float, games: int, z: float = Z95) -> Rate:
    """Wilson's score interval of wins/games; (0, 1) when there are no games."""
    if games < 0 or wins < 0 or wins > games:
        raise ValueError(f"a rate needs 0 <= wins <= games, got {wins} of {games}")
    if games == 0:
        return Rate(wins, games, 0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return Rate(wins, games, max(0.0, centre - half), min(1.0, centre + half))


def difference(a: Rate, b: Rate) -> tuple[float, float, float]:
    """Newcombe's hybrid score interval of a.rate − b.rate: (difference, low, high)."""
    if not a.games or not b.games:
        return math.nan, -1.0, 1.0
    pa, pb = a.rate, b.rate
    d = pa - pb
    low = d - math.sqrt((pa - a.low) ** 2 + (b.high - pb) ** 2)
    high = d + math.sqrt((a.high - pa) ** 2 + (pb - b.low) ** 2)
    return d, low, high


def differ(a: Rate, b: Rate) -> bool:
    """Whether the two rates differ at the 5% level (their difference's interval excludes 0)."""
    _, low, high = difference(a, b)
    return low > 0 or high < 0


def spread(rates: dict[str, Rate]) -> tuple[str, str, bool] | None:
    """The best and the worst group by rate (ties broken by name, for a stable report) and
    whether they differ significantly; None with fewer than two groups that have games."""
    have = sorted((k for k, r in rates.items() if r.games), key=lambda k: (-rates[k].rate, k))
    if len(have) < 2:
        return None
    best, worst = have[0], have[-1]
    return best, worst, differ(rates[best], rates[worst])
