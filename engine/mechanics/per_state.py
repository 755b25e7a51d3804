"""`per_state`: keep a function's last answer for one table at one event.

Why: one decision asks the same listing of one state several times (each question of the
choice tree, the engine's check of the command played, the next prompt's listing), and a
listing is the costly part of a bot's decision. A table only moves forward (every change is an
event, which raises its version; an undo builds a new table), so "the same table object at the
same version, with the same other arguments" is the same state. The answer is shared: callers
must not change it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def per_state(fn: F) -> F:
    """`fn(table, *args)` answered once per (table, version, args): the last answer kept."""
    last: list[Any] = [None, -1, None, None]

    @functools.wraps(fn)
    def kept(table: Any, *args: Any) -> Any:
        if last[0] is table and last[1] == table.version and last[2] == args:
            return last[3]
        out = fn(table, *args)
        last[:] = [table, table.version, args, out]
        return out

    return kept  # type: ignore[return-value]
