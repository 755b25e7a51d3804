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
def _scan() -> tuple[dict[str, Ruleset], dict[str, str]]:
    found: dict[str, Ruleset] = {}
    broken: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(engine.games.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"engine.games.{info.name}")
            rs = getattr(module, "RULESET", None)
            if rs is not None:
                _ = rs.catalog  # a broken catalog is reported here, not half-read mid-game
                found[rs.name] = rs
        except Exception as exc:  # one broken game must not take the others down
            broken[info.name] = f"{type(exc).__name__}: {exc}"
    return found, broken


def rulesets() -> dict[str, Ruleset]:
    return _scan()[0]


def broken() -> dict[str, str]:
    """Game packages that failed to load, with the reason (shown by `runeledger games`)."""
    return _scan()[1]


def get(name: str) -> Ruleset:
    found, bad = _scan()
    if name in found:
        return found[name]
    why = "".join(f"; package {pkg} failed to load: {err}" for pkg, err in bad.items()
                  if pkg.replace("_", "-") == name or pkg == name)
    raise UnknownGame(f"no ruleset {name!r}; installed: {', '.join(found)}{why}")
