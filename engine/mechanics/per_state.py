"""`per_state`: keep a function's last answer for one table at one event.

Why: one decision asks the same listing of one state several times (each question of the
choice tree, the engine's check of the command played, the next prompt's listing), and a
listing is the costly part of a bot's decision. A table only moves forward (every change is an
event, which raises its version; an undo builds a new table), so "the same table object at the
same version, with the same other arguments" is the same state. The answer is shared: callers
must not change it.

`state_memo`/`once` keep many facts of the present state in one dict (a game's questions, bot
habits and rules reading the same facts: Mage Knight's card resolutions, situation, combat
power), where `per_state` keeps one function's last answer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def per_state(fn: F) -> F:
    """`fn(table, *args)` answered once per (table, version, args): the last answer kept, as
    one tuple replaced whole (read and written in one step each: a bot's decision asks some
    of these a dozen times, and two threads never see one's table with the other's answer)."""
    last: tuple[Any, Any, Any, Any] = (None, -1, None, None)

    @functools.wraps(fn)
    def kept(table: Any, *args: Any) -> Any:
        nonlocal last
        got = last
        if got[0] is table and got[1] == table.version and got[2] == args:
            return got[3]
        out = fn(table, *args)
        last = (table, table.version, args, out)
        return out

    return kept  # type: ignore[return-value]


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
    last_table, last_version, memo = _LAST  # the present memo without a call (asked very often)
    if last_table is not table or last_version != table.version:
        memo = state_memo(table)
    got = memo.get(key)
    if got is None:
        got = memo[key] = compute()
    return got
