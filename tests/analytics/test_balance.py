"""The report's balance questions over a known sample (analytics/balance.py)."""

from __future__ import annotations

import duckdb
import pyarrow as pa
import pytest

from analytics.balance import questions, seat_games


def _sample() -> duckdb.DuckDBPyConnection:
    # 100 two-seat Mage Knight games: Tovak (seat 1, greedy) wins 70, Krang (seat 2, random) 30;
    # scenario alternates; one game nobody won is left out of neither table (share 0 each).
    games, seats = [], []
    for i in range(101):
        gid = f"g{i}"
        winners = [] if i == 100 else ([0] if i < 70 else [1])
        games.append(
            {
                "game_id": gid,
                "status": "over",
                "bots": "greedy,random",
                "options": [("scenario", "full_conquest" if i % 2 else "first_reconnaissance")],
            }
        )
        for seat, hero in ((0, "Tovak"), (1, "Krang")):
            seats.append(
                {
                    "game_id": gid,
                    "ruleset": "mage-knight",
                    "seat": seat,
                    "faction": hero,
                    "win_share": 1.0 if seat in winners else 0.0,
                }
            )
    con = duckdb.connect(":memory:")
    con.register(
        "games",
        pa.Table.from_pylist(
            games,
            pa.schema(
                [
                    ("game_id", pa.string()),
                    ("status", pa.string()),
                    ("bots", pa.string()),
                    ("options", pa.map_(pa.string(), pa.string())),
                ]
            ),
        ),
    )
    con.register("seats", pa.Table.from_pylist(seats))
    return con


def test_win_rates_with_sizes_intervals_and_verdicts():
    asked = {q.by: q for q in questions(seat_games(_sample()))}
    assert sorted(asked) == ["bot", "hero", "scenario", "seat"]
    hero = asked["hero"]
    assert hero.rates["Tovak"].games == hero.rates["Krang"].games == 101
    assert hero.rates["Tovak"].rate == pytest.approx(70 / 101)
    # Wilson 95% for 70 of 101, worked by hand: centre (p + z²/2n)/(1 + z²/n) = 0.6860, half-width
    # z·sqrt(p(1-p)/n + z²/4n²)/(1 + z²/n) = 0.0886
    assert (round(hero.rates["Tovak"].low, 4), round(hero.rates["Tovak"].high, 4)) == (0.5974, 0.7746)
    assert hero.verdict == ("Tovak", "Krang", True)
    assert asked["seat"].verdict == ("Seat 1", "Seat 2", True)
    assert asked["bot"].verdict == ("greedy", "random", True)
    # the scenario is the same for both seats of a game: each scenario wins half its seat-games
    assert asked["scenario"].verdict is not None and asked["scenario"].verdict[2] is False
    assert "differ significantly" in hero.words() and "n=101" in hero.words()
    assert "Full conquest" in asked["scenario"].rates
