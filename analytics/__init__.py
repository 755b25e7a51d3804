"""Analytics over a Runeledger store: Parquet/CSV export, DuckDB queries, bots worth measuring."""
