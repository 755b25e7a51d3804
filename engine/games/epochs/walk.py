"""The random bot's walk down Epochs' choice tree without building it (the ruleset's
`bot_walk`): the command bots.tree_walk.sample would take over the default tree grouped from
the listing (engine.choices.grouped, `words=False`), drawing the same random numbers in the
same order.

Why: a game is a few hundred small decisions, and each asked the default tree for one or two
questions (the prompt's rule, the listing's copies merged, a node per option) to draw one
number among a handful of commands: the listing and the questions cost about what the rules
that then play the command cost. Here the kinds come as the listing makes them
(moves.offers), one drawn, then its commands field by field as the default grouping splits
them (engine.choices.plain_difference), down to one command; copies (which the tree merges)
are one command. Where a value is not a plain str or int, the tree's own questions are
walked from there (no listing of today's game has one).
The tree stays what people and `legal` see; tests/games/epochs/test_speed_ep_bot_walk.py holds
this walk to the tree's, command and random state, at every decision of seeded games.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from engine import choices
from engine.games.epochs import moves
from engine.ruleset import with_ruleset

_canon = msgspec.json.Encoder(order="sorted")  # commands alike as the tree tells them


@with_ruleset
def bot_walk(rs, table, s: int, rng: random.Random) -> tuple[dict[str, Any], bool] | None:
    """(the command, True: a leaf of the tree), or None, having drawn nothing, when the seat
    has nothing to decide."""
    if table.over or table.awaiting:
        return None
    kinds = moves.offers(table, s)
    if not kinds:
        return None
    if len(kinds) == 1:  # one kind: its own question is the first (one command: one leaf)
        kind, cmds = kinds[0]
        path: list[Any] = []
        if len(cmds) == 1:
            rng.randrange(1)  # the tree draws among its one option too
            return cmds[0], True
    else:  # "What do you do?": a kind with one command is that leaf, any other a step
        kind, cmds = kinds[rng.randrange(len(kinds))]
        if len(cmds) == 1:
            return cmds[0], True
        path = [["kind", kind]]
    return _fields(rs, table, s, path, cmds, rng, not path), True


def _fields(
    rs, table, s: int, path: list[Any], cmds: list[dict[str, Any]], rng: random.Random, first: bool
) -> dict[str, Any]:
    """Down the questions over commands of one kind (two or more, at `path`; `first`: the
    first question), each split by the first field in which they differ, a value held by
    one command being its leaf."""
    while True:
        differ = choices.plain_difference(cmds)
        if differ is None:
            if len(set(map(_canon.encode, cmds))) == 1:  # copies: one leaf of the question above
                if first:  # (the first question itself: its one option is drawn)
                    rng.randrange(1)
                return cmds[0]
            return _tree(rs, table, s, path, rng)  # a value the tree must compare itself
        first = False
        field, values = differ
        if len(set(values)) == len(values):  # each command a leaf of this question
            return cmds[rng.randrange(len(cmds))]
        groups: dict[Any, list[dict[str, Any]]] = {}
        for v, c in zip(values, cmds, strict=True):
            got = groups.get(v)
            if got is None:
                groups[v] = [c]
            else:
                got.append(c)
        keys = list(groups)
        v = keys[rng.randrange(len(keys))]
        cmds = groups[v]
        if len(cmds) == 1:
            return cmds[0]
        path = [*path, [field, v] if field in cmds[0] else [field]]  # [field]: left out


def _tree(rs, table, s: int, path: list[Any], rng: random.Random) -> dict[str, Any]:
    """The default tree's own questions from `path`, walked as tree_walk.below walks them
    (Epochs has no bot_options, and the default tree no picks and no step given at once)."""
    listed = moves.legal_commands(table, s)
    return choices.drawn_down(
        path,
        lambda p: choices.grouped(rs, table, s, p, listed, False).options,
        lambda opts: opts[rng.randrange(len(opts))],
        "Epochs' tree",
    )
