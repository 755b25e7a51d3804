"""The random bot's walk down Thunderstone's choice tree without building it (the ruleset's
`bot_walk`): the command bots.tree_walk.sample would take over `tree.question(..., words=False)`
with `bot_options`, drawing the same random numbers in the same order.

Why: most decisions are one or two questions whose options are the listed commands
themselves (a pending choice's answers, the buys, the attacks, the kinds of the first
question). Building a question and a node per option, the prompt's rule and the narrowing's
lists for them, to draw one number, cost about what listing the commands did. Here those
questions are drawn from the listing directly; only a kind whose commands group over several
fields (equips, uses with targets) is asked of the tree, from that kind down.
The tree stays what people and `legal` see; tests/games/thunderstone/test_speed_ts_bot_walk.py
holds this walk to the tree's, command and random state, at every decision of seeded games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine import choices
from engine.games.thunderstone import bot, tree
from engine.games.thunderstone.legal import legal_commands
from engine.ruleset import with_ruleset

_MERGE = object()  # `_alone`: the commands must be merged by `same_choice` first


@with_ruleset
def bot_walk(rs, table, s: int, rng: random.Random) -> tuple[dict[str, Any], bool] | None:
    """(the command, True: a leaf of the tree), or None, having drawn nothing, when the seat
    has nothing to decide."""
    if table.over or table.awaiting:
        return None
    cmds = legal_commands(table, s)
    if not cmds:
        return None
    if table.game.t.pending and cmds[0]["kind"] == "choose":  # tree._pending's question
        return _drawn(table, s, tree.distinct(table, s, cmds), rng), True
    kinds = tree._by_kind(cmds)
    if len(kinds) == 1:  # the kind's own question is the first
        return _kind(rs, table, s, [], cmds, rng), True
    # "What do you do?": a kind with one command is that leaf, any other a step (None)
    firsts = [group[0] if len(group) == 1 else None for group in kinds.values()]
    i = _index(table, s, firsts, rng)
    got = firsts[i]
    if got is not None:
        return got, True
    kind = list(kinds)[i]
    return _kind(rs, table, s, [["kind", kind]], kinds[kind], rng), True


def _kind(
    rs, table, s: int, path: list[Any], cmds: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """Down the question over one kind's commands (at `path`): drawn from them where each is a
    leaf of it, else the tree's questions walked."""
    alone = _alone(cmds)
    if alone is _MERGE:  # copies of cards may be one choice: merged first
        alone = _alone(tree.distinct(table, s, cmds), merged=True)
    if alone is None or alone is _MERGE:
        return _below(rs, table, s, path, rng)
    return _drawn(table, s, alone, rng)


def _alone(cmds: list[dict[str, Any]], merged: bool = False) -> Any:
    """`cmds` (one kind) when the default grouping makes each a leaf of one question: the
    first field in which they differ (the fields taken in the order met, a field left out
    being a value of its own) holds a value of its own in each (grouped by that field, every
    group has one command; then no two are one choice either). `_MERGE` when that field
    holds a card or a hidden card's slot and the commands are not `merged` (`same_choice`
    may make copies one option), None where the tree must ask (only str and int values are
    compared here)."""
    if len(cmds) == 1:
        return cmds
    differ = choices.plain_difference(cmds)
    return None if differ is None else _differ(differ[1], differ[0], merged, cmds)


def _differ(values: list[Any], f: str, merged: bool, cmds: list[dict[str, Any]]) -> Any:
    """`_alone` at the first field in which the commands differ."""
    if not merged:
        for v in values:
            if (type(v) is str and "#" in v) or (type(v) is int and f == "option"):
                return _MERGE
    return cmds if len(set(values)) == len(values) else None


def _index(table, s: int, cmds: Sequence[dict[str, Any] | None], rng: random.Random) -> int:
    """The option drawn among a question's options (their commands, None for a step), as
    tree_walk narrows them with `bot_options` and draws."""
    keep = bot.spared(table, s, cmds)
    if keep is None:
        return rng.randrange(len(cmds))
    return keep[rng.randrange(len(keep))]


def _drawn(table, s: int, cmds: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return cmds[_index(table, s, cmds, rng)]


def _below(rs, table, s: int, path: list[Any], rng: random.Random) -> dict[str, Any]:
    """Down the tree's own questions from `path` (the default grouping over several fields),
    as tree_walk.below walks them. Thunderstone's tree has no picks and no step given at once."""
    return choices.drawn_down(
        path,
        lambda p: tree.question(rs, table, s, p, False).options,
        lambda opts: opts[_index(table, s, [o.command for o in opts], rng)],
        "Thunderstone's tree",
    )
