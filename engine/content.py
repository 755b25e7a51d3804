"""Content loading: TOML decoded into msgspec Structs, every record carrying its provenance.

A file is decoded whole or rejected whole; the error names file, record and field.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")
PROVENANCE = re.compile(r"^(rulebook p\.\s?\d+|public-list|stand-in)")


class ContentError(ValueError):
    pass


class Record(msgspec.Struct, kw_only=True):
    """Base of every content record: where its values come from (DESIGN invariant 7)."""

    provenance: str

    def __post_init__(self) -> None:
        if not PROVENANCE.match(self.provenance):
            raise ValueError(
                f"provenance must start with 'rulebook p.N', 'public-list' or 'stand-in', got {self.provenance!r}"
            )


def decode(doc: dict[str, Any], schema: type[T], source: str) -> T:
    try:
        return msgspec.convert(doc, schema)
    except msgspec.ValidationError as exc:
        raise ContentError(f"{source}: {_locate(doc, str(exc))}") from None


def read_toml(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{path}: cannot read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML ({exc})") from None


def load(path: str | Path, schema: type[T]) -> T:
    return decode(read_toml(path), schema, str(path))


_PATH = re.compile(r"at `\$((?:\.[A-Za-z_][\w-]*|\[\d+\])*)`")


def _locate(doc: Any, message: str) -> str:
    """Turn msgspec's `$.heroes[3].cost` into 'record heroes[3] (name ...), field cost'."""
    m = _PATH.search(message)
    if not m:
        return message
    steps = re.findall(r"\.([A-Za-z_][\w-]*)|\[(\d+)\]", m.group(1))
    node, record, label, field = doc, "", "", ""
    for i, (key, idx) in enumerate(steps):
        last = i == len(steps) - 1
        if key:
            if last:
                field = key
            else:
                record += ("." if record else "") + key
            node = node.get(key) if isinstance(node, dict) else None
        else:
            record += f"[{idx}]"
            node = node[int(idx)] if isinstance(node, list) and int(idx) < len(node) else None
            if isinstance(node, dict):
                name = node.get("name") or node.get("id")
                label = f" ({name!r})" if name else ""
    reason = message.split(" - at ")[0]
    if not field:
        named = re.search(r"field `([\w-]+)`", reason)
        field = named.group(1) if named else ("provenance" if "provenance" in reason else "?")
    where = f"record {record}{label}" if record else "top level"
    return f"{where}, field {field}: {reason}"
