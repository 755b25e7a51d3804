"""One fold step shared by the live cascade and every rebuild, so both see the same state.

`Ctx.emit` runs these same steps inlined (once per event emitted): change both together."""
from engine.table import CORE_FOLD, _chance, fold_core  # noqa: F401  (fold_core: the core half)

_core = CORE_FOLD.get


def fold_event(ruleset, table, ev, version: int) -> None:
    """`fold_core`, then the game's `apply` for a type the core does not know."""
    table.version = version
    d = ev.data
    if "chance" in d:
        _chance(table, d)
    step = _core(ev.type)
    if step is None:
        ruleset.apply(table, ev)
    else:
        step(table, d)
