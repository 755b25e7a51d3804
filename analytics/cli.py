"""CLI front end of the analytics: `export`, `report` and `query` (registered by cli/main.py)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Column, Table

from engine import language

if TYPE_CHECKING:
    from rich.progress import Progress as Bar
    from rich.progress import TaskID

# pyarrow and duckdb are imported by run(), so other commands do not pay their start-up.
FORMATS = ("parquet", "csv")
PLAIN_EVERY = 5.0


def add_parser(sub, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Registers export, report and query; returns the last parser (cli/main.py sets run= on it,
    which is this module's run, as on the others)."""
    e = sub.add_parser(
        "export",
        parents=[common],
        help="write finished games as Parquet/CSV tables",
        description="Finished games as tables (games, events, per-ruleset facts); "
        "a rerun appends only new games.",
    )
    e.add_argument("--out", required=True, metavar="DIR")
    e.add_argument("--format", choices=FORMATS, default="parquet")
    e.add_argument("--ruleset", help="only games of this ruleset")
    e.add_argument(
        "--as",
        dest="as_",
        choices=("referee", "spectator"),
        default="spectator",
        help="whose record: spectator (each payload as the public log shows it, "
        "the default) or referee (everything, hidden information included)",
    )
    e.set_defaults(run=run, analytics_cmd="export")
    r = sub.add_parser(
        "report",
        parents=[common],
        help="an HTML page of plots about the games",
        description="A self-contained HTML report (plus one SVG per figure).",
    )
    r.add_argument("--out", required=True, metavar="FILE.html")
    r.add_argument("--ruleset", help="only games of this ruleset")
    r.set_defaults(run=run, analytics_cmd="report")
    q = sub.add_parser(
        "query",
        parents=[common],
        help="run SQL (DuckDB) over the games",
        description="SQL over the tables of an export (--tables) or of --db.",
    )
    q.add_argument("sql", nargs="?", help="the SQL; leave out to list the tables")
    q.add_argument("--tables", metavar="DIR", help="an export folder (default: read --db)")
    q.add_argument("--ruleset", help="with --db: only games of this ruleset")
    q.add_argument(
        "--format",
        dest="output",
        choices=("table", "csv", "json", "markdown"),
        default="table",
        help="how to print the result (every cell whole); --json is --format json",
    )
    q.add_argument(
        "--as",
        dest="as_",
        choices=("referee", "spectator"),
        help="spectator (the public view, the default with --db) or referee "
        "(everything); an export folder is read as it was written",
    )
    q.set_defaults(run=run, analytics_cmd="query")
    return q


class Progress:
    """A rich bar on a terminal, else a plain line every PLAIN_EVERY seconds."""

    def __init__(self, err: Console, label: str):
        self.err, self.label = err, label
        self.bar: Bar | None = None
        self.task: TaskID | None = None
        self.last = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if self.err.is_terminal:
            if self.bar is None or self.task is None:
                from rich.progress import Progress as Bar

                self.bar = Bar(console=self.err, transient=True)
                self.task = self.bar.add_task(self.label, total=total)
                self.bar.start()
            self.bar.update(self.task, completed=done)
        elif time.monotonic() - self.last >= PLAIN_EVERY or done == total:
            self.last = time.monotonic()
            line = language.say(f"{self.label}: {done}/{total} games read")
            self.err.print(line, markup=False, highlight=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def run(args) -> int:
    out, err = Console(soft_wrap=True), Console(stderr=True, soft_wrap=True)
    if args.analytics_cmd == "export":
        # late: analytics.export imports pyarrow, slow to import; start-up stays cheap
        from analytics.export import export

        ticker = Progress(err, "export")
        try:
            written = export(args.db, args.out, args.format, args.ruleset, progress=ticker, viewer=args.as_)
        finally:
            ticker.close()
        if args.json:
            sys.stdout.write(json.dumps({"out": args.out, "rows": written}) + "\n")
        elif not written:
            said = language.say(f"no new finished games to export; {args.out} is up to date")
            out.print(said, markup=False, highlight=False)
        else:
            tables = ", ".join(f"{k} {v}" for k, v in written.items())  # table names: ids, as queried
            said = language.say(f"exported {written.get('games', 0)} games to {args.out}")
            out.print(f"{said}: {tables}", markup=False, highlight=False)
        return 0
    if args.analytics_cmd == "report":
        # late: analytics.report imports duckdb, pyarrow, slow to import; start-up stays cheap
        from analytics.report import report

        ticker = Progress(err, "report")
        try:
            paths = report(args.db, args.out, args.ruleset, progress=ticker)
        finally:
            ticker.close()
        if args.json:
            sys.stdout.write(json.dumps({"out": args.out, "figures": paths}) + "\n")
        else:
            wrote = language.say(f"wrote {args.out} with {len(paths)} figures (SVGs beside it)")
            out.print(wrote, markup=False, highlight=False)
        return 0
    # late: analytics.query imports duckdb, pyarrow, slow to import; start-up stays cheap
    from analytics.query import cell, connect, render, run_sql, tables_of

    con = connect(None if args.tables else args.db, args.tables, args.ruleset, args.as_)
    if not args.sql:
        names = tables_of(con)
        sys.stdout.write(json.dumps({"tables": names}) + "\n") if args.json else out.print(
            "tables: " + ", ".join(names), markup=False, highlight=False
        )
        return 0
    cols, rows = run_sql(con, args.sql)
    fmt = "json" if args.json else args.output
    if fmt != "table":
        sys.stdout.write(render(cols, rows, fmt))
        return 0
    # every cell whole: long cells fold onto more lines instead of being cut with an ellipsis
    t = Table(*(Column(c, overflow="fold") for c in cols))
    for r in rows:
        t.add_row(*(cell(v) for v in r))
    out.print(t)
    return 0
