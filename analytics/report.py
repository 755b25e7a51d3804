"""`runeledger report`: one self-contained HTML page of plots about the games of a store.

Figures (matplotlib, SVG inlined in the page and also written beside it as FILE_figures/*.svg):
win rate by seat, by bot, by hero or race and by scenario, each with its number of games, its
95% interval and whether the best and worst differ significantly (analytics/balance.py);
game length, score spread, and per ruleset the cards or monsters
that matter (Thunderstone: battles won per monster; Rune Age: cards bought; epochs: combat
winners by side; Mage Knight: fame by round per hero, games with a city conquered, cards played
most and least; DragonLords: kingdoms by round and battles won per race: analytics/game_figures.py). A card whose catalogue values include a stand-in is marked with '*'.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from pathlib import Path

import duckdb

from analytics import balance, game_figures
from analytics.charts import bar as _bar
from analytics.charts import hist as _hist
from analytics.charts import said
from analytics.charts import svg as _svg
from analytics.export import collect
from engine import language

say = language.say
WHISKERS = "bars: win rate, whiskers: 95% Wilson interval; a shared win counts 1/k"
MARKED = (
    "Cards marked * have at least one stand-in value (a value neither the rulebook nor a public list gives)."
)


def _stand_in_names(ruleset: str) -> set[str]:
    try:
        from engine import registry

        cards = registry.get(ruleset).cards()
    except Exception:  # a ruleset without a catalogue: nothing to mark
        return set()
    return {c.name for c in cards if "stand-in" in c.sources.values()} | {
        c.english_name for c in cards if c.english_name and "stand-in" in c.sources.values()
    }


# Per-game bar charts: (ruleset, table, file stem, caption, title, SQL giving (label, value)
# rows, y label). Labels that are card names get a * when the card has a stand-in value.
GAME_FIGURES = (
    (
        "thunderstone",
        "ts_battles",
        "thunderstone-monsters",
        "thunderstone: share of battles won per monster (the 20 fought most; * = a stand-in value)",
        "thunderstone: battles won per monster",
        "SELECT monster_en AS m, avg(won::INT) FROM ts_battles GROUP BY m ORDER BY count(*) DESC, m LIMIT 20",
        "share won",
    ),
    (
        "thunderstone",
        "ts_buys",
        "thunderstone-buys",
        "thunderstone: cards bought (the 20 bought most)",
        "thunderstone: cards bought",
        "SELECT card_en, count(*) FROM ts_buys GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20",
        "bought",
    ),
    (
        "rune-age",
        "ra_purchases",
        "rune-age-gains",
        "rune-age: cards bought or acquired (the 20 bought most)",
        "rune-age: cards bought",
        "SELECT card_en, count(*) FROM ra_purchases GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20",
        "bought",
    ),
    (
        "epochs",
        "ep_combats",
        "epochs-combats",
        "epochs: combats won by side",
        "epochs: combat winners",
        "SELECT winner, count(*) FROM ep_combats GROUP BY 1 ORDER BY 1",
        "combats",
    ),
)


def figures(con: duckdb.DuckDBPyConnection, tables: set[str]) -> Iterator[tuple[str, str, object]]:
    """(file stem, caption, matplotlib figure) for every figure the data allows, a ruleset's at
    a time (each figure is drawn and closed before the next ruleset's are made: a store of many
    rulesets would otherwise hold every open figure at once)."""
    rulesets = [r[0] for r in con.execute("SELECT DISTINCT ruleset FROM games ORDER BY 1").fetchall()]
    asked: dict[str, list[balance.Question]] = {}
    for question in balance.questions(balance.seat_games(con)):
        asked.setdefault(question.ruleset, []).append(question)
    for rs in rulesets:
        with language.playing(rs):  # names said as this game names them
            made = _figures_of(con, rs, tables, asked)
        yield from made


def _figures_of(
    con: duckdb.DuckDBPyConnection, rs: str, tables: set[str], asked: dict[str, list[balance.Question]]
) -> list[tuple[str, str, object]]:
    """The figures of one ruleset."""
    out: list[tuple[str, str, object]] = []

    def q(sql: str, rs: str = rs) -> list:  # rs bound now (B023), though q is used only here
        return con.execute(sql, [rs]).fetchall()

    for question in asked.get(rs, []):
        groups = list(question.rates)
        rates = [question.rates[g] for g in groups]
        out.append(
            (
                f"{rs}-win-by-{question.by}",
                f"{question.words()} ({say(WHISKERS)})",
                _bar(
                    f"{rs}: {say(f'win rate by {question.by}')}",
                    [f"{g} (n={r.games})" for g, r in zip(groups, rates, strict=True)],
                    [r.rate for r in rates],
                    "win rate",
                    [(r.low, r.high) for r in rates],
                ),
            )
        )
    lengths = [r[0] for r in q("SELECT commands FROM games WHERE ruleset=?")]
    out.append(
        (
            f"{rs}-length",
            f"{rs}: {say('game length in decisions')}",
            _hist(f"{rs}: game length", lengths, "decisions per game"),
        )
    )
    spread = [
        r[0]
        for r in q(
            "SELECT max(s.score) - min(s.score) FROM (SELECT game_id, unnest(scores) AS s "
            "FROM games WHERE ruleset=?) WHERE s.score IS NOT NULL GROUP BY game_id"
        )
        if r[0] is not None
    ]
    if spread:
        out.append(
            (
                f"{rs}-score-spread",
                f"{rs}: {say('score spread (best minus worst)')}",
                _hist(f"{rs}: score spread", spread, "points"),
            )
        )
    marked = _stand_in_names(rs)

    def mark(name: str, marked: set[str] = marked) -> str:  # marked bound now (B023)
        return name + ("*" if name in marked else "")

    out.extend(game_figures.figures(con, rs, tables))
    for game, table, stem, caption, title, sql, ylabel in GAME_FIGURES:
        if rs == game and table in tables:
            rows = con.execute(sql).fetchall()
            out.append(
                (
                    stem,
                    caption,
                    _bar(title, [mark(str(r[0])) for r in rows], [r[1] for r in rows], ylabel),
                )
            )
    return [(stem, said(caption), fig) for stem, caption, fig in out]  # said as this game names


def report(
    db: str, out: str, ruleset: str | None = None, progress: Callable[[int, int], None] | None = None
) -> list[str]:
    """Write the page and its SVG files; return the SVG paths."""
    tabs, ids = collect(db, ruleset, progress=progress)
    con = duckdb.connect(":memory:")
    for name, t in tabs.items():
        con.register(name, t)
    page = Path(out)
    figdir = page.with_name(page.stem + "_figures")
    figdir.mkdir(parents=True, exist_ok=True)
    parts, paths = [], []
    for stem, caption, fig in figures(con, set(tabs)) if ids else []:
        svg = _svg(fig)
        path = figdir / f"{stem}.svg"
        path.write_text(svg)
        paths.append(str(path))
        parts.append(f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>")
    body = "\n".join(parts) or f"<p>{say('No finished games in this store.')}</p>"
    title = html.escape(say("Runeledger report"))
    finished = say(f"{len(ids)} finished games from {Path(db).name}")
    page.write_text(
        f"<!doctype html><html lang='{language.current()}'><head><meta charset='utf-8'>"
        f"<title>{title}</title>"
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto}figure{margin:2em 0}"
        "figcaption{color:#444}</style></head><body>"
        f"<h1>{title}</h1><p>{html.escape(finished)}. {html.escape(say(MARKED))}</p>"
        f"{body}</body></html>"
    )
    return paths
