"""The ruleset registry: every package under engine/games that exposes RULESET.

Discovery by scanning means a new game is added by adding its folder, nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

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


@cache
def _direct(name: str) -> Ruleset | None:
    """The ruleset from the package its name points to ("rune-age" -> engine.games.rune_age),
    importing that one package only: a command about one game (a simulate worker above all)
    does not pay for importing every game. None when that package is not the one."""
    pkg = name.replace("-", "_")
    if not pkg.isidentifier():
        return None
    try:
        rs: Ruleset | None = getattr(importlib.import_module(f"engine.games.{pkg}"), "RULESET", None)
        if rs is None or rs.name != name:
            return None
        _ = rs.catalog
    except Exception:  # no such package, or a broken one: the scan says which and why
        return None
    return rs


def get(name: str) -> Ruleset:
    rs = _direct(name) if isinstance(name, str) else None
    if rs is not None:
        return rs
    found, bad = _scan()
    if name in found:
        return found[name]
    why = "".join(
        f"; package {pkg} failed to load: {err}"
        for pkg, err in bad.items()
        if pkg.replace("_", "-") == name or pkg == name
    )
    raise UnknownGame(f"no ruleset {name!r}; installed: {', '.join(found)}{why}")


def described() -> list[dict[str, Any]]:
    """Every installed ruleset as front ends list it (`runeledger games --json`, the lobby's
    `GET /api/rulesets`): name, version, player counts, options (default, choices, doc),
    content packs and summary, by name."""
    out = []
    for name, rs in sorted(rulesets().items()):
        options = {
            k: {"default": o.default, "choices": list(o.choices), "doc": o.doc} for k, o in rs.options.items()
        }
        out.append(
            {
                "name": name,
                "version": rs.version,
                "players": list(rs.players),
                "options": options,
                "content_packs": list(rs.content_packs),
                "summary": rs.summary,
            }
        )
    return out
