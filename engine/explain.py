"""Say what in a refused command was wrong, for every game at once.

A game's `explain` names the rule; this adds the concrete fault by comparing the command
with the seat's legal commands of the same kind: the field whose value no legal command
has, and which values would do. It only lists the seat's own options, which the seat may
know.
"""
from __future__ import annotations

from typing import Any

MAX_LISTED = 8


def what_differs(cmd: dict[str, Any], legal: list[dict[str, Any]], reason: str = "") -> str:
    """The concrete fault; shorter when the game's `reason` already names the value."""
    kind = cmd.get("kind")
    same = [c for c in legal if c.get("kind") == kind]
    if not same:
        kinds = sorted({str(c.get("kind")) for c in legal})
        return (f"{kind!r} is not possible now; possible: {', '.join(kinds)}" if kinds
                else "this seat has nothing to decide now")
    for key in sorted(k for k in cmd if k != "kind"):
        values = _distinct(c[key] for c in same if key in c)
        if not values:
            return f"a {kind!r} command takes no {key!r} now"
        if cmd[key] not in values:
            if repr(cmd[key]) in reason or (isinstance(cmd[key], str) and cmd[key] in reason):
                return f"{key} choices now: {_listed(values)}"
            return f"no {key} {cmd[key]!r} among the choices now: {_listed(values)}"
    missing = sorted({k for c in same for k in c} - set(cmd))
    if missing:
        return f"a {kind!r} command needs {', '.join(repr(k) for k in missing)} now"
    return "no legal command combines these values"


def _distinct(values) -> list[Any]:
    out: list[Any] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def _listed(values: list[Any]) -> str:
    shown = ", ".join(repr(v) for v in values[:MAX_LISTED])
    return shown + (f" and {len(values) - MAX_LISTED} more" if len(values) > MAX_LISTED else "")
