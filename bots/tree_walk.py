"""Walking a seat's choice tree (engine.choices) the way a random bot does: one question at a
time, uniformly among its options, down to a complete command. Shared by the random bot, the
per-seat players, the search bots' playouts and the bench, so there is one walk, not copies.

Why uniformly per question, not over the flat list: a kind with a hundred variants (every
subset of cards to discard) no longer drowns the kinds with a few, and a bot never builds
what lies below the options it does not take (the first question of a big game is cheap).

A ruleset may narrow one question's options for bots with the optional hook
`bot_options(table, seat, path, options)` (a non-empty subset; engine/ruleset.py
OPTIONAL_HOOKS). A ruleset that still declares only the older `bot_choices(table, seat,
legal)` over the flat list keeps the flat walk (`flat`), so its games stay as they were until
it says how to narrow a question. A ruleset may also answer a bot's narrowed question at once
with `bot_question(table, seat, path)` (the options `bot_options` would keep of it, or None):
the walk then skips building the options its habits would drop, and draws as it would have;
or take the whole walk itself with `bot_walk(table, seat, rng)`: the (command, is a leaf) this
walk would give, drawing the same numbers, or None having drawn none (the walk then asks).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import choices
from engine.choices import Node, Pick, Question
from engine.ruleset import Ruleset
from engine.undo import UNDO_KIND

Ask = Callable[[list[Any]], Question]
"""The question at a path of one seat's tree, as the ruleset gives it (lazy steps as paths)."""

Narrow = Callable[[Any, int, list[Any], list[Node]], Any]
"""A `bot_options`-shaped narrowing: (table, seat, path, options) -> a subset of the options."""

OWN = object()  # narrow a question with the ruleset's own `bot_options` (the default)


def flat(rs: Ruleset) -> bool:
    """The legacy flat walk: the ruleset narrows the flat list (`bot_choices`) and not yet
    the tree's questions (`bot_options`)."""
    return getattr(rs, "bot_options", None) is None and getattr(rs, "bot_choices", None) is not None


def default_tree(rs: Ruleset) -> bool:
    """The ruleset keeps the default tree (engine.choices.default_question over its legal
    commands) instead of asking questions of its own."""
    return type(rs).question is Ruleset.question


def asker(rs: Ruleset, table, seat: int, legal: list[dict[str, Any]] | None = None) -> Ask:
    """How to ask the seat's questions by path. For a ruleset on the default tree, with the
    seat's legal commands already listed (`legal`), each question is grouped from that one
    listing (the very tree default_question builds, without listing the commands again per
    question, and its leaves are the listed objects, which Engine.play_listed takes as they are)."""
    if legal is not None and default_tree(rs):
        return lambda path: choices.grouped(rs, table, seat, path, legal, False)
    return lambda path: choices.walk(rs, table, seat, path, False)


def narrowed(
    rs: Ruleset, table, seat: int, path: list[Any], options: list[Node], narrow: Any = OWN
) -> list[Node]:
    """A question's options a bot chooses among: never the undo option, and the ruleset's
    `bot_options` narrowing where it has one (ignored when it would leave nothing); `narrow`
    another narrowing instead (a bench's instrumented one), None for none."""
    opts = options
    for o in options:  # a loop, not a new list: a tree rarely offers the undo option
        if o.command is not None and o.command.get("kind") == UNDO_KIND:
            opts = [o for o in options if o.command is None or o.command.get("kind") != UNDO_KIND]
            break
    if narrow is OWN:
        narrow = getattr(rs, "bot_options", None)
    if narrow is not None and opts:
        sub = narrow(table, seat, path, opts)
        if sub:
            opts = list(sub)
    return opts


def pick_values(pick: Pick, rng: random.Random) -> dict[str, Any]:
    """A uniform number of values in min..max, then a uniform set of that many (in the order
    of the pick's options): the command the pick plays with them."""
    k = rng.randint(pick.min, pick.max)
    chosen = sorted(rng.sample(range(len(pick.options)), k))
    return {**pick.command, pick.field: [pick.options[i].value for i in chosen]}


def below(
    rs: Ruleset,
    table,
    seat: int,
    rng: random.Random,
    ask: Ask,
    node: Node,
    path: list[Any],
    seen: list[int] | None = None,
    narrow: Any = OWN,
) -> tuple[dict[str, Any], bool]:
    """A uniform walk from `node` (an option of the question at `path`) down to a command:
    (the command, True when it is a leaf of the tree, False when a pick made it). `seen`, when
    given, gets the size of every question met on the way (a pick's: its values); `narrow` as
    for `narrowed`."""
    while True:
        if node.command is not None:
            return node.command, True
        if node.pick is not None:
            if seen is not None:
                seen.append(len(node.pick.options))
            return pick_values(node.pick, rng), False
        if node.expand is not None:
            path = list(node.expand)  # the ruleset's path, a JSON list
            opts = ask(path).options
        else:  # a step given at once: its options belong to the same path
            opts = node.options or []
        if seen is not None:
            seen.append(len(opts))
        node = _one(rs, table, seat, rng, path, opts, narrow)


def sample(
    rs: Ruleset,
    table,
    seat: int,
    rng: random.Random,
    ask: Ask | None = None,
    seen: list[int] | None = None,
    narrow: Any = OWN,
    legal: list[dict[str, Any]] | None = None,
) -> tuple[dict[str, Any], bool] | None:
    """The random bot's walk from the first question: (command, is a leaf), or None when the
    seat has nothing to decide; `narrow` as for `narrowed`. Without `ask`, the questions are
    asked as `asker(..., legal)` asks them, made only when the ruleset's own walk left it to
    the tree (most of a bot's decisions never need it)."""
    if narrow is OWN and seen is None:
        walk = getattr(rs, "bot_walk", None)
        walked = walk(table, seat, rng) if walk is not None else None
        if walked is not None:  # the same walk, drawn without building the questions
            return walked
    ask = ask or asker(rs, table, seat, legal)
    quick = getattr(rs, "bot_question", None) if narrow is OWN and seen is None else None
    kept = quick(table, seat, []) if quick is not None else None
    if kept:  # the narrowed first question, built directly: the same options, the same draw
        node = kept[rng.randrange(len(kept))]
        return below(rs, table, seat, rng, ask, node, [], seen, narrow)
    first = ask([]).options
    if not first:
        return None
    if seen is not None:
        seen.append(len(first))
    node = _one(rs, table, seat, rng, [], first, narrow)
    return below(rs, table, seat, rng, ask, node, [], seen, narrow)


def _one(
    rs: Ruleset, table, seat: int, rng: random.Random, path: list[Any], options: list[Node], narrow: Any = OWN
) -> Node:
    opts = narrowed(rs, table, seat, path, options, narrow)
    if not opts:
        raise ValueError(f"seat {seat}: a question with no option a bot may take (path {path!r})")
    return opts[rng.randrange(len(opts))]


def random_command(
    rs: Ruleset,
    table,
    seat: int,
    rng: random.Random,
    legal: list[dict[str, Any]] | None = None,
) -> tuple[dict[str, Any], bool] | None:
    """What the random bot plays for `seat` now: (command, taken as listed), None when it has
    nothing to decide. The flat walk (`flat`) chooses among the listed commands narrowed by
    `bot_choices`; every other ruleset's bot walks its tree. "As listed" means the command is
    one of `legal`'s objects (Engine.play_listed's fast path) or a leaf of the tree."""
    if flat(rs):
        legal = rs.legal_commands(table, seat) if legal is None else legal
        if not legal:
            return None
        narrow = rs.bot_choices  # type: ignore[attr-defined]  # flat() checked it
        options = narrow(table, seat, legal) or legal
        return rng.choice(options), True
    return sample(rs, table, seat, rng, legal=legal)
