"""Situation files: a described position (TOML) that starts a game as ordinary set-up events.

The core reads the header (ruleset, players, seed, options, forced outcomes); the game's own
`[game]` table goes to its `Ruleset.situation`, which validates it against its schema.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from engine.content import decode, read_toml


class SituationHeader(msgspec.Struct, forbid_unknown_fields=True):
    ruleset: str
    players: int
    seed: str | int = 0
    options: dict[str, Any] = {}
    forced: dict[str, list[Any]] = {}
    game: dict[str, Any] = {}
    note: str = ""


def read(path: str | Path) -> dict[str, Any]:
    doc = read_toml(path)
    decode(doc, SituationHeader, str(path))
    return doc
