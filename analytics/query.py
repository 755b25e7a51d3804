"""`runeledger query`: SQL (DuckDB) over the exported tables or over a store directly.

With --tables DIR every table of an export (games, events, ts_battles, ...) is a view over
its part files; without it the finished games of --db are read into memory as the same tables
(fine for thousands of games; export first for more).
"""

from __future__ import annotations

import json
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
