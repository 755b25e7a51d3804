"""Sets of cards as one pick (engine.choices.Pick) instead of one command per subset: the cards
discarded at the end of a turn, Rethink's and Midnight Meditation's cards. The pick gives the
chosen names as a list; `legal.same_command` joins them as `legal_commands` lists them."""

from __future__ import annotations

from typing import Any

import msgspec

from engine import choices
from engine.choices import Node, Pick, PickOption
from engine.games.mage_knight.choices import words as say

_canon = msgspec.json.Encoder(order="sorted")


def card_pick(
    label: str, question: str, names: list[str], lo: int, hi: int, field: str, command: dict, words: bool
) -> Node:
    """A pick of `lo`..`hi` of the cards `names` (sorted, a name once per copy)."""
    opts = []
    copy = 0
    for i, n in enumerate(names):
        copy = copy + 1 if i and names[i - 1] == n else 0
        text = ""
        if words:
            text = say.name(n) if copy == 0 else f"{say.name(n)} ({say.ORDINALS[min(copy, 7)]} copy)"
        opts.append(PickOption(text, n))
    return choices.picks(label, Pick(question, lo, hi, field, opts, command))


def _names(v: Any) -> list[str]:
    return sorted(v.split(",")) if isinstance(v, str) and v else []


def families(cmds: list[dict], field: str) -> list[tuple[dict, list[str], int, int] | dict]:
    """The commands with the set `field` folded into picks where they list every set of some
    cards between two sizes: each entry a command left as it is, or (the command without the
    field, the cards, min, max). In the commands' order (a family where its first member was)."""
    groups: dict[bytes, list[dict]] = {}
    order: list[bytes] = []
    for c in cmds:
        k = _canon.encode({x: v for x, v in c.items() if x != field})
        if k not in groups:
            groups[k] = []
            order.append(k)
        groups[k].append(c)
    out: list[tuple[dict, list[str], int, int] | dict] = []
    for k in order:
        members = groups[k]
        sets = [_names(c.get(field)) for c in members]
        most: dict[str, int] = {}
        for s in sets:
            for n in set(s):
                most[n] = max(most.get(n, 0), s.count(n))
        lo, hi = min(map(len, sets)), max(map(len, sets))
        if len(members) > 1 and len({tuple(s) for s in sets}) == len(sets) == _count(most, lo, hi):
            base = {x: v for x, v in members[0].items() if x != field}
            out.append((base, sorted(n for n, m in most.items() for _ in range(m)), lo, hi))
        else:
            out.extend(members)
    return out


def _count(most: dict[str, int], lo: int, hi: int) -> int:
    """How many sub-multisets of `most` have between lo and hi cards."""
    ways = [1]
    for m in most.values():
        nxt = [0] * (len(ways) + m)
        for size, w in enumerate(ways):
            for k in range(m + 1):
                nxt[size + k] += w
        ways = nxt
    return sum(ways[lo : hi + 1])
