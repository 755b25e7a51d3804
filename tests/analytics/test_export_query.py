"""runeledger export / query: tables from a store, incremental and exactly once."""

import json

import duckdb
import pytest

from analytics.export import ExportError, export
from analytics.query import QueryError, connect, run_sql
from cli.main import main
from sim.simulate import simulate


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("an") / "games.db")
    simulate(db, "thunderstone", 2, 2, seed=1)
    simulate(db, "duel", 3, 2, seed=1)
    return db


def _count(out, table, col="*"):
    return duckdb.sql(f"SELECT count({col}) FROM read_parquet('{out}/{table}/*.parquet')").fetchall()[0][0]


def test_export_tables_and_second_run_appends_nothing(store, tmp_path):
    out = tmp_path / "x"
    first = export(store, out)
    assert first["games"] == 5
    assert _count(out, "games") == 5
    assert _count(out, "ts_buys") == first["ts_buys"] > 0
    assert _count(out, "ts_battles") == first["ts_battles"] > 0
    # every stored event is in `events`, once
    assert _count(out, "events") == sum(
        r[0] for r in duckdb.sql(f"SELECT events FROM read_parquet('{out}/games/*.parquet')").fetchall()
    )
    assert export(store, out) == {}
    assert _count(out, "games") == 5


def test_a_card_column_has_a_name_column_per_language(store, tmp_path):
    """Issue 28 item 4: beside a stored card column (kept as it is), its name in English and
    in German: Thunderstone's German "Miliz" is "Militia" in English."""
    out = tmp_path / "names"
    export(store, out)
    rows = duckdb.sql(
        f"SELECT stack, stack_en, stack_de FROM read_parquet('{out}/ts_buys/*.parquet')"
    ).fetchall()
    assert rows and all(en and de for _, en, de in rows)
    pairs = dict((de, en) for _, en, de in rows)
    assert all(pairs[de] != de for de in pairs if de in ("Miliz", "Fackel", "Dolch", "Proviant"))
    assert {s for s, _, de in rows} == {de for _, _, de in rows}  # the print names are German


def test_new_games_are_appended_exactly_once(tmp_path):
    db = str(tmp_path / "g.db")
    simulate(db, "duel", 2, 2, seed=1)
    out = tmp_path / "x"
    assert export(db, out)["games"] == 2
    simulate(db, "duel", 3, 2, seed=2)
    assert export(db, out)["games"] == 3
    ids = duckdb.sql(f"SELECT game_id FROM read_parquet('{out}/games/*.parquet')").fetchall()
    assert len(ids) == len(set(ids)) == 5


def test_interrupted_export_leaves_no_duplicate(store, tmp_path):
    out = tmp_path / "x"
    export(store, out, ruleset="duel")
    stray = out / "games" / "part-00002.parquet"  # a part written, manifest not replaced
    stray.write_bytes((out / "games" / "part-00001.parquet").read_bytes())
    export(store, out)  # drops the stray part first
    assert _count(out, "games") == 5


def test_game_row_has_winners_and_seed(store, tmp_path):
    out = tmp_path / "x"
    export(store, out, ruleset="duel")
    rows = duckdb.sql(
        f"SELECT status, winners, seed, seed_hash FROM read_parquet('{out}/games/*.parquet')"
    ).fetchall()
    assert all(r[0] == "over" and r[2] is not None and len(r[3]) == 64 for r in rows)
    assert all(len(r[1]) >= 1 for r in rows)


def test_csv_and_bad_input(store, tmp_path):
    assert export(store, tmp_path / "c", "csv")["games"] == 5
    with pytest.raises(ExportError, match="holds a csv export"):
        export(store, tmp_path / "c", "parquet")
    with pytest.raises(ExportError, match="format"):
        export(store, tmp_path / "d", "xlsx")
    with pytest.raises(ExportError, match="no database file"):
        export(str(tmp_path / "missing.db"), tmp_path / "e")
    assert not (tmp_path / "e").exists()


def test_query_over_store_and_over_export(store, tmp_path):
    _cols, rows = run_sql(connect(store), "SELECT ruleset, count(*) FROM games GROUP BY 1 ORDER BY 1")
    assert rows == [("duel", 3), ("thunderstone", 2)]
    export(store, tmp_path / "x")
    _, rows2 = run_sql(
        connect(tables=str(tmp_path / "x")), "SELECT ruleset, count(*) FROM games GROUP BY 1 ORDER BY 1"
    )
    assert rows2 == rows
    with pytest.raises(QueryError, match="nope"):
        run_sql(connect(store), "SELECT nope FROM games")


def test_cli_query_json_and_error(store, capsys):
    assert (
        main(["query", "--db", store, "--json", "SELECT count(*) AS n FROM games WHERE ruleset='duel'"]) == 0
    )
    assert json.loads(capsys.readouterr().out) == [{"n": 3}]
    assert main(["query", "--db", store, "SELEC"]) == 2
    assert "query failed" in capsys.readouterr().err


def test_report_writes_page_and_svgs(store, tmp_path):
    page = tmp_path / "r.html"
    assert main(["report", "--db", store, "--out", str(page)]) == 0
    text = page.read_text()
    figs = sorted(p.name for p in (tmp_path / "r_figures").iterdir())
    assert "thunderstone-monsters.svg" in figs and "duel-win-by-seat.svg" in figs
    assert text.count("<svg") == len(figs) and "5 finished games" in text
    assert "http" not in text.split("<svg")[0]  # self-contained: nothing fetched
