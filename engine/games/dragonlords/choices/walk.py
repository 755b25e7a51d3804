"""The random bot's walk down DragonLords' choice tree without building it (the ruleset's
`bot_walk`): the command bots.tree_walk.sample would take over `question(..., words=False)`
with the bot's habits, drawing the same random numbers in the same order.

Why: a bot's decision asked three or four questions, each built from its path again (the
offers filtered step by step, grouped, an option object per value, the counts as leaves) to
draw one number from it. Here each question is only counted: the offers left are carried
down, a group is drawn by its index, and of a count question only the command drawn is made.
The tree stays what people and `legal` see; tests/games/dragonlords/test_dl_bot_walk.py holds
this walk to the tree's, command and random state, at every decision of seeded games."""

from __future__ import annotations

import random
from typing import Any

from engine.games.dragonlords import choices as tree
from engine.games.dragonlords import legal
from engine.games.dragonlords.choices import bot
from engine.games.dragonlords.offers import Offer, counted


def bot_walk(table, seat: int, rng: random.Random) -> tuple[dict[str, Any], bool] | None:
    """(the command, True: a leaf of the tree), or None, having drawn nothing, where the walk
    is left to the tree (the chips question, nothing to decide). The first question of a turn
    phase is drawn from the kinds the habits keep (bot.prompted_kinds, which `bot_question`
    builds its nodes from) without building its nodes."""
    now = tree._now(table, seat)
    if now.rule is None or tree.chips_now(table, now.rule):
        return None  # nothing to decide (no question either way), or chips.py's own question
    kind: dict[str, Any] | str | None = None
    drawn = bot.prompted_kinds(table)
    if drawn:
        k, cmd = drawn[rng.randrange(len(drawn))]
        kind = cmd if cmd is not None else k
    else:
        places = legal.placements(table)
        if places and len(places) <= tree.LIMIT:  # the tree's question of a leaf per place
            return {"kind": "place", "to": places[rng.randrange(len(places))]}, True
        stash = legal.stashing(table)
        if stash is not None and stash[0] and stash[1] > 0 and len(stash[0]) <= tree.LIMIT:
            return _stash(stash[0], stash[1], rng), True
        offs = now.first()
        if not offs:
            return None
        if len(offs) == 1:
            (kind,) = offs  # the kind's question is the first (no narrowing: one kind)
        else:  # the first question (tree.kind_options) as the habits narrow it, drawn by kind
            kinds = list(offs)
            kept = bot.kept_of(table, kinds) or range(len(kinds))
            k = kinds[kept[rng.randrange(len(kept))]]
            mine = offs[k]
            kind = mine[0].first() if len(mine) == 1 and mine[0].size() == 1 else k  # a leaf, or a step
    if isinstance(kind, dict):
        return kind, True
    return _below(table, seat, now.of_kind(kind), rng), True


def _below(table, seat: int, offers: list[Offer], rng: random.Random) -> dict[str, Any]:
    """Down from a kind's offers as `tree._step` asks it: a question over the first field in
    which they differ (by region first when too long), then "How many?" of the one offer left."""
    sel = tree.chosen(table, seat, offers)
    among: tuple[str, str] | None = None
    while len(sel) > 1:
        if among is None and tree.plain_field(sel) is not None:
            return sel[rng.randrange(len(sel))].cmd  # a leaf per offer
        field, groups = tree.by_field(sel)
        if among is not None and among[0] == field:
            groups = tree.in_region(groups, among[1])
        else:
            regions = tree.regions(field, groups)
            if regions is not None:
                among = (field, regions[rng.randrange(len(regions))])
                continue
        values = list(groups)
        v = values[rng.randrange(len(values))]
        members = groups[v]
        if len(members) == 1 and members[0].size() == 1:
            return members[0].first()
        if members[0].cmd["kind"] == "scroll":  # filtered from the unmerged offers, then merged
            offers = tree.matching(offers, field, v)
            sel = tree.chosen(table, seat, offers)
        else:
            sel = members
    return _count(sel[0], rng)


def _stash(kingdoms: list[str], n: int, rng: random.Random) -> dict[str, Any]:
    """The tree's walk over the `stash` offers (one per kingdom, 1..n gold each): "Which
    kingdom?" when there are several (a leaf where n is 1), then "How many?"."""
    k = kingdoms[rng.randrange(len(kingdoms))] if len(kingdoms) > 1 else kingdoms[0]
    o = counted({"kind": "stash", "kingdom": k}, n)
    return o.first() if len(kingdoms) > 1 and n == 1 else _count(o, rng)


def _count(o: Offer, rng: random.Random) -> dict[str, Any]:
    """`tree._counts`' draw: the whole, the counts 1..most, the chip-bearers; or, when ranged,
    the whole, the chip-bearers, then a range of SPAN counts and a count in it."""
    cmd = o.cmd
    whole = [cmd] if o.whole else []
    most = max(o.most, 0)
    if not tree.ranged(o):
        i = rng.randrange(len(whole) + most + len(o.heroes))
        if i < len(whole):
            return cmd
        if i < len(whole) + most:
            return tree._numbered(o, i - len(whole) + 1, i - len(whole) + 1)[0]
        return {**cmd, "hero": o.heroes[i - len(whole) - most]}
    spans = range(1, o.most + 1, tree.SPAN)
    i = rng.randrange(len(whole) + len(o.heroes) + len(spans))
    if i < len(whole):
        return cmd
    if i < len(whole) + len(o.heroes):
        return {**cmd, "hero": o.heroes[i - len(whole)]}
    lo = spans[i - len(whole) - len(o.heroes)]
    hi = min(o.most, lo + tree.SPAN - 1)
    n = lo + rng.randrange(hi - lo + 1)
    return tree._numbered(o, n, n)[0]
