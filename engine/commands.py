"""Typed command schemas (invariant 9): each ruleset may declare its command kinds and their
fields; the core turns the declaration into tagged msgspec Structs and checks every command
against them before any rule code (legal-move matching, `explain`) reads it.

A declaration is `{kind: {field: type}}`, with `Optional(type)` for a field that may be left
out (it may not be null). Whether a well-formed command is legal is still decided by exact
match against `legal_commands`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Union

import msgspec

from engine.errors import BadInput


class Optional(msgspec.Struct, frozen=True):
    type: Any


def _struct(kind: str, fields: dict[str, Any]) -> type:
    spec = []
    for name, typ in fields.items():
        if isinstance(typ, Optional):
            spec.append((name, Union[typ.type, msgspec.UnsetType], msgspec.UNSET))
        else:
            spec.append((name, typ))
    spec.sort(key=lambda f: len(f) == 3)  # required fields first
    return msgspec.defstruct(f"Cmd_{kind}", spec, tag_field="kind", tag=kind,
                             forbid_unknown_fields=True, frozen=True)


@lru_cache(maxsize=None)
def _schema(ruleset) -> dict[str, type]:
    return {kind: _struct(kind, fields) for kind, fields in ruleset.commands.items()}


def check_shape(ruleset, cmd: dict[str, Any]) -> None:
    """BadInput naming the kind or field that does not fit the ruleset's declaration."""
    if ruleset.commands is None:
        return
    schema = _schema(ruleset)
    struct = schema.get(cmd["kind"])
    if struct is None:
        raise BadInput("CORE-5", f"{ruleset.name} has no command {cmd['kind']!r}; its commands: "
                                 f"{', '.join(sorted(schema))}")
    try:
        msgspec.convert(cmd, struct, strict=True)
    except msgspec.ValidationError as exc:
        fields = ", ".join(f"{k}: {_type_name(v)}" for k, v in ruleset.commands[cmd["kind"]].items())
        raise BadInput("CORE-5", f"{cmd['kind']!r} command: {exc} (its fields: "
                                 f"{fields or 'none'})") from None


def _type_name(t: Any) -> str:
    if isinstance(t, Optional):
        return f"{_type_name(t.type)} (optional)"
    return getattr(t, "__name__", None) or str(t).replace("typing.", "")
