"""One fold step shared by the live cascade and every rebuild, so both see the same state."""
from engine.table import fold_core


def fold_event(ruleset, table, ev, version: int) -> None:
    table.version = version
    if not fold_core(table, ev):
        ruleset.apply(table, ev)
