"""Readings of ambiguous rules, and card overrides: what a judge may change in one game.

Why here: a dispute is settled by playing the same position under each reading of the rule in
question, so every ruleset lists its ambiguities in its catalog (`[readings.ID]`: the rule, the
question, the alternatives with the default first) and its rules ask `chosen(t, ID)`. A game
records the readings and overrides it was started with in its options (keys `readings` and
`overrides`), only when some are given, so games that choose none keep their exact events.
"""

from __future__ import annotations

import tomllib
from collections.abc import Container
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from engine.ruleset import Ruleset
    from engine.table import Table

READINGS = "readings"
OVERRIDES = "overrides"


class Reading(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rule: str  # the catalog rule whose text is ambiguous
    question: str  # what the text leaves open
    default: str  # the alternative the engine plays without a choice
    alternatives: dict[str, str]  # alternative id -> what it says (and who says so)
    option: str = ""  # the game option that already carries this choice
    id: str = ""


def catalog_readings(catalog_path: Path) -> dict[str, Reading]:
    """The `[readings]` table of a catalog file, checked: the default is an alternative."""
    return dict(_load(str(catalog_path)))


@cache
def _load(path: str) -> tuple[tuple[str, Reading], ...]:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh).get(READINGS, {})
    out = []
    for rid, body in raw.items():
        r = msgspec.convert({**body, "id": rid}, Reading)
        if r.default not in r.alternatives:
            raise ValueError(
                f"{path}: reading {rid}: default {r.default!r} is not one of {sorted(r.alternatives)}"
            )
        out.append((rid, r))
    return tuple(out)


def of(rs: Ruleset) -> dict[str, Reading]:
    """Every reading a ruleset lists, by id."""
    return catalog_readings(package_dir(rs) / rs.catalog_file)


def package_dir(rs: Ruleset) -> Path:
    """The folder of the module that defines the ruleset's class (its catalog is there)."""
    file = __import__(type(rs).__module__, fromlist=["_"]).__file__
    if file is None:
        raise TypeError(f"{rs.name}: the module {type(rs).__module__} has no file")
    return Path(file).parent


_consulted: set[str] | None = None


def consulting(seen: set[str] | None) -> None:
    """Collect into `seen` every reading the rules ask about (sim.dispute); None stops."""
    global _consulted
    _consulted = seen


def chosen(table: Table, rid: str) -> str | None:
    """The alternative chosen for reading `rid` in this game, or None for the default."""
    return picked(table.options.get(READINGS), rid)


def picked(table: dict[str, str] | None, rid: str) -> str | None:
    """`chosen` for rules that see a copy of the game's readings table rather than the table
    (a pure combat state that carries it); the reading counts as consulted all the same."""
    if _consulted is not None:
        _consulted.add(rid)
    return table.get(rid) if table else None


def in_force(table: Table, rs: Ruleset, rid: str) -> tuple[str, str, bool]:
    """(alternative, its text, chosen by the game rather than the default) for the audit."""
    r = of(rs)[rid]
    alt = chosen(table, rid) or r.default
    if r.option:
        alt = str(table.options.get(r.option, r.default))
    return alt, r.alternatives.get(alt, ""), alt != r.default


def for_rule(rs: Ruleset, rule_id: str) -> list[Reading]:
    return [r for r in of(rs).values() if r.rule == rule_id]


def check_options(rs: Ruleset, options: dict[str, Any], out: dict[str, Any]) -> None:
    """Fold `readings`, `reading.ID=ALT` and `overrides` from `options` into `out` (checked).

    Errors name the key and the allowed values; nothing is recorded for an empty choice."""
    picked: dict[str, str] = {}
    given = options.get(READINGS, {})
    if not isinstance(given, dict):
        raise ValueError(f"{rs.name}: option readings must be a table of reading id = alternative")
    picked.update(given)
    for key, value in options.items():
        if key.startswith("reading."):
            picked[key[len("reading.") :]] = value
    known = of(rs)
    for rid, alt in picked.items():
        if rid not in known:
            raise ValueError(
                f"{rs.name}: readings: unknown reading {rid!r} (known: {', '.join(sorted(known)) or 'none'})"
            )
        r = known[rid]
        if alt not in r.alternatives:
            raise ValueError(
                f"{rs.name}: readings.{rid} = {alt!r} is not an alternative "
                f"(allowed: {', '.join(r.alternatives)})"
            )
        if r.option:
            if r.option in options and str(options[r.option]) != alt:
                raise ValueError(
                    f"{rs.name}: readings.{rid} = {alt!r} contradicts option {r.option}={options[r.option]!r}"
                )
            out[r.option] = alt
    if picked:
        out[READINGS] = {rid: picked[rid] for rid in sorted(picked)}
    over = options.get(OVERRIDES)
    if over:
        out[OVERRIDES] = rs.check_overrides(over)


def check_override_table(
    rs: Ruleset,
    over: Any,
    fields: dict[str, type],
    names: Container[str],
    examples: dict[str, str] | None = None,
) -> dict[str, dict[str, Any]]:
    """A ruleset's `check_overrides` helper: `{card name: {field: value}}` against the card
    names it knows and the fields it lets a situation change, with their types. A value of the
    wrong shape is refused naming the shape expected with an example (`examples[field]`, the
    TOML right of `field =`; a default for the type otherwise), so the judge can correct it."""
    if not isinstance(over, dict):
        raise ValueError(
            f"{rs.name}: overrides must be a table of card name = {{field = value}}, "
            f'e.g. [overrides."<card>"] {_example_line(fields, examples)}'
        )
    out = {}
    for name in sorted(over):
        values = over[name]
        if name not in names:
            raise ValueError(
                f"{rs.name}: overrides: no card named {name!r} (`runeledger cards {rs.name}` lists them)"
            )
        if not isinstance(values, dict) or not values:
            raise ValueError(
                f"{rs.name}: overrides.{name!r} must be a table of field = value, "
                f"e.g. [overrides.{_toml_key(name)}] {_example_line(fields, examples)}"
            )
        for field, value in values.items():
            if field not in fields:
                raise ValueError(
                    f"{rs.name}: overrides.{name!r}.{field}: not a value a situation "
                    f"may change (allowed: {', '.join(sorted(fields))})"
                )
            want = fields[field]
            if not _is(value, want):
                raise ValueError(
                    f"{rs.name}: overrides.{name!r}.{field} = {value!r}: expected "
                    f"{_shape(want)}, e.g. {field} = {_example(field, want, examples)}"
                )
        out[name] = {k: values[k] for k in sorted(values)}
    return out


SHAPES = {
    int: "int (a whole number)",
    list: "list (of text)",
    str: "str (text)",
    bool: "bool (true or false)",
}
DEFAULT_EXAMPLES = {int: "3", list: '["fire"]', str: '"text"', bool: "true"}


def _shape(want: Any) -> str:
    return SHAPES.get(want, getattr(want, "__name__", str(want)))


def _example(field: str, want: Any, examples: dict[str, str] | None) -> str:
    return (examples or {}).get(field) or DEFAULT_EXAMPLES.get(want, "...")


def _example_line(fields: dict[str, type], examples: dict[str, str] | None) -> str:
    field = next(iter(examples or fields), "value")
    return f"{field} = {_example(field, fields.get(field), examples)}"


def _toml_key(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _is(value: Any, want: Any) -> bool:
    if want is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if want is list:
        return isinstance(value, list) and all(isinstance(x, str) for x in value)
    return isinstance(value, want)


def overridden(table: Table, name: str) -> dict[str, Any]:
    """The overridden values of card `name` in this game ({} when none)."""
    over = table.options.get(OVERRIDES)
    return over.get(name, {}) if over else {}
