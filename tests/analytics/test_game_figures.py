"""The report's Mage Knight and DragonLords figures (analytics/game_figures.py)."""

from __future__ import annotations

import duckdb
import pyarrow as pa
import pytest

from analytics.game_figures import _fame_by_round
from analytics.report import report
from sim.simulate import simulate


def test_fame_is_carried_over_rounds_without_gain():
    con = duckdb.connect(":memory:")
    con.register(
        "games",
        pa.Table.from_pylist(
            [
                {"game_id": "a", "ruleset": "mage-knight", "rounds": 3},
                {"game_id": "b", "ruleset": "mage-knight", "rounds": 2},
            ]
        ),
    )
    con.register(
        "mk_fame",
        pa.Table.from_pylist(
            [  # a: Tovak gains 2 in round 1, 3 more in round 3; b: Tovak gains 4 in round 2
                {"game_id": "a", "seat": 0, "hero": "Tovak", "round": 1, "total": 2},
                {"game_id": "a", "seat": 0, "hero": "Tovak", "round": 3, "total": 5},
                {"game_id": "b", "seat": 1, "hero": "Tovak", "round": 2, "total": 4},
            ]
        ),
    )
    assert _fame_by_round(con) == [("Tovak", 1, 1.0), ("Tovak", 2, 3.0), ("Tovak", 3, 5.0)]


@pytest.fixture(scope="module")
def big_games(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("big") / "g.db")
    simulate(db, "mage-knight", 2, 2, seed=3)
    simulate(db, "dragonlords", 1, 3, seed=3)
    return db


def test_report_draws_the_big_games_balance_figures(big_games, tmp_path):
    paths = report(big_games, str(tmp_path / "r.html"))
    stems = {p.rsplit("/", 1)[-1] for p in paths}
    for stem in (
        "mage-knight-fame-by-round",
        "mage-knight-cities",
        "mage-knight-cards-most",
        "mage-knight-cards-least",
        "mage-knight-win-by-hero",
        "dragonlords-kingdoms-by-round",
        "dragonlords-battles-by-race",
        "dragonlords-win-by-race",
    ):
        assert f"{stem}.svg" in stems
    page = (tmp_path / "r.html").read_text()
    assert "games in which a city was conquered: " in page and "n=2)" in page
    assert "#" not in "".join(
        c for c in page.split("<figcaption>")[1:] for c in [c.split("</figcaption>")[0]]
    )  # names, not instance ids, in every caption
