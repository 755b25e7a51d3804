"""The questions of a combat (attack, block, assign damage, the next phase): a stand-in that
groups the combat's commands the default way until the combat's own questions replace it."""

from __future__ import annotations

from typing import Any

from engine import choices
from engine.choices import Node, Question

COMBAT_KINDS = ("attack", "block", "cumbersome", "assign", "next")


def combat_options(rs, table, seat: int, cmds: list[dict[str, Any]], words: bool) -> list[Node]:
    """The first question's options for the combat's own commands `cmds` (those of the
    COMMAND kinds above that are legal now): one option per kind, a lazy step with the path
    `[["kind", K]]` where a kind has more than one command."""
    q = choices.grouped(rs, table, seat, [], cmds, words)
    return q.options


def combat_question(
    rs, table, seat: int, path: list[Any], cmds: list[dict[str, Any]], words: bool
) -> Question:
    """The question at `path` (starting `["kind", K]`, K a combat kind) over the combat's commands."""
    return choices.grouped(rs, table, seat, path, cmds, words)
