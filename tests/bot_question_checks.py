"""The check shared by the rulesets whose random bot has a `bot_question` shortcut: wherever the
shortcut answers, it must keep exactly what `bot_options` keeps of the full question (the same
nodes in the same order), so a bot drawing from either takes the same command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bots.random_bot import play_out
from engine import choices
from engine.pipeline import Engine
from store import MemoryStore


class ShortcutCheck:
    """Stands in for a ruleset's `bot_question`: asks `shortcut`, compares each answer with the
    habits' narrowing of the full question, counts, and calls `also` after each answer."""

    def __init__(self, rs, shortcut: Callable[[Any, int, list], list | None]):
        self.rs, self.shortcut, self.answered, self.asked = rs, shortcut, 0, 0

    def also(self, table, seat: int) -> None:
        """A ruleset's further check at an answered question (none by default)."""

    def __call__(self, table, seat: int, path: list):
        quick = self.shortcut(table, seat, path)
        self.asked += 1
        if quick is None:
            return None
        full = choices.walk(self.rs, table, seat, path, False).options
        kept = self.rs.bot_options(table, seat, path, full)
        assert quick == kept, f"seat {seat} at event {table.version}: {quick} != {kept}"
        self.answered += 1
        self.also(table, seat)
        return quick


def played_with(ruleset: str, players: int, seed: str, options: dict, check: Callable[[Any], ShortcutCheck]):
    """A random-bot game with the ruleset object's shortcut replaced by `check(rs)` (this
    object only, taken away after): (the finished table, the check)."""
    eng = Engine(MemoryStore())
    eng.create(ruleset, players, seed, options, game_id="g")
    rs = eng.ruleset("g")
    checked = check(rs)
    rs.bot_question = checked
    try:
        play_out(eng, "g", seed)
    finally:
        del rs.bot_question
    return eng.table("g"), checked
