"""The ruleset registry: every package under engine/games that exposes RULESET.

Discovery by scanning means a new game is added by adding its folder, nothing else.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import engine.games
from engine.errors import UnknownGame
from engine.ruleset import Ruleset


@cache
def rulesets() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for info in sorted(pkgutil.iter_modules(engine.games.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"engine.games.{info.name}")
        rs = getattr(module, "RULESET", None)
        if rs is not None:
            found[rs.name] = rs
    return found


def get(name: str) -> Ruleset:
    try:
        return rulesets()[name]
    except KeyError:
        raise UnknownGame(f"no ruleset {name!r}; installed: {', '.join(rulesets())}") from None
