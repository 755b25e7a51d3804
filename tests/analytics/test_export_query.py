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
    """Issue 28 item 4: a card column in each language, the instance id apart: Thunderstone's
    German "Miliz" is "Militia" in English, as the table and the CLI say it."""
    from engine import language

    out = tmp_path / "names"
    export(store, out)
    rows = duckdb.sql(
        f"SELECT card_en, card_de, card_id FROM read_parquet('{out}/ts_buys/*.parquet')"
    ).fetchall()
    assert rows and all(en and de and cid for en, de, cid in rows)
    assert all(language.name(de, "en", "thunderstone") == en for en, de, _ in rows)
    pairs = {de: en for en, de, _ in rows}
    assert all(pairs[de] != de for de in pairs if de in ("Miliz", "Fackel", "Dolch", "Proviant"))


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


def test_export_in_small_batches_and_parts_equals_one_run(store, tmp_path):
    # Bounded memory: rows are written a batch at a time into parts of `part_games` games;
    # the tables read the same as one batch and one part.
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    export(store, whole)
    written = export(store, parts, part_games=2, batch_events=1)
    assert written["games"] == 5
    manifest = json.loads((parts / "_manifest.json").read_text())
    assert manifest["runs"] == 3 and len(manifest["parts"]["games"]) == 3  # 2 + 2 + 1 games
    for table in ("games", "events", "ts_battles", "duel_dice"):
        rows = [
            sorted(map(str, duckdb.sql(f"SELECT * FROM read_parquet('{d}/{table}/*.parquet')").fetchall()))
            for d in (whole, parts)
        ]
        assert rows[0] == rows[1] and rows[0]


def test_an_export_stopped_midway_keeps_its_finished_parts(store, tmp_path):
    out = tmp_path / "x"
    seen = []

    def stop_at_the_fourth_game(i: int, _n: int) -> None:
        seen.append(i)
        if i == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export(store, out, progress=stop_at_the_fourth_game, part_games=2, batch_events=1)
    assert len(json.loads((out / "_manifest.json").read_text())["games"]) == 2  # the first part
    assert export(store, out)["games"] == 3  # the rest, the unfinished part's files dropped
    ids = duckdb.sql(f"SELECT game_id FROM read_parquet('{out}/games/*.parquet')").fetchall()
    assert len(ids) == len(set(ids)) == 5


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


def test_cli_query_formats_print_whole_cells(store, capsys):
    sql = "SELECT ruleset, options, 24.733333333333333 AS x FROM games WHERE ruleset='thunderstone' LIMIT 1"
    assert main(["query", "--db", store, "--format", "csv", sql]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "ruleset,options,x" and lines[1].startswith("thunderstone,")
    assert lines[1].endswith(",24.733333333333333") and '""scenario""' in lines[1]
    assert main(["query", "--db", store, "--format", "markdown", sql]) == 0
    md = capsys.readouterr().out.splitlines()
    assert md[0] == "| ruleset | options | x |" and md[1] == "|---|---|---|"
    assert main(["query", "--db", store, "--format", "json", sql]) == 0
    assert json.loads(capsys.readouterr().out)[0]["options"]["setup"] == "random"
    assert main(["query", "--db", store, sql]) == 0  # the table: every cell whole, folded if long
    table = capsys.readouterr().out
    assert "thunderstone" in table and "…" not in table
    assert "24.7333333333" in table.replace("\n", "").replace("│", "").replace(" ", "")
