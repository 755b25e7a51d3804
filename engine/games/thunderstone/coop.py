"""The co-op variant "Vereint halten wir stand" and its harder levels (VAR-C, p.22).

Set-up: 4 monster groups (2-3 players) or 5 (4-5), one guardian more, 3/2/1 countdown XP.
After the last seat's turn a countdown XP is removed; once none is left, a seat that does not
go into the dungeon makes the position-1 monster angry, or, if it already is, the monsters
march: the angry one goes to the village score pile and the dungeon refills. After a guardian
entered the dungeon new monsters arrive angry and march every round (reading A40). XP is one
shared pool; the team wins if its XP beats the XP of the village score pile (outcome.py).

The solo game (solo.py) reuses the countdown, anger, marching and the village score pile; its
events cite the solo stand-in VAR-S-MARCH (places.defense_rule).
"""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone.board import apply_breaches, close_gap
from engine.games.thunderstone.content import card
from engine.games.thunderstone.experience import change_xp
from engine.games.thunderstone.places import (
    defense_rule,
    disc,
    hand,
    play,
    pos,
)
from engine.games.thunderstone.solo import COUNTDOWN
from engine.mechanics import zones

LEVELS = {"coop": 3, "coop_brotherhood": 2, "coop_unity": 1}


def countdown_start(t) -> int:
    """Countdown XP at the start: the co-op level's (VAR-C) or the solo level's (VAR-S-LEVEL)."""
    return COUNTDOWN[t.options["solo_level"]] if t.game.variant == "solo" else LEVELS[t.game.variant]


def monster_groups(players: int) -> int:
    return 4 if players <= 3 else 5


def end_of_turn(ctx, t, s: int) -> None:
    """Angry monsters and marching after the countdown; the countdown after the last seat."""
    g = t.game
    if not g.countdown and g.t.action != "dungeon":
        anger_or_march(ctx, t)
    if s == t.players - 1 and not t.over:
        if g.countdown:
            ctx.emit("ts.countdown", {"left": g.countdown - 1}, defense_rule(t))
        elif g.guardian_in:
            march(ctx, t)


def anger_or_march(ctx, t) -> None:
    first = t.zone(pos(1))
    if not first or not card(first[0]).is_monster:
        return
    if first[0] in t.game.angry:
        march(ctx, t)
    else:
        ctx.emit("ts.angry", {"monster": first[0]}, defense_rule(t))


def march(ctx, t) -> None:
    first = t.zone(pos(1))[:1]
    if first and card(first[0]).is_monster:
        zones.move(ctx, pos(1), "score:village", first, defense_rule(t))
        close_gap(ctx, t, 1, first[0])
        apply_breaches(ctx, t)


def offer_commands(t, s: int) -> list[dict[str, Any]]:
    """A village visitor may put monsters from hand on the shared score pile for 1 XP each."""
    if not t.game.coop or t.game.variant == "coop_unity":
        return []
    return [{"kind": "offer", "card": c} for c in t.zone(play(s)) if card(c).kind == "monster"]


def offer(ctx, t, s: int, c: str) -> None:
    zones.move(ctx, play(s), "score:players", [c], "VAR-C")
    change_xp(ctx, t, s, 1, "VAR-C")


def passing_entries(t, s: int) -> list[dict[str, Any]]:
    """A resting player may pass 1 hand card to every other player (VAR-C)."""
    return [{"what": "pass_card", "to": o, "rule": "VAR-C"} for o in range(t.players) if o != s]


def pass_card(ctx, t, s: int, o: int, slot: int) -> None:
    """The card in hand slot `slot` goes face down to seat o (only the two of them see it)."""
    zones.move(ctx, hand(s), f"gift{o}", [t.zone(hand(s))[slot]], "VAR-C")
    ctx.emit(
        "ts.pending",
        {"entries": [{"what": "give_back", "seat": o, "to": s, "rule": "VAR-C"}], "front": True},
        "VAR-C",
    )


def give_back(ctx, t, o: int, s: int, name: str | None) -> None:
    """The receiver puts a hand card of its choice on the resting player's discard pile (if it
    holds any), then takes the passed card into hand."""
    if name is not None:
        c = next(x for x in t.zone(hand(o)) if zones.card_name(x) == name)
        zones.move(ctx, hand(o), disc(s), [c], "VAR-C")
    zones.move(ctx, f"gift{o}", hand(o), list(t.zone(f"gift{o}")), "VAR-C")
