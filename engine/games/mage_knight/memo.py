"""Facts of one state kept once for every question, bot habit and rule that reads them.

Why: one bot decision asks several questions of one state, and its habits read the same facts
again (a card's resolutions here, the seat's situation, its combat power): computed once per
state instead of ten times. A table only moves forward (every change is an event, which raises
its version; an undo builds a new table), so the same table object at the same version is the
same state (as engine.mechanics.per_state). Kept values are shared: callers must not change them.
"""

from __future__ import annotations

from typing import Any

_LAST: list[Any] = [None, -1, {}]  # (table, version, its memo)


def state_memo(table: Any) -> dict[Any, Any]:
    """The memo of the table's present state: a new, empty one whenever the table or its
    version differs from the last asked about (a bare state with no version gets a fresh one)."""
    version = getattr(table, "version", None)
    if version is None:
        return {}
    last = _LAST
    if last[0] is table and last[1] == version:
        return last[2]
    memo: dict[Any, Any] = {}
    last[0], last[1], last[2] = table, version, memo
    return memo
