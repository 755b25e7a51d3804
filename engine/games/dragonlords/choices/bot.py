"""The random bot's habits on DragonLords' choice tree, and its first question of a turn phase
built without the options those habits drop (the ruleset's `bot_options`, `bot_question`).

Why a question of its own: at "What do you do?" a bot draws one kind among those its habits
keep, so it needs to know only which kinds are there (and, for the one it draws, whether it is
a single command), not every offer of every kind. `bot_question` answers with exactly the
nodes `bot_options` keeps of the full question, in the same order, so the draw is the same;
the kind drawn is then listed alone (legal.sources)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import choices as ch
from engine.games.dragonlords import legal
from engine.games.dragonlords.offers import Offer

DECISION_KINDS = {"spell", "roll", "choose", "casualty"}
PHASES = ("purchase", "naval", "quest", "transfer", "combat")  # where a bot ends a phase by chance
FIGHTING = ("attack", "fight", "sneak", "burn")  # what a bot in combat takes when it may
_FIGHTING = frozenset(FIGHTING)


def ends_now(table) -> bool:
    """A bot ends the phase at this event when it may (one event in five, fixed by the event
    number, so a replay ends it where the game did)."""
    return ((table.version * 2654435761) >> 9) % 5 == 0


def bot_options(table, seat: int, path: list[Any], options: list[ch.Node]) -> list[ch.Node]:
    """The random bot's narrowing (bots.py `choices`, per question): at the first question it
    ends a phase only now and then and prefers fighting in combat; below it, every option."""
    if path:
        return options
    kept = kept_of(table, [ch.kind_of(o) for o in options])
    return options if kept is None else [options[i] for i in kept]


def kept_of(table, kinds: Sequence[str | None]) -> list[int] | None:
    """`bot_options` of a first question by its options' kinds, in order: the positions kept,
    None for every one (the walk draws from the kinds without building the options)."""
    game = table.game
    if game.phase not in PHASES:
        return None
    if set(kinds) <= DECISION_KINDS or "done" not in kinds or len(set(kinds)) < 2:
        return None
    if ends_now(table):
        return [i for i, k in enumerate(kinds) if k == "done"]
    others = [i for i, k in enumerate(kinds) if k != "done"]
    if game.phase == "combat":
        return [i for i, k in enumerate(kinds) if k in FIGHTING] or others
    return others


def bot_question(table, seat: int, path: list[Any]) -> list[ch.Node] | None:
    """`bot_options` of the first question, built from which kinds are there: in purchase,
    naval movement, combat and transfer (legal.sources), while the seat may end the phase;
    None anywhere else (the question is asked in full and narrowed)."""
    if path:
        return None
    kept = kept_kinds(table, seat)
    if kept is None:
        return None
    return [ch.leaf("", cmd) if cmd is not None else ch.lazy("", [["kind", k]]) for k, cmd in kept]


def kept_kinds(table, seat: int) -> list[tuple[str, dict[str, Any] | None]] | None:
    """`bot_question`'s options without their nodes (the bot's walk draws from these): each
    kind kept, with its command where it is a single one (a leaf), else None (a step)."""
    if table.game.phase not in PHASES:
        return None
    ps = legal.kept_prompts(table)
    if not ps or ps[0].seat != seat:
        return None
    return prompted_kinds(table)


def prompted_kinds(table) -> list[tuple[str, dict[str, Any] | None]] | None:
    """`kept_kinds` of the seat the caller knows to be prompted now (the walk's)."""
    game = table.game
    if game.phase not in PHASES:
        return None
    found = legal.sources(table)
    if found is None:
        return None
    kinds: set[str] = set()
    for k, _ in found:
        kinds |= k
    if "done" not in kinds:
        return None
    if ends_now(table):  # also what a question of `done` alone gives
        return [("done", {"kind": "done"})]
    kinds.discard("done")
    there = {}
    if game.phase == "combat":
        there = _there(table, found, _FIGHTING & kinds)
    if not there:
        there = _there(table, found, kinds)
    if not there:
        return [("done", {"kind": "done"})]
    return [(k, first.first() if single else None) for k, (first, single) in there.items()]


def _there(table, found: legal.Parts, want: frozenset[str] | set[str]) -> dict[str, tuple[Offer, bool]]:
    """The kinds of `want` the listing holds, in the order first listed: each with its first
    offer and whether that offer is its only command (the choice tree's leaf). A part of the
    listing is read only until each of its kinds is known to be more than one command."""
    out: dict[str, tuple[Offer, bool]] = {}
    for i, (kinds, _offers) in enumerate(found):
        mine = kinds & want  # a frozenset (the left one's type): a key of the reading kept
        if not mine:
            continue
        open_ = set(mine)  # kinds of this part still possibly a single command
        for o in legal.read(found, i, mine):  # the kind opened goes on from here
            k = o.cmd["kind"]
            if k not in open_ or not o.holds():
                continue
            if k in out:  # a second offer: more than one command
                out[k] = (out[k][0], False)
                open_.discard(k)
            else:
                single = o.size() == 1
                out[k] = (o, single)
                if not single:
                    open_.discard(k)
            if not open_:
                break
    return out
