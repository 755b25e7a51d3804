"""The report's balance figures for the two big games, from their fact tables: Mage Knight's
fame by round per hero, the share of games in which a city falls, the cards played most and
least; DragonLords' kingdoms held by round per race and battles won per race. Card names are
the English ones (the `card_en` columns).
"""

from __future__ import annotations

from collections import defaultdict

import duckdb

from analytics.charts import bar, lines
from analytics.intervals import wilson
from analytics.names import readable
from engine import language

Figure = tuple[str, str, object]  # (file stem, caption, matplotlib figure)


def _one(con: duckdb.DuckDBPyConnection, sql: str) -> int:
    row = con.execute(sql).fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def _by_round(rows: list[tuple[str, int, float]]) -> dict[str, tuple[list[float], list[float]]]:
    series: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for label, rnd, value in rows:
        label = readable(label) if label else "?"
        series[label][0].append(rnd)
        series[label][1].append(value)
    return dict(series)


def _fame_by_round(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int, float]]:
    """(hero, round, average fame at the end of that round) over every seat that played it:
    a seat's fame is carried over rounds in which it gained none, up to its game's last round."""
    last_round = dict(
        con.execute("SELECT game_id, rounds FROM games WHERE ruleset = 'mage-knight'").fetchall()
    )
    gained: dict[tuple[str, int], dict[int, float]] = defaultdict(dict)
    hero_of: dict[tuple[str, int], str] = {}
    for gid, seat, hero, rnd, fame in con.execute(
        "SELECT game_id, seat, hero, round, max(total) FROM mk_fame GROUP BY ALL"
    ).fetchall():
        gained[gid, seat][rnd] = fame
        hero_of[gid, seat] = hero
    tally: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0.0, 0])
    for key, by_round in gained.items():
        fame = 0.0
        for rnd in range(1, (last_round.get(key[0]) or max(by_round)) + 1):
            fame = by_round.get(rnd, fame)
            tally[hero_of[key], rnd][0] += fame
            tally[hero_of[key], rnd][1] += 1
    return [(hero, rnd, total / n) for (hero, rnd), (total, n) in sorted(tally.items())]


def mage_knight(con: duckdb.DuckDBPyConnection, tables: set[str]) -> list[Figure]:
    out: list[Figure] = []
    games = _one(con, "SELECT count(*) FROM games WHERE ruleset = 'mage-knight'")
    if not games:
        return out
    if "mk_fame" in tables:
        rows = _fame_by_round(con)
        if rows:
            out.append(
                (
                    "mage-knight-fame-by-round",
                    "mage-knight: average fame at the end of each round, per hero",
                    lines("mage-knight: fame by round", _by_round(rows), "round", "fame"),
                )
            )
    if "mk_cities" in tables:
        fell = _one(con, "SELECT count(DISTINCT game_id) FROM mk_cities")
        r = wilson(fell, games)
        out.append(
            (
                "mage-knight-cities",
                f"mage-knight: {language.say('games in which a city was conquered')}: {r.words()}",
                bar(
                    "mage-knight: a city conquered", ["games"], [r.rate], "share of games", [(r.low, r.high)]
                ),
            )
        )
    if "mk_cards_played" in tables:
        counts = con.execute(
            "SELECT card_en, count(*) AS n FROM mk_cards_played WHERE card_en IS NOT NULL "
            "GROUP BY 1 ORDER BY n DESC, 1"
        ).fetchall()
        if counts:
            for stem, what, picked in (
                ("most", "the 15 played most", counts[:15]),
                ("least", "the 15 played least", counts[-15:][::-1]),
            ):
                out.append(
                    (
                        f"mage-knight-cards-{stem}",
                        f"mage-knight: {language.say('cards played for their effect')}, "
                        f"{language.say(what)} ({len(counts)} {language.say('cards played')})",
                        bar(
                            f"mage-knight: cards played ({stem})",
                            [c for c, _ in picked],
                            [n for _, n in picked],
                            "plays",
                        ),
                    )
                )
    return out


def dragonlords(con: duckdb.DuckDBPyConnection, tables: set[str]) -> list[Figure]:
    out: list[Figure] = []
    if "dl_holdings" in tables:
        rows = con.execute(
            "SELECT race, round, avg(kingdoms) FROM dl_holdings WHERE NOT final GROUP BY ALL ORDER BY 1, 2"
        ).fetchall()
        if rows:
            out.append(
                (
                    "dragonlords-kingdoms-by-round",
                    "dragonlords: kingdoms an army holds alone at the start of each round, per race",
                    lines("dragonlords: kingdoms by round", _by_round(rows), "round", "kingdoms"),
                )
            )
    if "dl_battles" in tables:
        rows = con.execute(
            "SELECT race, sum(won), count(*) FROM (SELECT race, (result = 'attacker')::INT AS won "
            "FROM dl_battles WHERE defender_race IS NOT NULL UNION ALL SELECT defender_race, "
            "(result = 'defender')::INT FROM dl_battles WHERE defender_race IS NOT NULL) "
            "GROUP BY 1 ORDER BY 1"
        ).fetchall()
        if rows:
            rates = [(readable(race), wilson(float(w), n)) for race, w, n in rows]
            out.append(
                (
                    "dragonlords-battles-by-race",
                    f"dragonlords: {language.say('battles won per race, attacking or defending')} "
                    f"({language.say('whiskers: 95% Wilson interval')}; "
                    + ", ".join(f"{language.say(race)} {r.words()}" for race, r in rates)
                    + ")",
                    bar(
                        "dragonlords: battles won per race",
                        [f"{race} (n={r.games})" for race, r in rates],
                        [r.rate for _, r in rates],
                        "share won",
                        [(r.low, r.high) for _, r in rates],
                    ),
                )
            )
    return out


def figures(con: duckdb.DuckDBPyConnection, ruleset: str, tables: set[str]) -> list[Figure]:
    if ruleset == "mage-knight":
        return mage_knight(con, tables)
    if ruleset == "dragonlords":
        return dragonlords(con, tables)
    return []
