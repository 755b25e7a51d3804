"""One fold step shared by the live cascade and every rebuild, so both see the same state.

`Ctx.emit` runs these same steps inlined (once per event emitted): change both together."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.table import CORE_FOLD, Table, _chance, fold_core  # noqa: F401  (fold_core: the core half)
from store import StoredEvent

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

_core = CORE_FOLD.get


def fold_event(ruleset: Ruleset, table: Table, ev: StoredEvent, version: int) -> None:
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
