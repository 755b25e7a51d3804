"""The chips question (P4) without listing every triple: King, Wizard and decoy under three own
units make up to N³ commands (a thousand with ten territories), each an offer the general tree
would group field by field. Here the triples that agree with the path are walked as tuples
and only the field asked about is grouped, giving the very question the general tree gives
(tests/games/dragonlords/test_dl_choice_tree.py compares the two)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import choices as ch
from engine.games.dragonlords import board
from engine.games.dragonlords.offers import Offer

Grouped = Callable[..., ch.Question]

ROLES = ("king", "wizard", "decoy")


def triples(game, a: int, fixed: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The (king, wizard, decoy) places allowed (three different units, INT-15) that agree with
    `fixed`, in the order legal.chip_choices lists them."""
    have, spots = _bearers(game, a)
    roles = []
    for r in ROLES:
        if r not in fixed:
            roles.append(spots)
        elif isinstance(fixed[r], str) and have.get(fixed[r]):
            roles.append([fixed[r]])
        else:
            return []
    return [(k, w, d) for k in roles[0] for w in roles[1] for d in roles[2] if _fits(have, k, w, d)]


def _bearers(game, a: int) -> tuple[dict[str, int], list[str]]:
    """Units per own territory, and the territories with one at least (a chip needs a unit)."""
    have = {x: board.units(game, x, a) for x in board.held(game, a)}
    return have, [x for x, n in have.items() if n]


def _fits(have: dict[str, int], k: str, w: str, d: str) -> bool:
    """Enough units for the chips: one place carrying two or three of them needs as many."""
    if k == w == d:
        return have[k] >= 3
    if k in (w, d):
        return have[k] >= 2
    return w != d or have[w] >= 2


def question(
    table, seat: int, path: list[Any], rule, words: bool, text: str | None, grouped: Grouped
) -> ch.Question | None:
    """The question at `path` (its first step the kind), or None where the general tree answers
    (a step other than a place named, or fewer than two triples left). `grouped` is the tree's
    own question over one field (the package's, handed in: the package imports this module)."""

    fixed: dict[str, Any] = {}
    for st in path[1:]:
        if not (isinstance(st, list) and len(st) == 2 and st[0] in ROLES and st[0] not in fixed):
            return None
        fixed[st[0]] = st[1]
    game = table.game
    kings = {} if fixed else _kings(game, game.active)
    if len(kings) > 1:  # the first question: by the King's place (two triples tell a leaf from a step)
        found, at = [t for two in kings.values() for t in two], 0
    else:
        found = triples(game, game.active, fixed)
        if len(found) < 2:
            return None
        first = found[0]
        at = next(i for i in range(3) if any(t[i] != first[i] for t in found))
    groups: dict[str, list[Offer]] = {}
    for t in found:
        members = groups.setdefault(t[at], [])
        if len(members) < 2:  # one member makes a leaf, more a step: two tell them apart
            members.append(Offer({"kind": "chips", "king": t[0], "wizard": t[1], "decoy": t[2]}))
    return grouped(table, seat, path, ROLES[at], groups, rule, words, text)


def _kings(game, a: int) -> dict[str, list[tuple[str, str, str]]]:
    """Each place the King may hide in, with its first two triples (fewer when it has fewer),
    in the order of `triples`: enough for the first question, without every triple."""
    have, spots = _bearers(game, a)
    out = {}
    for k in spots:
        two = []
        for w in spots:
            for d in spots:
                if _fits(have, k, w, d):
                    two.append((k, w, d))
                    if len(two) == 2:
                        break
            if len(two) == 2:
                break
        if two:
            out[k] = two
    return out
