"""The `runeledger` command line: a front end of the core (human tables by default, `--json` for machines)."""
