"""`runeledger query`: SQL (DuckDB) over the exported tables or over a store directly.

With --tables DIR every table of an export (games, events, ts_battles, ...) is a view over
its part files; without it the finished games of --db are read into memory as the same tables
(fine for thousands of games; export first for more).
"""

from __future__ import annotations

import csv
import io
import json
import math
from decimal import Decimal
from pathlib import Path
from typing import Any

import duckdb

from analytics.export import MANIFEST, ExportError, collect


class QueryError(ValueError):
    """The SQL failed (syntax, unknown table or column); the message is DuckDB's."""


def connect(
    db: str | None = None, tables: str | None = None, ruleset: str | None = None, viewer: str | None = None
) -> duckdb.DuckDBPyConnection:
    """`viewer`: "spectator" (payloads as the public log shows them; the default with --db) or
    "referee" (everything). An export folder is read as it was written (its manifest's "as"),
    and refused if `viewer` names another."""
    con = duckdb.connect(":memory:")
    if tables is not None:
        root = Path(tables)
        if not (root / MANIFEST).exists():
            raise ExportError(
                f"{tables} is not an export folder (no {MANIFEST}); run runeledger export first"
            )
        had = json.loads((root / MANIFEST).read_text()).get("as", "referee")
        if viewer is not None and viewer != had:
            raise ExportError(f"{tables} holds the {had}'s export, not the {viewer}'s")
        for d in sorted(p for p in root.iterdir() if p.is_dir()):
            files = sorted(d.glob("part-*"))
            if not files:
                continue
            reader = "read_parquet" if files[0].suffix == ".parquet" else "read_csv_auto"
            paths = ", ".join("'" + str(f).replace("'", "''") + "'" for f in files)
            con.execute(f'CREATE VIEW "{d.name}" AS SELECT * FROM {reader}([{paths}], union_by_name=true)')
        return con
    if db is None:
        raise ExportError("give --db FILE or --tables DIR")
    arrow, _ = collect(db, ruleset, viewer=viewer or "spectator")
    for name, tab in arrow.items():
        con.register(name, tab)
    return con


def run_sql(con: duckdb.DuckDBPyConnection, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    try:
        rel = con.execute(sql)
        cols = [d[0] for d in rel.description] if rel.description else []
        return cols, rel.fetchall()
    except duckdb.Error as exc:
        raise QueryError(f"query failed: {exc}") from None


def tables_of(con: duckdb.DuckDBPyConnection) -> list[str]:
    return [
        r[0] for r in con.execute("SELECT table_name FROM information_schema.tables ORDER BY 1").fetchall()
    ]


OUTPUTS = ("table", "csv", "json", "markdown")


def plain(v: Any) -> Any:
    """A DuckDB value as JSON has it: a MAP (DuckDB gives a dict) and STRUCTs as objects, a
    non-finite float as text; anything else JSON lacks (dates, decimals) as its text."""
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, Decimal):
        v = float(v)
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return str(v)


def cell(v: Any) -> str:
    """One whole cell as text: nothing cut; lists and records as JSON."""
    if v is None:
        return ""
    if isinstance(v, (dict, list, tuple)):
        return json.dumps(plain(v), ensure_ascii=False)
    return str(v)


def render(cols: list[str], rows: list[tuple[Any, ...]], fmt: str) -> str:
    """The result as csv, json (a list of objects) or markdown; every cell whole."""
    if fmt == "json":
        return (
            json.dumps([dict(zip(cols, map(plain, r), strict=True)) for r in rows], ensure_ascii=False) + "\n"
        )
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(cols)
        w.writerows([cell(v) for v in r] for r in rows)
        return buf.getvalue()
    if fmt == "markdown":

        def md(text: str) -> str:
            return text.replace("|", "\\|").replace("\n", " ")

        lines = ["| " + " | ".join(map(md, cols)) + " |", "|" + "---|" * len(cols)]
        lines += ["| " + " | ".join(md(cell(v)) for v in r) + " |" for r in rows]
        return "\n".join(lines) + "\n"
    raise QueryError(f"--format takes {', '.join(OUTPUTS)}, not {fmt!r}")
