"""Typed command schemas (invariant 9): each ruleset may declare its command kinds and their
fields; the core turns the declaration into tagged msgspec Structs and checks every command
against them before any rule code (legal-move matching, `explain`) reads it.

A declaration is `{kind: {field: type}}`, with `Optional(type)` for a field that may be left
out (it may not be null). Whether a well-formed command is legal is still decided by exact
match against `legal_commands`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

import msgspec

from engine.errors import BadInput

if TYPE_CHECKING:
    from engine.ruleset import Ruleset


class Optional(msgspec.Struct, frozen=True):
    type: Any


def _struct(kind: str, fields: dict[str, Any]) -> type:
    spec: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for name, typ in fields.items():
        if isinstance(typ, Optional):
            spec.append((name, typ.type | msgspec.UnsetType, msgspec.UNSET))
        else:
            spec.append((name, typ))
    spec.sort(key=lambda f: len(f) == 3)  # required fields first
    return msgspec.defstruct(
        f"Cmd_{kind}", spec, tag_field="kind", tag=kind, forbid_unknown_fields=True, frozen=True
    )


@cache
def _schema(ruleset: Ruleset) -> dict[str, type]:
    return {kind: _struct(kind, fields) for kind, fields in (ruleset.commands or {}).items()}


def check_shape(ruleset: Ruleset, cmd: dict[str, Any]) -> None:
    """BadInput naming the kind or field that does not fit the ruleset's declaration."""
    if ruleset.commands is None:
        return
    schema = _schema(ruleset)
    struct = schema.get(cmd["kind"])
    if struct is None:
        raise BadInput(
            "CORE-5",
            f"{ruleset.name} has no command {cmd['kind']!r}; its commands: {', '.join(sorted(schema))}",
        )
    try:
        msgspec.convert(cmd, struct, strict=True)
    except msgspec.ValidationError as exc:
        fields = ", ".join(f"{k}: {_type_name(v)}" for k, v in ruleset.commands[cmd["kind"]].items())
        raise BadInput("CORE-5", f"{cmd['kind']!r} command: {exc} (its fields: {fields or 'none'})") from None


def _type_name(t: Any) -> str:
    if isinstance(t, Optional):
        return f"{_type_name(t.type)} (optional)"
    return getattr(t, "__name__", None) or str(t).replace("typing.", "")


def renamed_kinds(
    renames: dict[str, str],
) -> tuple[dict[str, str], dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]]]:
    """What a game declares when it renames command kinds ({old kind: new kind}), as its
    `(event_renames, upcasters)`: a stored decision `cmd.<old>` is read as `cmd.<new>` with the
    new "kind" in its data (engine.upcast), so a game stored before the rename replays and
    verifies under the new names while its stored bytes, and their hashes, stay as they were.
    Decision events are written at schema 1, the schema these steps read."""
    return (
        {f"cmd.{old}": f"cmd.{new}" for old, new in renames.items()},
        {(f"cmd.{old}", 1): _KindTo(new) for old, new in renames.items()},
    )


class _KindTo:
    """The data step of a renamed command: the same fields under the new kind."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "kind": self.kind}

    def __repr__(self) -> str:
        return f"_KindTo({self.kind!r})"
