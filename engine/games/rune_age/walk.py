"""The random bot's walk down Rune Age's choice tree without building it (the ruleset's
`bot_walk`): the command bots.tree_walk.sample would take over the default tree grouped from
the listing (engine.choices.grouped, `words=False`) with `bot_options`, drawing the same
random numbers in the same order.

Why: a decision asks one or two questions ("What do you do?" by kind, then the kind's
commands by the field in which they differ), each built as a question with a node per
option, its prompt's rule and the listing's copies merged, from a listing of every legal
command, to draw one number. Here, in a turn, the kinds are found by the first command of
each (legal.action_kinds) and only the kind drawn is listed; a kind whose commands differ in
one field, each in a value of its own, is drawn from directly; only a kind grouped over
several fields (a card's uses with targets and discards) is asked of the tree, from that
kind down. The random bot does not list every command before a ruleset's own walk; it plays
the command drawn with Engine.play_chosen. The tree stays what people and `legal` see;
tests/games/rune_age/test_speed_ra_bot_walk.py holds this walk to the tree's, command and random
state, at every decision of seeded games.
"""

from __future__ import annotations

import random
from typing import Any

from engine import choices
from engine.games.rune_age import bot, legal
from engine.ruleset import with_ruleset


@with_ruleset
def bot_walk(rs, table, s: int, rng: random.Random) -> tuple[dict[str, Any], bool] | None:
    """(the command, True: a leaf of the tree), or None, having drawn nothing, when the seat
    has nothing to decide."""
    if table.over or table.awaiting or not legal.asked(table, s):
        return None
    if legal.lister(table) is legal.actions:  # the turn: one kind listed, the others found
        return _action(rs, table, s, rng), True
    listed = legal.legal_commands(table, s)
    if not listed:
        return None
    cmds = choices.unique(rs, table, s, listed)
    kinds: dict[str, list[dict[str, Any]]] = {}
    for c in cmds:
        got = kinds.get(c["kind"])
        if got is None:
            kinds[c["kind"]] = [c]
        else:
            got.append(c)
    if len(kinds) == 1:  # the first question is the kind's own
        return _kind(rs, table, s, [], cmds, rng), True
    # "What do you do?": a kind with one command is that leaf, any other a step
    names = list(kinds)
    if bot.attacks_on(table, s, names):
        keep = [i for i, k in enumerate(names) if k != "end_turn"]
        i = keep[rng.randrange(len(keep))]
    else:
        i = rng.randrange(len(names))
    group = kinds[names[i]]
    if len(group) == 1:
        return group[0], True
    return _kind(rs, table, s, [["kind", names[i]]], group, rng), True


def _action(rs, table, s: int, rng: random.Random) -> dict[str, Any]:
    """A turn's decision: the first question's kinds found without listing them (the turn
    always offers ending it, so there are some), then only the kind drawn listed."""
    found = legal.action_kinds(table, s)
    names = [k for k, _ in found]
    if len(found) == 1:  # the first question is the kind's own
        return _kind(rs, table, s, [], choices.unique(rs, table, s, list(found[0][1](table, s))), rng)
    if bot.attacks_on(table, s, names):
        keep = [i for i, k in enumerate(names) if k != "end_turn"]
        i = keep[rng.randrange(len(keep))]
    else:
        i = rng.randrange(len(names))
    group = choices.unique(rs, table, s, list(found[i][1](table, s)))
    if len(group) == 1:
        return group[0]
    return _kind(rs, table, s, [["kind", names[i]]], group, rng)


def _kind(rs, table, s: int, path: list[Any], cmds: list[dict[str, Any]], rng) -> dict[str, Any]:
    """Down the question over one kind's commands `cmds` (at `path`): drawn from them where
    each is a leaf of it, else the tree's questions walked from there."""
    if len(cmds) == 1 or _apart(cmds):
        return cmds[rng.randrange(len(cmds))]
    return _below(rs, table, s, path, rng)


def _apart(cmds: list[dict[str, Any]]) -> bool:
    """Does the default grouping make each of `cmds` (one kind, no two alike) a leaf of one
    question? So when the first field in which they differ (the fields taken in the order
    met) holds a value of its own in each. Only str and int values (and absent fields) are
    compared here; anything else is left to the tree (False)."""
    differ = choices.plain_difference(cmds)
    return differ is not None and len(set(differ[1])) == len(differ[1])


def _below(rs, table, s: int, path: list[Any], rng) -> dict[str, Any]:
    """Down the default tree's own questions from `path`, as tree_walk.below walks them
    (the default tree has no picks and no step given at once)."""
    listed = legal.legal_commands(table, s)

    def narrowed(p: list[Any]) -> list[choices.Node]:
        opts = choices.grouped(rs, table, s, p, listed, False).options
        return bot.bot_options(table, s, p, opts) or opts

    return choices.drawn_down(path, narrowed, lambda opts: opts[rng.randrange(len(opts))], "Rune Age's tree")
