"""Situation files: a described position (TOML) that starts a game as ordinary set-up events.

The core reads the header (ruleset, players, seed, options, forced outcomes, a judge's readings
and card overrides, commands to play); the game's own `[game]` table goes to its
`Ruleset.situation`, which validates it against its schema. Readings and overrides become the
game options `readings` and `overrides` (engine.readings), so they are recorded in the
creation event and every rule and the audit can see them. docs/disputes.md has the format.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import msgspec

from engine.content import ContentError, decode, read_toml
from engine.errors import BadInput

P = ParamSpec("P")
R = TypeVar("R")


class SituationError(BadInput):
    """A situation file that states an impossible or unknown position (exit 2, not 70)."""

    def __init__(self, reason: str):
        super().__init__(None, reason)


def stated(fn: Callable[P, R]) -> Callable[P, R]:
    """Wrap a game's `situation(...)`: its ValueError (a key or value the file got wrong) is
    reported as bad input naming the key, not as a failed set-up."""

    @functools.wraps(fn)
    def run(*args: P.args, **kw: P.kwargs) -> R:
        try:
            return fn(*args, **kw)
        except SituationError:
            raise
        except ValueError as exc:
            raise SituationError(str(exc)) from None

    return run


class Step(msgspec.Struct, forbid_unknown_fields=True):
    """One command played after set-up: the dispute's moves (`[[play]]`)."""

    seat: int
    command: dict[str, Any]


class SituationHeader(msgspec.Struct, forbid_unknown_fields=True):
    ruleset: str
    players: int
    seed: str | int = 0
    options: dict[str, Any] = {}
    forced: dict[str, list[Any]] = {}
    readings: dict[str, str] = {}
    overrides: dict[str, dict[str, Any]] = {}
    play: list[Step] = []
    decisive: list[str] = []
    game: dict[str, Any] = {}
    note: str = ""


KEYS = tuple(SituationHeader.__struct_fields__)


def read(path: str | Path) -> dict[str, Any]:
    doc = read_toml(path)
    unknown = sorted(set(doc) - set(KEYS))
    if unknown:
        raise ContentError(f"{path}: unknown top-level key {unknown[0]!r} (allowed: {', '.join(KEYS)})")
    decode(doc, SituationHeader, str(path))
    return normalized(doc)


def normalized(doc: dict[str, Any]) -> dict[str, Any]:
    """`[readings]` and `[overrides]` move into the options the game is created with."""
    options = dict(doc.get("options", {}))
    for key in ("readings", "overrides"):
        if doc.get(key):
            options[key] = {**options.get(key, {}), **doc.pop(key)}
        else:
            doc.pop(key, None)
    doc["options"] = options
    return doc


def steps(doc: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The `[[play]]` commands of a situation, in order."""
    return [(int(s["seat"]), dict(s["command"])) for s in doc.get("play", [])]
