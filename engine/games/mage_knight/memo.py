"""Facts of one state kept once for every question, bot habit and rule that reads them.

Why: one bot decision asks several questions of one state, and its habits read the same facts
again (a card's resolutions here, the seat's situation, its combat power): computed once per
state instead of ten times. A table only moves forward (every change is an event, which raises
its version; an undo builds a new table), so the same table object at the same version is the
same state (as engine.mechanics.per_state). Kept values are shared: callers must not change them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_LAST: tuple[Any, Any, dict[Any, Any]] = (None, -1, {})  # (table, version, its memo), replaced whole


def state_memo(table: Any) -> dict[Any, Any]:
    """The memo of the table's present state: a new, empty one whenever the table or its
    version differs from the last asked about (a bare state with no version gets a fresh one).
    The last is read and replaced as one tuple, so two threads asking about two tables at once
    never share a memo (they only lose some keeping)."""
    global _LAST
    version = getattr(table, "version", None)
    if version is None:
        return {}
    last_table, last_version, memo = _LAST
    if last_table is table and last_version == version:
        return memo
    memo = {}
    _LAST = (table, version, memo)
    return memo


def once(table: Any, key: Any, compute: Callable[[], T]) -> T:
    """The state's value under `key`, computed by `compute` the first time it is asked for in
    this state (a None result is not kept: it is computed again)."""
    memo = state_memo(table)
    got = memo.get(key)
    if got is None:
        got = memo[key] = compute()
    return got
